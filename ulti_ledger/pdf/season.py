"""The season report: a group's period as an A4 PDF (WeasyPrint, through ``html_to_pdf``).

It lives with the renderers, not in ``groups/``: the domain hands out plain values and
never imports a template or the PDF code. The standings and the chart of each currency
(money never mixed), who pays whom, each member's statistics and every evening with its
result. Like the scoresheet, the template gets plain values
(``views.group_page.group_context``, built in ``pdf.render.reading``), and WeasyPrint
reads nothing but ``static/``.

Its size is bounded by the group's limits, not by its hands (issue 34): WeasyPrint's
time and memory grow with the rows it lays out, and a member of a long Ulti season has a
hundred counts of his own (each bid in each colour, played and won), and a table row
costs far more than a line. So each member's common statistics are one line, his games'
own counts run on as text, grouped by what they count (``fold_game_counts``), and each
evening is a line: every number is printed, and the largest group's report takes about
two seconds of WeasyPrint, not four or five (bench/README.md).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from flask import render_template

from ..drawings.chart import money_chart
from ..models import Group
from ..words.i18n import t
from .document import CHART, html_to_pdf

SEPARATOR = " · "
"""How a game's statistic's label joins the words of its path (``stats.table``)."""


def season_report_html(group: Group, context: Mapping[str, Any], lang: str) -> str:
    charts = [
        money_chart(part, lang=lang, x_label=t("grp_chart_x"), **CHART)
        for part in context["standings"]["by_currency"]
    ]
    titles = context.get("game_labels", {})
    members = [
        {"name": m["name"], **fold_game_counts(m["rows"], titles)}
        for m in context.get("member_stats", [])
    ]
    return render_template(
        "pdf/season_report.html",
        lang=lang,
        report_charts=charts,
        **{**context, "member_stats": members},
    )


def fold_game_counts(
    rows: Sequence[Mapping[str, Any]], titles: Mapping[str, str]
) -> dict[str, Any]:
    """A member's statistics (``stats_rows``' rows) as the report prints them: ``rows``,
    the common ones (a table); ``games``, each game's own (``game``, ``title``, and
    ``counts``: ``{"label", "text"}``), those of one path grouped under its label but
    the last word ("licitek · ulti · kőr": "játszott 12, nyert 7"); a rate or an average,
    one word, stands alone. Every number is kept, in the order of the rows."""
    common = [row for row in rows if not row.get("game")]
    games: dict[str, dict[str, list[str]]] = {}
    for row in rows:
        game = row.get("game")
        if not game:
            continue
        head, _, last = str(row["label"]).rpartition(SEPARATOR)
        counts = games.setdefault(game, {})
        if head:
            counts.setdefault(head, []).append(f"{last}\u00a0{row['value']}")
        else:
            counts.setdefault(last, []).append(str(row["value"]))
    return {
        "rows": common,
        "games": [
            {
                "game": game,
                "title": titles.get(game, game),
                "counts": [{"label": k, "text": ", ".join(v)} for k, v in counts.items()],
            }
            for game, counts in games.items()
        ],
    }


def season_report_pdf(group: Group, context: Mapping[str, Any], lang: str) -> bytes:
    """The PDF of the period ``context`` shows (in a ``render.reading`` context of ``lang``)."""
    return html_to_pdf(season_report_html(group, context, lang))

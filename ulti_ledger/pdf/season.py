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
costs far more than a line, and an inline box (a bold value) far more than the words in
it. So each member's common statistics are one line of plain text, his games' own counts
run on as text, the words their paths repeat printed once (``fold_game_counts``), and
each evening is a line of plain text: every number is printed, and the largest group's
report takes about 1.7 s of WeasyPrint, not four or five (bench/README.md).
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
    ``counts``: ``{"label", "text"}``), grouped by their path but its last two words,
    each next-to-last word once with its counts in brackets ("licitek · ulti": "kőr
    (játszott 12, nyert 7), makk (játszott 3, nyert 1)"); a path of two words groups by
    its first ("kontrák": "mondott 4, bejött 2"); a rate or an average, one word,
    stands alone. Every number is kept, in the order of the rows; the words a path
    repeats are printed once, and the largest group's report is so a fifth shorter."""
    common = [row for row in rows if not row.get("game")]
    games: dict[str, dict[str, dict[str | None, list[str]]]] = {}
    for row in rows:
        game = row.get("game")
        if not game:
            continue
        *path, last = str(row["label"]).split(SEPARATOR)
        counts = games.setdefault(game, {})
        if not path:
            counts.setdefault(last, {}).setdefault(None, []).append(str(row["value"]))
            continue
        mid = path.pop() if len(path) > 1 else None
        head = SEPARATOR.join(path)
        counts.setdefault(head, {}).setdefault(mid, []).append(f"{last}\u00a0{row['value']}")
    return {
        "rows": common,
        "games": [
            {
                "game": game,
                "title": titles.get(game, game),
                "counts": [{"label": k, "text": _joined(v)} for k, v in counts.items()],
            }
            for game, counts in games.items()
        ],
    }


def _joined(parts: Mapping[str | None, list[str]]) -> str:
    """One group's counts: those with no word of their own as they are, the others
    after their word, in brackets."""
    return ", ".join(
        ", ".join(items) if mid is None else f"{mid} ({', '.join(items)})"
        for mid, items in parts.items()
    )


def season_report_pdf(group: Group, context: Mapping[str, Any], lang: str) -> bytes:
    """The PDF of the period ``context`` shows (in a ``render.reading`` context of ``lang``)."""
    return html_to_pdf(season_report_html(group, context, lang))

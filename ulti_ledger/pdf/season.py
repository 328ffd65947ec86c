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
run on as text, the words their paths repeat and the measures they count by ("játszott/
nyert") printed once (``fold_game_counts``), each evening is a line of plain text with
its stake only where the period had several, and a chart of more than twelve members
names the five highest and five lowest (``drawings.chart``): every number is printed,
and the largest group's report takes about 1.3 s of WeasyPrint in a served worker
(``web.collector``), not four or five (bench/README.md).
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


Parts = Mapping[str | None, list[tuple[str, str]]]
"""One group of a member's counts: by next-to-last word (None: none), its (last word,
value) pairs in order."""


def fold_game_counts(
    rows: Sequence[Mapping[str, Any]], titles: Mapping[str, str]
) -> dict[str, Any]:
    """A member's statistics (``stats_rows``' rows) as the report prints them: ``rows``,
    the common ones; ``games``, each game's own (``game``, ``title``, and ``counts``:
    ``{"label", "text"}``), grouped by their path but its last two words.

    Where the next-to-last words of a group are counted by two or three measures, the
    first for each (``played``, then ``won``), the measures are named once and the counts
    follow in their order, one never counted being 0 (a mark is counted each time it is
    made), and groups that differ only in the word before it share one label: "licitek
    (játszott/nyert)": "ulti: kőr 12/7, makk 3/0; betli: szín nélkül 2/1". Otherwise each
    next-to-last word has its counts in brackets ("csendes · elbukta": "ulti 2, …"). A
    path of two words groups by its first ("kontrák": "mondott 4, bejött 2"); a rate or an
    average, one word, stands alone. Every number is kept, in the order of the rows; the
    largest group's member statistics are so 30 % shorter than with brackets throughout."""
    common = [row for row in rows if not row.get("game")]
    games: dict[str, dict[str, dict[str | None, list[tuple[str, str]]]]] = {}
    for row in rows:
        game = row.get("game")
        if not game:
            continue
        *path, last = str(row["label"]).split(SEPARATOR)
        mid = path.pop() if len(path) > 1 else None
        head = SEPARATOR.join(path) if path else last
        pair = (last if path else "", str(row["value"]))
        games.setdefault(game, {}).setdefault(head, {}).setdefault(mid, []).append(pair)
    return {
        "rows": common,
        "games": [
            {"game": game, "title": titles.get(game, game), "counts": _folded(groups)}
            for game, groups in games.items()
        ],
    }


def _folded(groups: Mapping[str, Parts]) -> list[dict[str, str]]:
    """A game's groups as labelled texts, those of one outer path and the same measures
    under one label."""
    out: list[dict[str, str]] = []
    for head, parts in groups.items():
        measures = _measures(parts)
        if not measures:
            text = ", ".join(
                _counted(counts) if mid is None else f"{mid} ({_counted(counts)})"
                for mid, counts in parts.items()
            )
            out.append({"label": head, "text": text})
            continue
        counted = ", ".join(
            f"{mid}\u00a0{'/'.join(dict(counts).get(m, '0') for m in measures)}"
            for mid, counts in parts.items()
        )
        *outer, inner = head.split(SEPARATOR)
        label = f"{SEPARATOR.join(outer or [head])} ({'/'.join(measures)})"
        text = f"{inner}: {counted}" if outer else counted
        shared = next((c for c in out if outer and c["label"] == label), None)
        if shared is not None:
            shared["text"] += f"; {text}"
        else:
            out.append({"label": label, "text": text})
    return out


def _measures(parts: Parts) -> list[str]:
    """The two or three last words the next-to-last words of a group are counted by, in
    order, the first of them for each (played, then won): empty where the group is not
    of that shape (csendes results: each word its own kinds)."""
    measures = list(dict.fromkeys(last for counts in parts.values() for last, _ in counts))
    if None in parts or not 2 <= len(measures) <= 3:
        return []
    each = all(
        len(dict(counts)) == len(counts) and counts[0][0] == measures[0]
        for counts in parts.values()
    )
    return measures if each else []


def _counted(counts: list[tuple[str, str]]) -> str:
    """Counts after their words ("játszott 3, nyert 2"); a lone figure as it is."""
    return ", ".join(f"{last}\u00a0{value}" if last else value for last, value in counts)


def season_report_pdf(group: Group, context: Mapping[str, Any], lang: str) -> bytes:
    """The PDF of the period ``context`` shows (in a ``render.reading`` context of ``lang``)."""
    return html_to_pdf(season_report_html(group, context, lang))

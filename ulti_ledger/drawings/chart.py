"""Each player's running balance over the hands, as an inline SVG: no script, no library.

One function, pure (values in, markup out), so the scoreboard page and the PDF draw the
very same chart: browsers and WeasyPrint both render inline SVG. Lines are polylines (a
thousand hands is a thousand points, not a thousand elements); ticks are thinned to
round numbers; colours are the Okabe-Ito palette, which stays distinct under the common
colour-vision deficiencies, and past seven players the colours repeat.

Two players often have the same running total for a while (or all evening), and one line
would hide the other. So each player's line also has its own dash pattern and marker
shape (repeated in the legend), the markers of different players sit at different hands,
and each line is moved up or down by a fraction of the stroke width, so that equal lines
run side by side instead of on top of each other (never far enough to misread a value).

Text sizes are in the SVG's own units, so the ``width`` of the viewBox decides how large
text looks: the default (560) keeps labels readable on a 390 px phone; the PDF asks for
a wider one so that the same labels are small on A4.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from decimal import Decimal
from html import escape
from typing import Any, TypedDict, Unpack

from markupsafe import Markup

from ..words.messages import words
from ..words.money_format import NBSP, minor_digits, signed_money
from ..words.name_labels import labels

#: Okabe & Ito (2008), without the yellow that vanishes on white; black last.
PALETTE = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000")
DASHES = ("", "7 4", "2 3", "10 3 2 3", "4 2")
"""Per player (by seat), with a different count than the palette: every seat differs."""
MARKERS = ("circle", "square", "triangle", "diamond", "down")
MARKS_PER_LINE = 8
"""About this many markers a line, spread over the evening (staggered between players)."""
NAMED = 12
"""Past this many players (a group's chart: up to 60 members) colours, dashes and markers
tell nobody apart: seven colours repeat, and the lines would be moved apart by dozens of
stroke widths. So only the ``EDGE`` highest and ``EDGE`` lowest final balances are drawn
and named as usual; the others are thin grey lines beneath them, unnamed (the standings
beside the chart name everyone with his money), and the legend says how many. WeasyPrint
then draws a sixth of the markers and legend texts (the season report of 60 members)."""
EDGE = 5
GREY = "#949494"
"""The unnamed lines' colour: 3:1 on white (WCAG 1.4.11), thin beneath the named ones."""
WORDS = words("chart")
CHAR_WIDTH = 0.58
"""A sans-serif character's average width, in ems: enough to lay out labels without fonts."""


class ChartStyle(TypedDict, total=False):
    """How a chart is drawn: the keyword arguments of `balance_chart` after the data."""

    lang: str
    width: int
    height: int
    font_size: int
    font_family: str | None
    x_label: str | None
    y_label: str | None
    value_text: Callable[[int], str] | None


def balance_chart_svg(summary: Mapping[str, Any], **style: Unpack[ChartStyle]) -> Markup:
    """The chart of a ``ledger.session_summary``: one line per seated player.

    Empty markup when there are no hands yet (a template can test it with ``if``).
    """
    series = [hand["totals"] for hand in summary["hands"]]
    return balance_chart(list(summary["players"]), series, **style)


def balance_chart(
    players: Sequence[str],
    running: Sequence[Mapping[str, int]],
    *,
    lang: str = "hu",
    width: int = 560,
    height: int = 320,
    font_size: int = 16,
    font_family: str | None = None,
    x_label: str | None = None,
    y_label: str | None = None,
    value_text: Callable[[int], str] | None = None,
) -> Markup:
    """The chart of ``running`` (each hand's running totals by player, in units).

    Without ``font_family`` the text takes the page's font; the PDF names its bundled one.
    ``x_label`` names the steps when they are not hands (a group's chart: evenings);
    ``y_label`` and ``value_text`` the values when they are not units (a group's chart of
    one currency: minor units, written as money).
    """
    if not running or not players:
        return Markup("")
    words = WORDS[lang if lang in WORDS else "hu"]
    if x_label:
        words = {**words, "x": x_label}
    if y_label:
        words = {**words, "y": y_label}
    fmt = value_text or _signed
    lines = [[0, *(totals.get(p, 0) for totals in running)] for p in players]
    named = named_lines(lines)
    legend, legend_height = _legend(
        [players[i] for i in named],
        [lines[i] for i in named],
        width,
        font_size,
        fmt,
        words["others"].format(n=len(lines) - len(named)) if len(named) < len(lines) else "",
    )
    low = min(0, *(min(line) for line in lines))
    high = max(0, *(max(line) for line in lines))
    plot_height = height - legend_height - 3.9 * font_size
    y_ticks = nice_ticks(low, high, max(3, int(plot_height // (2.6 * font_size))))
    label_width = max(len(fmt(t)) for t in y_ticks) * CHAR_WIDTH * font_size
    box = _Box(
        left=label_width + 0.8 * font_size,
        right=width - max(0.8, len(str(len(running))) * CHAR_WIDTH / 2) * font_size,
        top=legend_height + 1.6 * font_size,
        bottom=height - 2.3 * font_size,
        x_max=len(running),
        y_min=y_ticks[0],
        y_max=y_ticks[-1],
    )
    x_ticks = [
        t
        for t in nice_ticks(0, len(running), max(2, int(box.width // (4.5 * font_size))))
        if t <= len(running)
    ]
    family = f' font-family="{escape(font_family)}"' if font_family else ""
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="balance-chart" role="img" '
        f'viewBox="0 0 {width} {height}" width="100%" font-size="{font_size}"{family} '
        f'aria-label="{escape(words["title"])}">',
        f"<title>{escape(words['title'])}</title>",
        *_grid(box, y_ticks, x_ticks, font_size, words, fmt),
        *_lines(box, lines, named, 2.2 if len(running) <= 100 else 1.4, 0.22 * font_size),
        *legend,
        "</svg>",
    ]
    return Markup("\n".join(parts))


def money_chart(part: Mapping[str, Any], **style: Unpack[ChartStyle]) -> Markup:
    """One currency's chart (``groups.standings.per_currency``): each player's money,
    evening by evening, drawn in the currency's minor units and labelled as money, never
    mixed with another currency's."""
    code = part["currency"]
    lang = style.get("lang", "hu")
    scale = Decimal(10) ** minor_digits(code)
    running = [
        {name: int((Decimal(m) * scale).to_integral_value()) for name, m in step.items()}
        for step in part["running"]
    ]

    def value_text(minor: int) -> str:
        return signed_money(Decimal(minor) / scale, code, lang).removesuffix(f"{NBSP}{code}")

    return balance_chart(
        list(part["rows"]), running, **{**style, "y_label": code or None, "value_text": value_text}
    )


def nice_ticks(low: float, high: float, target: int = 5) -> list[int]:
    """Round tick values (1, 2 or 5 x 10^k apart, at least 1) covering ``low``..``high``."""
    if high <= low:
        low, high = low - 1, high + 1
    raw = (high - low) / max(1, target)
    magnitude = 10 ** math.floor(math.log10(raw)) if raw > 0 else 1
    step = next(m * magnitude for m in (1, 2, 5, 10) if m * magnitude >= raw)
    step = max(1, int(step))
    first = math.floor(low / step) * step
    last = math.ceil(high / step) * step
    return list(range(first, last + step, step))


class _Box:
    """The plot area in SVG units, and the mapping of (hand, units) into it."""

    def __init__(self, left, right, top, bottom, x_max, y_min, y_max) -> None:
        self.left, self.right, self.top, self.bottom = left, right, top, bottom
        self.width = right - left
        self.x_max, self.y_min, self.y_max = max(1, x_max), y_min, y_max

    def x(self, hand: float) -> float:
        return self.left + self.width * hand / self.x_max

    def y(self, units: float) -> float:
        span = self.y_max - self.y_min
        return self.bottom - (self.bottom - self.top) * (units - self.y_min) / span


def _grid(
    box: _Box,
    y_ticks: list[int],
    x_ticks: list[int],
    size: int,
    words: Mapping[str, str],
    fmt: Callable[[int], str],
) -> list[str]:
    out = ['<g class="axes" fill="#555" stroke-width="1">']
    for tick in y_ticks:
        y = _n(box.y(tick))
        colour = "#444" if tick == 0 else "#e3e3e3"
        width = 1.4 if tick == 0 else 1
        out.append(
            f'<line x1="{_n(box.left)}" x2="{_n(box.right)}" y1="{y}" y2="{y}" '
            f'stroke="{colour}" stroke-width="{width}"/>'
        )
        out.append(
            f'<text x="{_n(box.left - 0.4 * size)}" y="{_n(box.y(tick) + 0.35 * size)}" '
            f'text-anchor="end">{escape(fmt(tick))}</text>'
        )
    for tick in x_ticks:
        x = _n(box.x(tick))
        out.append(
            f'<line x1="{x}" x2="{x}" y1="{_n(box.bottom)}" y2="{_n(box.bottom + 0.35 * size)}" '
            f'stroke="#888"/>'
        )
        out.append(
            f'<text x="{x}" y="{_n(box.bottom + 1.3 * size)}" text-anchor="middle">{tick}</text>'
        )
    out.append(
        f'<text x="{_n(box.right)}" y="{_n(box.bottom + 2.2 * size)}" text-anchor="end" '
        f'fill="#595959">{escape(words["x"])} →</text>'
    )
    out.append(
        f'<text x="0" y="{_n(box.top - 0.8 * size)}" fill="#595959">{escape(words["y"])}</text>'
    )
    out.append("</g>")
    return out


def named_lines(lines: Sequence[Sequence[int]]) -> list[int]:
    """The indices of the lines drawn in colour and named, in the legend's order: all of
    them up to ``NAMED``, as given (a table's seats); else those of the ``EDGE`` highest
    and the ``EDGE`` lowest final values, from the highest down."""
    if len(lines) <= NAMED:
        return list(range(len(lines)))
    ranked = sorted(range(len(lines)), key=lambda i: (-lines[i][-1], i))
    return ranked[:EDGE] + ranked[-EDGE:]


def _lines(
    box: _Box, lines: list[list[int]], named: list[int], stroke: float, mark: float
) -> list[str]:
    """The unnamed lines thin and grey, then a polyline per named player, moved by
    ``offset`` (equal lines side by side), then their markers (``mark``: their radius)
    above every line."""
    columns = max(1, int(box.width))
    out = []
    if len(named) < len(lines):
        out.append(f'<g class="others" fill="none" stroke="{GREY}" stroke-width="0.8">')
        for index in sorted(set(range(len(lines))) - set(named)):
            out.append(f'<polyline points="{_points(box, lines[index], columns, 0)}"/>')
        out.append("</g>")
    out.append(f'<g class="lines" fill="none" stroke-width="{stroke}" stroke-linejoin="round">')
    marks = ['<g class="markers" stroke="#fff" stroke-width="0.8">']
    for index, line in enumerate(lines[i] for i in named):
        shift = offset(index, len(named), stroke)
        points = _points(box, line, columns, shift)
        colour, dash, shape = _style(index)
        dashed = f' stroke-dasharray="{dash}"' if dash else ""
        out.append(f'<polyline stroke="{colour}"{dashed} points="{points}"/>')
        at = [
            (box.x(i), box.y(line[i]) + shift)
            for i in marker_hands(len(line) - 1, index, len(named))
        ]
        path = "".join(_marker(shape, x, y, mark) for x, y in at)
        marks.append(f'<path class="marker-{shape}" fill="{colour}" d="{path}"/>')
    out.append("</g>")
    return [*out, *marks, "</g>"]


def _points(box: _Box, line: list[int], columns: int, shift: float) -> str:
    """A polyline's points: those worth drawing (``thinned``, level stretches by their
    ends), moved ``shift`` units down."""
    kept = flat_runs_joined(line, thinned(line, columns))
    return " ".join(f"{_n(box.x(i))},{_n(box.y(line[i]) + shift)}" for i in kept)


def offset(index: int, count: int, stroke: float) -> float:
    """How far line ``index`` of ``count`` is moved (SVG units): one stroke width apart,
    centred on the true value, so equal lines touch without covering each other."""
    return (index - (count - 1) / 2) * stroke


def marker_hands(hands: int, index: int, count: int) -> list[int]:
    """The hands (1..``hands``) where line ``index`` of ``count`` gets a marker: about
    ``MARKS_PER_LINE`` of them, each player's between the others', the last hand always."""
    if hands <= 0:
        return []
    step = max(1.0, hands / MARKS_PER_LINE)
    first = step * (index + 1) / (count + 1)
    out = {min(hands, max(1, round(first + k * step))) for k in range(MARKS_PER_LINE + 1)}
    return sorted(out | {hands})


def _marker(shape: str, x: float, y: float, r: float) -> str:
    """One marker as path data, centred on (x, y), of radius about ``r``."""
    if shape == "circle":
        arc = f"a{_n(r)},{_n(r)} 0 1,0"
        return f"M{_n(x - r)},{_n(y)}{arc} {_n(2 * r)},0{arc} {_n(-2 * r)},0Z"
    if shape == "square":
        q = 0.85 * r
        return f"M{_n(x - q)},{_n(y - q)}h{_n(2 * q)}v{_n(2 * q)}h{_n(-2 * q)}Z"
    if shape == "diamond":
        q = 1.2 * r
        return f"M{_n(x)},{_n(y - q)}L{_n(x + q)},{_n(y)}L{_n(x)},{_n(y + q)}L{_n(x - q)},{_n(y)}Z"
    sign = -1 if shape == "triangle" else 1  # "down": the triangle upside down
    q = 1.15 * r
    return (
        f"M{_n(x)},{_n(y + sign * q)}L{_n(x + q)},{_n(y - sign * 0.8 * q)}"
        f"L{_n(x - q)},{_n(y - sign * 0.8 * q)}Z"
    )


def thinned(values: Sequence[int], columns: int) -> Sequence[int]:
    """The indices of ``values`` worth drawing across ``columns`` columns of the plot.

    Past four points a column (the plot is some 500 units wide; a long evening has
    thousands of hands), each column keeps its first, lowest, highest and last point, in
    order (the M4 reduction). The line still reaches every extreme at its own place and
    joins the columns as before; what goes is the zigzag inside one unit, narrower than
    the stroke. 10,000 hands then cost the page some 2,000 points a player, not 10,000.
    """
    count = len(values)
    if count <= 4 * columns:
        return range(count)
    kept: list[int] = []
    for column in range(columns):
        start, end = column * count // columns, (column + 1) * count // columns
        chunk = values[start:end]
        low = start + chunk.index(min(chunk))
        high = start + chunk.index(max(chunk))
        kept.extend(sorted({start, low, high, end - 1}))
    return kept


def flat_runs_joined(values: Sequence[int], kept: Sequence[int]) -> list[int]:
    """``kept`` without the points inside a flat run (the same value as the kept points on
    either side): a level stretch is drawn the same from its two ends. A member of a large
    group sits out most of its evenings, so his line of 500 evenings is some 70 points, not
    500 (the season report's chart: 390 KB of SVG and 0.4 s of WeasyPrint before)."""
    out = []
    for k, i in enumerate(kept):
        inside = 0 < k < len(kept) - 1 and values[kept[k - 1]] == values[i] == values[kept[k + 1]]
        if not inside:
            out.append(i)
    return out


def _legend(
    players: Sequence[str],
    lines: list[list[int]],
    width: int,
    size: int,
    fmt: Callable[[int], str],
    others: str = "",
) -> tuple[list[str], float]:
    """Legend entries ("Anna +120") in rows across the top, then ``others`` (how many
    lines are grey and unnamed) if any; returns them and their height.

    A name too long for a row of its own goes by the PDF's initials ("KSzA"), which tell
    apart two players who share a surname; the entry's <title> keeps the whole name.
    """
    row_height = 1.6 * size
    x, y = 0.0, 1.1 * size
    short = labels(players, 0)
    out = ['<g class="legend" fill="#222">']
    for index, (name, line) in enumerate(zip(players, lines, strict=True)):
        label = f"{name} {fmt(line[-1])}"
        item = 2.2 * size + len(label) * CHAR_WIDTH * size + 1.2 * size
        if item > width:
            label = f"{short[name]} {fmt(line[-1])}"
            item = 2.2 * size + len(label) * CHAR_WIDTH * size + 1.2 * size
        if x > 0 and x + item > width:
            x, y = 0.0, y + row_height
        colour, dash, shape = _style(index)
        dashed = f' stroke-dasharray="{dash}"' if dash else ""
        mid = y - 0.35 * size
        out.append(
            f'<line x1="{_n(x + 0.2 * size)}" x2="{_n(x + 1.8 * size)}" y1="{_n(mid)}" '
            f'y2="{_n(mid)}" stroke="{colour}" stroke-width="3"{dashed}/>'
        )
        out.append(
            f'<path fill="{colour}" stroke="#fff" stroke-width="0.8" '
            f'd="{_marker(shape, x + size, mid, 0.22 * size)}"/>'
        )
        whole = f"<title>{escape(name)}</title>" if not label.startswith(name) else ""
        out.append(f'<text x="{_n(x + 2.2 * size)}" y="{_n(y)}">{whole}{escape(label)}</text>')
        x += item
    if others:
        item = 2.2 * size + len(others) * CHAR_WIDTH * size
        if x > 0 and x + item > width:
            x, y = 0.0, y + row_height
        mid = y - 0.35 * size
        out.append(
            f'<line x1="{_n(x + 0.2 * size)}" x2="{_n(x + 1.8 * size)}" y1="{_n(mid)}" '
            f'y2="{_n(mid)}" stroke="{GREY}" stroke-width="1.5"/>'
        )
        at = f'x="{_n(x + 2.2 * size)}" y="{_n(y)}"'
        out.append(f'<text class="others" {at}>{escape(others)}</text>')
    out.append("</g>")
    return out, y + 0.9 * size


def _style(index: int) -> tuple[str, str, str]:
    """Seat ``index``'s colour, dash pattern and marker shape."""
    return (
        PALETTE[index % len(PALETTE)],
        DASHES[index % len(DASHES)],
        MARKERS[index % len(MARKERS)],
    )


def _signed(units: int) -> str:
    """Units as a scoresheet writes them: +12, −12 (a true minus sign), 0."""
    return f"+{units}" if units > 0 else f"−{-units}" if units < 0 else "0"


def _n(value: float) -> str:
    """A coordinate with one decimal at most: small markup, no visible loss."""
    text = f"{value:.1f}"
    return text[:-2] if text.endswith(".0") else text

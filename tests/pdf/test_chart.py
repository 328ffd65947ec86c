"""The running-balance chart: well-formed inline SVG, one line per player, thinned ticks."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

import pytest

from ulti_ledger.drawings.chart import (
    PALETTE,
    balance_chart,
    balance_chart_svg,
    flat_runs_joined,
    nice_ticks,
    thinned,
)

SVG = "{http://www.w3.org/2000/svg}"
PLAYERS = ["Anna", "Béla", "Csaba", "Dóra"]


def running(hands: int, seed: int = 1) -> list[dict[str, int]]:
    """Running totals of a random zero-sum evening."""
    rng = random.Random(seed)
    totals = dict.fromkeys(PLAYERS, 0)
    out = []
    for _ in range(hands):
        declarer, *defenders = rng.sample(PLAYERS, 3)
        value = rng.choice([1, 2, 4, 5, 8, 10, 20]) * rng.choice([1, -1])
        totals[declarer] += 2 * value
        for d in defenders:
            totals[d] -= value
        out.append(dict(totals))
    return out


def parse(svg: str) -> ET.Element:
    return ET.fromstring(str(svg))


def test_one_polyline_per_player_from_zero_to_the_final_total():
    series = running(25)
    root = parse(balance_chart(PLAYERS, series))
    lines = root.findall(f".//{SVG}polyline")
    assert len(lines) == len(PLAYERS)
    assert {line.get("stroke") for line in lines} == set(PALETTE[: len(PLAYERS)])
    for line, player in zip(lines, PLAYERS, strict=True):
        # the start at 0, then every hand but those inside a level stretch (sat out, or 0)
        values = [0, *(totals[player] for totals in series)]
        level = [k for k in range(1, 25) if values[k - 1] == values[k] == values[k + 1]]
        assert len(line.get("points").split()) == 26 - len(level)
    legend = [t.text for t in root.findall(f".//{SVG}g[@class='legend']/{SVG}text")]
    assert legend == [f"{p} {_signed(series[-1][p])}" for p in PLAYERS]


def test_the_zero_line_is_drawn_and_labelled():
    root = parse(balance_chart(PLAYERS, running(10)))
    labels = [t.text for t in root.findall(f".//{SVG}g[@class='axes']/{SVG}text")]
    assert "0" in labels
    dark = [ln for ln in root.findall(f".//{SVG}line") if ln.get("stroke") == "#444"]
    assert len(dark) == 1 and dark[0].get("y1") == dark[0].get("y2")


def test_a_thousand_hands_stay_one_polyline_each_with_few_ticks():
    svg = str(balance_chart(PLAYERS, running(1000)))
    root = parse(svg)
    assert len(root.findall(f".//{SVG}polyline")) == 4
    x_labels = [
        t.text
        for t in root.findall(f".//{SVG}g[@class='axes']/{SVG}text")
        if t.get("text-anchor") == "middle"
    ]
    assert 3 <= len(x_labels) <= 12
    assert x_labels[0] == "0" and int(x_labels[-1]) <= 1000
    assert len(svg) < 150_000


def test_ten_thousand_hands_are_drawn_through_each_columns_extremes():
    svg = str(balance_chart(PLAYERS, running(10_000)))
    for line in parse(svg).findall(f".//{SVG}polyline"):
        xs = [float(point.split(",")[0]) for point in line.get("points").split()]
        assert xs == sorted(xs) and len(xs) <= 4 * 560
    assert len(svg) < 200_000


def test_a_long_line_keeps_its_ends_and_every_columns_lowest_and_highest_point():
    values = [0, *(totals["Anna"] for totals in running(10_000))]
    kept = thinned(values, 500)
    assert kept[0] == 0 and kept[-1] == len(values) - 1
    assert list(kept) == sorted(set(kept)) and len(kept) <= 4 * 500
    for column in range(500):
        start, end = column * len(values) // 500, (column + 1) * len(values) // 500
        drawn = [values[i] for i in kept if start <= i < end]
        assert min(drawn) == min(values[start:end]) and max(drawn) == max(values[start:end])


def test_a_short_line_keeps_every_point():
    assert list(thinned([3, 1, 2], 500)) == [0, 1, 2]


def test_a_level_stretch_is_drawn_from_its_two_ends():
    values = [0, 0, 0, 5, 5, 5, 5, -2, -2, 3]
    assert flat_runs_joined(values, range(len(values))) == [0, 2, 3, 6, 7, 8, 9]
    assert flat_runs_joined([4, 4, 4], [0, 1, 2]) == [0, 2]
    assert flat_runs_joined([1], [0]) == [0]


def test_a_member_who_sits_out_most_evenings_is_drawn_with_few_points():
    """A group's line moves only on the evenings its member played: one point an evening
    would be 500 a member; each level stretch is its two ends, and the line is the same."""
    values = [0]
    for evening in range(1, 501):
        values.append(values[-1] + (evening % 7 - 3 if evening % 15 == 0 else 0))
    svg = str(balance_chart(["Tag 01"], [{"Tag 01": v} for v in values[1:]]))
    (line,) = parse(svg).findall(f".//{SVG}polyline")
    points = [tuple(map(float, p.split(","))) for p in line.get("points").split()]
    assert len(points) <= 2 * (500 // 15) + 2
    assert points[0][0] < points[-1][0] and [x for x, _ in points] == sorted(x for x, _ in points)

    # the same line: its levels in the same order, each step up or down as the balance went
    def levels(seq):
        return [v for k, v in enumerate(seq) if k == 0 or v != seq[k - 1]]

    drawn, true = levels([y for _, y in points]), levels(values)
    assert len(drawn) == len(true) > 20
    steps = zip(drawn, drawn[1:], true, true[1:], strict=False)
    assert all((a > b) == (c < d) for a, b, c, d in steps)


def test_names_are_escaped_and_the_svg_scales_to_its_box():
    name = '<script>alert("x")</script> & Co'
    svg = str(balance_chart([name, "Béla", "Csaba"], [{name: 2, "Béla": -1, "Csaba": -1}]))
    assert "<script>" not in svg
    root = parse(svg)
    assert root.get("width") == "100%" and root.get("viewBox").startswith("0 0 ")
    assert root.get("role") == "img" and root.find(f"{SVG}title") is not None
    assert any(name in (t.text or "") for t in root.iter(f"{SVG}text"))


def test_no_hands_no_chart():
    assert balance_chart_svg({"players": PLAYERS, "hands": []}) == ""


def test_the_summary_form_reads_each_hands_running_totals():
    series = running(5)
    summary = {"players": PLAYERS, "hands": [{"totals": t} for t in series]}
    assert balance_chart_svg(summary) == balance_chart(PLAYERS, series)
    english = str(balance_chart_svg(summary, lang="en"))
    assert "Running balances" in english and "hand" in english


def test_more_players_than_colours_repeat_colours_with_another_dash():
    # Was: past seven players the colours repeat, all dashed alike. Now every seat has its
    # own dash pattern too (issue 10), so a repeated colour still differs from the first.
    names = [f"P{i}" for i in range(9)]
    series = [dict.fromkeys(names, 0)]
    lines = parse(balance_chart(names, series)).findall(f".//{SVG}polyline")
    assert lines[7].get("stroke") == lines[0].get("stroke")
    styles = {(ln.get("stroke"), ln.get("stroke-dasharray")) for ln in lines}
    assert len(styles) == len(names)


def points(line: ET.Element) -> list[tuple[float, float]]:
    return [tuple(map(float, p.split(","))) for p in line.get("points").split()]


@pytest.mark.parametrize("hands", [3, 40, 2000])
def test_two_players_with_equal_running_totals_stay_distinguishable(hands):
    """Béla and Csaba gain and lose alike all evening: both lines must still be seen."""
    series = []
    for n in range(1, hands + 1):
        swing = (n % 5) - 2
        series.append({"Anna": -2 * swing, "Béla": swing, "Csaba": swing, "Dóra": 0})
    totals, running_series = dict.fromkeys(PLAYERS, 0), []
    for change in series:
        totals = {p: totals[p] + change[p] for p in PLAYERS}
        running_series.append(totals)
    root = parse(balance_chart(PLAYERS, running_series))
    group = root.find(f".//{SVG}g[@class='lines']")
    stroke = float(group.get("stroke-width"))
    lines = group.findall(f"{SVG}polyline")
    bela, csaba = points(lines[1]), points(lines[2])
    assert [x for x, _ in bela] == [x for x, _ in csaba]
    # side by side, one stroke apart at every point: neither covers the other
    gaps = [abs(yb - yc) for (_, yb), (_, yc) in zip(bela, csaba, strict=True)]
    assert all(stroke - 0.11 <= gap <= 2 * stroke for gap in gaps)
    # and drawn differently: dash pattern, marker shape, markers at other hands
    assert lines[1].get("stroke-dasharray") != lines[2].get("stroke-dasharray")
    marks = root.findall(f".//{SVG}g[@class='markers']/{SVG}path")
    assert len(marks) == len(PLAYERS)
    assert len({m.get("class") for m in marks}) == len(PLAYERS)
    assert marks[1].get("fill") == lines[1].get("stroke") != marks[2].get("fill")
    if hands > 8:
        assert marks[1].get("d").split("M")[1] != marks[2].get("d").split("M")[1]
    # the legend shows each player's dash and marker
    legend = root.find(f".//{SVG}g[@class='legend']")
    dashes = [ln.get("stroke-dasharray") for ln in legend.findall(f"{SVG}line")]
    assert dashes == [ln.get("stroke-dasharray") for ln in lines]
    assert len(legend.findall(f"{SVG}path")) == len(PLAYERS)


def test_the_offset_never_moves_a_line_by_more_than_two_strokes():
    series = [dict.fromkeys(PLAYERS, 0)]
    root = parse(balance_chart(PLAYERS, series))
    zero = next(ln for ln in root.findall(f".//{SVG}line") if ln.get("stroke") == "#444")
    stroke = float(root.find(f".//{SVG}g[@class='lines']").get("stroke-width"))
    for line in root.findall(f".//{SVG}polyline"):
        assert all(abs(y - float(zero.get("y1"))) <= 2 * stroke for _, y in points(line))


@pytest.mark.parametrize(
    ("low", "high", "ticks"),
    [
        (0, 0, [-1, 0, 1]),
        (-3, 7, [-4, -2, 0, 2, 4, 6, 8]),
        (0, 1000, [0, 200, 400, 600, 800, 1000]),
    ],
)
def test_nice_ticks_are_round_and_cover_the_range(low, high, ticks):
    assert nice_ticks(low, high, 5) == ticks


def _signed(units: int) -> str:
    return f"+{units}" if units > 0 else f"−{-units}" if units < 0 else "0"


@pytest.mark.parametrize(("lang", "word"), [("hu", "további"), ("en", "more"), ("de", "weitere")])
def test_past_twelve_players_only_the_five_highest_and_lowest_are_named(lang, word):
    """A group's chart of 60 members: seven colours cannot tell them apart, so the five
    highest and five lowest final balances are drawn and named as usual, the others grey
    and thin beneath them, and the legend says how many those are."""
    names = [f"Tag {i:02}" for i in range(60)]
    finals = {name: (i * 37) % 61 - 30 for i, name in enumerate(names)}
    series = [dict.fromkeys(names, 0), finals]
    root = parse(balance_chart(names, series, lang=lang))
    ranked = sorted(names, key=lambda n: -finals[n])
    named = ranked[:5] + ranked[-5:]  # from the highest down
    legend = root.find(f".//{SVG}g[@class='legend']")
    texts = [t.text for t in legend.findall(f"{SVG}text")]
    assert texts[:-1] == [f"{n} {_signed(finals[n])}" for n in named]
    assert texts[-1].startswith("+ 50 ") and word in texts[-1]
    coloured = root.findall(f".//{SVG}g[@class='lines']/{SVG}polyline")
    grey = root.findall(f".//{SVG}g[@class='others']/{SVG}polyline")
    assert len(coloured) == 10 and len(grey) == 50
    assert len({(ln.get("stroke"), ln.get("stroke-dasharray")) for ln in coloured}) == 10
    assert len(root.findall(f".//{SVG}g[@class='markers']/{SVG}path")) == 10
    # each named line ends at its own final value, in the legend's order (SVG's y is down)
    ends = [points(ln)[-1][1] for ln in coloured]
    assert ends == sorted(ends)
    # twelve players are all named, as before
    twelve = parse(balance_chart(names[:12], [{n: finals[n] for n in names[:12]}]))
    assert len(twelve.findall(f".//{SVG}g[@class='lines']/{SVG}polyline")) == 12
    assert twelve.find(f".//{SVG}g[@class='others']") is None

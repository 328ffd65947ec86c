"""Tarokk's settlement against [HUSPEC] section 7 (smatkovi/harbour-tarock docs/hungarian.md):
the whole multiplier table of 7.3 (eight rows of announcements, six columns of where the
card points went) and the worked examples of 7.5, as golden cases."""

from __future__ import annotations

import pytest

from tests.engine_helpers import ENGINE

COLUMNS = ("volat-o", "dupla-o", "parti-o", "parti-d", "dupla-d", "volat-d")
"""[HUSPEC] 7.3's columns: no trick, <= 23, 24-47, 48-70, >= 71, every trick (D's points)."""
TABLE = {
    # row: (announcements, kontra on the game, multiples of g from D's side per column)
    "none": ({}, 0, (-3, -2, -1, 1, 2, 3)),
    "dupla (D)": ({("declarer", "dupla"): 0}, 0, (-7, -6, -5, -4, 4, 7)),
    "volat (D)": ({("declarer", "volat"): 0}, 0, (-9, -8, -7, -6, -6, 6)),
    "dupla + volat (D)": (
        {("declarer", "dupla"): 0, ("declarer", "volat"): 0},
        0,
        (-13, -12, -11, -10, -2, 10),
    ),
    "kontra on the game": ({}, 1, (-5, -4, -2, 2, 4, 5)),
    "kontra game; O announce dupla": ({("opponents", "dupla"): 0}, 1, (-9, -6, 2, 6, 8, 9)),
    "dupla (D); O kontra it": ({("declarer", "dupla"): 1}, 0, (-11, -10, -9, -8, 8, 11)),
    "dupla (D); O kontra it and the game": (
        {("declarer", "dupla"): 1},
        1,
        (-13, -12, -10, -6, 10, 13),
    ),
}
CONTRACT = {1: "harom", 2: "ketto", 3: "egy", 4: "szolo"}


def table_hand(said: dict, game_kontra: int, column: str, g: int) -> dict:
    """The hand of one cell of the table: the announcements, and the silent dupla or
    volát that the points made (listed, as the hand format wants them)."""
    side = "declarer" if column.endswith("-d") else "opponents"
    volat_by = side if column.startswith("volat") else None
    dupla_by = side if column.startswith(("volat", "dupla")) else None
    figures = []
    for (by, name), level in said.items():
        made = (volat_by if name == "volat" else dupla_by) == by
        figures.append({"name": name, "side": by, "announced": True, "won": made, "kontra": level})
    announced = {(by, name) for by, name in said}
    if volat_by and (volat_by, "volat") not in announced:
        figures.append({"name": "volat", "side": volat_by, "announced": False, "won": True})
    elif dupla_by and not {(dupla_by, "dupla"), (dupla_by, "volat")} & announced:
        figures.append({"name": "dupla", "side": dupla_by, "announced": False, "won": True})
    return {
        "ruleset": "tarokk",
        "players": ["S", "E", "N", "W"],
        "declarer": "S",
        "partner": "N",
        "contract": CONTRACT[g],
        "game": {"won": side == "declarer", "kontra": game_kontra},
        "figures": figures,
    }


CELLS = [
    pytest.param(row, column, g, id=f"{row}|{column}|g={g}")
    for row in TABLE
    for column in COLUMNS
    for g in (1, 2, 4)
]


@pytest.mark.parametrize(("row", "column", "g"), CELLS)
def test_the_multiplier_table(row, column, g):
    said, game_kontra, expected = TABLE[row]
    multiple = expected[COLUMNS.index(column)]
    payments = ENGINE.settle(table_hand(said, game_kontra, column, g)).payments
    assert payments == {
        "S": multiple * g,
        "N": multiple * g,
        "E": -multiple * g,
        "W": -multiple * g,
    }


def test_the_table_has_all_48_fields():
    assert sum(len(cells) for _, _, cells in TABLE.values()) == 48


def test_a_silent_dupla_beside_an_announced_volat_is_listed_but_not_paid():
    """Row "volát (D)", column >= 71: the dupla made silently is not paid (-6)."""
    hand = table_hand({("declarer", "volat"): 0}, 0, "dupla-d", 1)
    hand["figures"].append({"name": "dupla", "side": "declarer", "announced": False, "won": True})
    result = ENGINE.result_json(hand)
    assert result["payments"]["S"] == -6
    assert any("silent dupla is not paid" in line for line in result["lines"])


def _hand(**facts):
    base = {"ruleset": "tarokk", "players": ["S", "E", "N", "W"], "declarer": "S"}
    return {**base, "partner": "N", **facts}


def test_example_b_rekontra_on_the_tuletroa():
    hand = _hand(
        contract="ketto",
        game={"won": True},
        figures=[
            {"name": "tuletroa", "side": "declarer", "announced": True, "won": True, "kontra": 2}
        ],
    )
    result = ENGINE.result_json(hand)
    assert result["payments"] == {"S": 10, "N": 10, "E": -10, "W": -10}
    assert (
        "tulétroá announced and made by the declarer's side with rekontra (×4): 2 × 4 = 8"
        in (result["lines"][1])
    )


def test_example_c_tarokkszam_pagat_ultimo_and_silent_figures():
    hand = _hand(
        contract="ketto",
        game={"won": True},
        figures=[
            {"name": "pagat-ultimo", "side": "declarer", "announced": True, "won": True},
            {"name": "xxi-fogas", "side": "declarer", "announced": False, "won": True},
            {"name": "tuletroa", "side": "declarer", "announced": False, "won": True},
        ],
        tarokkszam=[{"player": "S", "count": 8}],
    )
    assert ENGINE.settle(hand).payments == {"S": 37, "N": 33, "E": -35, "W": -35}


@pytest.mark.parametrize(("uhu", "expected"), [(15, -7), (20, -2)])
def test_example_d_a_kontra_d_volat_failed_with_73_points(uhu, expected):
    hand = _hand(
        contract="ketto",
        options={"uhu_value": uhu},
        game={"won": True},
        figures=[
            {"name": "volat", "side": "declarer", "announced": True, "won": False, "kontra": 1},
            {"name": "tuletroa", "side": "declarer", "announced": True, "won": True},
            {"name": "pagat-uhu", "side": "declarer", "announced": True, "won": True},
        ],
    )
    payments = ENGINE.settle(hand).payments
    assert payments == {"S": expected, "N": expected, "E": -expected, "W": -expected}


def test_example_e_the_called_card_in_the_skart():
    hand = {
        "ruleset": "tarokk",
        "players": ["C", "D", "A", "B"],
        "declarer": "C",
        "skart": True,
        "contract": "ketto",
        "game": {"won": True, "kontra": 2},
        "figures": [
            {"name": "dupla", "side": "declarer", "announced": True, "won": False, "kontra": 1},
            {"name": "tuletroa", "side": "declarer", "announced": True, "won": True},
        ],
    }
    result = ENGINE.result_json(hand, lang="hu")
    assert result["payments"] == {"C": -18, "D": 6, "A": 6, "B": 6}
    assert result["lines"][0].startswith("a hívott lap a skartban volt: C egyedül játszik")
    assert "C mind a három ellenfelének 16-ot fizet, összesen 48-at" in result["lines"][1]


def test_the_skart_gives_the_game_an_automatic_kontra():
    hand = {**_hand(contract="harom", game={"won": False}), "skart": True}
    del hand["partner"]
    assert ENGINE.settle(hand).payments == {"S": -6, "E": 2, "N": 2, "W": 2}


def test_a_lone_declarer_who_called_himself_settles_with_each_of_three():
    hand = _hand(contract="szolo", game={"won": True}, partner=None)
    assert ENGINE.settle(hand).payments == {"S": 12, "E": -4, "N": -4, "W": -4}


def test_five_at_the_table_the_dealer_sits_out_at_zero():
    hand = _hand(contract="egy", game={"won": True}, sitting_out=["X"])
    result = ENGINE.result_json(hand)
    assert result["payments"] == {"S": 3, "N": 3, "E": -3, "W": -3, "X": 0}
    assert result["lines"][-1] == "X sits this hand out: 0"


def test_silent_trull_and_four_kings_are_not_paid_beside_the_same_sides_volat():
    hand = _hand(
        contract="harom",
        game={"won": True},
        figures=[
            {"name": "volat", "side": "declarer", "announced": False, "won": True},
            {"name": "tuletroa", "side": "declarer", "announced": False, "won": True},
            {"name": "negy-kiraly", "side": "declarer", "announced": True, "won": True},
        ],
    )
    result = ENGINE.result_json(hand)
    assert result["payments"]["S"] == 3 + 2  # silent volát 3g, the announced four kings 2
    assert "a silent tulétroá is not paid beside the same side's volát" in result["lines"]


def test_a_failed_silent_pagat_ultimo_pays_five_to_the_other_side():
    hand = _hand(
        contract="harom",
        game={"won": True},
        figures=[{"name": "pagat-ultimo", "side": "opponents", "announced": False, "won": False}],
    )
    result = ENGINE.result_json(hand, lang="hu")
    assert result["payments"] == {"S": 6, "N": 6, "E": -6, "W": -6}
    assert result["lines"][1] == (
        "pagát ultimó: az ellenfelek csendben elbukták: 5; E és W fejenként 5-öt fizet, "
        "S és N fejenként 5-öt kap"
    )


def test_the_tarokkszam_is_paid_by_each_of_the_other_three_whatever_the_result():
    for won in (True, False):
        hand = _hand(contract="harom", game={"won": won}, tarokkszam=[{"player": "E", "count": 9}])
        payments = ENGINE.settle(hand).payments
        parti = 1 if won else -1
        assert payments == {"S": parti - 2, "N": parti - 2, "E": -parti + 6, "W": -parti - 2}


@pytest.mark.parametrize(
    ("figures", "kontra", "each"),
    [
        ([], 0, 5),  # kettő's 2 is below the minimum
        ([{"name": "pagat-ultimo", "side": "declarer", "announced": True, "kontra": 1}], 0, 20),
        # the kontra'd game 2 x 2 and the announced tulétroá 2
        ([{"name": "tuletroa", "side": "opponents", "announced": True}], 1, 6),
    ],
)
def test_renonsz_by_itvb_pays_each_of_the_others_between_five_and_twenty(figures, kontra, each):
    """10 x 2 + 2 = 22 for the kontra'd pagát ultimó is cut to the most, 20."""
    hand = _hand(contract="ketto", game={"kontra": kontra}, renonsz={"player": "E"})
    if figures:
        hand["figures"] = figures
    result = ENGINE.result_json(hand)
    assert result["payments"] == {"S": each, "N": each, "W": each, "E": -3 * each}
    assert result["lines"][0].startswith("E made a renonsz: what was announced or made so far is")


def test_the_renonsz_bounds_are_options():
    hand = _hand(contract="ketto", renonsz={"player": "E"}, options={"renonsz_min": 10})
    assert ENGINE.settle(hand).payments["E"] == -30
    hand["figures"] = [{"name": "xxi-fogas", "side": "declarer", "announced": True, "kontra": 2}]
    hand["options"] = {"renonsz_max": 10}
    assert ENGINE.settle(hand).payments["E"] == -3 * 10  # 2 + 42 x 4 = 170, at most 10


@pytest.mark.parametrize(("option", "each"), [(0, 0), (3, 3)])
def test_bedobas_no_play(option, each):
    hand = _hand(outcome="no_play", options={"no_play_payment": str(option)})
    result = ENGINE.result_json(hand)
    assert result["payments"] == {"S": each, "N": each, "E": -each, "W": -each}
    assert result["lines"][0].startswith("no play (bedobás)")

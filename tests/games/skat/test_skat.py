"""Skat: the game value, the list (ISkO and Seeger–Fabian), the money pair by pair, the
house rules, the seating, and the words (RULES.md section 4, spec "Skat")."""

from __future__ import annotations

from typing import Any

import pytest
from click.testing import CliRunner

from tests.engine_helpers import ENGINE
from ulti_ledger.cli.main import main
from ulti_ledger.games import REGISTRY

GAME = REGISTRY["skat"]
THREE = ["Anna", "Béla", "Csaba"]


def skat(**keys: Any) -> dict[str, Any]:
    """Anna's Kreuz mit 1 with 70 card points at three, keys replaced (None drops one)."""
    base: dict[str, Any] = {
        "ruleset": "skat",
        "players": THREE,
        "declarer": "Anna",
        "game": "kreuz",
        "mit": 1,
        "declarer_points": 70,
    }
    base.update(keys)
    return {k: v for k, v in base.items() if v is not None}


def settled(data: dict[str, Any]) -> tuple[dict[str, int], dict[str, int]]:
    result = ENGINE.settle(data)
    assert sum(result.payments.values()) == 0
    return dict(result.score), dict(result.payments)


def anna(data: dict[str, Any]) -> int:
    """Anna's list entry."""
    return settled(data)[0]["Anna"]


# the game value ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("keys", "entry"),
    [
        ({}, 24),  # (1 + 1) x 12
        ({"game": "karo", "ohne": 3, "mit": None}, 36),  # (3 + 1) x 9
        ({"game": "grand", "mit": 4, "declarer_points": 95}, 144),  # Schneider: 6 x 24
        ({"hand": True}, 36),
        ({"declarer_points": 90}, 36),  # the opponents have 30: Schneider
        ({"declarer_points": 89}, 24),
        ({"declarer_points": 120, "schwarz": "declarer"}, 48),  # Schneider and Schwarz
        ({"declarer_points": 120}, 36),  # every card point, but the opponents took a trick
        ({"hand": True, "announced": "schneider", "declarer_points": 95}, 60),
        ({"hand": True, "announced": "schwarz", "declarer_points": 120, "schwarz": "declarer"}, 84),
        ({"game": "pik", "mit": 11}, 132),
        ({"game": "grand", "mit": 2, "hand": True, "declarer_points": 92}, 120),
    ],
)
def test_a_won_game_enters_its_value(keys, entry):
    assert anna(skat(**keys)) == entry


@pytest.mark.parametrize(
    ("keys", "entry"),
    [
        ({"declarer_points": 60}, -48),  # 60:60 loses
        ({"declarer_points": 30}, -72),  # Schneider against the declarer: (1+1+1) x 12, x2
        ({"declarer_points": 10, "schwarz": "opponents"}, -96),  # Schneider and Schwarz
        # announced Schneider missed: lost, the announced levels counted: (1+1+1+1+1) x 12
        ({"hand": True, "announced": "schneider", "declarer_points": 80}, -120),
        # announced Schwarz missed with 100 points: Schneider reached, Schwarz not
        ({"hand": True, "announced": "schwarz", "declarer_points": 100}, -168),
    ],
)
def test_a_lost_game_enters_twice_its_value(keys, entry):
    assert anna(skat(**keys)) == entry


def test_an_overbid_game_is_lost_at_the_lowest_multiple_covering_the_bid():
    # Kreuz mit 1 is 24; bid 30: the lowest multiple of 12 covering 30 is 36
    assert anna(skat(bid=30)) == -72
    assert anna(skat(bid=24)) == 24  # covered exactly
    # lost on the cards and overbid: the covering value still counts
    assert anna(skat(bid=30, declarer_points=40)) == -72
    # Schneider reached covers a higher bid: (1 + 1 + 1) x 12 = 36
    assert anna(skat(bid=36, declarer_points=95)) == 36


@pytest.mark.parametrize(
    ("keys", "entry"),
    [
        ({"won": True}, 23),
        ({"won": False}, -46),
        ({"hand": True, "won": True}, 35),
        ({"ouvert": True, "won": True}, 46),
        ({"ouvert": True, "hand": True, "won": False}, -118),
        # overbid: the lowest Null value covering 24 that the declarer could still play
        # after picking up the skat is Null Ouvert's 46, never Null Hand's 35 (RULES.md)
        ({"won": True, "bid": 24}, -92),
        # a Null Hand overbid: the Hand values only, Null Ouvert Hand's 59
        ({"won": True, "bid": 46, "hand": True}, -118),
    ],
)
def test_null_games_have_fixed_values(keys, entry):
    hand = skat(game="null", mit=None, declarer_points=None, **keys)
    assert anna(hand) == entry


def test_a_suit_game_entered_as_won_or_lost_without_card_points():
    assert anna(skat(declarer_points=None, won=True)) == 24
    assert anna(skat(declarer_points=None, won=True, schneider=True)) == 36
    assert anna(skat(declarer_points=None, won=False, schneider=True)) == -72
    assert anna(skat(declarer_points=None, won=False, schwarz="opponents")) == -96


def test_renonsz_loses_for_the_declarer_and_wins_for_him_by_an_opponent():
    declared = skat(declarer_points=None, hand=True, announced="schneider")
    assert anna({**declared, "renonsz": {"player": "Anna"}}) == -120
    assert anna({**declared, "renonsz": {"player": "Béla"}}) == 60


# the list and the money ------------------------------------------------------------


def test_payments_compare_the_list_pair_by_pair_sitting_out_dealer_included():
    score, payments = settled(skat(sitting_out=["Dóra"], declarer_points=40))
    assert score == {"Anna": -48, "Béla": 0, "Csaba": 0, "Dóra": 0}
    assert payments == {"Anna": -144, "Béla": 48, "Csaba": 48, "Dóra": 48}


def test_seeger_fabian_adds_50_and_pays_the_others_of_a_lost_game():
    sf = {"options": {"list": "seeger_fabian"}}
    assert settled(skat(**sf))[0] == {"Anna": 74, "Béla": 0, "Csaba": 0}
    assert settled(skat(declarer_points=40, **sf))[0] == {"Anna": -98, "Béla": 40, "Csaba": 40}
    four = settled(skat(declarer_points=40, sitting_out=["Dóra"], **sf))[0]
    assert four == {"Anna": -98, "Béla": 30, "Csaba": 30, "Dóra": 30}


def test_all_pass_is_no_entry_by_default():
    score, payments = settled({"ruleset": "skat", "players": THREE, "outcome": "all_pass"})
    assert score == payments == {"Anna": 0, "Béla": 0, "Csaba": 0}


# house rules ------------------------------------------------------------------------

RAMSCH = {"all_pass": "ramsch"}


def ramsch(value: dict[str, Any], **options: Any) -> dict[str, int]:
    hand = {"ruleset": "skat", "players": THREE, "outcome": "all_pass", "ramsch": value}
    return settled({**hand, "options": {**RAMSCH, **options}})[0]


def test_ramsch_the_loser_enters_his_card_points_doubled_by_a_jungfrau():
    assert ramsch({"loser": "Béla", "points": 62})["Béla"] == -62
    assert ramsch({"loser": "Béla", "points": 62, "jungfrau": ["Csaba"]})["Béla"] == -124
    assert ramsch({"durchmarsch": "Csaba"}) == {"Anna": 0, "Béla": 0, "Csaba": 120}
    fixed = {"ramsch_variant": "fest"}
    assert ramsch({"loser": "Béla", "points": 62}, **fixed)["Béla"] == -10
    assert ramsch({"loser": "Béla", "points": 62, "jungfrau": ["Anna"]}, **fixed)["Béla"] == -15


def test_ramsch_without_durchmarsch_two_jungfrau_lose_all_120():
    value = {"loser": "Béla", "points": 120, "jungfrau": ["Anna", "Csaba"]}
    assert ramsch(value, ramsch_durchmarsch="off")["Béla"] == -480


def test_kontra_and_re_and_a_bock_game_multiply_the_value():
    on = {"kontra_re": "on", "bock": "on"}
    assert anna(skat(kontra=1, options=on)) == 48
    assert anna(skat(kontra=2, options=on)) == 96
    assert anna(skat(kontra=2, bock=True, options=on)) == 192
    assert ramsch({"loser": "Béla", "points": 50}, bock="on") == {
        "Anna": 0,
        "Béla": -50,
        "Csaba": 0,
    }


def test_a_bock_trigger_says_a_round_of_doubled_games_follows():
    on = {"options": {"bock": "on"}}
    hand = skat(declarer_points=60, sitting_out=["Dóra"], **on)
    lines = ENGINE.result_json(hand, lang="de")["lines"]
    assert lines[-1] == "eine Bockrunde folgt: die nächsten 4 Spiele zählen doppelt (60:60)"
    facts = GAME.canonical(ENGINE.parse(hand)[0])
    row = GAME.row(facts, ENGINE.parse(hand)[0], ENGINE.parse(hand)[1], "en")
    assert ("tag tag-bock-round", "Bock round: 4 games double") in row["sheet"]["tags"]
    assert ENGINE.result_json(skat(), lang="en")["lines"][-1].startswith("Anna won")


# seating ----------------------------------------------------------------------------


def test_the_deal_passes_clockwise_and_vorhand_sits_at_the_dealers_left():
    """Seats are listed each on the right of the one before: the dealer's left is the
    previous name, who deals next and leads (Vorhand); at four the dealer sits out."""
    seating = ENGINE.rulesets["skat"].seating()
    deal = seating.deal(["Anna", "Béla", "Csaba", "Dóra"], "Béla")
    assert deal.sitting_out == ("Béla",)
    assert deal.players == ("Anna", "Dóra", "Csaba")
    assert seating.next_dealer(["Anna", "Béla", "Csaba"], None) == "Anna"
    three = seating.deal(["Anna", "Béla", "Csaba"], "Anna")
    assert three.players == ("Csaba", "Béla", "Anna")


# words ------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["hu", "en", "de"])
def test_the_value_line_says_the_game_as_a_skat_player_does_in_every_language(lang):
    hand = skat(game="grand", mit=2, hand=True, declarer_points=92)
    assert (
        ENGINE.result_json(hand, lang=lang)["lines"][0]
        == "Grand Hand mit 2, Schneider: 5 × 24 = 120"
    )


def test_the_lines_say_the_list_entry_and_the_money():
    lines = ENGINE.result_json(skat(bid=30), lang="hu")["lines"]
    assert lines == [
        "Kreuz mit 1: 2 × 12 = 24",
        "a licit (30) nincs fedezve: vesztett, a legkisebb fedező többszörössel, 3 × 12 = 36",
        "Anna vesztett (70 ponttal): −2 × 36 = −72 a listán; páronként: Anna −144, Béla +72, "
        "Csaba +72",
    ]
    ouvert = skat(
        game="grand",
        mit=4,
        hand=True,
        announced="schwarz",
        ouvert=True,
        declarer_points=120,
        schwarz="declarer",
    )
    assert ENGINE.result_json(ouvert, lang="de")["lines"][0] == (
        "Grand Ouvert mit 4, Schneider, Schneider angesagt, Schwarz, Schwarz angesagt: "
        "11 × 24 = 264"
    )


def test_rules_show_prints_the_base_values_and_the_null_table():
    out = CliRunner().invoke(main, ["rules", "show", "skat"])
    assert out.exit_code == 0, out.output
    for line in ("  Karo               9", "  Grand              24", "  Null Ouvert Hand   59"):
        assert line in out.output.splitlines()
    shown = CliRunner().invoke(main, ["rules", "show", "skat", "--format", "json"])
    if shown.exit_code == 0:  # the JSON form, where the CLI offers it
        assert '"grand": 24' in shown.output


def test_canonical_round_trips_and_roles_name_the_declarer():
    hand, rules = ENGINE.parse(skat(sitting_out=["Dóra"], hand=True, bid=36))
    again = GAME.parse_hand(GAME.canonical(hand), rules, {})
    assert again == hand
    assert GAME.roles(hand) == {
        "Anna": "declarer",
        "Béla": "opponent",
        "Csaba": "opponent",
        "Dóra": "sitting_out",
    }

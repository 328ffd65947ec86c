"""Every impossible Skat hand is refused whole, naming the key, in English and Hungarian
(issue 13: ohne 5 in a Grand, an announcement in a game that is not Hand, Schwarz for
the declarer below 120 card points, card points in a Null game, and the rest)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.engine_helpers import ENGINE
from ulti_ledger.settlement import HandError

THREE = ["Anna", "Béla", "Csaba"]


def skat(**keys: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "ruleset": "skat",
        "players": THREE,
        "declarer": "Anna",
        "game": "grand",
        "mit": 2,
        "declarer_points": 70,
    }
    base.update(keys)
    return {k: v for k, v in base.items() if v is not None}


def refused(data: dict[str, Any]) -> HandError:
    with pytest.raises(HandError) as caught:
        ENGINE.settle(data)
    return caught.value


def test_ohne_5_in_a_grand():
    exc = refused(skat(mit=None, ohne=5))
    assert (exc.key, exc.code) == ("ohne", "matadors_range")
    assert str(exc) == "ohne: ohne 5 is impossible in a Grand game: 1 to 4 matadors"
    assert exc.text("hu") == "ohne: ohne 5 lehetetlen Grand játékban: 1–4 matador lehet"
    assert refused(skat(game="karo", mit=12)).code == "matadors_range"
    assert ENGINE.settle(skat(game="karo", mit=None, ohne=11)).score["Anna"] == 108


def test_an_announcement_in_a_game_that_is_not_a_hand_game():
    exc = refused(skat(announced="schneider"))
    assert (exc.key, exc.code) == ("announced", "announced_not_hand")
    assert str(exc) == (
        "announced: Schneider can be announced in a hand game only: this game is not Hand"
    )
    assert exc.text("hu") == (
        "announced: Schneider csak kézből játszott játékban mondható be: ez a játék nem Hand"
    )


def test_schwarz_for_the_declarer_below_120_card_points():
    exc = refused(skat(declarer_points=119 - 4, schwarz="declarer"))
    assert (exc.key, exc.code) == ("schwarz", "schwarz_points")
    assert str(exc) == (
        "schwarz: Schwarz for the declarer takes every trick, all 120 card points, not 115"
    )
    assert "mind a 120 pont" in exc.text("hu")
    opponents = refused(skat(declarer_points=30, schwarz="opponents"))
    assert opponents.code == "schwarz_points" and "at most 22 card points" in str(opponents)


def test_card_points_in_a_null_game():
    exc = refused(skat(game="null", mit=None, won=True, declarer_points=0))
    assert (exc.key, exc.code) == ("declarer_points", "points_in_null")
    assert str(exc) == (
        "declarer_points: a Null game has no declarer_points: it is won when the declarer "
        "takes no trick"
    )
    assert exc.text("hu").startswith("declarer_points: a Null játékban nincs declarer_points")
    assert refused(skat(game="null", declarer_points=None, won=True)).code == "matadors_in_null"


@pytest.mark.parametrize(
    ("keys", "key", "code"),
    [
        ({"game": "bridge"}, "game", "game_unknown"),
        ({"game": None}, "game", "game_missing"),
        ({"mit": None}, "mit", "matadors_missing"),
        ({"ohne": 1}, "ohne", "matadors_both"),
        ({"ouvert": True}, "hand", "ouvert_needs_hand"),
        ({"ouvert": True, "hand": True}, "announced", "ouvert_needs_schwarz"),
        ({"declarer_points": 121}, "declarer_points", "points_range"),
        ({"declarer_points": 1}, "declarer_points", "points_impossible"),
        ({"declarer_points": None}, "declarer_points", "result_missing"),
        ({"won": True}, "won", "won_with_points"),
        ({"bid": 17}, "bid", "bid_range"),
        (
            {"game": "null", "mit": None, "declarer_points": None, "won": True, "bid": 60},
            "bid",
            "bid_above_null",
        ),
        (  # after picking up the skat no Null covers 47: Null Ouvert's 46 is the most
            {"game": "null", "mit": None, "declarer_points": None, "won": True, "bid": 47},
            "bid",
            "bid_above_null",
        ),
        ({"kontra": 1}, "kontra", "kontra_off"),
        ({"bock": True}, "bock", "bock_off"),
        ({"renonsz": {"player": "Béla"}}, "declarer_points", "renonsz_decides"),
        (
            {"declarer_points": None, "won": True, "schwarz": "opponents"},
            "schwarz",
            "schwarz_contradicts",
        ),
        (
            {"declarer_points": None, "won": True, "hand": True, "announced": "schneider"},
            "schneider",
            "announced_missed_won",
        ),
        ({"players": ["Anna", "Béla", "Csaba", "Dóra"]}, "players", "players_count"),
        ({"outcome": "all_pass"}, "game", "all_pass_has"),
        ({"ramsch": {"loser": "Anna", "points": 50}}, "ramsch", "ramsch_not_all_pass"),
        ({"colour": "piros"}, "colour", "unknown_key"),
    ],
)
def test_each_impossible_hand_names_its_key(keys, key, code):
    exc = refused(skat(**keys))
    assert (exc.key, exc.code) == (key, code)
    assert exc.text("hu") != str(exc) or code == "unknown_key"  # said in Hungarian too


ALL_PASS = {"ruleset": "skat", "players": THREE, "outcome": "all_pass"}
RAMSCH = {**ALL_PASS, "options": {"all_pass": "ramsch"}}


@pytest.mark.parametrize(
    ("hand", "key", "code"),
    [
        ({**ALL_PASS, "ramsch": {"loser": "Anna", "points": 50}}, "ramsch", "ramsch_off"),
        (RAMSCH, "ramsch", "ramsch_missing"),
        ({**RAMSCH, "ramsch": {"loser": "Anna", "points": 121}}, "ramsch.points", "ramsch_points"),
        (
            {**RAMSCH, "ramsch": {"loser": "Anna", "points": 39}},
            "ramsch.points",
            "ramsch_alone_at_40",
        ),
        (
            {**RAMSCH, "ramsch": {"loser": "Anna", "points": 50, "jungfrau": ["Anna"]}},
            "ramsch.jungfrau",
            "jungfrau_loser",
        ),
        (  # the Jungfrau's list is read as the losers' is: each player once
            {**RAMSCH, "ramsch": {"loser": "Anna", "points": 50, "jungfrau": ["Béla", "Béla"]}},
            "ramsch.jungfrau",
            "named_twice",
        ),
        (
            {**RAMSCH, "ramsch": {"loser": ["Anna", "Anna"], "points": 50}},
            "ramsch.loser",
            "named_twice",
        ),
        (
            {**RAMSCH, "ramsch": {"loser": "Anna", "points": 120, "jungfrau": ["Béla", "Csaba"]}},
            "ramsch.jungfrau",
            "jungfrau_durchmarsch",
        ),
        (
            {**RAMSCH, "ramsch": {"durchmarsch": "Anna", "loser": "Béla"}},
            "ramsch.loser",
            "durchmarsch_has",
        ),
        (
            {
                **ALL_PASS,
                "options": {"all_pass": "ramsch", "ramsch_jungfrau": "off"},
                "ramsch": {"loser": "Anna", "points": 50, "jungfrau": ["Béla"]},
            },
            "ramsch.jungfrau",
            "jungfrau_off",
        ),
        (
            {
                **ALL_PASS,
                "options": {"all_pass": "ramsch", "ramsch_durchmarsch": "off"},
                "ramsch": {"durchmarsch": "Anna"},
            },
            "ramsch.durchmarsch",
            "durchmarsch_off",
        ),
        ({**ALL_PASS, "declarer": "Anna"}, "declarer", "all_pass_has"),
    ],
)
def test_each_impossible_all_pass_hand_names_its_key(hand, key, code):
    exc = refused(hand)
    assert (exc.key, exc.code) == (key, code)
    assert exc.text("hu") != str(exc)


@pytest.mark.parametrize(
    ("key", "game"),
    [("won", {"game": "null", "mit": None, "declarer_points": None})] + [("hand", {})],
)
def test_a_yes_no_key_that_is_not_true_or_false_has_every_games_code(key, game):
    """``not_a_boolean``, the code every other game gives for the same refusal (Skat
    said ``not_a_bool`` before: a client had to know two)."""
    exc = refused(skat(**game, **{key: "yes"}))
    assert (exc.key, exc.code) == (key, "not_a_boolean")

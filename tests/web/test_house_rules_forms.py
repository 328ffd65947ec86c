"""The hand forms of issue 25's house rules: snapszer's doubling (asked at three only; the
shared form-condition cases carry its fields, and they must be the engine's) and Skat's
Ramsch rounds, Ramsch-only evenings and tied losers, read back both ways."""

from __future__ import annotations

import json
from pathlib import Path

from ulti_ledger import games
from ulti_ledger.handform import conditions

CASES = json.loads((Path(__file__).parents[1] / "data/form_conditions.json").read_text("utf-8"))
ENGINE = games.builtin_engine()


def _form(game, options, lang="en"):
    rules = ENGINE.rulesets[game].resolve(options)
    return games.REGISTRY[game].hand_form(rules, lang), rules


def test_the_shared_snapszer_form_is_the_engine_s():
    form, _ = _form("snapszer", {"kontra": "on"})
    fields = {f["name"]: f for f in form["fields"]}
    shared = CASES["forms"]["snapszer_kontra"]["fields"]
    assert shared == [fields["outcome"], fields["kontra"]]


def test_snapszer_without_the_option_asks_no_doubling():
    form, _ = _form("snapszer", {})
    assert "kontra" not in {f["name"] for f in form["fields"]}


def test_snapszer_doubling_read_back_both_ways():
    snapszer = games.REGISTRY["snapszer"]
    form, rules = _form("snapszer", {"kontra": "on"})
    values = {"players": ["A", "B", "C"], "declarer": "A", "won": "true", "loser": "no_trick"}
    hand = snapszer.hand_from_form({**values, "kontra": "2"}, rules)
    assert hand["kontra"] == 2
    assert snapszer.form_values(hand, rules)["kontra"] == "2"
    assert "kontra" in conditions.applies(form, {**values, "outcome": "played"})


def test_skat_ramsch_only_offers_ramsch_and_a_grand_hand():
    """An evening of Ramsch only proposes the Ramsch; a Grand Hand may be declared
    (``ramsch_only_grand_hand``, on by default), and the option off leaves Ramsch alone."""
    form, _ = _form("skat", {"ramsch_only": "on"})
    outcome = next(f for f in form["fields"] if f["name"] == "outcome")
    assert [o["value"] for o in outcome["options"]] == ["", "ramsch"]
    assert outcome["default"] == "ramsch"
    strict, _ = _form("skat", {"ramsch_only": "on", "ramsch_only_grand_hand": "off"})
    outcome = next(f for f in strict["fields"] if f["name"] == "outcome")
    assert [o["value"] for o in outcome["options"]] == ["ramsch"]
    shown = conditions.applies(form, {"outcome": "ramsch"})
    assert {"ramsch_loser", "ramsch_points", "ramsch_tie"} <= set(shown)
    assert "game" not in shown and "ramsch_tie2" not in shown
    shown = conditions.applies(form, {"outcome": "ramsch", "ramsch_tie": "B"})
    assert "ramsch_tie2" in shown


def test_skat_ramsch_rounds_add_ramsch_beside_the_game():
    form, _ = _form("skat", {"bock": "on", "ramsch_after_bock": "on"})
    outcome = next(f for f in form["fields"] if f["name"] == "outcome")
    assert [o["value"] for o in outcome["options"]] == ["", "all_pass", "ramsch"]
    assert "game" in conditions.applies(form, {"outcome": ""})  # a Grand Hand may be declared
    plain, _ = _form("skat", {})
    assert "ramsch_loser" not in {f["name"] for f in plain["fields"]}


def test_skat_tied_losers_read_back_both_ways():
    skat = games.REGISTRY["skat"]
    _, rules = _form("skat", {"all_pass": "ramsch"})
    values = {"players": ["A", "B", "C"], "outcome": "all_pass", "ramsch_loser": "A"}
    hand = skat.hand_from_form({**values, "ramsch_tie": "B", "ramsch_points": "50"}, rules)
    assert hand["ramsch"] == {"loser": ["A", "B"], "points": 50}
    back = skat.form_values(hand, rules)
    assert (back["ramsch_loser"], back["ramsch_tie"]) == ("A", "B")
    one = skat.hand_from_form({**values, "ramsch_points": "50"}, rules)
    assert one["ramsch"] == {"loser": "A", "points": 50}  # one loser: his name, as before

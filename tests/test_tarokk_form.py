"""Tarokk's hand form as data: a recorded hand's form values read back to the same hand,
only the figures of the ruleset are offered, and a magas figure's kontra stops at kontra."""

from __future__ import annotations

import random

import pytest

from tests.engine_helpers import ENGINE
from ulti_ledger.games import REGISTRY
from ulti_ledger.handform import conditions

GAME = REGISTRY["tarokk"]


def _form_hand(facts):
    values = {**GAME.form_values(facts), "players": facts["players"]}
    if facts.get("sitting_out"):
        values["sitting_out"] = facts["sitting_out"]
    return GAME.hand_from_form(values, None)


@pytest.mark.parametrize("ruleset", ["tarokk", "magas-tarokk"])
def test_a_recorded_hand_comes_back_from_its_form_values(ruleset):
    rules = ENGINE.rulesets[ruleset].rules
    rng = random.Random(3)
    checked = 0
    for _ in range(400):
        facts = GAME.random_hand(rng, rules, ("A", "B", "C", "D", "E")[: rng.choice((4, 5))])
        figures = facts.get("figures", [])
        if len(figures) > 4 or len(facts.get("tarokkszam", [])) > 1:
            continue
        if any("raised_from" in f or "card" in f for f in figures):
            continue
        back = {**_form_hand(facts), "ruleset": ruleset}
        assert GAME.parse_hand(back, rules, {}) == GAME.parse_hand(facts, rules, {})
        checked += 1
    assert checked > 200


def test_only_the_rulesets_figures_are_offered_and_named_in_full():
    for ruleset, magas in (("tarokk", False), ("magas-tarokk", True)):
        rules = ENGINE.rulesets[ruleset].rules
        form = GAME.hand_form(rules, "hu")
        names = next(f for f in form["fields"] if f["name"] == "fig1_name")
        offered = {o["value"] for o in names["options"]} - {""}
        assert offered == set(rules.figures)
        assert "pagát ultimó" in {o["label"] for o in names["options"]}
        assert ("parosfacan" in offered) is magas


def test_a_magas_figures_kontra_stops_at_kontra():
    rules = ENGINE.rulesets["magas-tarokk"].rules
    form = GAME.hand_form(rules, "en")
    kontra = next(f for f in form["fields"] if f["name"] == "fig1_kontra")
    values = {"outcome": "played", "fig1_name": "szincsalad", "fig1_announced": "true"}
    shown = conditions.options(kontra, values)
    assert shown == ["0", "1"]
    shown = conditions.options(kontra, {**values, "fig1_name": "pagat-ultimo"})
    assert shown == ["0", "1", "2", "3", "4"]


def test_a_plain_harom_with_the_parti_won_is_one_preset():
    rules = ENGINE.rulesets["tarokk"].rules
    preset = next(p for p in GAME.hand_form(rules, "hu")["presets"] if p["id"] == "harom-won")
    assert preset["label"] == "három, parti megvan"
    values = {"players": ["A", "B", "C", "D"], "declarer": "A", "partner": "C", **preset["set"]}
    hand = {**GAME.hand_from_form(values, rules), "ruleset": "tarokk"}
    assert ENGINE.settle(hand).payments == {"A": 1, "C": 1, "B": -1, "D": -1}


def test_a_figure_row_defaults_to_announced_by_the_declarers_side_and_made():
    from ulti_ledger.handform import generic

    rules = ENGINE.rulesets["magas-tarokk"].rules
    form = GAME.hand_form(rules, "hu")
    values = {"players": ["A", "B", "C", "D"], "declarer": "A", "partner": "C"}
    values |= {"contract": "harom", "game_won": "true", "fig1_name": "pagat-ultimo"}
    drawn = {f["name"]: f for f in generic.draw(form, values, ("A", "B", "C", "D"), "-")}
    assert [drawn[f"fig1_{k}"]["value"] for k in ("side", "announced", "won", "kontra")] == [
        "declarer",
        "true",
        "true",
        "0",
    ]
    # what the page posts: the defaults; a row without a figure is not read
    posted = {f["name"]: f["value"] for f in drawn.values() if f["value"] is not None}
    read = generic.read(form, posted, {"players": values["players"]})
    hand = GAME.hand_from_form(read, rules)
    assert hand["figures"] == [
        {"name": "pagat-ultimo", "side": "declarer", "announced": True, "won": True, "kontra": 0}
    ]

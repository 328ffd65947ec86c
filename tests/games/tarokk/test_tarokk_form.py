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
    many = raised = 0
    for _ in range(400):
        facts = GAME.random_hand(rng, rules, ("A", "B", "C", "D", "E")[: rng.choice((4, 5))])
        back = {**_form_hand(facts), "ruleset": ruleset}
        assert GAME.parse_hand(back, rules, {}) == GAME.parse_hand(facts, rules, {})
        figures = facts.get("figures", [])
        many += len(figures) > 4 or len(facts.get("tarokkszam", [])) > 1
        raised += any("raised_from" in f for f in figures)
    assert many > 20  # more figures than the form once had rows for, two tarokkszám
    assert raised > 5 or ruleset == "tarokk"  # emelés is magas tarokk's


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


def test_a_figures_suit_and_the_figure_it_was_raised_from_come_back():
    rules = ENGINE.rulesets["magas-tarokk"].rules
    figures = [
        {"name": "kiraly-uhu", "side": "declarer", "announced": True, "won": True, "card": "kor"},
        {"name": "szincsalad", "side": "opponents", "announced": True, "won": False},
        {"name": "pagat-kismadar", "side": "declarer", "announced": True, "won": False},
        {"name": "volat", "side": "declarer", "announced": False, "won": True},
    ]
    figures[1]["card"] = "pikk"
    figures[2].update(kontra=1, raised_from="pagat-ultimo")
    facts = {"ruleset": "magas-tarokk", "players": ["A", "B", "C", "D"], "declarer": "A"}
    facts.update(partner="C", contract="harom", game={"won": True}, figures=figures)
    back = {**_form_hand(facts), "ruleset": "magas-tarokk"}
    assert GAME.parse_hand(back, rules, {}) == GAME.parse_hand(facts, rules, {})
    assert [f.get("card") for f in back["figures"]] == ["kor", "pikk", None, None]
    assert back["figures"][2]["raised_from"] == "pagat-ultimo"


def test_the_suit_and_raised_from_show_where_they_apply():
    form = GAME.hand_form(ENGINE.rulesets["magas-tarokk"].rules, "hu")
    fields = {f["name"]: f for f in form["fields"]}
    values = {"outcome": "played", "fig1_name": "pagat-kismadar", "fig1_announced": "true"}
    assert not conditions.shows(fields["fig1_card"], values)
    assert conditions.shows(fields["fig1_raised_from"], values)
    lower = conditions.options(fields["fig1_raised_from"], values)
    assert lower == ["", "pagat-ultimo", "pagat-uhu", "pagat-nagymadar"]
    assert not conditions.shows(fields["fig1_raised_from"], {**values, "fig1_announced": "false"})
    assert conditions.shows(fields["fig1_card"], {**values, "fig1_name": "kiraly-ultimo"})
    plain = {f["name"] for f in GAME.hand_form(ENGINE.rulesets["tarokk"].rules, "hu")["fields"]}
    assert "fig1_card" in plain and "fig1_raised_from" not in plain  # no emelés in tarokk


def test_a_figure_row_unfolds_only_once_the_row_before_names_a_figure():
    form = GAME.hand_form(ENGINE.rulesets["magas-tarokk"].rules, "hu")
    shown = conditions.applies(form, {"outcome": "played"})
    assert [name for name in shown if name.startswith("fig")] == ["fig1_name"]
    values = {"outcome": "played", "fig1_name": "volat", "tarokkszam": "A"}
    shown = conditions.applies(form, values)
    assert "fig2_name" in shown and "fig3_name" not in shown and "fig2_side" not in shown
    assert "tarokkszam2" in shown and "tarokkszam2_count" not in shown


@pytest.mark.parametrize(
    "lang, unit", [("hu", "{} pont"), ("en", "{} points"), ("de", "{} Punkte")]
)
def test_the_renonsz_votes_name_the_kittys_amounts_in_the_rulesets_points(lang, unit):
    """Magas tarokk's renonsz vote (seed section 16: 150 Ft, or the point value at least
    150 Ft) is offered in points from the ruleset (1 point = 5 Ft: 30), never in money: the
    page works the money out from the evening's stake and currency."""
    rules = ENGINE.rulesets["magas-tarokk"].rules
    form = GAME.hand_form(rules, lang)
    ruling = next(f for f in form["fields"] if f["name"] == "ruling")
    labels = {o["value"]: o["label"] for o in ruling["options"]}
    assert rules.kitty_new_deal == rules.kitty_points_min == 30
    assert unit.format(30) in labels["new_deal_kitty"]
    assert unit.format(30) in labels["points_to_kitty"]
    for label in labels.values():
        assert "{" not in label
        assert not any(m in label for m in ("Ft", "HUF", "forint", "€", "EUR", "150"))

"""Ulti's hand read back from the drawn form (``games/ulti/form_read``, ``handform/generic``).

A recorded hand shown on the drawn form (its ``form_values``), posted as a browser would
post the page (every chosen chip, shown or hidden), read back by ``generic.read`` and
turned into a hand by ``hand_from_form`` is the same hand: every kind of hand, and many
random ones of every Ulti ruleset.
"""

from __future__ import annotations

import random

import pytest

from tests.conftest import HAND_KINDS
from ulti_ledger import games
from ulti_ledger.games.ulti import form_read
from ulti_ledger.handform import generic

SEATS = ("Anna", "Béla", "Csaba", "Dóra")
ENGINE = games.builtin_engine()
ULTI = games.REGISTRY["ulti"]
RULESETS = [r for r in ENGINE.rulesets.values() if r.resolve({}).scorer == "ulti"]


def facts_of(hand, defaults):
    parsed, rules = ENGINE.parse(hand, defaults)
    return ULTI.canonical(parsed), rules


def posted_by_browser(fields):
    """What the page's form posts: each field's chosen chip, shown or hidden (no script)."""
    out = {}
    for field in fields:
        for row in field.get("rows", ()):
            if row["value"] is not None:
                out[row["name"]] = row["value"]
        values = {o["value"] for o in field["options"]}
        if not field.get("rows") and field["value"] in values:
            out[field["name"]] = field["value"]
    return out


def through_the_form(facts, rules, dealer):
    form = ULTI.hand_form(rules, "hu")
    deal = {"players": facts["players"], "sitting_out": facts.get("sitting_out", [])}
    deal.update(dealer=dealer, seats=list(SEATS))
    values = {**deal, **form_read.form_values(facts, rules)}
    posted = posted_by_browser(generic.draw(form, values, SEATS, "senki"))
    hand = form_read.hand_from_form(generic.read(form, posted, deal), rules)
    assert hand.pop("dealer") == dealer
    return hand


@pytest.mark.parametrize("name", sorted(HAND_KINDS))
def test_every_kind_of_hand_comes_back_from_the_drawn_form(name):
    hand = {k: v for k, v in HAND_KINDS[name].items() if k != "options"}
    options = HAND_KINDS[name].get("options", {})
    defaults = {"ruleset": "ulti", "options": options}
    facts, rules = facts_of(hand, defaults)
    again, _ = facts_of(through_the_form(facts, rules, "Dóra"), defaults)
    assert again == facts


@pytest.mark.parametrize("ruleset", RULESETS, ids=[r.id for r in RULESETS])
def test_random_hands_come_back_from_the_drawn_form(ruleset):
    rules = ruleset.resolve({})
    rng = random.Random(ruleset.id)
    seats = SEATS[: rules.active_players + rules.max_sitting_out]
    for _ in range(150):
        hand = ULTI.random_hand(rng, rules, seats)
        if hand.get("outcome") == "all_pass" and hand["declarer"] != hand["players"][0]:
            continue  # the ledger refuses it: only the first bidder throws in
        facts, _ = facts_of(hand, {"ruleset": ruleset.id})
        again, _ = facts_of(through_the_form(facts, rules, seats[-1]), {"ruleset": ruleset.id})
        # the form lists silent results in the ruleset's order, a random hand in any
        by_name = sorted(facts.get("silent", []), key=lambda s: s["name"])
        assert {**again, "silent": by_name} == {**facts, "silent": by_name}, hand
        assert sorted(again.get("silent", []), key=lambda s: s["name"]) == by_name


def rules_and_form():
    rules = ENGINE.ruleset("ulti").resolve({})
    return rules, ULTI.hand_form(rules, "hu")


DEAL = {"players": ["Béla", "Csaba", "Dóra"], "sitting_out": ["Anna"], "dealer": "Anna"}
DEAL_AT = {**DEAL, "seats": list(SEATS)}


def test_a_kontra_of_one_defender_is_asked_by_his_place_at_the_table():
    rules, form = rules_and_form()
    posted = {"declarer": "Béla", "contract": "betli", "colour": "", "won-betli": "0"}
    # seats: Anna 0 (sits out), Béla 1, Csaba 2, Dóra 3
    posted.update({"kontra-betli-0": "2", "kontra-betli-1": "3"})
    posted.update({"kontra-betli-2": "0", "kontra-betli-3": "1"})
    hand = form_read.hand_from_form(generic.read(form, posted, DEAL_AT), rules)
    # Anna's and Béla's rows (she sits out, he plays the betli) are not read
    assert hand["components"] == [
        {"name": "betli", "won": False, "kontra": {"Csaba": 0, "Dóra": 1}}
    ]


def test_a_defender_s_own_silent_result_names_him():
    rules = ENGINE.ruleset("ulti").resolve({"defender_silent_ulti": "everyone"})
    form = ULTI.hand_form(rules, "hu")
    field = next(f for f in form["fields"] if f["name"] == "silent-ulti")
    assert field["of"] == "defenders"
    posted = {"declarer": "Béla", "contract": "passz", "colour": "piros", field["name"]: "Dóra"}
    drawn = {f["name"]: f for f in generic.draw(form, {**DEAL, **posted}, SEATS, "senki")}
    shown = [o["value"] for o in drawn[field["name"]]["options"] if o["shown"]]
    assert "Béla" not in shown and {"Csaba", "Dóra"} <= set(shown)
    silent = form_read.hand_from_form(generic.read(form, posted, DEAL), rules).get("silent", [])
    assert {"side": "defenders", "player": "Dóra"}.items() <= silent[0].items()


def test_the_defenders_csendes_100_loses_the_parti_on_the_server_too():
    rules, form = rules_and_form()
    posted = {"declarer": "Béla", "contract": "passz", "colour": "piros", "outcome": "played"}
    posted.update({"won-parti": "1", "silent-100": "defenders"})
    values = generic.read(form, posted, DEAL)
    assert values["won-parti"] == "0"
    drawn = {f["name"]: f for f in generic.draw(form, values, SEATS, "senki")}
    assert "a parti bukott" in drawn["won-parti"]["note"]
    assert drawn["won-parti"]["value"] == "0"
    hand = form_read.hand_from_form(values, rules)
    assert hand["components"] == [{"name": "parti", "won": False}]


def test_mindenki_passz_is_thrown_in_by_the_first_bidder_whoever_was_tapped():
    rules, form = rules_and_form()
    posted = {"declarer": "Csaba", "preset": "all-pass"}
    values = generic.read(form, posted, DEAL)
    assert values["declarer"] == "Béla"
    hand = form_read.hand_from_form(values, rules)
    assert hand == {**DEAL, "declarer": "Béla", "outcome": "all_pass"}
    drawn = {f["name"]: f for f in generic.draw(form, values, SEATS, "senki")}
    assert drawn["declarer"]["note"].startswith("Mindenki passz: csak az első licitáló")


def test_the_defaults_are_chosen_until_the_scorer_chooses():
    _, form = rules_and_form()
    drawn = {f["name"]: f for f in generic.draw(form, dict(DEAL), SEATS, "senki")}
    assert drawn["outcome"]["value"] == "played" and drawn["won-parti"]["value"] == "1"
    assert drawn["declarer"]["value"] is None and drawn["contract"]["value"] is None
    rows = drawn["kontra-betli"]["rows"]
    assert [r["value"] for r in rows] == ["0", "0", "0", "0"]
    assert [r["shown"] for r in rows] == [False, True, True, True]  # Anna sits out

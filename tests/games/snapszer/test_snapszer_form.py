"""Snapszer's hand form: a new deal is a choice of its own, and a recorded one comes back."""

from __future__ import annotations

from tests.engine_helpers import ENGINE
from ulti_ledger.games import REGISTRY
from ulti_ledger.handform import conditions

GAME = REGISTRY["snapszer"]
RULES = ENGINE.rulesets["snapszer"].rules


def test_a_recorded_new_deal_comes_back_from_its_form_values():
    for players, partner in ((["A", "B", "C"], {}), (["A", "B", "C", "D"], {"partner": "D"})):
        facts = {"ruleset": "snapszer", "players": players, "declarer": "B", "outcome": "redeal"}
        facts.update(partner)
        values = {"players": players, **GAME.form_values(facts, RULES)}
        assert values["outcome"] == "redeal"
        back = {**GAME.hand_from_form(values, RULES), "ruleset": "snapszer"}
        assert GAME.parse_hand(back, RULES, {}) == GAME.parse_hand(facts, RULES, {})


def test_a_new_deal_hides_the_result_fields():
    form = GAME.hand_form(RULES, "hu")
    fields = {f["name"]: f for f in form["fields"]}
    assert fields["outcome"]["default"] == "played"
    labels = {o["value"]: o["label"] for o in fields["outcome"]["options"]}
    assert labels == {"played": "lejátszották", "redeal": "újraosztás"}
    values = {"players": ["A", "B", "C"], "declarer": "A", "renonsz": "", "winner": ""}
    for name in ("won", "loser", "snapszer", "renonsz"):
        assert conditions.shows(fields[name], {**values, "outcome": "played"}), name
        assert not conditions.shows(fields[name], {**values, "outcome": "redeal"}), name

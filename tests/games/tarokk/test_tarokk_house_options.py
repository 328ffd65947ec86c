"""Tarokk's house rules of issue 25 (RULES.md "Decisions for the other games"), each a named
option whose default is the ITVB reading: their hands settle zero-sum with lines that add
up and words in every language, their canonical form parses back, the form offers their
facts only where they count, and a double round is proposed after an annulled deal. The
per-choice payments are the vectors of ``ulti_ledger/games/tarokk/vectors/own.json``."""

from __future__ import annotations

import random

import pytest

from tests.engine_helpers import ENGINE, tarokk_hand
from ulti_ledger.games import REGISTRY
from ulti_ledger.settlement import HandError

GAME = REGISTRY["tarokk"]
OPTIONS = {
    "silent_over_failed": "on",
    "silent_kings_beside_dupla": "void",
    "tie_kontra": "single",
    "kontra_silent_pair": "on",
    "double_round": "on",
    "lone_value": "szolo",
}
TABLE = ("A", "B", "C", "D", "E")


@pytest.mark.parametrize("ruleset", ["tarokk", "magas-tarokk"])
@pytest.mark.parametrize(("name", "value"), list(OPTIONS.items()))
def test_random_hands_under_each_house_rule_add_up(ruleset, name, value):
    """Zero sum, the lines add up to the payments and are said in every language, and the
    stored form of a hand parses back to it, under each non-default choice."""
    rules = ENGINE.ruleset(ruleset).resolve({name: value})
    rng = random.Random(11)
    for _ in range(300):
        facts = GAME.random_hand(rng, rules, TABLE[: rng.choice((4, 5))])
        hand = GAME.parse_hand(facts, rules, {})
        settlement = GAME.settle(hand, rules)
        assert sum(settlement.payments.values()) == 0
        summed = dict.fromkeys(settlement.payments, 0)
        for line in settlement.lines:
            assert sum(line.amounts.values()) == 0
            for who, units in line.amounts.items():
                summed[who] += units
        assert summed == dict(settlement.payments)
        for lang in ("hu", "en", "de"):
            assert all(GAME.describe(line, lang) for line in settlement.lines)
        again = GAME.parse_hand({**GAME.canonical(hand), "ruleset": ruleset}, rules, {})
        assert again == hand


def test_a_doubled_hand_says_so_and_doubles_everything():
    hand = tarokk_hand(
        double=True, tarokkszam=[{"player": "E", "count": 8}], options={"double_round": "on"}
    )
    result = ENGINE.result_json(hand, lang="en")
    once = ENGINE.result_json({**hand, "double": False}, lang="en")
    assert result["payments"] == {name: 2 * units for name, units in once["payments"].items()}
    assert result["lines"][-1].startswith("a double round after an annulled deal")


def test_the_47_47_fact_is_checked():
    hand = tarokk_hand(game={"won": True, "tie": True})
    with pytest.raises(HandError) as refused:
        ENGINE.settle(hand)
    assert refused.value.key == "game.tie" and refused.value.code == "tie_won"
    lost = tarokk_hand(game={"won": False, "kontra": 1, "tie": True})
    assert ENGINE.settle(lost).payments["S"] == -2 * 2  # kettő (g=2), kontra x2: ITVB
    single = {**lost, "options": {"tie_kontra": "single"}}
    assert ENGINE.settle(single).payments["S"] == -2


def test_the_form_offers_the_facts_only_where_they_count():
    plain = {f["name"] for f in GAME.hand_form(ENGINE.ruleset("tarokk").rules, "hu")["fields"]}
    assert not {"tie", "double"} & plain
    rules = ENGINE.ruleset("tarokk").resolve({"tie_kontra": "single", "double_round": "on"})
    fields = {f["name"]: f for f in GAME.hand_form(rules, "en")["fields"]}
    assert fields["tie"]["label"] == "The parti ended 47:47"
    assert fields["double"]["kind"] == "toggle"
    values = {
        "players": ["S", "E", "N", "W"],
        "declarer": "S",
        "partner": "N",
        "contract": "ketto",
        "game_won": "false",
        "game_kontra": "1",
        "tie": "true",
        "double": "true",
    }
    hand = GAME.hand_from_form(values, rules)
    assert hand["game"] == {"won": False, "kontra": 1, "tie": True} and hand["double"] is True
    again = GAME.form_values(hand, rules)
    assert again["tie"] == "true" and again["double"] == "true"


def test_a_double_round_is_proposed_after_an_annulled_deal():
    """As many hands as sat at the annulled deal's table are proposed double; a new
    annulled deal starts the round again; without the house rule nothing is proposed."""
    rules = ENGINE.ruleset("tarokk").resolve({"double_round": "on"})
    plain, redeal = {}, {"redeal": 4}
    assert GAME.form_proposal([plain], rules) == {}
    assert GAME.form_proposal([plain, redeal], rules) == {"double": "true"}
    assert GAME.form_proposal([redeal, plain, plain, plain], rules) == {"double": "true"}
    assert GAME.form_proposal([redeal, plain, plain, plain, plain], rules) == {}
    assert GAME.form_proposal([redeal, plain, {"redeal": 5}, plain], rules) == {"double": "true"}
    assert GAME.form_proposal([redeal], ENGINE.ruleset("tarokk").rules) == {}
    row = GAME.row(
        {},
        GAME.parse_hand(
            tarokk_hand(outcome="redeal", contract=None, game=None, partner=None), rules, {}
        ),
        rules,
        "hu",
    )
    assert row["redeal"] == 4

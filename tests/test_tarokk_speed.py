"""The tarokk engine's short paths give what the long ones give: the team part summed in
one pass equals its lines' items, and the memo of checked figure entries never lets a
value of the wrong type through (``1`` for ``true``, ``"kontra": null``)."""

from __future__ import annotations

import copy
import random

import pytest

from tests.engine_helpers import ENGINE
from ulti_ledger.games import REGISTRY
from ulti_ledger.games.tarokk.hand import parse_hand
from ulti_ledger.games.tarokk.parti import team_items, team_value
from ulti_ledger.settlement.errors import HandError

GAME = REGISTRY["tarokk"]
RULESETS = ("tarokk", "magas-tarokk")
TABLES = (("A", "B", "C", "D"), ("A", "B", "C", "D", "E"))


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_team_value_is_the_sum_of_the_team_items(ruleset):
    rules = ENGINE.rulesets[ruleset].rules
    rng = random.Random(14)
    checked = 0
    for i in range(3000):
        hand = parse_hand(GAME.random_hand(rng, rules, TABLES[i % 2]), rules)
        if hand.game_won is None:
            continue
        args = (hand.g, hand.game_won, hand.game_kontra, hand.figures, rules)
        items = team_items(*args)
        total = sum(item.value if item.to == "declarer" else -item.value for item in items)
        assert team_value(*args) == total == hand.team
        checked += 1
    assert checked > 2000


def _played_with_figure(ruleset: str) -> dict:
    rules = ENGINE.rulesets[ruleset].rules
    rng = random.Random(3)
    while True:
        data = GAME.random_hand(rng, rules, TABLES[0])
        hand = parse_hand(data, rules)
        if hand.game_won is not None and any(f.announced for f in hand.figures):
            return data


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize(
    ("key", "value", "problem"),
    [
        ("won", 1, "must be true (made) or false (failed)"),
        ("announced", 1, "must be true (announced)"),
        ("kontra", None, "must be a kontra level"),
        ("kontra", True, "must be a kontra level"),
    ],
)
def test_a_remembered_figure_does_not_pass_a_value_of_the_wrong_type(ruleset, key, value, problem):
    data = _played_with_figure(ruleset)
    ENGINE.settle(data)  # its figures are remembered now
    ENGINE.settle(data)
    index = next(i for i, f in enumerate(data["figures"]) if f["announced"])
    bad = copy.deepcopy(data)
    bad["figures"][index][key] = value
    with pytest.raises(HandError) as caught:
        ENGINE.settle(bad)
    assert caught.value.key == f"figures[{index}].{key}"
    assert problem in str(caught.value)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_remembered_silent_figure_refuses_a_kontra_key(ruleset):
    rules = ENGINE.rulesets[ruleset].rules
    rng = random.Random(5)
    while True:
        data = GAME.random_hand(rng, rules, TABLES[0])
        hand = parse_hand(data, rules)
        silent = [i for i, f in enumerate(hand.figures) if not f.announced]
        if hand.game_won is not None and silent:
            break
    ENGINE.settle(data)
    bad = copy.deepcopy(data)
    bad["figures"][silent[0]]["kontra"] = 0
    with pytest.raises(HandError) as caught:
        ENGINE.settle(bad)
    assert caught.value.key == f"figures[{silent[0]}].kontra"

"""The one-pass check of a component list without silent results says what the full sweep
and 100-point checks say, for every contract of every shipped Ulti ruleset and every way
its components can be made or lost (consistency.py)."""

from __future__ import annotations

from itertools import product

import pytest

from tests.engine_helpers import ENGINE, hand
from ulti_ledger.games.ulti.consistency import _check_side_result, _declarer_consistent
from ulti_ledger.games.ulti.hand import Component
from ulti_ledger.settlement import HandError

RULES = [r.rules for r in ENGINE.rulesets.values() if r.scorer == "ulti"]


def _full_check_passes(rules, components) -> bool:
    try:
        _check_side_result(rules, components, (), True, "all ten tricks")
        _check_side_result(rules, components, (), False, "100 points")
    except HandError:
        return False
    return True


@pytest.mark.parametrize("rules", RULES, ids=lambda r: r.id)
def test_the_one_pass_check_agrees_with_the_full_one(rules):
    refused = 0
    for contract in rules.contracts:
        for results in product((True, False), repeat=len(contract.components)):
            components = tuple(
                Component(name, contract.open, won, (0, 0))
                for name, won in zip(contract.components, results, strict=True)
            )
            passes = _full_check_passes(rules, components)
            assert _declarer_consistent(rules, components) == passes, (contract.id, results)
            refused += not passes
    assert refused  # the rulesets do have contracts a sweep contradicts


@pytest.mark.parametrize(
    ("components", "key", "code"),
    [
        (
            [{"name": "durchmars", "won": True}, {"name": "ulti", "won": False}],
            "components[1].won",
            "sweep_beside_lost_why",
        ),
        (
            [{"name": "durchmars", "won": True}, {"name": "40-100", "won": False}],
            "components[1].won",
            "sweep_beside_lost",
        ),
    ],
)
def test_a_new_list_with_a_sweep_beside_a_loss_is_refused(components, key, code):
    ENGINE.rulesets["ulti"].rules.forget()  # a new list: the one-pass check runs
    with pytest.raises(HandError) as caught:
        ENGINE.settle(hand(components=components))
    assert (caught.value.key, caught.value.code) == (key, code)

"""The engine remembers validated seatings, component and silent lists: never a wrong answer.

A memo keyed by plain values would take ``1`` for ``true`` (they are equal in Python);
these tests warm the memo with a valid hand, then send its look-alikes.
"""

from __future__ import annotations

import copy

import pytest
from hypothesis import given, settings

from tests.engine_helpers import ENGINE, hand
from tests.games.ulti.test_ulti_properties import legal_hands
from ulti_ledger.games.ulti.hand import MEMO_SIZE
from ulti_ledger.settlement import HandError


def _silent(**item):
    return [{"name": "100", "side": "declarer", "won": True, **item}]


LOOK_ALIKES = [
    # (valid hand, a hand equal to it in Python but not in JSON, the key the error names)
    (hand(), hand(components=[{"name": "parti", "won": 1}]), "components[0].won"),
    (
        hand(components=[{"name": "parti", "won": False}]),
        hand(components=[{"name": "parti", "won": 0}]),
        "components[0].won",
    ),
    (
        hand(components=[{"name": "parti", "won": True, "kontra": 1}]),
        hand(components=[{"name": "parti", "won": True, "kontra": True}]),
        "components[0].kontra",
    ),
    (
        hand(components=[{"name": "parti", "won": True, "kontra": 1}]),
        hand(components=[{"name": "parti", "won": True, "kontra": 1.0}]),
        "components[0].kontra",
    ),
    (
        hand(colour=None, components=[{"name": "betli", "won": True, "open": True}]),
        hand(colour=None, components=[{"name": "betli", "won": True, "open": 1}]),
        "components[0].open",
    ),
    (
        hand(silent=_silent()),
        hand(silent=_silent(won=1)),
        "silent[0].won",
    ),
    (
        hand(colour=None, components=[{"name": "betli", "won": True, "kontra": {"Béla": 1}}]),
        hand(colour=None, components=[{"name": "betli", "won": True, "kontra": {"Béla": True}}]),
        "components[0].kontra.Béla",
    ),
    (
        hand(colour=None, components=[{"name": "betli", "won": True, "kontra": {"Béla": 1}}]),
        hand(colour=None, components=[{"name": "betli", "won": True, "kontra": {"Béla": "1"}}]),
        "components[0].kontra.Béla",
    ),
    (hand(), hand(components=({"name": "parti", "won": True},)), "components"),
    (hand(), hand(players=("Anna", "Béla", "Csaba")), "players"),
    (
        hand(sitting_out=["Dóra"]),
        hand(sitting_out=("Dóra",)),
        "sitting_out",
    ),
]


@pytest.mark.parametrize(("valid", "look_alike", "key"), LOOK_ALIKES)
def test_a_remembered_hand_never_lets_its_look_alike_through(valid, look_alike, key):
    ENGINE.settle(valid)
    ENGINE.settle(copy.deepcopy(valid))  # now certainly remembered
    with pytest.raises(HandError) as caught:
        ENGINE.settle(look_alike)
    assert caught.value.key == key


def test_the_memo_stops_growing_at_its_size():
    rules = ENGINE.rulesets["ulti"].rules
    rules.forget()
    for i in range(MEMO_SIZE + 50):
        ENGINE.settle(hand(players=[f"A{i}", "B", "C"], declarer="B"))
    assert len(rules.seatings) == MEMO_SIZE
    ENGINE.settle(hand(players=["late", "B", "C"], declarer="late"))  # still settled
    rules.forget()


def test_per_defender_kontra_is_remembered_with_its_defenders():
    betli = {"name": "betli", "won": False, "kontra": {"Béla": 1}}
    first = ENGINE.settle(hand(colour=None, components=[betli])).payments
    again = ENGINE.settle(hand(colour=None, components=[betli])).payments
    assert first == again == {"Anna": -15, "Béla": 10, "Csaba": 5}
    # the same list at a table where Csaba declares: Béla's kontra, now the first defender's
    other = hand(colour=None, declarer="Csaba", components=[betli])
    assert ENGINE.settle(other).payments == {"Anna": 5, "Béla": 10, "Csaba": -15}


@settings(max_examples=300, deadline=None)
@given(legal_hands())
def test_a_remembered_hand_settles_as_a_fresh_one(data):
    _, rules = ENGINE.parse(data)
    rules.forget()
    cold = ENGINE.settle(data)
    warm = ENGINE.settle(copy.deepcopy(data))
    assert warm.payments == cold.payments
    assert warm.lines == cold.lines


def test_long_names_are_settled_but_not_remembered():
    rules = ENGINE.rulesets["ulti"].rules
    rules.forget()
    long = "x" * 100_000
    payments = ENGINE.settle(hand(players=[long, "B", "C"], declarer="B")).payments
    assert payments == {long: -1, "B": 2, "C": -1}
    assert not rules.seatings


def test_a_remembered_silent_list_is_still_checked_against_the_hand():
    sweep = [{"name": "durchmars", "side": "defenders", "won": True}]
    lost = hand(components=[{"name": "parti", "won": False}], silent=sweep)
    ENGINE.settle(lost)
    ENGINE.settle(copy.deepcopy(lost))  # the silent list is remembered now
    made = hand(components=[{"name": "parti", "won": True}], silent=sweep)
    with pytest.raises(HandError) as caught:
        ENGINE.settle(made)
    assert caught.value.key == "components[0].won"
    assert "all ten tricks" in caught.value.problem


def test_a_new_list_reuses_its_remembered_components_and_forget_empties_them():
    rules = ENGINE.rulesets["ulti"].rules
    rules.forget()
    ulti = {"name": "ulti", "won": True}
    ENGINE.settle(hand(components=[{"name": "parti", "won": True}, ulti]))
    assert len(rules.component_items) == 2
    # a new list of one remembered component and one new one: only the new one is added
    ENGINE.settle(hand(components=[{"name": "parti", "won": False}, ulti]))
    assert len(rules.component_items) == 3
    assert len(rules.component_lists) == 2
    rules.forget()
    assert not rules.component_items and not rules.component_lists


COMPONENT_LOOK_ALIKES = [
    # (a list that leaves its first component remembered, a new list whose first component
    # looks like it in Python but not in JSON, the key the error names)
    (
        [{"name": "parti", "won": True}],
        [{"name": "parti", "won": 1}, {"name": "ulti", "won": True}],
    ),
    (
        [{"name": "parti", "won": True, "kontra": 1}],
        [{"name": "parti", "won": True, "kontra": True}, {"name": "ulti", "won": True}],
    ),
    (
        [{"name": "parti", "won": True, "kontra": 1}],
        [{"name": "parti", "won": True, "kontra": 1.0}, {"name": "ulti", "won": True}],
    ),
]


@pytest.mark.parametrize(("remembered", "look_alike"), COMPONENT_LOOK_ALIKES)
def test_a_remembered_component_never_lets_its_look_alike_through(remembered, look_alike):
    ENGINE.settle(hand(components=remembered))
    ENGINE.settle(hand(components=copy.deepcopy(remembered)))
    with pytest.raises(HandError) as caught:
        ENGINE.settle(hand(components=look_alike))
    assert caught.value.key.startswith("components[0].")


def test_a_remembered_per_defender_kontra_is_read_for_the_new_defenders():
    """A component with a per-defender kontra, remembered at one seating, in a new list
    at another: the levels follow the names, not the order."""
    rules = ENGINE.rulesets["ulti"].rules
    rules.forget()
    betli = {"name": "betli", "won": False, "kontra": {"Béla": 1}}
    # remembered with Anna declaring: Béla is the first defender
    ENGINE.settle(hand(colour=None, components=[betli]))
    parsed, _ = ENGINE.parse(hand(colour=None, declarer="Csaba", components=[betli]))
    assert parsed.defenders == ("Anna", "Béla")
    assert parsed.components[0].kontra == (0, 1)

"""Ulti's short ways give the long ways' answers: a hand's payments from its component
list's remembered stakes, the memo's per-defender marks, and a settlement whose lines
are worked out later."""

from __future__ import annotations

import copy
import json

import pytest
from hypothesis import given, settings

from tests.engine_helpers import ENGINE, hand
from tests.games.ulti.test_ulti_properties import legal_hands
from ulti_ledger.games.ulti import score
from ulti_ledger.games.ulti.hand import BY_DEFENDERS
from ulti_ledger.games.ulti.stakes import stakes
from ulti_ledger.settlement import HandError
from ulti_ledger.settlement.result import Line, Settlement, explained_later


def _line_totals(settlement) -> dict[str, int]:
    """The payments the explanation lines add up to (built the long way, per term)."""
    total = dict.fromkeys(settlement.payments, 0)
    for line in settlement.lines:
        for player, amount in line.amounts.items():
            total[player] += amount
    return total


@settings(max_examples=300, deadline=None)
@given(legal_hands())
def test_remembered_stakes_pay_what_the_lines_say_cold_and_warm(data):
    parsed, rules = ENGINE.parse(data)
    rules.forget()
    cold = ENGINE.settle(data)
    warm = ENGINE.settle(copy.deepcopy(data))
    assert dict(warm.payments) == dict(cold.payments) == _line_totals(cold)
    # the same hand without its stakes (as a hand made otherwise than by parse_hand)
    bare = score.settle(parsed._replace(stakes=None), rules)
    assert dict(bare.payments) == dict(cold.payments)


@pytest.mark.parametrize(
    ("colour", "components"),
    [
        (None, [{"name": "betli", "won": False, "kontra": {"Béla": 1}}]),
        (None, [{"name": "betli", "won": True, "kontra": {"Béla": 2, "Csaba": 2}}]),
        ("piros", [{"name": "parti", "won": True}, {"name": "ulti", "won": False, "kontra": 1}]),
    ],
)
def test_one_remembered_list_pays_right_with_and_without_a_paying_dealer(colour, components):
    """The list's stakes hold both: the defenders alone, and the sitting-out dealer paying
    too (at no kontra of his own where the kontra is individual)."""
    options = {"four_player_dealer": "pays_as_defender"}
    three = hand(colour=colour, components=components, options=options)
    four = hand(colour=colour, components=components, options=options, sitting_out=["Dóra"])
    _, rules = ENGINE.parse(three)
    rules.forget()
    for data in (three, four, copy.deepcopy(three), copy.deepcopy(four)):
        settlement = ENGINE.settle(data)
        assert dict(settlement.payments) == _line_totals(settlement)
    assert ENGINE.settle(four).payments["Dóra"] != 0


def test_stakes_follow_the_payers_and_skip_a_replaced_parti():
    rules = ENGINE.rulesets["ulti"].rules
    parsed, _ = ENGINE.parse(
        hand(components=[{"name": "parti", "won": True}, {"name": "ulti", "won": False}])
    )
    parti, ulti = (rules.values[c.name, c.open, None] for c in parsed.components)
    lost = (rules.powers[0] + rules.failed_extras[parsed.contract.id]["ulti"]) * ulti
    assert stakes(parsed.components, parsed.contract, rules, 2) == (parti - lost, None)
    assert stakes(parsed.components, parsed.contract, rules, 2, parti=False) == (-lost, None)


def test_a_per_defender_list_is_marked_and_kept_with_its_defenders():
    rules = ENGINE.rulesets["ulti"].rules
    rules.forget()
    betli = {"name": "betli", "won": False, "kontra": {"Béla": 1}}
    ENGINE.settle(hand(colour=None, components=[betli]))
    marks = [key for key, value in rules.component_lists.items() if value is BY_DEFENDERS]
    assert len(marks) == 1
    assert (marks[0], ("Béla", "Csaba")) in rules.component_lists
    # the same list with other defenders: kept beside, under its own defenders
    ENGINE.settle(hand(colour=None, declarer="Csaba", components=[betli]))
    assert (marks[0], ("Anna", "Béla")) in rules.component_lists
    assert sum(value is BY_DEFENDERS for value in rules.component_lists.values()) == 1
    rules.forget()


def test_equal_lists_from_shared_or_fresh_objects_settle_alike():
    """Memo keys may differ where objects are shared (marshal's references): a miss,
    never another answer."""
    kontra = {"Béla": 1, "Csaba": 1}
    shared = [{"name": "betli", "won": False, "kontra": kontra}]
    fresh = json.loads(json.dumps(shared))
    literal = hand(colour=None, components=shared)
    decoded = hand(colour=None, components=fresh)
    assert ENGINE.settle(literal).payments == ENGINE.settle(decoded).payments
    twice = [
        {"name": "40-100", "won": True, "kontra": 1},
        {"name": "ulti", "won": True, "kontra": 1},
    ]
    again = json.loads(json.dumps(twice))
    assert ENGINE.settle(hand(components=twice)).payments == (
        ENGINE.settle(hand(components=again)).payments
    )


def test_a_component_object_listed_twice_is_refused_warm_or_cold():
    parti = {"name": "parti", "won": True}
    ENGINE.settle(hand(components=[parti]))
    for _ in range(2):
        with pytest.raises(HandError):
            ENGINE.settle(hand(components=[parti, parti]))


def test_a_settlement_explained_later_is_a_settlement():
    calls = []

    def explain(a, b):
        calls.append((a, b))
        return (Line("x", {"a": a}, {"P": b, "Q": -b}),)

    later = explained_later({"P": 2, "Q": -2}, explain, (1, 2))
    assert isinstance(later, Settlement)
    assert later.score is None and later.kitty is None
    assert not calls  # nothing worked out before it is read
    assert later.lines == later.lines == (Line("x", {"a": 1}, {"P": 2, "Q": -2}),)
    assert calls == [(1, 2)]  # once
    assert repr(later) == "Settlement(payments={'P': 2, 'Q': -2})"
    eager = Settlement({"P": 2, "Q": -2}, None, lambda: explain(1, 2))
    assert eager.lines == later.lines


def test_a_settlement_explained_later_carries_its_kitty_move():
    from ulti_ledger.settlement.kitty import KittyMove

    move = KittyMove(payers=("P",), amount=10)
    later = explained_later({"P": 0, "Q": 0}, lambda: (), (), move)
    assert later.kitty is move
    assert later.lines == ()

"""Invariants of snapszer over its own random legal hands (Hypothesis, drawn by the
registered game's ``random_hand``): zero sum, renaming, and swapping the winning side."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.engine_helpers import ENGINE, renamed
from ulti_ledger.games import REGISTRY

GAME = REGISTRY["snapszer"]
RULESET = ENGINE.rulesets["snapszer"]
TABLE = ("A", "B", "C", "D", "E")
RENAME = {"A": "Árpád", "B": "Bözsi", "C": "Cecília", "D": "Dezső", "E": "Ede"}


@st.composite
def snapszer_hands(draw, with_options: bool = True):
    """A legal snapszer hand at a table of 3, 4 or 5, possibly with a house rule."""
    options = {}
    if with_options and draw(st.booleans()):
        options = draw(
            st.sampled_from(
                [{"failed_snapszer_value": 3}, {"renonsz_value": draw(st.integers(1, 6))}]
            )
        )
    size = draw(st.sampled_from((3, 4, 5)))
    rng = random.Random(draw(st.integers(0, 2**32)))
    hand = GAME.random_hand(rng, RULESET.resolve(options), TABLE[:size])
    if options:
        hand["options"] = options
    return hand


def _rename(value):
    return renamed(value, RENAME)


@settings(max_examples=500, deadline=None)
@given(snapszer_hands())
def test_payments_sum_to_zero(hand):
    payments = ENGINE.settle(hand).payments
    assert sum(payments.values()) == 0
    assert set(payments) == set(hand["players"]) | set(hand.get("sitting_out", ()))


@settings(max_examples=300, deadline=None)
@given(snapszer_hands())
def test_renaming_players_permutes_the_result(hand):
    renamed = {k: (v if k in ("ruleset", "options") else _rename(v)) for k, v in hand.items()}
    before = ENGINE.settle(hand).payments
    after = ENGINE.settle(renamed).payments
    assert after == {RENAME[p]: n for p, n in before.items()}


@settings(max_examples=300, deadline=None)
@given(snapszer_hands(with_options=False))
def test_swapping_the_winning_side_negates_the_result(hand):
    """The same hand won by the other side: every payment changes sign (a snapszer made
    and failed are worth the same 6 by default, so it holds for them too)."""
    if "won" in hand:
        swapped = {**hand, "won": not hand["won"]}
    elif "renonsz" in hand:  # the offender on the other side
        offender = hand["renonsz"]["player"]
        _, rules = ENGINE.parse(hand)
        parsed = GAME.parse_hand(hand, rules, {})
        side = parsed.others if offender in parsed.side else parsed.side
        swapped = {**hand, "renonsz": {"player": side[0]}}
    else:  # a redeal, or a 66 reached alone: nothing to swap
        return
    before = ENGINE.settle(hand).payments
    after = ENGINE.settle(swapped).payments
    assert after == {p: -n for p, n in before.items()}


@settings(max_examples=200, deadline=None)
@given(snapszer_hands())
def test_canonical_round_trips(hand):
    parsed, rules = ENGINE.parse(hand)
    again = GAME.parse_hand(GAME.canonical(parsed), rules, parsed.options)
    assert again == parsed
    assert set(GAME.roles(parsed)) == set(hand["players"]) | set(hand.get("sitting_out", ()))

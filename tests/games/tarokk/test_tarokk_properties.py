"""Invariants of tarokk over its own random legal hands (Hypothesis, drawn by the game's
``random_hand``), for both rulesets: zero sum, the lines add up to the payments, renaming
permutes, swapping the sides of every figure (and the parti) negates the team part, the
tarokkszám is independent of the result, a higher kontra on a made figure never lowers
what its side receives, and the kitty stays between zero and its cap."""

from __future__ import annotations

import copy
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.engine_helpers import ENGINE, renamed
from ulti_ledger.games import REGISTRY
from ulti_ledger.settlement.kitty import kitty_total
from ulti_ledger.settlement.session import settle_session

GAME = REGISTRY["tarokk"]
RULESETS = ("tarokk", "magas-tarokk")
TABLE = ("A", "B", "C", "D", "E")
RENAME = {"A": "Árpád", "B": "Bözsi", "C": "Cecília", "D": "Dezső", "E": "Ede"}
OTHER = {"declarer": "opponents", "opponents": "declarer"}


@st.composite
def hands(draw, ruleset=None):
    """A legal hand of either ruleset at a table of four or five."""
    ruleset = ruleset or draw(st.sampled_from(RULESETS))
    rng = random.Random(draw(st.integers(0, 2**32)))
    size = draw(st.sampled_from((4, 5)))
    return GAME.random_hand(rng, ENGINE.rulesets[ruleset].rules, TABLE[:size])


def _played(hand) -> bool:
    ruling = (hand.get("renonsz") or {}).get("ruling")
    return hand.get("outcome", "played") == "played" and (
        "renonsz" not in hand or ruling == "continue"
    )


def _part(settlement, keys) -> dict[str, int]:
    out: dict[str, int] = {}
    for line in settlement.lines:
        if line.key in keys:
            for name, amount in line.amounts.items():
                out[name] = out.get(name, 0) + amount
    return {name: amount for name, amount in out.items() if amount}


def _team(settlement) -> dict[str, int]:
    keys = {line.key for line in settlement.lines} - {"tarokkszam"}
    return _part(settlement, keys)


@settings(max_examples=300, deadline=None)
@given(hands())
def test_payments_sum_to_zero_and_the_lines_add_up_to_them(hand):
    settlement = ENGINE.settle(hand)
    assert sum(settlement.payments.values()) == 0
    named = {*hand["players"], *hand.get("sitting_out", ())}
    assert set(settlement.payments) == named
    summed = dict.fromkeys(named, 0)
    for line in settlement.lines:
        assert sum(line.amounts.values()) == 0
        for name, amount in line.amounts.items():
            summed[name] += amount
    assert summed == dict(settlement.payments)
    for lang in ("en", "hu", "de"):
        assert all(ENGINE.describe(settlement, "tarokk", lang))


@settings(max_examples=200, deadline=None)
@given(hands())
def test_renaming_the_players_permutes_the_result(hand):
    before = ENGINE.settle(hand).payments
    after = ENGINE.settle(renamed(hand, RENAME)).payments
    assert {RENAME[name]: amount for name, amount in before.items()} == dict(after)


def swapped(hand):
    """The same hand with every figure made or failed by the other side, and the parti won
    by the other side (the points mirrored)."""
    out = copy.deepcopy(hand)
    out["game"]["won"] = not out["game"]["won"]
    for fig in out.get("figures", ()):
        fig["side"] = OTHER[fig["side"]]
    return out


@settings(max_examples=300, deadline=None)
@given(hands())
def test_swapping_which_side_made_each_figure_negates_the_team_part(hand):
    if not _played(hand):
        return
    before, after = ENGINE.settle(hand), ENGINE.settle(swapped(hand))
    assert _team(after) == {name: -amount for name, amount in _team(before).items()}


@settings(max_examples=200, deadline=None)
@given(hands(), st.booleans())
def test_the_tarokkszam_part_does_not_depend_on_the_result(hand, flip):
    if not _played(hand) or "tarokkszam" not in hand:
        return
    other = swapped(hand) if flip else {**hand, "figures": [], "game": {"won": True}}
    before = _part(ENGINE.settle(hand), {"tarokkszam"})
    assert before and before == _part(ENGINE.settle(other), {"tarokkszam"})


@settings(max_examples=300, deadline=None)
@given(hands(), st.data())
def test_raising_a_kontra_on_a_made_figure_never_lowers_what_its_side_receives(hand, data):
    if not _played(hand):
        return
    rules = ENGINE.rulesets[hand["ruleset"]].rules
    raisable = [
        i
        for i, fig in enumerate(hand.get("figures", ()))
        if fig["announced"] and fig["won"] and fig["kontra"] < rules.max_level(fig["name"])
    ]
    if not raisable:
        return
    index = data.draw(st.sampled_from(raisable))
    higher = copy.deepcopy(hand)
    higher["figures"][index]["kontra"] += 1
    before, after = ENGINE.settle(hand), ENGINE.settle(higher)
    side = GAME.parse_hand(hand, rules, {})
    players = side.side if hand["figures"][index]["side"] == "declarer" else side.others
    for name in players:
        assert after.payments[name] > before.payments[name]


@settings(max_examples=60, deadline=None)
@given(st.lists(hands("magas-tarokk"), min_size=1, max_size=30), st.sampled_from([4, 5]))
def test_the_kitty_balance_is_the_sum_of_its_entries_and_each_pay_in_within_its_cap(
    hand_list, size
):
    """Seed 002 section 15 caps what one failure pays in, never the balance; a renonsz
    pays in whole (section 16)."""
    seated = [h for h in hand_list if len(h["players"]) + len(h.get("sitting_out", ())) == size]
    session = {
        "format": "ulti-ledger/session@1",
        "ruleset": "magas-tarokk",
        "players": list(TABLE[:size]),
        "hands": [{k: v for k, v in h.items() if k != "ruleset"} for h in seated],
    }
    result = settle_session(ENGINE, session)
    if result.kitty is None:
        return
    rules = ENGINE.rulesets["magas-tarokk"].rules
    cap = rules.kitty_cap_per_player * size
    assert result.kitty_balance == kitty_total(result.kitty)
    balance = 0
    for hand, entries in zip(seated, result.kitty, strict=True):
        balance -= sum((entries or {}).values())
        assert balance >= 0
        paid = -sum(v for v in (entries or {}).values() if v < 0)
        if hand.get("renonsz") is None:
            assert paid <= cap


@pytest.mark.parametrize("ruleset", RULESETS)
def test_canonical_hands_parse_back_to_the_same_hand(ruleset):
    rules = ENGINE.rulesets[ruleset].rules
    rng = random.Random(5)
    for _ in range(500):
        facts = GAME.random_hand(rng, rules, TABLE[: rng.choice((4, 5))])
        hand = GAME.parse_hand(facts, rules, {})
        again = GAME.parse_hand({**GAME.canonical(hand), "ruleset": ruleset}, rules, {})
        assert again == hand
        assert GAME.settle(again, rules).payments == GAME.settle(hand, rules).payments

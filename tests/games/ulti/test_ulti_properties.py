"""Invariants of the engine over generated legal Ulti hands of both its rulesets (Hypothesis)."""

from __future__ import annotations

import copy
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from testkit.samples import random_hand
from tests.engine_helpers import ENGINE, renamed
from ulti_ledger.games.ulti import describe
from ulti_ledger.games.ulti.sample import legal_levels

RULESETS = sorted(r.id for r in ENGINE.rulesets.values() if r.scorer == "ulti")


@st.composite
def legal_hands(draw, four_players: bool | None = None, with_options: bool = True):
    """A legal hand (dict), possibly at a four-player table, possibly with house rules."""
    ruleset = ENGINE.rulesets[draw(st.sampled_from(RULESETS))]
    options = {}
    if with_options:  # at most two house rules per hand: each combination is resolved once
        names = draw(st.lists(st.sampled_from(sorted(ruleset.options)), max_size=2, unique=True))
        for name in names:
            option = ruleset.options[name]
            values = list(option.choices) if option.choices else [option.minimum, option.maximum]
            options[name] = draw(st.sampled_from(values))
    rules = ruleset.resolve(options)
    four = draw(st.booleans()) if four_players is None else four_players
    rng = random.Random(draw(st.integers(0, 2**32)))
    hand = random_hand(rng, rules, ("A", "B", "C", "D") if four else ("A", "B", "C"))
    if options:
        hand["options"] = options
    return hand


@settings(max_examples=400, deadline=None)
@given(legal_hands())
def test_payments_sum_to_zero(hand):
    assert sum(ENGINE.settle(hand).payments.values()) == 0


@settings(max_examples=300, deadline=None)
@given(legal_hands(four_players=True))
def test_sitting_out_player_gets_zero_by_default(hand):
    options = hand.get("options", {})
    if options.get("four_player_dealer") == "pays_as_defender":
        options.pop("four_player_dealer")
    assert ENGINE.settle(hand).payments["D"] == 0


RENAME = {"A": "Árpád", "B": "Bözsi", "C": "Cecília", "D": "Dezső"}


def _rename(value):
    return renamed(value, RENAME)


@settings(max_examples=300, deadline=None)
@given(legal_hands())
def test_renaming_players_permutes_the_result(hand):
    renamed = {k: (v if k in ("ruleset", "options") else _rename(v)) for k, v in hand.items()}
    before = ENGINE.settle(hand).payments
    after = ENGINE.settle(renamed).payments
    assert after == {RENAME[p]: amount for p, amount in before.items()}


@settings(max_examples=400, deadline=None)
@given(legal_hands(), st.data())
def test_raising_a_kontra_never_helps_the_side_it_is_against(hand, data):
    if hand.get("outcome") or hand.get("renonsz"):
        return
    _, rules = ENGINE.parse(hand)
    index = data.draw(st.integers(0, len(hand["components"]) - 1))
    component = hand["components"][index]
    raised = copy.deepcopy(hand)
    target = raised["components"][index]
    kontra = component.get("kontra", 0)
    if isinstance(kontra, dict):
        who = data.draw(st.sampled_from(sorted(kontra)))
        if kontra[who] >= rules.kontra.max_level:
            return
        # a raise the ladder cannot give alone also raises the other defender (kontra.py)
        target["kontra"] = legal_levels({**kontra, who: kontra[who] + 1}, rules)
    else:
        if kontra >= rules.kontra.max_level:
            return
        target["kontra"] = kontra + 1
    declarer = hand["declarer"]
    before = ENGINE.settle(hand).payments[declarer]
    after = ENGINE.settle(raised).payments[declarer]
    lines = ENGINE.settle(hand).lines
    if component["name"] == "parti" and any(line.key == "parti_replaced" for line in lines):
        # silent_*_vs_parti = replaces: a parti that a silent result replaced is not paid
        assert after == before
        return
    if component["won"]:
        assert after > before
    else:
        assert after < before


@settings(max_examples=400, deadline=None)
@given(legal_hands())
def test_explanation_lines_add_up_to_the_payments(hand):
    result = ENGINE.settle(hand)
    total = dict.fromkeys(result.payments, 0)
    for line in result.lines:
        assert sum(line.amounts.values()) == 0, line
        for player, amount in line.amounts.items():
            total[player] += amount
    assert total == dict(result.payments)
    for lang in ("en", "hu"):
        texts = [describe(line, lang) for line in result.lines]
        assert all(texts), texts


@settings(max_examples=200, deadline=None)
@given(legal_hands())
def test_a_hand_survives_its_own_round_trip(hand):
    """Hand.to_dict gives the canonical form, which settles the same and is a fixed point."""
    parsed, _ = ENGINE.parse(hand)
    canonical = parsed.to_dict()
    again, _ = ENGINE.parse(canonical)
    assert again.to_dict() == canonical
    assert ENGINE.settle(canonical).payments == ENGINE.settle(hand).payments

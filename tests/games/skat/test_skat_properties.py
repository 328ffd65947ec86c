"""Invariants of Skat over its own random legal hands (Hypothesis, drawn by the game's
``random_hand``), issue 13's list: a suit or Grand value is its base value times a whole
multiplier; a lost game enters exactly −2V (−2V−50 under Seeger–Fabian, the others +40
or +30); an overbid game is lost at a value covering the bid; payments sum to zero; the
list totals of an evening are the sums of its games."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.engine_helpers import ENGINE, renamed
from ulti_ledger.games import REGISTRY
from ulti_ledger.games.skat.value import game_value
from ulti_ledger.settlement.session import settle_session

GAME = REGISTRY["skat"]
RULESET = ENGINE.rulesets["skat"]
TABLE = ("A", "B", "C", "D")
OPTION_SETS = [
    {},
    {"list": "seeger_fabian"},
    {"kontra_re": "on", "bock": "on"},
    {"all_pass": "ramsch"},
    {"all_pass": "ramsch", "ramsch_variant": "fest", "ramsch_durchmarsch": "off"},
]


@st.composite
def skat_hands(draw, options=None):
    """A legal Skat hand at a table of 3 or 4 (the dealer out), under some house rules."""
    chosen = draw(st.sampled_from(OPTION_SETS)) if options is None else options
    size = draw(st.sampled_from((3, 4)))
    rng = random.Random(draw(st.integers(0, 2**32)))
    hand = GAME.random_hand(rng, RULESET.resolve(chosen), TABLE[:size])
    if chosen:
        hand["options"] = chosen
    return hand


def _valued(hand):
    """The parsed hand, its rules and its value (None for an all-pass hand)."""
    parsed, rules = ENGINE.parse(hand)
    played = parsed.outcome == "played"
    return parsed, rules, game_value(parsed, rules) if played else None


@settings(max_examples=500, deadline=None)
@given(skat_hands())
def test_payments_sum_to_zero_and_everyone_at_the_table_is_named(hand):
    result = ENGINE.settle(hand)
    assert sum(result.payments.values()) == 0
    table = set(hand["players"]) | set(hand.get("sitting_out", ()))
    assert set(result.payments) == set(result.score) == table


@settings(max_examples=500, deadline=None)
@given(skat_hands(options={}))
def test_a_suit_or_grand_value_is_its_base_value_times_a_whole_multiplier(hand):
    parsed, rules, value = _valued(hand)
    if value is None or parsed.game == "null":
        return
    base = rules.base[parsed.game]
    assert value.played == base * value.mult and value.mult >= 2
    assert value.value % base == 0


@settings(max_examples=500, deadline=None)
@given(skat_hands(options={}), st.booleans())
def test_a_lost_game_enters_exactly_minus_twice_its_value(hand, seeger_fabian):
    if seeger_fabian:
        hand = {**hand, "options": {"list": "seeger_fabian"}}
    parsed, rules, value = _valued(hand)
    if value is None:
        return
    score = ENGINE.settle(hand).score
    others = [p for p in score if p != parsed.declarer]
    if value.won:
        assert score[parsed.declarer] == value.value + (50 if seeger_fabian else 0)
        assert all(score[p] == 0 for p in others)
    elif seeger_fabian:
        assert score[parsed.declarer] == -2 * value.value - 50
        bonus = 40 if len(score) == 3 else 30
        assert all(score[p] == bonus for p in others)
    else:
        assert score[parsed.declarer] == -2 * value.value
        assert all(score[p] == 0 for p in others)


@settings(max_examples=500, deadline=None)
@given(skat_hands(options={}))
def test_an_overbid_game_is_lost_at_a_value_that_covers_the_bid(hand):
    parsed, rules, value = _valued(hand)
    if value is None or parsed.bid is None:
        return
    if value.played < parsed.bid:
        assert value.overbid and not value.won
        assert value.value >= parsed.bid
        step = rules.base.get(parsed.game)
        if step is not None:  # the lowest multiple of the base value that covers it
            assert value.value - step < parsed.bid
    else:
        assert not value.overbid and value.value == value.played


@settings(max_examples=100, deadline=None)
@given(st.lists(skat_hands(options={"list": "seeger_fabian"}), min_size=1, max_size=12))
def test_the_list_totals_of_an_evening_are_the_sums_of_its_games(hands):
    seats = ["A", "B", "C", "D"]
    four = [h for h in hands if h.get("sitting_out")]
    hands = four or [h for h in hands]
    seats = seats if four else ["A", "B", "C"]
    session = {
        "format": "ulti-ledger/session@1",
        "ruleset": "skat",
        "options": {"list": "seeger_fabian"},
        "unit_value": {"amount": "1", "currency": "EUR"},
        "players": seats,
        "hands": [{k: v for k, v in h.items() if k not in ("ruleset", "options")} for h in hands],
    }
    result = settle_session(ENGINE, session)
    sums = dict.fromkeys(seats, 0)
    money = dict.fromkeys(seats, 0)
    for hand in session["hands"]:
        settled = ENGINE.settle(hand, {"ruleset": "skat", "options": {"list": "seeger_fabian"}})
        for name, points in settled.score.items():
            sums[name] += points
        for name, units in settled.payments.items():
            money[name] += units
    assert dict(result.scores) == sums
    assert dict(result.totals) == money and sum(money.values()) == 0
    # the money is the list compared pair by pair: n x total - sum of totals
    n = len(seats)
    assert money == {p: n * sums[p] - sum(sums.values()) for p in seats}


@settings(max_examples=200, deadline=None)
@given(skat_hands())
def test_canonical_round_trips_and_renaming_permutes_the_result(hand):
    parsed, rules = ENGINE.parse(hand)
    assert GAME.parse_hand(GAME.canonical(parsed), rules, parsed.options) == parsed
    names = {"A": "Árpád", "B": "Bözsi", "C": "Cecília", "D": "Dezső"}
    other = {k: (v if k in ("ruleset", "options") else renamed(v, names)) for k, v in hand.items()}
    before, after = ENGINE.settle(hand), ENGINE.settle(other)
    assert dict(after.payments) == {names[p]: n for p, n in before.payments.items()}

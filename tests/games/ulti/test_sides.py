"""Results for any game: sides of any size, who pays whom in a hand, and a game's own score.

Every promise is checked against an independent computation: transfers applied by hand,
the brute-force minimum over set partitions (``test_transfers``), each hand's debts
summed pair by pair, and the pairwise comparison of scores written out.
"""

from __future__ import annotations

import json
from collections import Counter
from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests import list_game
from tests.engine_helpers import ENGINE, vector_files
from tests.games.ulti.test_ulti_properties import legal_hands
from tests.ledger.test_transfers import NAMES, apply, brute_force_minimum
from ulti_ledger.games import ulti
from ulti_ledger.settlement import Engine, Registry, Settlement, settlement_json
from ulti_ledger.settlement.money import BalanceError, balances
from ulti_ledger.settlement.pairs import Pair, hand_pairs, plural_sides
from ulti_ledger.settlement.result import Line, result_extras, score_payments
from ulti_ledger.settlement.session import settle_session
from ulti_ledger.settlement.transfers import (
    banker_transfers,
    minimal_transfers,
    pairwise_transfers,
)
from ulti_ledger.settlement.who_pays import pair_text, pairs_line, shown_lines

D = Decimal


@st.composite
def sided_hand(draw, players):
    """One hand's payments: the players split into two sides of any size (the rest sit
    out at 0); each winner receives and each loser pays a positive amount, zero-sum."""
    seated = draw(st.permutations(players))
    playing = seated[: draw(st.integers(2, len(seated)))]
    cut = draw(st.integers(1, len(playing) - 1))
    winners, losers = playing[:cut], playing[cut:]
    gains = [draw(st.integers(1, 30)) for _ in winners]
    # the losers' shares: a positive split of the winners' total
    total = sum(gains)
    if len(losers) > total:
        gains[0] += len(losers) - total
        total = len(losers)
    cuts = len(losers) - 1
    marks = (
        sorted(draw(st.sets(st.integers(1, total - 1), min_size=cuts, max_size=cuts)))
        if cuts
        else []
    )
    shares = [b - a for a, b in zip([0, *marks], [*marks, total], strict=True)]
    payments = dict.fromkeys(seated, 0)
    payments.update(zip(winners, gains, strict=True))
    payments.update({p: -s for p, s in zip(losers, shares, strict=True)})
    return payments


@st.composite
def evenings(draw, hand=sided_hand, fewest=3):
    """(players, hands) of an evening at a table of ``fewest`` to 5."""
    players = draw(st.permutations(NAMES[:6]))[: draw(st.integers(fewest, 5))]
    return players, draw(st.lists(hand(players), max_size=8))


@st.composite
def two_v_two(draw, players):
    """A 2 v 2 hand at equal stakes (snapszer at four): each player wins or loses N."""
    a, b, c, d = draw(st.permutations(players))[:4]
    n = draw(st.integers(1, 6))
    out = dict.fromkeys(players, 0)
    out.update({a: n, b: n, c: -n, d: -n})
    return out


def totals(hands, players):
    out = dict.fromkeys(players, 0)
    for payments in hands:
        for p, u in payments.items():
            out[p] += u
    return out


def check_transfers(start, paid):
    """Settles every balance exactly, positive amounts, nobody pays themself."""
    assert set(apply(start, paid).values()) <= {0}
    for t in paid:
        assert t.payer != t.payee and t.amount > 0
        assert t.payer in start and t.payee in start


# --- who pays whom within one hand -------------------------------------------------------


def test_two_against_two_gives_two_pairs():
    assert hand_pairs({"A": 3, "B": -3, "C": 3, "D": -3}) == (
        Pair("B", "A", 3),
        Pair("D", "C", 3),
    )


def test_one_against_three_gives_three_pairs():
    assert hand_pairs({"A": -9, "B": 3, "C": 3, "D": 3, "E": 0}) == (
        Pair("A", "B", 3),
        Pair("A", "C", 3),
        Pair("A", "D", 3),
    )


def test_unequal_two_against_two_uses_the_fewest_pairs():
    # Dóra, the bigger payer, pays Anna then Béla; Csaba pays what Béla still lacks.
    assert hand_pairs({"Anna": 2, "Béla": 2, "Csaba": -1, "Dóra": -3}) == (
        Pair("Csaba", "Béla", 1),
        Pair("Dóra", "Anna", 2),
        Pair("Dóra", "Béla", 1),
    )


def test_where_greedy_needs_four_pairs_a_hand_takes_three():
    hand = {"Anna": 3, "Béla": 4, "Csaba": -3, "Dóra": -2, "Ede": -2}
    assert hand_pairs(hand) == (Pair("Csaba", "Anna", 3), Pair("Dóra", "Béla", 2),
                                Pair("Ede", "Béla", 2))  # fmt: skip


@pytest.mark.parametrize(
    ("payments", "problem"),
    [
        ({"A": 3, "B": -2}, "sum to 1"),
        ({"A": 1.5, "B": -1.5}, "A: units must be a whole"),
        ({"": 1, "B": -1}, "non-empty string"),
    ],
)
def test_hand_pairs_refuse(payments, problem):
    with pytest.raises(BalanceError, match=problem):
        hand_pairs(payments)


@given(st.data())
def test_a_hands_pairs_move_exactly_its_payments_in_the_fewest_pairs(data):
    players = data.draw(st.permutations(NAMES[:5]))[: data.draw(st.integers(2, 5))]
    payments = data.draw(sided_hand(players))
    pairs = hand_pairs(payments)
    left = dict(payments)
    for pair in pairs:
        assert type(pair.amount) is int and pair.amount > 0 and pair.payer != pair.payee
        left[pair.payer] += pair.amount
        left[pair.payee] -= pair.amount
    assert set(left.values()) <= {0}
    assert len(pairs) == brute_force_minimum(payments)


@given(st.data())
def test_at_two_against_two_each_loser_pays_one_winner_the_stake(data):
    players = data.draw(st.permutations(NAMES[:5]))[: data.draw(st.integers(4, 5))]
    payments = data.draw(two_v_two(players))
    pairs = hand_pairs(payments)
    stake = max(payments.values())
    assert len(pairs) == 2 and {p.amount for p in pairs} == {stake}
    assert sorted(p for pair in pairs for p in pair[:2]) == sorted(
        p for p, u in payments.items() if u
    )


GAME_CASES = [
    case
    for path in vector_files("public").values()
    for case in json.loads(path.read_text("utf-8"))
    if "score" not in case  # a list entry (Skat's) is paid by score_payments, below
    and any(case["expected"].values())
]


@pytest.mark.parametrize("case", GAME_CASES, ids=[c["id"] for c in GAME_CASES])
def test_the_game_vectors_payments_pair_up(case):
    """Every game's public vectors, 1 v 2, 1 v 3 and 2 v 2: the pairs move exactly the payments;
    at 2 v 2 with equal stakes (SNAP-004, TAROKK-001, MAGAS-002) each loser pays one winner."""
    payments = case["expected"]
    pairs = hand_pairs(payments)
    left = dict(payments)
    for pair in pairs:
        left[pair.payer] += pair.amount
        left[pair.payee] -= pair.amount
    assert set(left.values()) == {0}
    if plural_sides(payments) and len({abs(u) for u in payments.values()}) == 1:
        assert len(pairs) == 2
    elif not plural_sides(payments):
        assert len(pairs) == sum(1 for u in payments.values() if u) - 1


def test_plural_sides_only_where_two_pay_and_two_receive():
    assert plural_sides({"A": 3, "B": -3, "C": 3, "D": -3})
    assert not plural_sides({"A": -9, "B": 3, "C": 3, "D": 3})
    assert not plural_sides({"A": 2, "B": 3, "C": -5, "D": 0})


# --- the night's transfers with sides of any size ----------------------------------------


@settings(max_examples=200)
@given(evenings())
def test_every_method_settles_an_evening_of_sides_of_any_size(evening):
    players, hands = evening
    start = totals(hands, players)
    fewest = minimal_transfers(start)
    check_transfers(start, fewest)
    assert len(fewest) <= max(len(players) - 1, 0)
    assert len(fewest) == brute_force_minimum(start)
    for banker in (None, *players):
        check_transfers(start, banker_transfers(start, banker))
    paid = pairwise_transfers(hands, 1, coin=1)
    check_transfers(start, paid)
    assert all(t.amount == int(t.amount) for t in paid)


@settings(max_examples=200)
@given(evenings(hand=two_v_two, fewest=4), st.sampled_from([D("1"), D("10"), D("0.5")]))
def test_pairwise_at_two_against_two_is_each_hands_debts_summed(evening, unit_value):
    players, hands = evening
    owes = Counter()  # (payer, payee) -> units: each loser owes the winner he is paired with
    for payments in hands:
        for pair in hand_pairs(payments):
            owes[pair.payer, pair.payee] += pair.amount
    expected = {
        (a, b): (n - owes[b, a]) * unit_value for (a, b), n in owes.items() if n > owes[b, a]
    }
    paid = pairwise_transfers(hands, unit_value, coin=D("0.5"))
    assert {(t.payer, t.payee): t.amount for t in paid} == expected


@settings(max_examples=100, deadline=None)
@given(legal_hands())
def test_an_ulti_hand_never_has_two_payers_and_two_receivers(hand):
    """So an Ulti result never carries ``pairs`` (nor ``score``): its JSON is unchanged."""
    settlement = ENGINE.settle(hand)
    assert not plural_sides(settlement.payments)
    assert set(settlement_json(settlement, ulti)) == {"payments", "lines", "breakdown"}


# --- the words -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        ("en", "who pays whom: Béla pays Anna 3; Dóra pays Csaba 3"),
        ("hu", "ki kinek fizet: Béla 3-at fizet Anna javára; Dóra 3-at fizet Csaba javára"),
        ("de", "wer zahlt wem: Béla zahlt Anna 3; Dóra zahlt Csaba 3"),
        ("fr", "who pays whom: Béla pays Anna 3; Dóra pays Csaba 3"),
    ],
)
def test_the_pairs_line_in_each_language(lang, text):
    pairs = hand_pairs({"Anna": 3, "Béla": -3, "Csaba": 3, "Dóra": -3})
    assert pairs_line(pairs, lang) == text


@pytest.mark.parametrize(
    ("amount", "hu"), [(1, "1-et"), (2, "2-t"), (5, "5-öt"), (6, "6-ot"), (20, "20-at")]
)
def test_the_hungarian_amount_takes_its_suffix_as_read(amount, hu):
    assert pair_text(Pair("Béla", "Anna", amount), "hu") == f"Béla {hu} fizet Anna javára"


def test_nobody_pays_in_words():
    assert pairs_line((), "hu") == "ki kinek fizet: senki sem fizet"


def test_shown_lines_add_who_pays_whom_only_where_the_result_has_pairs():
    two = Settlement({"A": 3, "B": -3, "C": 3, "D": -3}, lines=())
    result = {"lines": ["x"], **result_extras(two)}
    assert result["pairs"] == [
        {"from": "B", "to": "A", "amount": 3},
        {"from": "D", "to": "C", "amount": 3},
    ]
    assert shown_lines(result, "en") == ["x", "who pays whom: B pays A 3; D pays C 3"]
    one = Settlement({"A": -6, "B": 3, "C": 3}, lines=())
    assert result_extras(one) == {}
    assert shown_lines({"lines": ["y"], **result_extras(one)}, "en") == ["y"]


# --- a game's own score column ------------------------------------------------------------


def test_score_payments_compare_every_pair_of_players_at_the_table():
    # Anna's grand lost at 48: -96 on the list; at four (Dóra deals) each other gets 96.
    assert score_payments({"Anna": -96}, ["Anna", "Béla", "Csaba", "Dóra"]) == {
        "Anna": -288,
        "Béla": 96,
        "Csaba": 96,
        "Dóra": 96,
    }
    with pytest.raises(ValueError, match="Ede has a score but is not at the table"):
        score_payments({"Ede": 5}, ["Anna", "Béla", "Csaba"])


@given(
    st.lists(st.integers(-300, 300), min_size=2, max_size=5).flatmap(
        lambda scores: st.just(dict(zip(NAMES, scores, strict=False)))
    )
)
def test_score_payments_sum_to_zero_and_are_the_pairwise_differences(scores):
    table = list(scores)
    payments = score_payments(scores, table)
    assert sum(payments.values()) == 0
    for p in table:
        assert payments[p] == sum(scores[p] - scores[q] for q in table if q != p)


SKAT_CASES = [
    case
    for path in vector_files("public").values()
    for case in json.loads(path.read_text("utf-8"))
    if "score" in case
]


@pytest.mark.parametrize("case", SKAT_CASES, ids=[c["id"] for c in SKAT_CASES])
def test_score_payments_give_the_skat_vectors_payments_from_their_list(case):
    """The shared vectors' list entry into money, over everyone at the table."""
    table = case["hand"]["players"] + case["hand"].get("sitting_out", [])
    assert score_payments(case["score"], table) == case["expected"]


def test_a_result_carries_the_score_beside_payments_that_sum_to_zero():
    settlement = Settlement({"A": 40, "B": -20, "C": -20}, lines=(), score={"A": 20})
    assert settlement_json(settlement, list_game)["score"] == {"A": 20}
    assert "score" not in settlement_json(Settlement({"A": 0}, lines=()), list_game)
    assert repr(settlement) == "Settlement(payments={'A': 40, 'B': -20, 'C': -20}, score={'A': 20})"


@pytest.fixture
def list_engine():
    """An engine over the toy list game alone, registered as any game is."""
    registry = Registry([list_game])
    ruleset = registry.parse_ruleset(list_game.RULESET, "list-test.toml")
    return Engine({ruleset.id: ruleset})


def list_session(hands):
    return {
        "format": "ulti-ledger/session@1",
        "ruleset": list_game.NAME,
        "players": ["Anna", "Béla", "Csaba"],
        "hands": [{"players": ["Anna", "Béla", "Csaba"], **h} for h in hands],
    }


def test_a_session_totals_the_scores_beside_the_money(list_engine):
    result = settle_session(
        list_engine,
        list_session(
            [
                {"declarer": "Anna", "value": 48, "won": True},  # Anna +48
                {"declarer": "Béla", "value": 23, "won": False},  # Béla -46
                {"declarer": "Anna", "value": 10, "won": True},  # Anna +10
            ]
        ),
    )
    assert result.scores == {"Anna": 58, "Béla": -46, "Csaba": 0}  # a list: not zero-sum
    assert result.totals == {"Anna": 3 * 58 - 12, "Béla": 3 * -46 - 12, "Csaba": -12}
    assert sum(result.totals.values()) == 0
    money = balances(result.totals, 1, "EUR")  # the money checks the payments only
    assert [b.units for b in money] == [162, -150, -12]
    assert [h.score for h in result.hands] == [{"Anna": 48}, {"Béla": -46}, {"Anna": 10}]


def test_a_session_without_a_score_column_has_no_scores():
    session = {
        "format": "ulti-ledger/session@1",
        "ruleset": "ulti",
        "players": ["Anna", "Béla", "Csaba"],
        "hands": [],
    }
    assert settle_session(ENGINE, session).scores is None


def test_a_hand_whose_payments_do_not_cancel_is_refused(list_engine, monkeypatch):
    def broken(hand, rules):
        return Settlement({hand.declarer: 1}, lines=(Line("list", {}, {}),), score={})

    monkeypatch.setattr(list_engine.game(list_game.NAME), "settle", broken)
    with pytest.raises(BalanceError, match=r"hands\[0\].payments: the balances sum to 1"):
        settle_session(list_engine, list_session([{"declarer": "Anna", "value": 5}]))


def test_the_settle_json_has_scores_only_for_a_game_with_a_score_column(list_engine):
    from ulti_ledger.cli.main import _session_json

    out = _session_json(list_engine, list_session([{"declarer": "Csaba", "value": 9}]), "en")
    assert out["scores"] == {"Anna": 0, "Béla": 0, "Csaba": -18}
    assert out["totals"] == {"Anna": 18, "Béla": 18, "Csaba": -36}
    assert out["hands"][0]["score"] == {"Csaba": -18}
    assert list(out) == ["hands", "totals", "scores", "money", "currency", "method", "transfers"]
    json.dumps(out)
    ulti = {"format": "ulti-ledger/session@1", "ruleset": "ulti",
            "players": ["Anna", "Béla", "Csaba"], "hands": []}  # fmt: skip
    assert "scores" not in _session_json(ENGINE, ulti, "en")


# --- where the lines are shown ---------------------------------------------------------------


def two_v_two_view():
    """A hand as ``ledger.session_summary`` gives it, for a 2 v 2 game (no such game needed)."""
    payments = {"Anna": 3, "Béla": -3, "Csaba": 3, "Dóra": -3}
    result = {"payments": payments, "lines": ["Anna and Csaba win 3"], "breakdown": []}
    result |= result_extras(Settlement(payments, lines=()))
    return {
        "number": 1,
        "version": 1,
        "edited": False,
        "notation": "66",
        "lost": "",
        "declarer": "Anna",
        "dealer": "Dóra",
        "sitting_out": [],
        "changes": payments,
        "result": result,
        "sheet": {"game": "66", "tags": [], "cells": {}},
    }


def test_the_scoresheet_row_says_who_pays_whom_at_two_against_two():
    from ulti_ledger.views.sheet import Sheet, hand_facts

    sheet = Sheet(1, "hu", ("Anna", "Béla", "Csaba", "Dóra"), {}, "/s", None,
                  *["x"] * 7)  # fmt: skip
    lines = hand_facts(sheet, two_v_two_view()).lines
    assert lines == (
        "<li>Anna and Csaba win 3</li>"
        "<li>ki kinek fizet: Béla 3-at fizet Anna javára; Dóra 3-at fizet Csaba javára</li>"
    )


def test_the_pdf_appendix_says_who_pays_whom_at_two_against_two():
    from ulti_ledger.pdf.hand_table import explanations

    (hand,) = explanations({"hands": [two_v_two_view()]}, "en")
    assert hand["lines"] == [
        "Anna and Csaba win 3",
        "who pays whom: Béla pays Anna 3; Dóra pays Csaba 3",
    ]


def test_the_pages_show_who_pays_whom_in_the_pages_language(app):
    from flask import g

    template = app.jinja_env.from_string(
        "{% for line in result | shown_lines %}[{{ line }}]{% endfor %}"
    )
    result = two_v_two_view()["result"]
    with app.test_request_context("/"):
        hungarian = template.render(result=result)
        g.lang = "en"
        english = template.render(result=result)
    assert hungarian.endswith(
        "[ki kinek fizet: Béla 3-at fizet Anna javára; Dóra 3-at fizet Csaba javára]"
    )
    assert english == ("[Anna and Csaba win 3][who pays whom: Béla pays Anna 3; Dóra pays Csaba 3]")


def test_the_command_lines_text_says_who_pays_whom_at_two_against_two(list_engine):
    from ulti_ledger.cli.text import hand_text

    four = ["Anna", "Béla", "Csaba", "Dóra"]
    hand = {"ruleset": list_game.NAME, "players": four, "declarer": "Anna", "partner": "Csaba",
            "value": 5, "won": True}  # fmt: skip
    lines, settlement = hand_text(list_engine, hand, "en")
    assert settlement.payments == {"Anna": 10, "Béla": -10, "Csaba": 10, "Dóra": -10}
    assert lines[-2:] == [
        "   Anna + Csaba: +5",
        "   who pays whom: Béla pays Anna 10; Dóra pays Csaba 10",
    ]
    alone = {**hand, "partner": None}
    assert "who pays whom" not in "\n".join(hand_text(list_engine, alone, "en")[0])

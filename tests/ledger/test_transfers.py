"""End-of-night settlement: money and rounding, combining sessions, and who pays whom.

The property tests check each promise against an independent computation (applying the
transfers by hand, a brute-force minimum over set partitions), never against the module.
"""

import ast
import sys
from collections import Counter
from decimal import Decimal
from pathlib import Path

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from ulti_ledger.settlement import money, transfers
from ulti_ledger.settlement.errors import LedgerError
from ulti_ledger.settlement.money import (
    Balance,
    BalanceError,
    balances,
    combine_sessions,
    round_to_coins,
    smallest_coin,
)
from ulti_ledger.settlement.transfers import (
    EXACT_LIMIT,
    Transfer,
    banker_transfers,
    minimal_transfers,
    pairwise_transfers,
    settle,
    zero_sum_groups,
)

D = Decimal
NAMES = [
    "Anna", "Béla", "Csaba", "Dóra", "Ede", "Feri", "Gizi", "Hédi", "Ildi", "Jóska",
    "Kati", "Laci", "Marci", "Nóra", "Ödön", "Piri", "Réka", "Sanyi", "Tibi", "Zoli",
]  # fmt: skip
CURRENCIES = ["HUF", "EUR", "USD", "GBP", "CHF", "huf", "XYZ", None]
ODD_UNIT_VALUES = [D("0.3"), D("0.5"), D("1.7"), D("0.125"), D("10"), D("0.01"), D("2.35")]


@st.composite
def unit_balances(draw, min_players=2, max_players=7, bound=6):
    """Integer balances summing to zero; small values, so zero-sum subgroups are common."""
    n = draw(st.integers(min_players, max_players))
    names = draw(st.permutations(NAMES))[:n]
    values = draw(st.lists(st.integers(-bound, bound), min_size=n - 1, max_size=n - 1))
    return dict(zip(names, [*values, -sum(values)], strict=True))


@st.composite
def shuffled(draw, mapping):
    return dict(draw(st.permutations(list(mapping.items()))))


@st.composite
def ulti_hands(draw, max_hands=8):
    """(hub, payments) shaped like Ulti's: the declarer (or a renonsz offender) receives
    from, or pays, each of the others, in amounts of one sign but not one size."""
    players = draw(st.permutations(NAMES[:5]))[: draw(st.integers(3, 4))]
    hands = []
    for _ in range(draw(st.integers(0, max_hands))):
        hub, *others = draw(st.permutations(players))
        sign = draw(st.sampled_from([1, -1]))
        pays = {p: sign * draw(st.integers(0, 40)) for p in others}
        hands.append((hub, {hub: sum(pays.values()), **{p: -a for p, a in pays.items()}}))
    return hands


def ulti_records():
    return ulti_hands().map(lambda hands: [payments for _, payments in hands])


def apply(start, paid):
    """What is left of each balance after the transfers (a payer's debt shrinks)."""
    left = {p: D(v) for p, v in start.items()}
    for t in paid:
        left[t.payer] += t.amount
        left[t.payee] -= t.amount
    return left


def set_partitions(items):
    if not items:
        yield []
        return
    first, *rest = items
    for partition in set_partitions(rest):
        for i in range(len(partition)):
            yield partition[:i] + [[first, *partition[i]]] + partition[i + 1 :]
        yield [[first], *partition]


def brute_force_minimum(start):
    """n - (most zero-sum blocks of any set partition): independent of the subset DP."""
    nonzero = [p for p, v in start.items() if v]
    if not nonzero:
        return 0
    groups = max(
        sum(1 for block in partition if sum(start[p] for p in block) == 0)
        for partition in set_partitions(nonzero)
    )
    return len(nonzero) - groups


# --- the smallest coin and rounding ------------------------------------------------------


@pytest.mark.parametrize(
    ("currency", "override", "coin"),
    [
        ("HUF", None, D("5")),
        ("huf", None, D("5")),
        ("EUR", None, D("0.01")),
        ("USD", None, D("0.01")),
        ("GBP", None, D("0.01")),
        ("CHF", None, D("0.05")),
        ("XYZ", None, D("0.01")),
        (None, None, D("0.01")),
        ("HUF", D("10"), D("10")),
        ("EUR", 1, D("1")),
    ],
)
def test_smallest_coin(currency, override, coin):
    assert smallest_coin(currency, override) == coin


@pytest.mark.parametrize("override", [D("0"), D("-5"), -1, 0.05, D("NaN"), D("Infinity"), "5"])
def test_smallest_coin_rejects_a_coin_that_is_not_positive_and_exact(override):
    with pytest.raises(BalanceError, match="coin"):
        smallest_coin("HUF", override)


def test_a_currency_must_be_a_code():
    with pytest.raises(BalanceError, match="currency"):
        smallest_coin(348)


def test_balances_in_huf_round_to_five_forints_and_break_ties_by_name():
    # 2.5 Ft each is half a coin: both go to 0 (halves to even), C's -5 stays, the sum is
    # -5, and one 5 Ft coin goes back to a most-rounded-down player: Anna before Béla.
    result = balances({"Béla": 5, "Csaba": -10, "Anna": 5}, D("0.5"), "HUF")
    assert result == (
        Balance("Anna", 5, D("2.5"), D("5")),
        Balance("Béla", 5, D("2.5"), D("0")),
        Balance("Csaba", -10, D("-5.0"), D("-5")),
    )


def test_rounding_in_cents_halves_to_even_then_mends_the_residual():
    # 12.5 cents -> 12 three times and -37.5 -> -38: two cents short; all four were
    # rounded down by half a cent, so the first two by name get a cent back.
    result = balances({"A": 1, "B": 1, "C": 1, "D": -3}, D("0.125"), "EUR")
    assert [b.money for b in result] == [D("0.13"), D("0.13"), D("0.12"), D("-0.38")]


def test_rounding_takes_a_coin_back_from_the_most_rounded_up():
    # 3 centimes -> 5 twice, -6 -> -5: one coin too many went out. A and B were rounded up
    # by 2, C by 1: A (first by name) gives it back.
    result = balances({"B": 1, "A": 1, "C": -2}, D("0.03"), "CHF")
    assert [(b.player, b.money) for b in result] == [
        ("A", D("0.00")),
        ("B", D("0.05")),
        ("C", D("-0.05")),
    ]


def test_money_keeps_the_coins_decimal_places():
    result = balances({"Anna": 25, "Béla": -25}, D("0.5"), "EUR")
    assert [format(b.money, "f") for b in result] == ["12.50", "-12.50"]


def test_a_unit_worth_whole_coins_is_not_rounded():
    result = balances({"Anna": 37, "Béla": -12, "Csaba": -25}, D("10"), "HUF")
    assert [b.money for b in result] == [D("370"), D("-120"), D("-250")]


@pytest.mark.parametrize(
    ("units", "unit_value", "problem"),
    [
        ({"Anna": 3, "Béla": -2}, D("10"), "sum to 1, not 0"),
        ({"Anna": D("1.5"), "Béla": D("-1.5")}, D("10"), "Anna: units must be a whole"),
        ({"Anna": D("2"), "Béla": D("-2")}, D("10"), "Anna: units must be a whole"),
        ({"Anna": 1.0, "Béla": -1.0}, D("10"), "Anna: units must be a whole"),
        ({"Anna": True, "Béla": -1}, D("10"), "Anna: units must be a whole"),
        ({"Anna": "3", "Béla": -3}, D("10"), "Anna: units must be a whole"),
        ({"": 3, "Béla": -3}, D("10"), "non-empty string"),
        ({"Anna": 3, "Béla": -3}, 0.1, "unit_value: an amount must be"),
        ({"Anna": 3, "Béla": -3}, D("0"), "unit_value: a unit must be worth more than 0"),
        ({"Anna": 3, "Béla": -3}, D("-10"), "unit_value: a unit must be worth more than 0"),
    ],
)
def test_balances_reject(units, unit_value, problem):
    with pytest.raises(BalanceError, match=problem):
        balances(units, unit_value, "HUF")


def test_round_to_coins_rejects_amounts_that_do_not_cancel():
    with pytest.raises(BalanceError, match="sum to 0.01, not 0"):
        round_to_coins({"Anna": D("1.00"), "Béla": D("-0.99")}, D("0.05"))


def test_errors_are_ledger_errors_and_value_errors():
    assert issubclass(BalanceError, LedgerError)
    assert issubclass(BalanceError, ValueError)


@given(
    units=unit_balances(max_players=10, bound=10_000),
    unit_value=st.sampled_from(ODD_UNIT_VALUES)
    | st.decimals(D("0.001"), D("1000"), places=3, allow_nan=False, allow_infinity=False),
    currency=st.sampled_from(CURRENCIES),
    coin=st.sampled_from([None, None, D("0.3"), D("1"), D("20"), D("0.05")]),
)
def test_rounding_keeps_the_sum_exactly_zero(units, unit_value, currency, coin):
    step = smallest_coin(currency, coin)
    result = balances(units, unit_value, currency, coin=coin)
    assert sum(b.money for b in result) == 0
    for b in result:
        assert b.exact == b.units * unit_value
        assert b.money % step == 0
        assert abs(b.money - b.exact) < step
        if b.exact % step == 0:  # already whole coins: never moved by the residual
            assert b.money == b.exact


@settings(max_examples=50)
@given(st.data())
def test_rounding_does_not_depend_on_the_order_of_the_players(data):
    units = data.draw(unit_balances(max_players=10, bound=50))
    unit_value = data.draw(st.sampled_from(ODD_UNIT_VALUES))
    again = data.draw(shuffled(units))
    assert balances(again, unit_value, "HUF") == balances(units, unit_value, "HUF")


# --- combining sessions ------------------------------------------------------------------


def test_combining_sessions_counts_an_absent_player_as_zero():
    month = combine_sessions([{"Béla": -5, "Anna": 5}, {"Csaba": -3, "Béla": 3}, {}])
    assert month == {"Anna": 5, "Béla": -2, "Csaba": -3}
    assert list(month) == ["Anna", "Béla", "Csaba"]


def test_combining_the_exact_money_of_sessions_with_different_stakes():
    season = combine_sessions([{"Anna": D("2.5"), "Béla": D("-2.5")}, {"Anna": -1, "Béla": 1}])
    assert season == {"Anna": D("1.5"), "Béla": D("-1.5")}


@pytest.mark.parametrize(
    ("sessions", "problem"),
    [
        ([{"Anna": 1, "Béla": -1}, {"Anna": 2, "Csaba": -1}], "session 2: the balances sum to 1"),
        ([{"Anna": 1.5, "Béla": -1.5}], "Anna: units must be a whole"),
    ],
)
def test_combining_sessions_rejects(sessions, problem):
    with pytest.raises(BalanceError, match=problem):
        combine_sessions(sessions)


@settings(max_examples=50)
@given(st.lists(unit_balances(bound=30), max_size=6))
def test_combined_sessions_are_the_sum_per_player(sessions):
    expected = Counter()
    for session in sessions:
        expected.update(session)
    combined = combine_sessions(sessions)
    assert combined == {p: expected[p] for p in expected}
    assert sum(combined.values()) == 0


# --- transfers -----------------------------------------------------------------------------


def test_a_transfer_pays_someone_else_a_positive_decimal():
    assert Transfer("Anna", "Béla", D("12.50")).to_json() == {
        "from": "Anna",
        "to": "Béla",
        "amount": "12.50",
    }
    assert Transfer("Anna", "Béla", D("1E+2")).to_json()["amount"] == "100"
    for payee, amount in [("Anna", D("1")), ("Béla", D("0")), ("Béla", D("-1")), ("Béla", 1.0)]:
        with pytest.raises(ValueError):
            Transfer("Anna", payee, amount)


def test_minimal_beats_greedy_where_greedy_needs_four():
    start = {"Anna": 3, "Béla": 4, "Csaba": -3, "Dóra": -2, "Ede": -2}
    assert zero_sum_groups(start) == [["Anna", "Csaba"], ["Béla", "Dóra", "Ede"]]
    assert settle(start) == (
        Transfer("Csaba", "Anna", D("3")),
        Transfer("Dóra", "Béla", D("2")),
        Transfer("Ede", "Béla", D("2")),
    )


def test_minimal_settles_money_in_coins_and_skips_the_even():
    start = {"Anna": D("12.50"), "Béla": D("0.00"), "Csaba": D("-7.25"), "Dóra": D("-5.25")}
    assert minimal_transfers(start) == (
        Transfer("Csaba", "Anna", D("7.25")),
        Transfer("Dóra", "Anna", D("5.25")),
    )
    assert minimal_transfers({"Anna": 0, "Béla": 0}) == ()
    assert minimal_transfers({}) == ()


def test_banker_is_the_biggest_winner_by_default_ties_by_name():
    start = {"Csaba": D("-30"), "Béla": D("20"), "Anna": D("20"), "Dóra": D("-10")}
    assert banker_transfers(start) == (
        Transfer("Anna", "Béla", D("20")),
        Transfer("Csaba", "Anna", D("30")),
        Transfer("Dóra", "Anna", D("10")),
    )


def test_a_named_banker_may_have_lost():
    start = {"Anna": 30, "Béla": -10, "Csaba": -20}
    assert settle(start, "banker", banker="Csaba") == (
        Transfer("Béla", "Csaba", D("10")),
        Transfer("Csaba", "Anna", D("30")),
    )


@pytest.mark.parametrize(
    ("start", "kwargs", "problem"),
    [
        ({"Anna": 3, "Béla": -2}, {}, "the balances sum to 1, not 0"),
        ({"Anna": 0.5, "Béla": -0.5}, {}, "Anna: an amount must be a finite Decimal"),
        ({"Anna": D("NaN"), "Béla": 0}, {}, "Anna: an amount must be a finite Decimal"),
        ({"Anna": 1, "Béla": -1}, {"method": "greedy"}, "unknown method 'greedy'"),
        ({"Anna": 1, "Béla": -1}, {"method": "pairwise"}, "use pairwise_transfers"),
        ({"Anna": 1, "Béla": -1}, {"banker": "Anna"}, "only the banker method"),
        ({"Anna": 1, "Béla": -1}, {"method": "banker", "banker": "Zoli"}, "'Zoli' is not one"),
    ],
)
def test_settle_rejects(start, kwargs, problem):
    with pytest.raises(BalanceError, match=problem):
        settle(start, **kwargs)


@given(unit_balances(max_players=16, bound=20), st.sampled_from([D("1"), D("0.05"), D("7")]))
def test_every_method_zeroes_every_balance(units, scale):
    start = {p: u * scale for p, u in units.items()}
    for paid in (settle(start), settle(start, "banker"), banker_transfers(start, min(start))):
        assert set(apply(start, paid).values()) <= {0}
        assert all(t.payer in start and t.payee in start for t in paid)


@given(unit_balances(max_players=7))
def test_minimal_is_the_brute_force_minimum(start):
    paid = minimal_transfers(start)
    assert len(paid) == brute_force_minimum(start)
    assert set(apply(start, paid).values()) <= {0}


def test_zero_sum_groups_refuses_more_players_than_it_can_do_exactly():
    start = {name: 1 for name in NAMES[:EXACT_LIMIT]} | {"Zoli": -EXACT_LIMIT}
    with pytest.raises(ValueError, match="exact only for up to 12"):
        zero_sum_groups(start)


@settings(deadline=None, max_examples=20)
@given(unit_balances(min_players=10, max_players=EXACT_LIMIT, bound=8))
def test_minimal_stays_exact_at_twelve_players(start):
    paid = minimal_transfers(start)
    groups = zero_sum_groups(start)
    assert sorted(p for g in groups for p in g) == sorted(p for p in start if start[p])
    assert all(sum(start[p] for p in g) == 0 for g in groups)
    assert len(paid) == sum(len(g) - 1 for g in groups)
    assert set(apply(start, paid).values()) <= {0}
    for group in groups:  # a zero-sum part inside a group would have been a group of its own
        parts = (
            {p for i, p in enumerate(group) if mask >> i & 1}
            for mask in range(1, 2 ** len(group) - 1)
        )
        assert all(sum(start[p] for p in part) != 0 for part in parts)


@settings(max_examples=50)
@given(unit_balances(min_players=EXACT_LIMIT + 1, max_players=20, bound=50))
def test_beyond_twelve_players_the_greedy_still_settles(start):
    nonzero = sum(1 for v in start.values() if v)
    assume(nonzero > EXACT_LIMIT)
    paid = minimal_transfers(start)
    assert set(apply(start, paid).values()) <= {0}
    assert len(paid) <= nonzero - 1


def test_beyond_twelve_players_equal_and_opposite_pair_up_first():
    # The five of the docstring's example plus four pairs of +-10..13: plain greedy needs
    # 4 + 4 transfers; Csaba -> Anna first leaves Béla, Dóra, Ede to settle in two.
    start = {"Anna": 3, "Béla": 4, "Csaba": -3, "Dóra": -2, "Ede": -2}
    for i, (winner, loser) in enumerate(zip(NAMES[5:13:2], NAMES[6:13:2], strict=True)):
        start[winner], start[loser] = 10 + i, -10 - i
    assert len(start) == EXACT_LIMIT + 1
    paid = minimal_transfers(start)
    assert set(apply(start, paid).values()) <= {0}
    assert len(paid) == 7
    assert Transfer("Csaba", "Anna", D("3")) in paid


@settings(max_examples=50)
@given(st.data())
def test_the_transfers_do_not_depend_on_the_order_of_the_players(data):
    start = data.draw(unit_balances(max_players=9))
    again = data.draw(shuffled(start))
    assert minimal_transfers(again) == minimal_transfers(start)
    assert banker_transfers(again) == banker_transfers(start)
    ordered = minimal_transfers(start)
    assert [(t.payer, t.payee) for t in ordered] == sorted((t.payer, t.payee) for t in ordered)


# --- pairwise ------------------------------------------------------------------------------


def test_pairwise_nets_each_pair_across_the_hands():
    hands = [
        {"Anna": 8, "Béla": -4, "Csaba": -4},  # Anna's ulti: 4 from each defender
        {"Béla": -24, "Anna": 12, "Csaba": 12},  # Béla's failed ulti: 12 to each
        {"Anna": 2, "Béla": 3, "Csaba": -5},  # Csaba's renonsz: W to Anna, L to Béla
    ]
    assert pairwise_transfers(hands, D("10"), "HUF") == (
        Transfer("Béla", "Anna", D("160")),
        Transfer("Béla", "Csaba", D("90")),  # 12 owed less 3 owed back
        Transfer("Csaba", "Anna", D("60")),
    )


def test_pairwise_rounding_moves_the_missing_coins_to_settle_the_balances():
    # Exactly: Béla owes Anna 4.8 Ft, Csaba 2.7 Ft; Csaba owes Anna 1.8 Ft. Balances round
    # to Anna 5, Béla -5, Csaba 0; pair by pair it would be 5, 5 and 0, so Csaba, 5 Ft
    # over, takes one coin less from Béla.
    hands = [{"Anna": 16, "Béla": -16}, {"Béla": -9, "Csaba": 9}, {"Csaba": -6, "Anna": 6}]
    assert pairwise_transfers(hands, D("0.3"), "HUF") == (Transfer("Béla", "Anna", D("5")),)


def test_pairwise_matches_a_many_sided_record_largest_first():
    # Dóra, the bigger payer, pays Anna then Béla; Csaba pays what Béla still lacks.
    hand = {"Anna": 2, "Béla": 2, "Csaba": -1, "Dóra": -3}
    assert pairwise_transfers([hand]) == (
        Transfer("Csaba", "Béla", D("1.00")),
        Transfer("Dóra", "Anna", D("2.00")),
        Transfer("Dóra", "Béla", D("1.00")),
    )


@pytest.mark.parametrize(
    ("hands", "problem"),
    [
        ([{"Anna": 2, "Béla": -2}, {"Anna": 2, "Béla": -1}], "record 2: the balances sum to 1"),
        ([{"Anna": D("0.5"), "Béla": D("-0.5")}], "Anna: units must be a whole"),
    ],
)
def test_pairwise_rejects(hands, problem):
    with pytest.raises(BalanceError, match=problem):
        pairwise_transfers(hands)


@settings(max_examples=50)
@given(ulti_hands(), st.sampled_from([D("1"), D("10"), D("0.5")]))
def test_pairwise_is_what_each_player_owes_the_declarer_netted(hands, unit_value):
    owes = Counter()  # (payer, payee) -> units, read off the declarer's side of each hand
    for hub, payments in hands:
        for other, amount in payments.items():
            if other != hub and amount < 0:
                owes[other, hub] -= amount
            elif other != hub and amount > 0:
                owes[hub, other] += amount
    expected = {
        (a, b): (n - owes[b, a]) * unit_value for (a, b), n in owes.items() if n > owes[b, a]
    }
    paid = pairwise_transfers([payments for _, payments in hands], unit_value, coin=D("0.5"))
    assert {(t.payer, t.payee): t.amount for t in paid} == expected


@given(
    ulti_records() | st.lists(unit_balances(max_players=5, bound=20), max_size=6),
    st.sampled_from(ODD_UNIT_VALUES),
    st.sampled_from(CURRENCIES),
)
def test_pairwise_settles_the_rounded_balances(hands, unit_value, currency):
    units = combine_sessions(hands)
    rounded = {b.player: b.money for b in balances(units, unit_value, currency)}
    paid = pairwise_transfers(hands, unit_value, currency)
    assert set(apply(rounded, paid).values()) <= {0}
    assert len({frozenset((t.payer, t.payee)) for t in paid}) == len(paid)


@settings(max_examples=50)
@given(st.data())
def test_pairwise_does_not_depend_on_the_order_of_the_players(data):
    hands = data.draw(ulti_records())
    again = [data.draw(shuffled(hand)) for hand in hands]
    assert pairwise_transfers(again, D("0.3"), "HUF") == pairwise_transfers(hands, D("0.3"), "HUF")


# --- the boundary --------------------------------------------------------------------------


@pytest.mark.parametrize("module", [money, transfers])
def test_settlement_modules_import_only_the_standard_library(module):
    tree = ast.parse(Path(module.__file__).read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            roots = [alias.name.split(".")[0] for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0:
            roots = [node.module.split(".")[0]]
        else:
            continue
        assert set(roots) <= sys.stdlib_module_names, roots

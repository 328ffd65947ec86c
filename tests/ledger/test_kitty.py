"""The game-neutral kitty (settlement/kitty.py): an account of the evening outside the
payments, its entries worked out hand by hand from the balance."""

from __future__ import annotations

from ulti_ledger.settlement.kitty import KittyMove, apply_kitty, kitty_total, run_kitty


def test_a_pay_in_is_rounded_up_to_steps_and_shared():
    assert apply_kitty(0, KittyMove(payers=("A", "B"), amount=7, step=10)) == (
        {"A": -5, "B": -5},
        10,
    )
    assert apply_kitty(0, KittyMove(payers=("A", "B", "C"), amount=10)) == (
        {"A": -4, "B": -3, "C": -3},
        10,
    )


def test_a_doubling_pay_in_pays_the_balance_again_up_to_the_cap():
    move = KittyMove(payers=("A",), amount=10, doubles=True, step=10, cap=40)
    entries, balances, balance = [], [], 0
    for _ in range(4):
        entry, balance = apply_kitty(balance, move)
        entries.append(entry)
        balances.append(balance)
    assert entries == [{"A": -10}, {"A": -10}, {"A": -20}, {}]
    assert balances == [10, 20, 40, 40]


def test_takers_take_the_whole_balance_before_anything_is_paid_in():
    move = KittyMove(takers=("A", "B"), payers=("C",), amount=10)
    assert apply_kitty(25, move) == ({"A": 13, "B": 12, "C": -10}, 10)
    assert apply_kitty(0, KittyMove(takers=("A",))) == ({}, 0)


def test_a_session_of_moves_and_its_balance():
    moves = [KittyMove(payers=("A",), amount=10), None, KittyMove(takers=("B",))]
    entries, balance = run_kitty(moves, opening=5)
    assert entries == [{"A": -10}, None, {"B": 15}]
    assert balance == 0
    assert kitty_total(entries[:1]) == 10

"""Who pays whom at the end of the night: the fewest transfers, a banker, or pair by pair.

Balances are ``name -> amount`` (+ receives) summing to zero; a :class:`Transfer` moves a
positive amount from a payer to a payee. Every method settles exactly: applying its
transfers leaves every balance at zero. ``minimal`` and ``banker`` never round: give them
the rounded balances (``money.balances``) and their transfers are whole coins too;
``pairwise`` rounds as ``money.balances`` does.

**minimal** (the default) finds the fewest transfers, exactly, by splitting the players
into the most zero-sum groups (``pairs.fewest_payments``, which says how).

Why not greedy everywhere: largest-debtor-to-largest-creditor over everyone, which the
expense-splitting apps use, is not minimal. Anna +3, Béla +4, Csaba -3, Dóra -2, Ede -2
takes it four transfers; Csaba -> Anna 3, Dóra -> Béla 2, Ede -> Béla 2 are three. Past
12 players the subset table grows too large, and :func:`minimal_transfers` falls back to
that greedy (after first pairing equal and opposite balances): correct, not always
minimal.

**banker**: everyone settles with one player. **pairwise** nets what each pair of players
owes each other across the hands (:func:`pairwise_transfers`), each hand read as
``pairs.hand_pairs`` reads it, so it works whatever the size of the sides.

None of the three looks at the sides: ``minimal`` and ``banker`` see only the balances,
and ``pairwise`` sees each hand's payments, so a 2 v 2 hand settles like any other.

Output is deterministic: players are handled in name order (by code point) whatever the
order of the input, and transfers come sorted by payer, then payee.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from decimal import Decimal, localcontext

from .money import (
    EXACT,
    BalanceError,
    as_money,
    as_units,
    check_name,
    check_zero_sum,
    nearest_coins,
    round_to_coins,
    smallest_coin,
)
from .pairs import EXACT_LIMIT, fewest_payments, hand_pairs, zero_sum_groups

__all__ = [
    "EXACT_LIMIT",
    "METHODS",
    "Transfer",
    "banker_transfers",
    "hand_pairs",
    "minimal_transfers",
    "pairwise_transfers",
    "settle",
    "zero_sum_groups",
]

#: The methods :func:`settle` offers; ``pairwise`` needs the hands, not only the balances.
METHODS = ("minimal", "banker")


@dataclass(frozen=True, slots=True)
class Transfer:
    """One payment at the end of the night."""

    #: Who pays (a player whose balance was negative, or the banker).
    payer: str
    #: Who receives.
    payee: str
    #: How much, always positive; in money, or in units if the balances were units.
    amount: Decimal

    def __post_init__(self) -> None:
        if self.payer == self.payee:
            raise ValueError(f"{self.payer} cannot pay themself")
        if not isinstance(self.amount, Decimal) or not self.amount > 0:
            raise ValueError(f"a transfer moves a positive Decimal, not {self.amount!r}")

    def to_json(self) -> dict[str, str]:
        """The session format's transfer: amounts as plain decimal strings, e.g. "12.50"."""
        return {"from": self.payer, "to": self.payee, "amount": format(self.amount, "f")}


def settle(
    balances: Mapping[str, Decimal | int],
    method: str = "minimal",
    *,
    banker: str | None = None,
) -> tuple[Transfer, ...]:
    """The transfers that settle ``balances`` by ``method`` (one of :data:`METHODS`)."""
    if method == "minimal":
        if banker is not None:
            raise BalanceError("banker", "only the banker method has a banker")
        return minimal_transfers(balances)
    if method == "banker":
        return banker_transfers(balances, banker)
    hint = ""
    if method == "pairwise":
        hint = "; pairwise needs the hands' payments: use pairwise_transfers"
    raise BalanceError("method", f"unknown method {method!r}: choose minimal or banker{hint}")


def minimal_transfers(balances: Mapping[str, Decimal | int]) -> tuple[Transfer, ...]:
    """The fewest transfers that settle ``balances``; exact up to :data:`EXACT_LIMIT` players."""
    with localcontext(EXACT):
        return _ordered(Transfer(*step) for step in fewest_payments(_checked(balances)))


def banker_transfers(
    balances: Mapping[str, Decimal | int], banker: str | None = None
) -> tuple[Transfer, ...]:
    """Everyone settles with ``banker``; by default the biggest winner (ties: first by name).

    One transfer per other player with a nonzero balance: simple to run at the table,
    since only the banker needs to hold cash, but rarely the fewest.
    """
    checked = _checked(balances)
    if banker is None:
        banker = min(checked, key=lambda p: (-checked[p], p), default=None)
    elif banker not in checked:
        known = ", ".join(checked)
        raise BalanceError("banker", f"{banker!r} is not one of the players: {known}")
    transfers = []
    with localcontext(EXACT):
        for player, value in checked.items():
            if player != banker and value < 0:
                transfers.append(Transfer(player, banker, -value))
            elif player != banker and value > 0:
                transfers.append(Transfer(banker, player, value))
    return _ordered(transfers)


def pairwise_transfers(
    records: Iterable[Mapping[str, int]],
    unit_value: Decimal | int = 1,
    currency: str | None = None,
    *,
    coin: Decimal | int | None = None,
) -> tuple[Transfer, ...]:
    """What each pair of players owes each other across the hands, netted to one transfer.

    ``records`` are the hands' payments in units (+ receives), or finer: one record per
    explanation line. Each record is read as :func:`~.pairs.hand_pairs` reads a hand:
    where one side is a single player (Ulti's declarer, a renonsz offender) that is
    exactly who owes whom; where both sides have two or more (2 v 2), the fewest pairs,
    so that with equal stakes each loser owes one winner. Each pair's net debt becomes money
    (x ``unit_value``), rounded as in ``money.balances`` with the same arguments; the few
    coins by which rounding each pair misses those balances then pass between the
    players furthest over and under, so the transfers settle exactly those balances.
    """
    owed, units = pair_debts(records)
    return pairwise_from_debts(owed, units, unit_value, currency, coin=coin)


def pair_debts(
    records: Iterable[Mapping[str, int]],
) -> tuple[dict[tuple[str, str], int], dict[str, int]]:
    """What ``pairwise_transfers`` sums of ``records`` before money: each pair's debt in
    units (``(a, b)`` with a < b, + meaning a owes b) and each player's units. Sums of
    these over evenings (x each evening's stake factor) settle as the records together
    would, so a group keeps them per evening (``ledger.summaries``) and never reads a
    hand again."""
    owed: dict[tuple[str, str], int] = {}  # (a, b) with a < b: + means a owes b
    units: dict[str, int] = {}
    for number, record in enumerate(records, start=1):
        checked = {check_name(p): as_units(p, u) for p, u in record.items()}
        check_zero_sum(checked, f"record {number}")
        for payer, payee, amount in fewest_payments(checked):
            _owe(owed, payer, payee, amount)
        for player, amount in checked.items():
            units[player] = units.get(player, 0) + amount
    return owed, units


def pairwise_from_debts(
    owed: Mapping[tuple[str, str], int],
    units: Mapping[str, int],
    unit_value: Decimal | int = 1,
    currency: str | None = None,
    *,
    coin: Decimal | int | None = None,
) -> tuple[Transfer, ...]:
    """``pairwise_transfers`` from its ``pair_debts``: each pair's net debt as money,
    rounded, mended so the transfers settle the rounded balances exactly."""
    value = as_money("unit_value", unit_value)
    if value <= 0:
        raise BalanceError("unit_value", f"a unit must be worth more than 0, not {value}")
    coin_ = smallest_coin(currency, coin)
    with localcontext(EXACT):
        target = round_to_coins({p: u * value for p, u in units.items()}, coin_)
        coins = {pair: nearest_coins(n * value, coin_) for pair, n in owed.items()}
        _mend(coins, target, coin_)
        transfers = [_pair_transfer(a, b, n * coin_) for (a, b), n in coins.items() if n]
    return _ordered(transfers)


def _checked(balances: Mapping[str, Decimal | int]) -> dict[str, Decimal]:
    """Validated balances in name order, so that nothing depends on the mapping's order."""
    checked = {check_name(p): as_money(p, v) for p, v in balances.items()}
    check_zero_sum(checked)
    return {p: checked[p] for p in sorted(checked)}


def _owe(owed: dict[tuple[str, str], int], payer: str, payee: str, amount: int) -> None:
    """Record a debt on the pair's one signed entry, so opposite debts cancel."""
    if payer < payee:
        owed[payer, payee] = owed.get((payer, payee), 0) + amount
    else:
        owed[payee, payer] = owed.get((payee, payer), 0) - amount


def _mend(coins: dict[tuple[str, str], int], target: Mapping[str, Decimal], coin: Decimal) -> None:
    """Move single coins until every player's transfers add up to their rounded balance."""
    short = {p: int(v // coin) for p, v in target.items()}  # coins still to receive
    for (a, b), n in coins.items():
        short[a] += n
        short[b] -= n
    while any(short.values()):
        payer = min(short, key=lambda p: (short[p], p))  # received too much
        payee = min(short, key=lambda p: (-short[p], p))  # received too little
        _owe(coins, payer, payee, 1)
        short[payer] += 1
        short[payee] -= 1


def _pair_transfer(a: str, b: str, signed: Decimal) -> Transfer:
    return Transfer(a, b, signed) if signed > 0 else Transfer(b, a, -signed)


def _ordered(transfers: Iterable[Transfer]) -> tuple[Transfer, ...]:
    return tuple(sorted(transfers, key=lambda t: (t.payer, t.payee)))

"""Who pays whom within one hand, and the fewest payments that move a set of balances.

A hand's payments (``name -> units``, + receives) say how much each player wins or
loses, not who pays whom. Where one side is a single player (Ulti's declarer, a
renonsz offender) there is only one answer: that player settles with each of the
others. Where both sides have two or more players (snapszer and tarokk at 2 v 2)
there are several, and :func:`hand_pairs` takes the one with the fewest pairs: at
2 v 2 with equal stakes each loser pays one winner, as RULES.md §3.3 says. That is
the same question as the night's fewest transfers, asked of one hand, so both use
:func:`fewest_payments`.

The fewest payments: any settlement is a graph whose connected parts each sum to
zero, and a part of k players needs at least k - 1 payments, so the minimum is n - g,
where g is the largest number of disjoint zero-sum groups the n players (with a nonzero
balance) can be split into. g is found exactly by dynamic programming over subsets:
best[S] = max over i in S of best[S - {i}], plus one if S sums to zero, which is the
largest number of zero-sum sets on a chain of subsets ending in S. That is O(2^n x n)
time and O(2^n) memory, instant for the 12 players it is exact for. Inside each group,
largest debtor pays largest creditor, and each payment clears at least one of them:
k - 1 payments, as no smaller zero-sum group hides inside. With a single player on one
side no smaller group can exist, and the table is skipped.

Works on ``int`` units and on exact ``Decimal`` money alike; ties go by name.
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal, localcontext
from typing import NamedTuple, TypeVar

from .money import EXACT, as_money, as_units, check_name, check_zero_sum

#: Up to this many players with a nonzero balance, the fewest payments are provably fewest.
EXACT_LIMIT = 12

Amount = TypeVar("Amount", int, Decimal)


class Pair(NamedTuple):
    """One payment inside one hand: ``payer`` pays ``payee`` ``amount`` units (> 0)."""

    payer: str
    payee: str
    amount: int

    def to_json(self) -> dict[str, str | int]:
        """As the session format writes a transfer, in units: ``{"from", "to", "amount"}``."""
        return {"from": self.payer, "to": self.payee, "amount": self.amount}


def spread(value: int, winners: tuple[str, ...], losers: tuple[str, ...]) -> dict[str, int]:
    """``value`` per player from ``losers`` to ``winners``: at 2 v 2 each once; a lone
    player receives it from (or pays it to) each of the others, and each player of the
    larger side pays (or receives) it once. Nobody is named when ``value`` is 0."""
    if not value:
        return {}
    if len(winners) == len(losers):
        win, lose = value, -value
    elif len(winners) == 1:
        win, lose = value * len(losers), -value
    else:
        win, lose = value, -value * len(winners)
    out = dict.fromkeys(winners, win)
    out.update(dict.fromkeys(losers, lose))
    return out


def hand_pairs(payments: Mapping[str, int]) -> tuple[Pair, ...]:
    """Who pays whom in one hand: the fewest pairs, sorted by payer, then payee.

    ``{A: 3, B: -3, C: 3, D: -3}`` (2 v 2) gives two pairs; a 1 v 3 hand gives three.
    """
    checked = {check_name(p): as_units(p, u) for p, u in payments.items()}
    check_zero_sum(checked)
    return tuple(sorted(Pair(*step) for step in fewest_payments(checked)))


def plural_sides(payments: Mapping[str, int]) -> bool:
    """Whether two or more players pay and two or more receive: only then do the
    payments leave open who pays whom (and an explanation should say it)."""
    payers = sum(1 for u in payments.values() if u < 0)
    payees = sum(1 for u in payments.values() if u > 0)
    return payers >= 2 and payees >= 2


def fewest_payments(balances: Mapping[str, Amount]) -> list[tuple[str, str, Amount]]:
    """The fewest (payer, payee, amount) that settle zero-sum ``balances`` (unchecked), in
    no set order; exact up to :data:`EXACT_LIMIT` nonzero players, greedy past it.

    ``Decimal`` balances: call it inside ``localcontext(money.EXACT)``, so nothing rounds.
    """
    debts = {p: -v for p, v in balances.items() if v < 0}
    credits = {p: v for p, v in balances.items() if v > 0}
    if not debts:
        return []
    if len(debts) == 1:  # one side is one player: only one answer
        ((payer, _),) = debts.items()
        return [(payer, payee, amount) for payee, amount in credits.items()]
    if len(credits) == 1:
        ((payee, _),) = credits.items()
        return [(payer, payee, amount) for payer, amount in debts.items()]
    debts, credits = dict(sorted(debts.items())), dict(sorted(credits.items()))
    if len(debts) + len(credits) > EXACT_LIMIT:
        return _largest_first(debts, credits, pair_opposites=True)
    steps: list[tuple[str, str, Amount]] = []
    for group in zero_sum_groups(balances):
        steps += _largest_first(
            {p: debts[p] for p in group if p in debts},
            {p: credits[p] for p in group if p in credits},
        )
    return steps


def zero_sum_groups(balances: Mapping[str, Decimal | int]) -> list[list[str]]:
    """The nonzero players split into the most disjoint zero-sum groups (exact; see above).

    Each group settles among itself; the PDF can say so. Refuses more than
    :data:`EXACT_LIMIT` nonzero players, where the table of subsets would not fit.
    """
    checked = {check_name(p): as_money(p, v) for p, v in balances.items()}
    check_zero_sum(checked)
    names = [p for p in sorted(checked) if checked[p] != 0]
    if len(names) > EXACT_LIMIT:
        raise ValueError(f"{len(names)} players: exact only for up to {EXACT_LIMIT}")
    values = [checked[p] for p in names]
    n = len(names)
    total = [Decimal(0)] * (1 << n)
    best = [0] * (1 << n)
    with localcontext(EXACT):
        for mask in range(1, 1 << n):
            low = mask & -mask
            total[mask] = total[mask ^ low] + values[low.bit_length() - 1]
            drop = max(best[mask ^ (1 << i)] for i in range(n) if mask >> i & 1)
            best[mask] = drop + (total[mask] == 0)
    # Walk the best chain back down; every zero-sum subset on it closes a group.
    groups: list[list[str]] = []
    group: list[str] = []
    mask = (1 << n) - 1
    while mask:
        want = best[mask] - (total[mask] == 0)
        i = next(i for i in range(n) if mask >> i & 1 and best[mask ^ (1 << i)] == want)
        mask ^= 1 << i
        group.append(names[i])
        if total[mask] == 0:
            groups.append(sorted(group))
            group = []
    return sorted(groups)


def _largest_first(
    debts: dict[str, Amount], credits: dict[str, Amount], pair_opposites: bool = False
) -> list[tuple[str, str, Amount]]:
    """Largest debtor pays largest creditor (ties by name), each step clearing one or
    both; ``debts`` and ``credits`` (amounts > 0, in name order) are used up."""
    steps = []
    if pair_opposites:  # a debt that matches a credit exactly costs one payment for two
        for payer in list(debts):
            payee = next((p for p in credits if credits[p] == debts[payer]), None)
            if payee is not None:
                steps.append((payer, payee, debts.pop(payer)))
                del credits[payee]
    while debts:
        payer = min(debts, key=lambda p: (-debts[p], p))
        payee = min(credits, key=lambda p: (-credits[p], p))
        amount = min(debts[payer], credits[payee])
        steps.append((payer, payee, amount))
        for side, player in ((debts, payer), (credits, payee)):
            side[player] -= amount
            if side[player] == 0:
                del side[player]
    return steps

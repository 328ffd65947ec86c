"""Units into money: exact ``Decimal`` arithmetic, rounded to a coin once, at the very end.

A player's balance is an integer number of units; money is units x the table's unit value,
computed exactly. Only the final amounts are rounded, to the currency's smallest coin, by
the rule in :func:`round_to_coins`, which keeps the total exactly zero: what one player
receives another pays, to the coin. Floats are refused everywhere.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from decimal import (
    ROUND_HALF_EVEN,
    Context,
    Decimal,
    DivisionByZero,
    Inexact,
    InvalidOperation,
    Overflow,
    localcontext,
)

from .errors import LedgerError

#: Arithmetic that never rounds silently: an inexact result raises instead.
EXACT = Context(
    prec=200,
    rounding=ROUND_HALF_EVEN,
    traps=[Inexact, InvalidOperation, DivisionByZero, Overflow],
)

#: The smallest coin that changes hands, by ISO currency code. Hungarian cash rounds to
#: 5 Ft (1 and 2 Ft coins were withdrawn in 2008); Swiss cash to 5 centimes.
SMALLEST_COIN: Mapping[str, Decimal] = {
    "HUF": Decimal("5"),
    "EUR": Decimal("0.01"),
    "USD": Decimal("0.01"),
    "GBP": Decimal("0.01"),
    "CHF": Decimal("0.05"),
}
DEFAULT_COIN = Decimal("0.01")


class BalanceError(LedgerError):
    """Balances or payments that cannot be settled; ``key`` names the player or record."""

    def __init__(self, key: str, problem: str) -> None:
        self.key = key
        self.problem = problem
        super().__init__(f"{key}: {problem}" if key else problem)


@dataclass(frozen=True, slots=True)
class Balance:
    """One player's end-of-night result, in units and in money (+ receives)."""

    player: str
    #: Units won (+) or lost (-) over the session(s).
    units: int
    #: ``units`` x unit value, exactly: what the player would get with infinitely small coins.
    exact: Decimal
    #: ``exact`` rounded to the coin by :func:`round_to_coins`; the balances' money sums to
    #: exactly zero, and this is what the transfers settle.
    money: Decimal


def as_units(key: str, value: object) -> int:
    """A whole number of units; ``bool`` and integral ``Decimal`` are refused to catch mix-ups."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise BalanceError(key, f"units must be a whole number (int), not {value!r}")
    return value


def as_money(key: str, value: object) -> Decimal:
    """An exact amount: a finite ``Decimal`` or an ``int``, never a float."""
    if isinstance(value, Decimal) and value.is_finite():
        return value
    if isinstance(value, int) and not isinstance(value, bool):
        return Decimal(value)
    raise BalanceError(key, f"an amount must be a finite Decimal or an int, not {value!r}")


def check_name(name: object) -> str:
    if not isinstance(name, str) or not name:
        raise BalanceError("", f"a player's name must be a non-empty string, not {name!r}")
    return name


def check_zero_sum(values: Mapping[str, int | Decimal], key: str = "") -> None:
    """Money only moves between players, so what is won and lost must cancel exactly.

    For payments, balances and transfers only: a game's own score column (Skat's list,
    ``Settlement.scores``) need not cancel, and is never checked here.
    """
    with localcontext(EXACT):
        total = sum(values.values(), Decimal(0))
    if total != 0:
        raise BalanceError(key, f"the balances sum to {total}, not 0: someone's amount is wrong")


def smallest_coin(currency: str | None, override: Decimal | int | None = None) -> Decimal:
    """The coin to round to: ``override`` if given, else the table's, else one hundredth."""
    if override is not None:
        coin = as_money("coin", override)
        if coin <= 0:
            raise BalanceError("coin", f"the smallest coin must be positive, not {coin}")
        return coin
    if currency is not None and not isinstance(currency, str):
        raise BalanceError("currency", f"must be a currency code such as 'HUF', not {currency!r}")
    return SMALLEST_COIN.get((currency or "").upper(), DEFAULT_COIN)


def nearest_coins(amount: Decimal, coin: Decimal) -> int:
    """``amount / coin`` to the nearest integer, halves to even (no bias up or down)."""
    quotient, remainder = divmod(amount, coin)  # truncates toward zero; exact
    coins = int(quotient)
    twice = 2 * abs(remainder)
    if twice > coin or (twice == coin and coins % 2):
        coins += 1 if remainder > 0 else -1
    return coins


def round_to_coins(amounts: Mapping[str, Decimal], coin: Decimal) -> dict[str, Decimal]:
    """Round zero-sum amounts to multiples of ``coin`` so that they still sum to zero.

    The rule: each amount goes to the nearest coin (halves to even). If those sum to k
    coins instead of zero, the k players whose rounding went furthest the wrong way (the
    largest remainder method) move one coin back, ties broken by name. Nobody ends a whole
    coin or more away from the exact amount, and |k| never exceeds half the players.
    """
    coin = smallest_coin(None, coin)
    exact = {check_name(p): as_money(p, v) for p, v in amounts.items()}
    check_zero_sum(exact)
    with localcontext(EXACT):
        coins = {p: nearest_coins(v, coin) for p, v in exact.items()}
        error = {p: exact[p] - coins[p] * coin for p in exact}  # + means rounded down
        residual = sum(coins.values())
        if residual > 0:  # too much handed out: take a coin from the most rounded-up
            for p in sorted(exact, key=lambda p: (error[p], p))[:residual]:
                coins[p] -= 1
        elif residual < 0:  # too little: give a coin to the most rounded-down
            for p in sorted(exact, key=lambda p: (-error[p], p))[:-residual]:
                coins[p] += 1
        return {p: coins[p] * coin for p in sorted(exact)}


def balances(
    units: Mapping[str, int],
    unit_value: Decimal | int,
    currency: str | None,
    *,
    coin: Decimal | int | None = None,
) -> tuple[Balance, ...]:
    """Every player's units and money, ordered by name; ``coin`` overrides the currency's."""
    checked = {check_name(p): as_units(p, u) for p, u in units.items()}
    check_zero_sum(checked)
    value = as_money("unit_value", unit_value)
    if value <= 0:
        raise BalanceError("unit_value", f"a unit must be worth more than 0, not {value}")
    with localcontext(EXACT):
        exact = {p: u * value for p, u in checked.items()}
    money = round_to_coins(exact, smallest_coin(currency, coin))
    return tuple(Balance(p, checked[p], exact[p], money[p]) for p in sorted(checked))


def combine_sessions(
    sessions: Iterable[Mapping[str, int | Decimal]],
) -> dict[str, int | Decimal]:
    """Sum several sessions of one group by player name, to settle a month or a season once.

    A player absent from a session counts 0 there. Combine units when the sessions share a
    unit value; when the stakes changed, combine each session's exact money instead and
    round the sum once with :func:`round_to_coins`, never the rounded amounts.
    """
    total: dict[str, int | Decimal] = {}
    for number, session in enumerate(sessions, start=1):
        checked = {check_name(p): _as_amount(p, v) for p, v in session.items()}
        check_zero_sum(checked, f"session {number}")
        with localcontext(EXACT):
            for player, value in checked.items():
                total[player] = total.get(player, 0) + value
    return {p: total[p] for p in sorted(total)}


def _as_amount(key: str, value: object) -> int | Decimal:
    """Units stay ``int``; money stays ``Decimal``."""
    return as_money(key, value) if isinstance(value, Decimal) else as_units(key, value)


def converted_balances(
    balances: Mapping[str, Mapping[str, Decimal]],
    into: str,
    rates: Mapping[str, Decimal],
    coin: Decimal | None = None,
) -> dict[str, Decimal]:
    """Balances in several currencies as one balance in ``into``, for a table that chose
    to settle once at a rate it named (never on its own: separate currencies are the
    default, and no rate is ever assumed).

    ``balances``: per currency code, each player's balance (each currency's sum is zero);
    ``rates``: for every code but ``into``, what one of it is worth in ``into``. Each
    player's converted total is exact, then rounded once to ``into``'s coin (or ``coin``)
    by :func:`round_to_coins`, so the one settlement still sums to zero.
    """
    total: dict[str, Decimal] = {}
    with localcontext(EXACT):
        for code, amounts in balances.items():
            rate = Decimal(1) if code == into else rates.get(code)
            if rate is None:
                raise BalanceError(f"rate.{code}", f"no rate given for {code} into {into}")
            rate = as_money(f"rate.{code}", rate)
            if rate <= 0:
                raise BalanceError(f"rate.{code}", f"a rate must be more than 0, not {rate}")
            for player, amount in amounts.items():
                total[check_name(player)] = total.get(player, Decimal(0)) + amount * rate
    return round_to_coins(total, smallest_coin(into, coin))

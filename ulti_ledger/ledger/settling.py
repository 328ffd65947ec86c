"""The end of the night: balances in units and money, and who pays whom, by a chosen method.

Money is exact until the very end: units x unit value as ``Decimal``, rounded once to
the currency's smallest coin by ``settlement.money.round_to_coins`` (the total stays
exactly zero), and the transfers move exactly the rounded amounts.

Several sessions of one group (a month, a season) settle as one: players are matched by
name (a name is one person, ``Player`` rows are unique by name). Stakes may differ
between the evenings: every amount is counted in a common base unit, the greatest common
divisor of the unit values (10 Ft and 25 Ft share 5 Ft), so sums stay whole numbers, the
pairwise method still sees each hand, and rounding happens once, on the season's total.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from decimal import Decimal
from typing import Any

from ..models import GameSession
from ..settlement.money import balances, combine_sessions, converted_balances
from ..settlement.transfers import pairwise_from_debts, pairwise_transfers, settle
from ..words.messages import ruleset_text
from ..words.money_format import currency_code
from .errors import SessionError
from .limits import Limits, check_group_size
from .pinning import only_ruleset, session_engine
from .summary import session_summary

METHODS = ("minimal", "banker", "pairwise")
"""minimal: the fewest transfers (the default); banker: everyone settles with one player;
pairwise: each pair of players settles what they owed each other hand by hand."""


def session_settlement(
    session: GameSession,
    method: str = "minimal",
    banker: str | None = None,
    summary: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """A session's balances and transfers by ``method``; pass ``summary`` if already built.

    Returns players (seating order), currency, unit_value, balances (one per player:
    units, exact and rounded money as decimal strings), transfers (``{"from", "to",
    "amount"}``), method and banker.
    """
    summary = summary if summary is not None else session_summary(session)
    return group_settlement_of([summary], method, banker)


def group_settlement(
    sessions: Sequence[GameSession],
    method: str = "minimal",
    banker: str | None = None,
    limits: Limits | None = None,
) -> dict[str, Any]:
    """Several sessions settled together; also lists each session (id, name, date, units).
    ``limits``: the app's (``Limits.from_config``), the shipped ones when None."""
    if not sessions:
        raise SessionError("sessions", "name at least one session to settle")
    check_group_size(len(sessions), limits)
    ids = [s.id for s in sessions]
    if len(set(ids)) != len(ids):
        twice = next(i for i in ids if ids.count(i) > 1)
        raise SessionError("sessions", f"session {twice} is named twice")
    return group_settlement_of([session_summary(s) for s in sessions], method, banker)


def group_settlement_of(
    summaries: Sequence[Mapping[str, Any]], method: str = "minimal", banker: str | None = None
) -> dict[str, Any]:
    """The settlement of already summarized sessions (``session_summary`` dicts)."""
    if method not in METHODS:
        raise SessionError("method", f"unknown method {method!r}; choose {', '.join(METHODS)}")
    currency = _one_currency(summaries)
    base, factors = _base_unit([Decimal(s["unit_value"]["amount"]) for s in summaries])
    players = _players(summaries)
    units = combine_sessions(
        {p: u * f for p, u in s["totals"]["units"].items()}
        for s, f in zip(summaries, factors, strict=True)
    )
    units = {p: units.get(p, 0) for p in players}
    settled = {b.player: b for b in balances(units, base, currency or None)}
    if method == "pairwise":
        transfers = _pairwise(summaries, factors, base, currency or None)
    else:
        money = {p: b.money for p, b in settled.items()}
        transfers = settle(money, method, banker=banker if method == "banker" else None)
    same_stakes = len(set(factors)) == 1
    return {
        "players": players,
        "currency": currency,
        "unit_value": str(base * factors[0]) if same_stakes else None,
        "method": method,
        "banker": _banker(method, banker, settled),
        "balances": [
            {
                "player": p,
                "units": units[p] if same_stakes else None,
                "exact": format(settled[p].exact, "f"),
                "money": format(settled[p].money, "f"),
            }
            for p in players
        ],
        "rounded": any(b.exact != b.money for b in settled.values()),
        "transfers": [t.to_json() for t in transfers],
        "sessions": [_session_line(s) for s in summaries],
    }


def converted_settlement(
    ups: Sequence[Mapping[str, Any]], into: str, rates: Mapping[str, Decimal]
) -> dict[str, Any]:
    """The one settlement a table gets by naming a rate: each currency's balance after its
    payments (``ups``: ``group_settle_up``'s, one per currency) converted into ``into`` at
    ``rates`` (what one of each other currency is worth in ``into``), rounded once, and the
    fewest transfers that settle it. Only shown, never stored: the currencies stay apart
    everywhere else. A missing or bad rate is a ``LedgerError`` naming ``rate.CODE``."""
    apart = {up["currency"]: {p: Decimal(m) for p, m in up["balances"].items()} for up in ups}
    money = converted_balances(apart, into, rates)
    players = list(dict.fromkeys(p for up in ups for p in up["balances"]))
    return {
        "currency": into,
        "rates": {code: format(rate, "f") for code, rate in rates.items() if code != into},
        "balances": [{"player": p, "money": format(money[p], "f")} for p in players],
        "transfers": [t.to_json() for t in settle(money, "minimal")],
    }


def house_rules(session: GameSession, lang: str = "hu") -> list[dict[str, Any]]:
    """The session's house rules that differ from its ruleset's defaults, for a header.

    Each: name, label, value, help (the chosen value's meaning, one line) and default.
    """
    ruleset = only_ruleset(session_engine(session))
    out = []
    for name, value in sorted((session.options or {}).items()):
        option = ruleset.options[name]
        if value == option.default:
            continue
        choice = option.choices.get(str(value)) if option.choices else None
        meaning = ruleset_text(choice.help, choice.help_en, lang) if choice else ""
        out.append(
            {
                "name": name,
                "label": ruleset_text(option.label, option.label_en, lang),
                "value": value,
                "help": next(iter(meaning.splitlines()), ""),
                "default": option.default,
            }
        )
    return out


def _one_currency(summaries: Sequence[Mapping[str, Any]]) -> str:
    currencies = sorted({currency_code(s["unit_value"]["currency"]) for s in summaries})
    if len(currencies) > 1:
        shown = ", ".join(c or "(none)" for c in currencies)
        raise SessionError(
            "sessions",
            f"sessions played in different currencies ({shown}) cannot be settled together",
        )
    return currencies[0]


def _pairwise(
    summaries: Sequence[Mapping[str, Any]], factors: Sequence[int], base: Decimal, code: str | None
) -> Any:
    """Who pays whom pair by pair: from each hand's payments, or, where a summary carries
    ``pairs`` (a group's stored evening, ``summaries``), from its pair debts, which sum
    across evenings as their hands would."""
    if not all("pairs" in s for s in summaries):
        records = (
            {p: u * f for p, u in hand["result"]["payments"].items()}
            for s, f in zip(summaries, factors, strict=True)
            for hand in s["hands"]
        )
        return pairwise_transfers(records, base, code)
    owed: dict[tuple[str, str], int] = {}
    units: dict[str, int] = {}
    for s, f in zip(summaries, factors, strict=True):
        for a, b, n in s["pairs"]:
            owed[a, b] = owed.get((a, b), 0) + n * f
        for p, u in s["totals"]["units"].items():
            units[p] = units.get(p, 0) + u * f
    return pairwise_from_debts(owed, units, base, code)


def _base_unit(values: Sequence[Decimal]) -> tuple[Decimal, list[int]]:
    """The largest amount that divides every unit value, and each value's multiple of it."""
    places = max(-v.as_tuple().exponent for v in values)
    scale = 10 ** max(0, places)
    whole = [int(v * scale) for v in values]
    divisor = math.gcd(*whole)
    return Decimal(divisor) / scale, [w // divisor for w in whole]


def _players(summaries: Sequence[Mapping[str, Any]]) -> list[str]:
    """Everyone who sat at any of the tables, in order of first appearance."""
    seen: dict[str, None] = {}
    for summary in summaries:
        seen.update(dict.fromkeys(summary["players"]))
    return list(seen)


def _banker(method: str, banker: str | None, settled: Mapping[str, Any]) -> str | None:
    """The banker the transfers used: the one named, else the engine's default (the
    biggest winner, ties first by name)."""
    if method != "banker" or banker is not None:
        return banker
    return min(settled, key=lambda p: (-settled[p].money, p), default=None)


def _session_line(summary: Mapping[str, Any]) -> dict[str, Any]:
    return {
        "id": summary["id"],
        "name": summary["name"],
        "date": summary["date"],
        "place": summary["place"],
        "hands": summary["hand_count"] if "hand_count" in summary else len(summary["hands"]),
        "unit_value": summary["unit_value"],
        "units": dict(summary["totals"]["units"]),
    }

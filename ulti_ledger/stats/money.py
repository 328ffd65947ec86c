"""The money of the statistics, per currency: what a player won, lost and earned as
declarer, his biggest hand and his best evening, each in money.

A group's evenings may be played at different stakes and in different currencies, and a
unit of one is not a unit of another: +438 units at 0.10 EUR is 43.80 EUR, less than
−223 units at 10 Ft is in forints, and neither can be ranked above the other. So the
figures here weigh each evening's tallies (``figures.Tally``, kept per evening by
``evenings.evening_parts``) by that evening's stake, and keep every currency apart: the
records compare money within one currency only, never units across stakes.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import Decimal
from typing import Any

from .evenings import evening_parts
from .figures import Tally, combined_stats

SUMMED = ("units", "as_declarer", "otherwise")
"""The common sums that become money (an evening's units times its stake)."""
RECORDS = ("biggest_win", "biggest_loss", "best_evening", "worst_evening")
"""The common records that are compared in money within one currency."""


def money_stats(
    parts: Sequence[tuple[int, Mapping[str, Tally]]],
    stakes: Mapping[int, tuple[Decimal, str]],
) -> dict[str, dict[str, dict[str, Any]]]:
    """``{player: {currency: {...}}}`` over ``parts`` (``evening_parts``: each evening's
    tallies, in order), each evening weighed by its ``stakes[session id]`` (unit value,
    currency code). Per currency: ``units``, ``as_declarer``, ``otherwise`` as exact money
    (decimal strings); ``biggest_win`` and ``biggest_loss`` (``{"money", "session",
    "hand"}``) and ``best_evening`` and ``worst_evening`` (``{"money", "session"}``), the
    earlier on a tie, or None. Players and currencies in order of first appearance."""
    acc: dict[str, dict[str, dict[str, Any]]] = {}
    for session_id, part in parts:
        value, code = stakes[session_id]
        for name, tally in part.items():
            mine = acc.setdefault(name, {}).setdefault(code, _zero())
            for key in SUMMED:
                mine[key] += tally.sums[key] * value
            if tally.win is not None:
                _keep(mine, "biggest_win", tally.win, value, 1)
            if tally.loss is not None:
                _keep(mine, "biggest_loss", tally.loss, value, -1)
            for evening, units in tally.evenings.items():
                _keep(mine, "best_evening", (units, evening, None), value, 1)
                _keep(mine, "worst_evening", (units, evening, None), value, -1)
    return {
        name: {code: _words(figures) for code, figures in currencies.items()}
        for name, currencies in acc.items()
    }


def _zero() -> dict[str, Any]:
    return {**dict.fromkeys(SUMMED, Decimal(0)), **dict.fromkeys(RECORDS)}


def _keep(
    mine: dict[str, Any],
    key: str,
    found: tuple[int, int, int | None],
    value: Decimal,
    sign: int,
) -> None:
    """Keep ``found`` (units, session, hand) as ``key`` where its money beats the kept
    one's in the direction of ``sign`` (an equal one later does not)."""
    units, session_id, hand = found
    money = units * value
    kept = mine[key]
    if kept is None or sign * (money - kept["money"]) > 0:
        mine[key] = {"money": money, "session": session_id} | (
            {"hand": hand} if hand is not None else {}
        )


def _words(figures: Mapping[str, Any]) -> dict[str, Any]:
    """The figures with every amount a decimal string (JSON-able, exact)."""
    out: dict[str, Any] = {key: format(figures[key], "f") for key in SUMMED}
    for key in RECORDS:
        kept = figures[key]
        out[key] = None if kept is None else {**kept, "money": format(kept["money"], "f")}
    return out


def stats_with_money(
    session_ids: Sequence[int],
    stakes: Mapping[int, tuple[Decimal, str]],
    *,
    game: str | None = None,
) -> dict[str, Any]:
    """``stats_for(session_ids, game=game)`` and, under ``money``, ``money_stats`` of the
    same evenings' parts (each evening counted once, for both)."""
    parts = evening_parts(session_ids, game=game)
    return {
        **combined_stats([part for _, part in parts]),
        "money": money_stats(parts, stakes),
    }

"""Seating changes checked before they are written: one seating order for the evening.

The ledger keeps one order of everyone who played that evening; each seating is a part
of it, and each player sits for one run of hands (he may arrive late and leave early,
but not leave and come back, which would need a second seat). A change therefore only
seats newcomers and lets players go; the others keep their order round the table.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..settlement import HandError
from ..settlement.session import hand_seatings
from .errors import SessionError
from .names import check_players, one_name, why_one_name


@dataclass(frozen=True, slots=True)
class SeatSpan:
    """One player's seat: his place in the evening's order and the hands he sits for."""

    name: str
    start: int | None
    """The first hand position he sits at; None: from the first hand."""
    end: int | None
    """The first hand position he no longer sits at; None: still seated."""


def place_for(order: Sequence[str], name: str, seating: Sequence[str]) -> int:
    """Where ``name`` goes in the evening's ``order`` to sit where ``seating`` has him.

    Right after the player before him in ``seating`` (or right before the one after him
    when he takes the first seat): every seating stays a part of the one order.
    """
    index = seating.index(name)
    if index > 0:
        return order.index(seating[index - 1]) + 1
    rest = [p for p in seating if p != name and p in order]
    return order.index(rest[0]) if rest else len(order)


def plan_seats(seatings: Sequence[Sequence[str]], key: str = "seating") -> tuple[SeatSpan, ...]:
    """The seats that give hand ``i`` (position ``i + 1``) the seating ``seatings[i]``.

    Raises a ``SessionError`` for a seating that reorders the players who stay, or seats
    again a player who had left.
    """
    order = list(seatings[0])
    start: dict[str, int | None] = dict.fromkeys(order)
    end: dict[str, int | None] = {}
    previous = list(seatings[0])
    for index, seating in enumerate(seatings[1:], start=1):
        position = index + 1
        kept = [p for p in seating if p in previous]
        if kept != [p for p in previous if p in seating]:
            raise SessionError(
                key,
                f"from hand {position} the players who stay change places; only seat"
                " newcomers and let players go",
            )
        for name in previous:
            if name not in seating:
                end[name] = position
        for name in seating:
            if name in start and name not in previous:
                raise SessionError(
                    key,
                    f"{name} left and sits down again from hand {position}; a player"
                    " who left cannot come back in the same evening",
                )
            if name not in start:
                order.insert(place_for(order, name, seating), name)
                start[name] = position
        previous = list(seating)
    return tuple(SeatSpan(name, start[name], end.get(name)) for name in order)


def check_seatings(
    data: Mapping[str, Any], players: tuple[str, ...], active: int, max_out: int
) -> tuple[tuple[str, ...], ...]:
    """Each hand's seating (and the next hand's): ``players``, then the ``seating`` changes."""
    raw = data.get("hands")
    count = len(raw) if isinstance(raw, list) else 0
    try:
        seatings = hand_seatings(data, count)
    except HandError as exc:
        raise SessionError(exc.key, exc.message) from None
    for index, change in enumerate(data.get("seating") or ()):
        try:
            check_players(change["players"], active, max_out)
        except SessionError as exc:
            raise SessionError(f"seating[{index}].{exc.key}", exc.message) from None
    seen: list[str] = []
    for name in (name for seating in seatings for name in seating):
        first = next((other for other in seen if one_name(other, name)), name)
        if first != name:
            raise SessionError(
                "seating", f"{first!r} and {name!r} are one name: {why_one_name(first, name)}"
            )
        if name not in seen:
            seen.append(name)
    return (players, *seatings[1:])

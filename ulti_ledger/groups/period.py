"""The period a standings page, the API or the season report asks for.

``?period=month|season|all`` or ``?from=YYYY-MM-DD&to=YYYY-MM-DD`` (either end may be
left open). "This month" needs a today: it is a parameter here, never read from the
clock inside, so a test passes a fixed day and a page passes the server's.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass

from ..games import REGISTRY
from ..ledger import METHODS
from ..models import Group
from .store import GroupError, parse_day

KINDS = ("all", "month", "season", "custom")


@dataclass(frozen=True, slots=True)
class Period:
    """Which evenings count: those whose day is within ``start``..``end`` (inclusive)."""

    kind: str
    """all, month (the month of today), season (the group's) or custom (from/to given)."""
    start: dt.date | None
    """The first day counted; None: from the first evening."""
    end: dt.date | None
    """The last day counted; None: up to the last evening."""

    def covers(self, day: dt.date) -> bool:
        return (self.start is None or self.start <= day) and (self.end is None or day <= self.end)

    def to_json(self) -> dict[str, str | None]:
        return {
            "kind": self.kind,
            "from": self.start.isoformat() if self.start else None,
            "to": self.end.isoformat() if self.end else None,
        }


def check_query(args: Mapping[str, str]) -> None:
    """Refuse a ``game`` no registered game has or a ``method`` that is none, before any
    evening is read: a bad query costs nothing (``parse_period`` calls it first)."""
    game = args.get("game") or None
    if game is not None and game not in set(REGISTRY):
        raise GroupError(
            "game", f"no evening of {game!r} in this period", "bad_game", game=str(game)[:40]
        )
    method = args.get("method")
    if method is not None and method not in METHODS:
        raise GroupError(
            "method",
            f"unknown method {str(method)[:40]!r}; choose {', '.join(METHODS)}",
            "bad_method",
            method=str(method)[:40],
        )


def parse_period(args: Mapping[str, str], group: Group, today: dt.date) -> Period:
    """The period ``args`` names; a bad one is a ``GroupError`` naming the key. The rest
    of the query (``check_query``) is checked first, so a page refuses it before work."""
    check_query(args)
    kind = args.get("period") or ("custom" if args.get("from") or args.get("to") else "all")
    if kind not in KINDS:
        raise GroupError(
            "period",
            f"unknown period {kind!r}; choose {', '.join(KINDS[:3])}, or give from and to",
            "bad_period",
            period=kind,
        )
    if kind == "all":
        return Period("all", None, None)
    if kind == "month":
        first = today.replace(day=1)
        following = (first + dt.timedelta(days=32)).replace(day=1)
        return Period("month", first, following - dt.timedelta(days=1))
    if kind == "season":
        if group.season_start is None and group.season_end is None:
            raise GroupError(
                "period", "this group has no season yet; set its start first", "no_season"
            )
        return Period("season", group.season_start, group.season_end)
    start, end = parse_day(args.get("from"), "from"), parse_day(args.get("to"), "to")
    if start and end and end < start:
        raise GroupError(
            "to",
            f"the period ends ({end}) before it starts ({start})",
            "period_order",
            start=start.isoformat(),
            end=end.isoformat(),
        )
    return Period("custom", start, end)

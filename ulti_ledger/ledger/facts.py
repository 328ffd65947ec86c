"""Hand-format dicts <-> rows: the one place that knows how a hand is laid out in tables.

A hand is one row of common columns (dealer, position, version, its own options) and its
facts, the game's ``canonical(hand)`` as JSON; its seat rows give each named player's role
(the game's ``roles``). No game has tables of its own. The round trip is lossless:
``read_facts`` gives back the dict that ``write_facts`` stored, and ``in_order`` puts it
in the game's key order (PostgreSQL's JSONB keeps keys in an order of its own). Reading
uses plain column selects, a fixed handful of queries for any number of hands.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from sqlalchemy import select

from ..db import db
from ..models import Hand, HandSeat, Player
from ..settlement import Engine
from .pinning import only_ruleset

CHUNK = 500
"""Hand ids per IN (...) query: well below every database's parameter limit."""


@dataclass(frozen=True, slots=True)
class HandHead:
    """A hand's own row: enough to find it, order it, key its cached result, and its facts."""

    id: int
    position: int
    version: int
    dealer_id: int
    options: dict[str, Any] | None
    facts: dict[str, Any]


def write_facts(
    row: Hand, facts: Mapping[str, Any], roles: Mapping[str, str], ids: Mapping[str, int]
) -> None:
    """Set a hand row and its seat rows from a canonical hand dict (its own ``options``
    first, if any) and the game's ``roles``; names map to player ids."""
    row.options = dict(facts["options"]) if facts.get("options") else None
    row.facts = {key: value for key, value in facts.items() if key != "options"}
    kept = {seat.player_id: seat for seat in row.seats} if row.id is not None else {}
    seats = []
    for name, role in roles.items():  # a player's row is kept: the flush inserts before
        seat = kept.pop(ids[name], None) or HandSeat(player_id=ids[name])  # it deletes
        seat.role = role
        seats.append(seat)
    row.seats = seats


def hand_keys(session_id: int) -> list[tuple[int, int]]:
    """(id, version) of the session's hands in order; a hand's number is its index + 1.

    All a cached scoreboard needs from the database: the rest only for cache misses.
    """
    h = Hand.__table__.c
    rows = db.session.execute(
        select(h.id, h.version)
        .where(h.session_id == session_id, h.deleted_at.is_(None))
        .order_by(h.position)
    )
    return [(hand_id, version) for hand_id, version in rows]


def hand_heads(session_id: int, hand_ids: list[int] | None = None) -> dict[int, HandHead]:
    """The hand rows of a session by id: all live ones, or those of ``hand_ids`` (deleted too)."""
    h = Hand.__table__.c
    columns = (h.id, h.position, h.version, h.dealer_id, h.options, h.facts)
    if hand_ids is None:
        batches = [select(*columns).where(h.session_id == session_id, h.deleted_at.is_(None))]
    else:
        batches = [
            select(*columns).where(h.id.in_(hand_ids[i : i + CHUNK]))
            for i in range(0, len(hand_ids), CHUNK)
        ]
    return {row.id: HandHead(*row) for query in batches for row in db.session.execute(query)}


def player_names(ids: Iterable[int]) -> dict[int, str]:
    """Names by player id (for names a session's seats do not cover)."""
    wanted = sorted(set(ids))
    if not wanted:
        return {}
    rows = db.session.execute(select(Player.id, Player.name).where(Player.id.in_(wanted)))
    return dict(rows.all())


def read_facts(heads: list[HandHead]) -> dict[int, dict[str, Any]]:
    """The stored hand dicts of ``heads`` by hand id: the hand's own options, then its facts."""
    return {head.id: stored(head) for head in heads}


def stored(head: HandHead) -> dict[str, Any]:
    out: dict[str, Any] = {"options": dict(head.options)} if head.options else {}
    out.update(head.facts)
    return out


def in_order(
    engine: Engine, options: Mapping[str, Any], facts: Mapping[str, Any]
) -> tuple[dict[str, Any], Any, Any]:
    """A stored hand dict in its game's canonical order, with the parsed hand and its rules.

    ``options`` are the session's; the hand's own stay first, as it stored them.
    """
    ruleset = only_ruleset(engine)
    hand, rules = engine.parse(dict(facts), {"ruleset": ruleset.id, "options": options})
    out: dict[str, Any] = {"options": facts["options"]} if facts.get("options") else {}
    out.update(engine.game(rules.scorer).canonical(hand))
    return out, hand, rules

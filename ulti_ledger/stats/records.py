"""The hands of some evenings as records for statistics: roles, payments and marks.

A record depends only on the hand's facts and the evening's pinned ruleset, so it is
cached in the app's result cache under (hand id, hand version, ruleset digest), as the
scoreboard caches its views: a warm read costs one query of the hands' ids and versions,
the facts, seat rows and settlement only for the hands not seen yet.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import select

from ..db import db
from ..ledger.facts import in_order
from ..ledger.pinning import result_cache, session_engine
from ..models import GameSession, Hand, HandSeat, Player

FEW = 200
"""Up to this many uncached hands are read by id; more, by their sessions."""
CACHE_TAG = "stats"
"""Keeps this module's entries apart from the scoreboard's in the shared result cache."""


@dataclass(frozen=True, slots=True)
class HandRecord:
    """One live hand as statistics see it."""

    session_id: int
    number: int
    """The hand's number in its evening (its rank among the live hands)."""
    game: str
    """The game's id (its ``NAME``)."""
    roles: Mapping[str, str]
    """Each named player's role, as the hand's seat rows keep it: declarer, partner,
    opponent or sitting_out."""
    payments: Mapping[str, int]
    """Each named player's units in this hand (they sum to zero)."""
    marks: Mapping[str, tuple[str, ...]]
    """The game's own statistics this hand counts, per player (its ``stats`` part):
    dotted paths such as ``bids.ulti.piros.won``, one entry per thing counted."""


@dataclass(frozen=True, slots=True)
class _Settled:
    game: str
    roles: Mapping[str, str]
    payments: Mapping[str, int]
    marks: Mapping[str, tuple[str, ...]]


def records_for(session_ids: Sequence[int]) -> list[HandRecord]:
    """Every live hand of the live sessions among ``session_ids``, evening by evening
    (by date, then id; an evening without a date by id, after the dated ones) and within
    one in the order played."""
    sessions = _sessions(session_ids)
    if not sessions:
        return []
    h = Hand.__table__.c
    heads = db.session.execute(
        select(h.id, h.session_id, h.version)
        .where(h.session_id.in_(list(sessions)), h.deleted_at.is_(None))
        .order_by(h.session_id, h.position)
    ).all()
    cache = result_cache()
    keys = [(CACHE_TAG, i, v, sessions[s].ruleset.digest) for i, s, v in heads]
    found = cache.get_many(keys)
    missing = [head.id for head, hit in zip(heads, found, strict=True) if hit is None]
    if missing:
        fresh = _settle(sessions, missing)
        for index, key in enumerate(keys):
            if found[index] is None:
                found[index] = fresh[key[1]]
                cache.put(key, found[index])
    numbers: dict[int, int] = {}
    by_session: dict[int, list[HandRecord]] = {s: [] for s in sessions}
    for (_, session_id, _), settled in zip(heads, found, strict=True):
        numbers[session_id] = numbers.get(session_id, 0) + 1
        record = HandRecord(
            session_id,
            numbers[session_id],
            settled.game,
            settled.roles,
            settled.payments,
            settled.marks,
        )
        by_session[session_id].append(record)
    return [record for s in sessions for record in by_session[s]]


def _sessions(session_ids: Sequence[int]) -> dict[int, GameSession]:
    """The live sessions of ``session_ids`` in the records' order."""
    ids = sorted(set(session_ids))
    if not ids:
        return {}
    found = db.session.scalars(
        select(GameSession).where(GameSession.id.in_(ids), GameSession.deleted_at.is_(None))
    ).all()
    found = sorted(found, key=lambda s: (s.date is None, s.date or 0, s.id))
    return {s.id: s for s in found}


def _settle(sessions: Mapping[int, GameSession], hand_ids: list[int]) -> dict[int, _Settled]:
    """Roles, payments and marks of the hands ``hand_ids``: two queries for any number.

    A few hands (new since the last read) are read by id; many, by their sessions, whose
    other rows are skipped here (one scan is cheaper than many IN lists).
    """
    wanted = set(hand_ids)
    h = Hand.__table__.c
    if len(hand_ids) <= FEW:
        which, seat_which = h.id.in_(hand_ids), HandSeat.hand_id.in_(hand_ids)
    else:
        which = h.session_id.in_(list(sessions)) & h.deleted_at.is_(None)
        seat_which = Hand.session_id.in_(list(sessions)) & Hand.deleted_at.is_(None)
    rows = [
        row
        for row in db.session.execute(select(h.id, h.session_id, h.options, h.facts).where(which))
        if row.id in wanted
    ]
    roles: dict[int, dict[str, str]] = {i: {} for i in wanted}
    seat_rows = db.session.execute(
        select(HandSeat.hand_id, Player.name, HandSeat.role)
        .join(Player, Player.id == HandSeat.player_id)
        .join(Hand, Hand.id == HandSeat.hand_id)
        .where(seat_which)
        .order_by(HandSeat.id)
    )
    for hand_id, name, role in seat_rows:
        if hand_id in wanted:
            roles[hand_id][name] = role
    out = {}
    for row in rows:
        session = sessions[row.session_id]
        out[row.id] = _settled(session, row.options, row.facts, roles[row.id])
    return out


def _settled(
    session: GameSession, own: Any, facts: Mapping[str, Any], roles: Mapping[str, str]
) -> _Settled:
    """One hand settled by its evening's engine, and the marks its game counts."""
    engine = session_engine(session)
    stored = {"options": dict(own), **facts} if own else dict(facts)
    facts, hand, rules = in_order(engine, session.options or {}, stored)
    game = engine.game(rules.scorer)
    payments = dict(game.settle(hand, rules).payments)
    counted = getattr(game, "stats", None)
    marks = counted(facts, hand, rules) if counted is not None else {}
    return _Settled(game.NAME, dict(roles), payments, {p: tuple(m) for p, m in marks.items() if m})

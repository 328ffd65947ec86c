"""The hands of some evenings as records for statistics: roles, payments and marks.

A record depends only on the hand's facts and the evening's pinned ruleset, so it is
cached in the app's result cache under (hand id, hand version, ruleset digest), as the
scoreboard caches its views, and an evening's records together under (session id,
session version, ruleset digest): a warm read costs one query of the evenings' versions,
and an evening written to since is read again alone (one query of its hands' versions,
the facts, seat rows and settlement only for the hands not seen yet).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import select

from ..db import db
from ..ledger import in_order, result_cache, session_engine
from ..models import GameSession, Hand, HandSeat, Player, StoredRuleset

FEW = 200
"""Up to this many uncached hands are read by id; more, by their sessions."""
CACHE_TAG = "stats"
"""Keeps this module's entries apart from the scoreboard's in the shared result cache."""
EVENING_TAG = "stats-evening"
"""The first part of an evening's records' key (its id, version and ruleset digest)."""


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
    heads = evening_heads(session_ids)
    found = evening_records(heads)
    return [record for head in heads for record in found[head.id]]


def evening_records(
    evenings: Sequence[Any], sessions: Mapping[int, GameSession] | None = None
) -> dict[int, tuple[HandRecord, ...]]:
    """Each evening's records by its id; ``evenings`` are rows of its ``id``, ``version``
    and ruleset ``digest`` (as ``groups.store.evening_rows`` reads them).

    Kept under the evening's version, which every write to it raises: a write to one
    evening reads only that evening again (and of it only the hands not seen yet), so
    the others cost a dictionary lookup. ``sessions``: the ORM sessions of the evenings,
    where the caller has them; the missing ones are read here in one query.
    """
    cache = result_cache()
    keys = [(EVENING_TAG, e.id, e.version, e.digest) for e in evenings]
    found = cache.get_many(keys)
    missing = [key[1] for key, hit in zip(keys, found, strict=True) if hit is None]
    if missing:
        fresh = _read_evenings(_orm_sessions(missing, sessions or {}))
        for index, key in enumerate(keys):
            if found[index] is None:
                found[index] = fresh[key[1]]
                cache.put(key, found[index])
    return {key[1]: records for key, records in zip(keys, found, strict=True)}


def _read_evenings(sessions: Mapping[int, GameSession]) -> dict[int, tuple[HandRecord, ...]]:
    """The records of ``sessions``, each hand from the per-hand cache or settled anew."""
    h = Hand.__table__.c
    heads = db.session.execute(
        select(h.id, h.session_id, h.version)
        .where(h.session_id.in_(list(sessions)), h.deleted_at.is_(None))
        .order_by(h.session_id, h.position)
    ).all()
    cache = result_cache()
    digests = {i: session.ruleset.digest for i, session in sessions.items()}
    keys = [(CACHE_TAG, i, v, digests[s]) for i, s, v in heads]
    found = cache.get_many(keys)
    missing = [head.id for head, hit in zip(heads, found, strict=True) if hit is None]
    if missing:
        fresh = _settle(sessions, missing)
        for index, key in enumerate(keys):
            if found[index] is None:
                found[index] = fresh[key[1]]
                cache.put(key, found[index])
    by_session: dict[int, list[HandRecord]] = {s: [] for s in sessions}
    for (_, session_id, _), settled in zip(heads, found, strict=True):
        mine = by_session[session_id]
        mine.append(
            HandRecord(
                session_id,
                len(mine) + 1,
                settled.game,
                settled.roles,
                settled.payments,
                settled.marks,
            )
        )
    return {s: tuple(records) for s, records in by_session.items()}


def evening_heads(session_ids: Sequence[int]) -> list[Any]:
    """The live sessions of ``session_ids`` as rows (id, version, digest, date), in the
    records' order; no ORM object, so a warm read costs one query here."""
    ids = sorted(set(session_ids))
    if not ids:
        return []
    s, r = GameSession.__table__.c, StoredRuleset.__table__.c
    rows = db.session.execute(
        select(s.id, s.version, r.digest, s.date)
        .join_from(GameSession.__table__, StoredRuleset.__table__, r.id == s.ruleset_pk)
        .where(s.id.in_(ids), s.deleted_at.is_(None))
    ).all()
    return sorted(rows, key=lambda row: (row.date is None, row.date or 0, row.id))


def _orm_sessions(ids: Sequence[int], known: Mapping[int, GameSession]) -> dict[int, GameSession]:
    """The sessions of ``ids``: those in ``known``, the others read in one query."""
    out = {i: known[i] for i in ids if i in known}
    rest = [i for i in ids if i not in out]
    if rest:
        query = select(GameSession).where(GameSession.id.in_(rest))
        out.update((s.id, s) for s in db.session.scalars(query))
    return out


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
    engines = {i: (session_engine(s), s.options or {}) for i, s in sessions.items()}
    return {
        row.id: _settled(*engines[row.session_id], row.options, row.facts, roles[row.id])
        for row in rows
    }


def _settled(
    engine: Any,
    options: Mapping[str, Any],
    own: Any,
    facts: Mapping[str, Any],
    roles: Mapping[str, str],
) -> _Settled:
    """One hand settled by its evening's engine (and ``options``), and its game's marks."""
    stored = {"options": dict(own), **facts} if own else dict(facts)
    facts, hand, rules = in_order(engine, options, stored)
    game = engine.game(rules.scorer)
    payments = dict(game.settle(hand, rules).payments)
    marks = game.stats(facts, hand, rules)
    return _Settled(game.NAME, dict(roles), payments, {p: tuple(m) for p, m in marks.items() if m})

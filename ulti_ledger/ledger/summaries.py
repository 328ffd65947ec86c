"""Each evening's stored summary: what a group reads of it instead of its hands.

A group at its limits holds a million hands; its standings, balances and who pays whom
need only each evening's result per player (units, hands played, the money in the
evening's currency) and each pair's debt (``settlement.transfers.pair_debts``). Those
are kept as rows (``models.EveningSummary``, ``EveningResult``) stamped with the
evening's version, the way Splitwise keeps a running balance per member: a group's
figures then cost O(evenings x members), never O(hands).

Kept in step by the database session's ``before_commit`` (``_keep``): every evening
whose version a transaction raised (``txn.lock``: each hand write, edit, delete,
restore, rename, change of rules or payment), whose row it changed (the kitty chain),
or that a door names (``note_changed``: an evening added to a group), is summed again
in that same transaction. A reader that still finds another version than the evening's
(a write through a door that commits otherwise) sums it in memory (``read_summaries``):
never wrong, only slower. ``rebuild_summaries`` sums every evening again (the migration
and ``flask summaries rebuild``).

Others keep their own part beside it (``register_part``: the statistics' tallies), from
the same pass over the hands.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import ROUND_DOWN, Decimal
from typing import Any

from sqlalchemy import Connection, delete, event, func, insert, null, select
from sqlalchemy.orm import Session

from ..db import db
from ..models import (
    EveningResult,
    EveningSummary,
    GameSession,
    Hand,
    HandSeat,
    Player,
    Seat,
    StoredRuleset,
)
from ..settlement.transfers import pair_debts
from ..words.money_format import currency_code, minor_digits
from .facts import in_order
from .pinning import PINNED, database_cache, engine_for_text, result_cache
from .txn import ATTEMPTS, LOCKED, Retry, stored_version

SITTING_OUT = "sitting_out"
CACHE = "ulti_ledger.summaries"
"""The name of the cache of settled hands by their content (apart from the pages')."""
HAND_TAG = "summary-hand"
"""The first part of a settled hand's key in the result cache: its content, so a rolled
back write can never leave a wrong entry under a key another write reuses."""
EVENING_TAG = "summary-evening"
"""An evening summed in memory by a reader, under (id, version, digest)."""
TOUCHED = "ulti_ledger.summaries"
"""Key in the database session's ``info``: evenings this transaction changed."""


@dataclass(frozen=True, slots=True)
class HandLine:
    """One live hand as a summary reads it (and a registered part, ``register_part``)."""

    session_id: int
    number: int
    """Its number in the evening (rank among the live hands)."""
    game: str
    roles: Mapping[str, str]
    """Each named player's role (the hand's seat rows)."""
    payments: Mapping[str, int]
    marks: Mapping[str, tuple[str, ...]]
    """The game's own statistics marks per player (its ``stats`` part)."""


@dataclass(frozen=True, slots=True)
class Summary:
    """One evening's summary (what the rows hold), at ``version``."""

    session_id: int
    version: int
    hands: int
    players: tuple[str, ...]
    """The seating order."""
    currency: str
    unit_amount: str
    units: Mapping[str, int]
    played: Mapping[str, int]
    pairs: tuple[tuple[str, str, int], ...]
    extra: Mapping[str, Any] = field(default_factory=dict)

    def money_minor(self, player: str) -> int:
        """``units`` x stake in the currency's minor unit, toward zero."""
        code = currency_code(self.currency)
        exact = self.units[player] * Decimal(self.unit_amount) * 10 ** minor_digits(code)
        return int(exact.to_integral_value(ROUND_DOWN))


Part = Callable[[Sequence[HandLine]], Any]
Extend = Callable[[Any, Sequence[HandLine]], Any]
_PARTS: dict[str, tuple[Part, Extend]] = {}


def register_part(name: str, part: Part, extend: Extend) -> None:
    """Keep ``part(hand lines)`` (JSON-able) with each evening's summary, under ``name``
    in ``Summary.extra``: a package that reads the ledger (statistics) stores what it
    needs of each evening without the ledger knowing it. ``extend(kept, lines)``: the
    part once ``lines`` are played after those ``kept`` counts (a hand added reads only
    itself). Registering again replaces."""
    _PARTS[name] = (part, extend)


def ruleset_by_digest(digest: str) -> Any:
    """The one ruleset of the pinned engine whose text has ``digest`` (read once)."""
    pinned = PINNED.get(digest)
    if pinned is not None:
        (ruleset,) = pinned.rulesets.values()
        return ruleset
    r = StoredRuleset.__table__.c
    head = db.session.execute(select(r.source).where(r.digest == digest)).first()
    text = lambda: db.session.execute(select(r.text).where(r.digest == digest)).scalar_one()  # noqa: E731
    (ruleset,) = engine_for_text(digest, text, head.source if head else "").rulesets.values()
    return ruleset


def summarize(conn: Any, session_id: int) -> Summary | None:
    """The evening's summary from its hands, read through ``conn`` (the database session
    or a migration's connection); None for an evening that does not exist."""
    head = _head(conn, session_id)
    if head is None:
        return None
    players = _seat_names(conn, session_id)
    lines = hand_lines(conn, _engine(conn, head), head, session_id)
    units = dict.fromkeys(players, 0)
    played = dict.fromkeys(players, 0)
    _count(lines, units, played)
    owed, _ = pair_debts(line.payments for line in lines)
    return Summary(
        head.id,
        head.version,
        len(lines),
        players,
        head.currency or "",
        head.unit_amount,
        units,
        played,
        tuple((a, b, n) for (a, b), n in sorted(owed.items()) if n),
        {name: part(lines) for name, (part, _) in _PARTS.items()},
    )


def _count(lines: Sequence[HandLine], units: dict[str, int], played: dict[str, int]) -> None:
    """Add the hands' payments and hands played to the seated players' (in place)."""
    for line in lines:
        for name, role in line.roles.items():
            if role != SITTING_OUT and name in played:
                played[name] += 1
        for name, paid in line.payments.items():
            if name in units:
                units[name] += paid


def _head(conn: Any, session_id: int) -> Any:
    s, r = GameSession.__table__.c, StoredRuleset.__table__.c
    return conn.execute(
        select(s.id, s.version, s.options, s.unit_amount, s.currency)
        .add_columns(r.digest, r.source, r.id.label("r"))
        .join_from(GameSession.__table__, StoredRuleset.__table__, r.id == s.ruleset_pk)
        .where(s.id == session_id)
    ).first()


def _engine(conn: Any, head: Any) -> Any:
    r = StoredRuleset.__table__.c
    text = lambda: conn.execute(select(r.text).where(r.id == head.r)).scalar_one()  # noqa: E731
    return engine_for_text(head.digest, text, head.source)


def _seat_names(conn: Any, session_id: int) -> tuple[str, ...]:
    return tuple(
        conn.execute(
            select(Player.name)
            .join(Seat, Seat.player_id == Player.id)
            .where(Seat.session_id == session_id)
            .order_by(Seat.position)
        ).scalars()
    )


def hand_lines(
    conn: Any, engine: Any, head: Any, session_id: int, only: Sequence[int] | None = None
) -> list[HandLine]:
    """Every live hand of the evening settled (from the cache where its content was);
    ``only``: those hands (by id) alone, numbered on from ``head.hands``."""
    h = Hand.__table__.c
    which = h.id.in_(list(only)) if only is not None else h.session_id == session_id
    rows = conn.execute(
        select(h.id, h.options, h.facts).where(which, h.deleted_at.is_(None)).order_by(h.position)
    ).all()
    roles: dict[int, dict[str, str]] = {row.id: {} for row in rows}
    seat_which = (
        HandSeat.hand_id.in_(list(only))
        if only is not None
        else (Hand.session_id == session_id) & Hand.deleted_at.is_(None)
    )
    seat_rows = conn.execute(
        select(HandSeat.hand_id, Player.name, HandSeat.role)
        .join(Player, Player.id == HandSeat.player_id)
        .join(Hand, Hand.id == HandSeat.hand_id)
        .where(seat_which)
        .order_by(HandSeat.id)
    )
    for hand_id, name, role in seat_rows:
        roles[hand_id][name] = role
    options = head.options or {}
    cache = None if isinstance(conn, Connection) else database_cache(CACHE)
    base = (HAND_TAG, head.digest, json.dumps(options, sort_keys=True))
    out = []
    for number, row in enumerate(rows, start=1 + (getattr(head, "hands", 0) or 0)):
        stored = {"options": dict(row.options), **row.facts} if row.options else dict(row.facts)
        key = (*base, json.dumps(stored, sort_keys=True))
        settled = cache.get(key) if cache is not None else None
        if settled is None:
            settled = _settle(engine, options, stored)
            if cache is not None:
                cache.put(key, settled)
        game, payments, marks = settled
        out.append(HandLine(session_id, number, game, roles[row.id], payments, marks))
    return out


def _settle(engine: Any, options: Mapping[str, Any], stored: Mapping[str, Any]) -> tuple:
    facts, hand, rules = in_order(engine, options, stored)
    game = engine.game(rules.scorer)
    payments = dict(game.settle(hand, rules).payments)
    marks = {p: tuple(m) for p, m in game.stats(facts, hand, rules).items() if m}
    return game.NAME, payments, marks


def store_summary(conn: Any, summary: Summary) -> None:
    """Write ``summary`` over the evening's stored one."""
    sid = summary.session_id
    conn.execute(delete(EveningResult.__table__).where(EveningResult.session_id == sid))
    conn.execute(delete(EveningSummary.__table__).where(EveningSummary.session_id == sid))
    conn.execute(
        insert(EveningSummary.__table__).values(
            session_id=sid,
            version=summary.version,
            hands=summary.hands,
            pairs=[list(p) for p in summary.pairs],
            extra=dict(summary.extra),
        )
    )
    if summary.players:
        code = currency_code(summary.currency)
        conn.execute(
            insert(EveningResult.__table__),
            [
                {
                    "session_id": sid,
                    "position": position,
                    "player": name,
                    "currency": code,
                    "units": summary.units[name],
                    "money_minor": summary.money_minor(name),
                    "played": summary.played[name],
                }
                for position, name in enumerate(summary.players)
            ],
        )


def refresh_summaries(conn: Any, session_ids: Iterable[int]) -> int:
    """Sum again each of the evenings whose stored summary is not at its version now
    (a deleted evening's goes); returns how many were written."""
    ids = sorted(set(session_ids))
    if not ids:
        return 0
    s = GameSession.__table__.c
    now = dict(conn.execute(select(s.id, s.version).where(s.id.in_(ids))).all())
    e = EveningSummary.__table__.c
    kept = dict(conn.execute(select(e.session_id, e.version).where(e.session_id.in_(ids))).all())
    written = 0
    for sid in ids:
        if sid not in now:  # gone (the rows went with it)
            continue
        if kept.get(sid) != now[sid]:
            summary = _appended(conn, sid, kept[sid]) if sid in kept else None
            summary = summary or summarize(conn, sid)
            if summary is not None:
                store_summary(conn, summary)
                written += 1
    return written


def _appended(conn: Any, session_id: int, kept_version: int) -> Summary | None:
    """The summary after what the evening's write did, from the stored one, where that is
    a hand added after the last (or nothing that moves a result: a payment, the kitty):
    read by ids and counts, so a write to a long evening reads one hand, not all. None
    where the write did anything else (an edit, a delete, a rename: summed again whole).

    Every write gives each hand it touches the evening's new version (``txn``), so the
    hands above ``kept_version`` are exactly those changed since the stored summary."""
    h = Hand.__table__.c
    changed, last = conn.execute(
        select(func.count(h.id), func.max(h.id)).where(
            h.session_id == session_id, h.version > kept_version
        )
    ).one()
    if changed > 1:
        return None
    kept = _stored(conn, session_id)
    head = _head(conn, session_id)
    if kept is None or head is None or _seat_names(conn, session_id) != kept.players:
        return None
    live, top = conn.execute(
        select(func.count(h.id), func.max(h.position)).where(
            h.session_id == session_id, h.deleted_at.is_(None)
        )
    ).one()
    lines: list[HandLine] = []
    if changed:
        row = conn.execute(select(h.position, h.deleted_at).where(h.id.in_([last]))).one()
        if row.deleted_at is not None or live != kept.hands + 1 or row.position != top:
            return None
        engine = _engine(conn, head)
        lines = hand_lines(conn, engine, _Numbered(head, kept.hands), session_id, [last])
    elif live != kept.hands:
        return None
    units, played = dict(kept.units), dict(kept.played)
    _count(lines, units, played)
    owed = {(a, b): n for a, b, n in kept.pairs}
    for (a, b), n in pair_debts(line.payments for line in lines)[0].items():
        owed[a, b] = owed.get((a, b), 0) + n
    extra = dict(kept.extra)
    if lines:
        for name, (_, extend) in _PARTS.items():
            extra[name] = extend(kept.extra[name], lines) if name in kept.extra else None
        if any(value is None for value in extra.values()):
            return None
    return Summary(
        session_id,
        head.version,
        kept.hands + len(lines),
        kept.players,
        head.currency or "",
        head.unit_amount,
        units,
        played,
        tuple((a, b, n) for (a, b), n in sorted(owed.items()) if n),
        extra,
    )


class _Numbered:
    """A head whose hands are numbered on from ``hands``."""

    def __init__(self, head: Any, hands: int) -> None:
        self.options, self.digest, self.hands = head.options, head.digest, hands


def _stored(conn: Any, session_id: int) -> Summary | None:
    """The evening's stored summary, as its rows hold it."""
    e, x = EveningSummary.__table__.c, EveningResult.__table__.c
    head = conn.execute(
        select(e.version, e.hands, e.pairs, e.extra).where(e.session_id == session_id)
    ).first()
    if head is None:
        return None
    rows = conn.execute(
        select(x.player, x.units, x.played, x.currency)
        .where(x.session_id == session_id)
        .order_by(x.position)
    ).all()
    return Summary(
        session_id,
        head.version,
        head.hands,
        tuple(r.player for r in rows),
        "",
        "",
        {r.player: r.units for r in rows},
        {r.player: r.played for r in rows},
        tuple((a, b, n) for a, b, n in head.pairs),
        head.extra or {},
    )


def rebuild_summaries(conn: Any) -> int:
    """Sum every evening again from its hands (the migration, ``flask summaries
    rebuild``); returns how many evenings were summed."""
    ids = list(conn.execute(select(GameSession.__table__.c.id)).scalars())
    for sid in ids:
        summary = summarize(conn, sid)
        if summary is not None:
            store_summary(conn, summary)
    return len(ids)


def note_changed(session_id: int) -> None:
    """Have the evening summed again before this transaction commits (a door that raises
    its version in SQL outside ``txn.lock``)."""
    db.session.info.setdefault(TOUCHED, set()).add(session_id)


def read_summaries(rows: Sequence[Any], extra: bool = True) -> dict[int, Summary]:
    """The summaries of evenings given as rows of ``id``, ``version`` and ruleset
    ``digest`` (``groups.store.evening_rows``): two queries for any number. One whose
    stored version is not the evening's is summed here, in memory (kept in the result
    cache under its version), and never written by a read. ``extra``: read the parts
    others keep (``register_part``) too."""
    ids = [row.id for row in rows]
    if not ids:
        return {}
    e, x = EveningSummary.__table__.c, EveningResult.__table__.c
    heads = {
        row.session_id: row
        for row in db.session.execute(
            select(e.session_id, e.version, e.hands, e.pairs, e.extra if extra else null()).where(
                e.session_id.in_(ids)
            )
        )
    }
    results: dict[int, list[Any]] = {}
    for row in db.session.execute(
        select(x.session_id, x.player, x.units, x.played)
        .where(x.session_id.in_(ids))
        .order_by(x.session_id, x.position)
    ):
        results.setdefault(row.session_id, []).append(row)
    moved = _moved_since(heads)
    out: dict[int, Summary] = {}
    for row in rows:
        head = heads.get(row.id)
        if head is not None and head.version == row.version and row.id not in moved:
            mine = results.get(row.id, [])
            out[row.id] = Summary(
                row.id,
                row.version,
                head.hands,
                tuple(r.player for r in mine),
                "",
                "",
                {r.player: r.units for r in mine},
                {r.player: r.played for r in mine},
                tuple((a, b, n) for a, b, n in head.pairs),
                head[4] or {},
            )
        else:
            out[row.id] = _summed_now(row)
    return out


def _moved_since(heads: Mapping[int, Any]) -> set[int]:
    """The evenings whose summary a write replaced after ``heads`` were read: a reader
    is in no transaction (each statement sees the latest commit), so their rows read
    since may be of the new state beside the old pair debts (a renamed player in one,
    not the other). One query of the versions, read after the rows."""
    if not heads:
        return set()
    e = EveningSummary.__table__.c
    query = select(e.session_id, e.version).where(e.session_id.in_(list(heads)))
    now = {sid: version for sid, version in db.session.execute(query)}
    return {sid for sid, head in heads.items() if now.get(sid) != head.version}


def _summed_now(row: Any) -> Summary:
    cache = result_cache()
    key = (EVENING_TAG, row.id, row.version, row.digest)
    found = cache.get(key)
    if found is None:
        found = summarize_steady(db.session, row.id)
        if found is not None and found.version == row.version:
            cache.put(key, found)
    return found


def summarize_steady(conn: Any, session_id: int) -> Summary | None:
    """``summarize`` outside a write, of one state of the evening: its head, seats and
    hands are read by separate statements, so a write that committed among them (its
    version moved) has it summed again; after ``ATTEMPTS`` such writes, ``Retry`` (a
    409 that says try again). Inside a write the evening's lock makes it one state."""
    for _ in range(ATTEMPTS):
        before = stored_version(conn, session_id)
        try:
            found = summarize(conn, session_id)
        except Exception:
            if stored_version(conn, session_id) == before:
                raise  # nothing moved: a bug, not a race
            continue
        if found is None or stored_version(conn, session_id) == found.version:
            return found
    raise Retry()


def _noted(session: Session, flush_context: Any) -> None:
    """After each flush: the evenings whose rows (or hands' rows) it wrote."""
    touched = None
    for obj in (*session.new, *session.dirty, *session.deleted):
        sid = obj.id if isinstance(obj, GameSession) else None
        if isinstance(obj, Hand):
            sid = obj.session_id
        if sid is not None:
            if touched is None:
                touched = session.info.setdefault(TOUCHED, set())
            touched.add(sid)


def _keep(session: Session) -> None:
    """Before each commit: sum again every evening this transaction changed."""
    if session.new or session.dirty or session.deleted:
        session.flush()  # so that ``_noted`` sees what it writes
    ids = set(session.info.pop(TOUCHED, ()) or ()) | set(session.info.get(LOCKED, ()) or ())
    if ids:
        refresh_summaries(session, ids)


def _forget(session: Session) -> None:
    session.info.pop(TOUCHED, None)


event.listen(Session, "after_flush", _noted)
event.listen(Session, "before_commit", _keep)
event.listen(Session, "after_rollback", _forget)

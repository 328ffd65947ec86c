"""The table agrees: the verdicts of the seats (``table_seats``) on hands, and the marks.

A seat's player confirms or disputes the hands where he sits on the other side, and
nothing else. The other side of a hand comes from
the game's ``roles`` as the hand's seat rows keep them (``HandSeat.role``): the
opponents of the declarer; a hand without opponents (every game's all pass) is answered
by everyone who played it but the declarer's side.

A verdict names the hand version it answered, so an edit (a new version) asks again by
itself, and the older verdicts stay as the hand's agreement history. Verdicts raise the
evening's version (``lock``) like every change of it: the live pollers, the ETags and
the cached PDF see the new marks.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import select, update

from ..db import db
from ..models import GameSession, Hand, HandSeat, HandVerdict, Player, TableSeat, utcnow
from ..words.messages import text
from .errors import NotFound, SessionError
from .facts import hand_keys
from .reads import hand_key_at
from .txn import lock, retried, transaction

MODES = ("one", "all", "off")
"""Who must confirm a hand: one player of the other side, all of them, or nobody."""
DECLARING = ("declarer", "partner")


class AgreementError(SessionError):
    """A seat's or a verdict's refusal, with a ``code`` the pages say in their language."""

    def __init__(self, key: str, problem: str, code: str, **params: Any) -> None:
        super().__init__(key, problem)
        self.code = code
        self.params = params


@dataclass
class Mark:
    """Where one hand stands: ``open`` (waiting), ``confirmed`` or ``disputed``."""

    status: str
    by: list[str] = field(default_factory=list)
    """Who confirmed this state of the hand (or who disputes it)."""
    waiting: list[str] = field(default_factory=list)
    """The players of the other side who have not answered yet."""
    disputes: list[dict[str, Any]] = field(default_factory=list)
    """The open disputes: id, player, reason, proposal, at."""


def current_verdicts(session: GameSession) -> list[int]:
    """The ids of the verdicts on the hands as they are now (before a players' change)."""
    v = HandVerdict.__table__.c
    h = Hand.__table__.c
    return list(
        db.session.scalars(
            select(v.id)
            .join(Hand.__table__, h.id == v.hand_id)
            .where(v.session_id == session.id, v.hand_version == h.version)
        )
    )


def carry_verdicts(ids: list[int]) -> None:
    """A rename, an arrival or a departure gives every hand a new version without changing
    what happened at the table: the verdicts ``ids`` go with their hands (no commit)."""
    if not ids:
        return
    h = Hand.__table__.c
    now = select(h.version).where(h.id == HandVerdict.hand_id).scalar_subquery()
    db.session.execute(
        update(HandVerdict).where(HandVerdict.id.in_(ids)).values(hand_version=now),
        execution_options={"synchronize_session": False},
    )


# Verdicts


def effective_mode(session: GameSession) -> str:
    """The confirmation asked for: ``off`` while no seat is claimed."""
    if session.confirm_mode == "off" or not _any_seat(session):
        return "off"
    return session.confirm_mode


def _any_seat(session: GameSession) -> bool:
    """Whether a seat is claimed at this evening: one indexed row, not every seat."""
    found = select(TableSeat.id).where(TableSeat.session_id == session.id).limit(1)
    return db.session.scalar(found) is not None


def answering(session: GameSession, hand_id: int) -> list[str]:
    """Who answers for this hand: its other side, by the roles its game gave."""
    rows = db.session.execute(
        select(Player.name, HandSeat.role)
        .join(Player, Player.id == HandSeat.player_id)
        .where(HandSeat.hand_id == hand_id)
        .order_by(HandSeat.id)
    ).all()
    return _other_side(rows)


def _other_side(pairs: list[Any]) -> list[str]:
    """The opponents among (name, role) pairs; none: all but the declaring side."""
    opponents = [name for name, role in pairs if role == "opponent"]
    return opponents or [name for name, role in pairs if role not in (*DECLARING, "sitting_out")]


@retried
def give_verdict(
    session: GameSession,
    seat: TableSeat,
    number: int,
    verdict: str,
    *,
    version: int | None = None,
    reason: str = "",
    proposal: Mapping[str, Any] | None = None,
) -> HandVerdict:
    """The seat's player confirms or disputes hand ``number`` as it is now.

    ``version``: the hand version the player saw; an edit since is refused (``stale``),
    so nobody confirms a hand he did not see.
    """
    if verdict not in ("confirm", "dispute"):
        raise AgreementError("verdict", "confirm or dispute", "bad_verdict")
    reason = (reason or "").strip()
    if len(reason) > 200:
        raise AgreementError("reason", "at most 200 characters", "long_reason")
    hand_id, hand_version = hand_key_at(session, number)
    if version is not None and version != hand_version:
        raise AgreementError("version", "the hand was changed since", "stale", number=number)
    if seat.player not in answering(session, hand_id):
        raise AgreementError(
            "player", f"{seat.player} is not on the other side", "not_yours", number=number
        )
    if verdict == "dispute" and not reason and not proposal:
        raise AgreementError("reason", "say why, or propose the hand", "no_reason")
    with transaction():
        lock(session)
        row = HandVerdict(
            session_id=session.id,
            hand_id=hand_id,
            hand_version=hand_version,
            player=seat.player,
            verdict=verdict,
            reason=reason,
            proposal=dict(proposal) if proposal else None,
        )
        db.session.add(row)
    return row


def dispute_of(session: GameSession, dispute_id: int) -> HandVerdict:
    """An open dispute of a live hand of this evening, or ``NotFound``: still its
    player's latest word on the hand (not replaced, withdrawn or followed by a verdict)."""
    row = db.session.get(HandVerdict, dispute_id)
    hand = db.session.get(Hand, row.hand_id) if row is not None else None
    if (
        row is None
        or hand is None
        or row.session_id != session.id
        or row.verdict != "dispute"
        or row.answered_at is not None
        or hand.deleted_at is not None
        or _said_since(row)
    ):
        raise NotFound("", f"there is no open dispute {dispute_id}")
    return row


def _said_since(row: HandVerdict) -> bool:
    """Whether the player gave a later verdict on the same hand."""
    later = select(HandVerdict.id).where(
        HandVerdict.session_id == row.session_id,
        HandVerdict.hand_id == row.hand_id,
        HandVerdict.player == row.player,
        HandVerdict.id > row.id,
    )
    return db.session.scalar(later.limit(1)) is not None


@retried
def answer_dispute(session: GameSession, dispute_id: int, answer: str, text: str = "") -> None:
    """The scorer answers a dispute: ``kept`` (the hand stands, ``text`` says why) or
    ``accepted`` (after he edited the hand, as the proposal said)."""
    if answer not in ("kept", "accepted"):
        raise AgreementError("answer", "kept or accepted", "bad_answer")
    with transaction():
        lock(session)
        row = dispute_of(session, dispute_id)
        row.answer, row.answer_text, row.answered_at = answer, text.strip()[:200], utcnow()


def marks(session: GameSession) -> dict[int, Mark]:
    """Where each live hand stands, by hand version; empty while confirmation is off."""
    mode = effective_mode(session)
    if mode == "off":
        return {}
    hands = db.session.execute(
        select(Hand.id, Hand.version).where(
            Hand.session_id == session.id, Hand.deleted_at.is_(None)
        )
    ).all()
    rows = db.session.scalars(
        select(HandVerdict).where(HandVerdict.session_id == session.id).order_by(HandVerdict.id)
    ).all()
    by_version: dict[int, list[HandVerdict]] = {}
    for row in rows:
        by_version.setdefault(row.hand_version, []).append(row)
    sides = _sides(session)
    out = {}
    for hand_id, version in hands:
        out[version] = _mark(sides.get(hand_id, []), by_version.get(version, []), mode)
    return out


def numbered_marks(
    session: GameSession, found: dict[int, Mark] | None = None
) -> list[tuple[int, Mark]]:
    """(number, mark) of each live hand, in order; empty while confirmation is off.
    ``found``: the session's ``marks``, when the caller read them already."""
    found = marks(session) if found is None else found
    if not found:
        return []
    return [(n, found[v]) for n, (_, v) in enumerate(hand_keys(session.id), start=1) if v in found]


def hand_number(session: GameSession, hand_id: int) -> int:
    """The number of a live hand, by its id (``NotFound`` for a deleted one)."""
    for number, (key, _) in enumerate(hand_keys(session.id), start=1):
        if key == hand_id:
            return number
    raise NotFound("", "that hand was deleted")


def agreement_counts(session: GameSession, found: dict[int, Mark] | None = None) -> dict[str, Any]:
    """How many hands are open, disputed and confirmed, and whether the settlement waits
    (``held``: the house option and a hand not yet agreed)."""
    counts = {"open": 0, "disputed": 0, "confirmed": 0}
    for mark in (marks(session) if found is None else found).values():
        counts[mark.status] += 1
    pending = counts["open"] + counts["disputed"]
    return {
        **counts,
        "pending": pending,
        "mode": effective_mode(session),
        "held": bool(session.settle_agreed) and pending > 0,
    }


def with_marks(session: GameSession, summary: Mapping[str, Any], lang: str) -> dict[str, Any]:
    """``summary`` with each hand's mark after its game ("… · confirmed: Béla"), for the
    PDF and the CSV; a copy (summaries are cached and shared)."""
    found = marks(session)
    if not found:
        return dict(summary)
    hands = []
    for hand in summary["hands"]:
        mark = found.get(hand["version"])
        if mark is not None:
            said = text(f"agree_{mark.status}", lang)
            said += f": {', '.join(mark.by)}" if mark.by else ""
            sheet = {**hand["sheet"], "game": f"{hand['sheet']['game']} · {said}"}
            hand = {**hand, "sheet": sheet, "agreement": mark.status}
        hands.append(hand)
    return {**summary, "hands": hands}


def _sides(session: GameSession) -> dict[int, list[str]]:
    """Each live hand's answering players (``answering``), in one query."""
    rows = db.session.execute(
        select(HandSeat.hand_id, Player.name, HandSeat.role)
        .join(Hand, Hand.id == HandSeat.hand_id)
        .join(Player, Player.id == HandSeat.player_id)
        .where(Hand.session_id == session.id, Hand.deleted_at.is_(None))
        .order_by(HandSeat.id)
    ).all()
    roles: dict[int, list[tuple[str, str]]] = {}
    for hand_id, name, role in rows:
        roles.setdefault(hand_id, []).append((name, role))
    return {hand_id: _other_side(pairs) for hand_id, pairs in roles.items()}


def _mark(side: list[str], rows: list[HandVerdict], mode: str) -> Mark:
    latest: dict[str, HandVerdict] = {}
    for row in rows:  # a player's last word counts; an answered dispute is closed
        latest[row.player] = row
    confirmed = [p for p in side if p in latest and latest[p].verdict == "confirm"]
    disputes = [
        {
            "id": r.id,
            "player": r.player,
            "reason": r.reason,
            "proposal": r.proposal,
            "at": at_text(r.at),
        }
        for r in latest.values()
        if r.verdict == "dispute" and r.answered_at is None
    ]
    waiting = [p for p in side if p not in latest or latest[p].verdict == "withdraw"]
    if disputes:
        return Mark("disputed", [d["player"] for d in disputes], waiting, disputes)
    enough = bool(confirmed) if mode == "one" else bool(side) and len(confirmed) == len(side)
    if enough or not side:
        return Mark("confirmed", confirmed, [])
    return Mark("open", confirmed, waiting)


def verdict_history(session: GameSession, number: int) -> list[dict[str, Any]]:
    """Every verdict on hand ``number`` (all its versions), oldest first, with answers."""
    hand_id, _ = hand_key_at(session, number)
    rows = db.session.scalars(
        select(HandVerdict).where(HandVerdict.hand_id == hand_id).order_by(HandVerdict.id)
    )
    return [
        {
            "id": r.id,
            "player": r.player,
            "verdict": r.verdict,
            "hand_version": r.hand_version,
            "reason": r.reason,
            "proposal": r.proposal,
            "at": at_text(r.at),
            "answer": r.answer,
            "answer_text": r.answer_text,
            "answered_at": at_text(r.answered_at),
        }
        for r in rows
    ]


def at_text(when: dt.datetime | None) -> str | None:
    """A stored time as ISO 8601 in UTC (seconds), or None."""
    if when is None:
        return None
    if when.tzinfo is None:  # SQLite gives it back naive: it was stored in UTC
        when = when.replace(tzinfo=dt.UTC)
    return when.astimezone(dt.UTC).isoformat(timespec="seconds")

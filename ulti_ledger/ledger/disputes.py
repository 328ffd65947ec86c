"""A dispute after it was sent: the seat says it again or takes it back, the scorer
accepts its proposal, and the seat reads the scorer's answer.

Until the scorer answers, the seat that disputed a hand may replace what it said (a new
reason, or another proposed hand: ``amend_dispute``) or withdraw it (``withdraw_dispute``:
the hand waits for its word again). Each step is a verdict row of its own, so the hand's
history keeps what was said and when; the player's latest row is the one that counts
(``agreement._mark``), and only that one can the scorer answer (``agreement.dispute_of``).
No seat touches another player's dispute. Accepting a proposal edits the hand and
answers the dispute in one transaction (``accept_proposal``): a proposal the seat
replaced or took back meanwhile is never written.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from sqlalchemy import select

from ..db import db
from ..models import GameSession, Hand, HandVerdict, TableSeat, utcnow
from .agreement import AgreementError, at_text, dispute_of, hand_number
from .errors import NotFound
from .facts import hand_keys
from .journal import Actor
from .txn import Stale, lock, retried, transaction
from .writes import replace_hand

KEEP: Any = object()
"""``amend_dispute``'s default: what the dispute said stays."""


def own_dispute(session: GameSession, seat: TableSeat, dispute_id: int) -> HandVerdict:
    """The seat's own dispute, still open and about the hand as it is now.

    ``NotFound``: no such dispute of this evening (or one already replaced, withdrawn or
    about a deleted hand); ``AgreementError`` ``not_your_dispute`` (another player's),
    ``answered`` (the scorer answered it), ``stale`` (the hand was edited since).
    """
    row = db.session.get(HandVerdict, dispute_id)
    if row is None or row.session_id != session.id or row.verdict != "dispute":
        raise NotFound("", f"there is no dispute {dispute_id}")
    if row.player != seat.player:
        raise AgreementError("dispute", f"dispute {dispute_id} is not yours", "not_your_dispute")
    if row.answered_at is not None:
        raise AgreementError("dispute", "the scorer has answered it", "answered")
    row = dispute_of(session, dispute_id)  # the latest word of its player, on a live hand
    hand = db.session.get(Hand, row.hand_id)
    if hand is None or hand.version != row.hand_version:
        number = hand_number(session, row.hand_id)
        raise AgreementError("version", "the hand was changed since", "stale", number=number)
    return row


def accept_proposal(
    session: GameSession, dispute_id: int, text: str = "", *, actor: Actor | None = None
) -> int:
    """The scorer accepts a seat's proposed hand: the hand becomes the proposal and the
    dispute is answered "accepted" in one transaction, under the evening's lock, so
    neither is written without the other. A dispute replaced or withdrawn meanwhile is
    ``NotFound``; a hand edited since it was disputed, a ``Conflict`` (with the hand as it
    is); a dispute without a proposal, ``AgreementError`` ``no_proposal``. Returns the
    hand's number."""
    row = dispute_of(session, dispute_id)
    if not row.proposal:
        raise AgreementError("proposal", "this dispute proposes no hand", "no_proposal")
    number = hand_number(session, row.hand_id)

    def answered(hand_id: int) -> None:
        now = dispute_of(session, dispute_id)  # still its player's word, under the lock
        if now.hand_id != hand_id:
            raise Stale  # the hands moved: another one has this number now
        now.answer, now.answer_text, now.answered_at = "accepted", text.strip()[:200], utcnow()

    replace_hand(session, number, dict(row.proposal), row.hand_version, actor=actor, then=answered)
    return number


@retried
def amend_dispute(
    session: GameSession,
    seat: TableSeat,
    dispute_id: int,
    *,
    reason: str | None = None,
    proposal: Mapping[str, Any] | None = KEEP,
) -> HandVerdict:
    """The seat says its dispute again: a new reason (``None``: the old one stays) and/or
    another proposed hand (``None`` takes the proposal back); a new row, the old one kept."""
    if reason is not None:
        reason = reason.strip()
        if len(reason) > 200:
            raise AgreementError("reason", "at most 200 characters", "long_reason")
    with transaction():
        lock(session)
        old = own_dispute(session, seat, dispute_id)
        said = old.reason if reason is None else reason
        proposed = old.proposal if proposal is KEEP else proposal
        if not said and not proposed:
            raise AgreementError("reason", "say why, or propose the hand", "no_reason")
        row = _after(old, "dispute", said, dict(proposed) if proposed else None)
    return row


@retried
def withdraw_dispute(session: GameSession, seat: TableSeat, dispute_id: int) -> HandVerdict:
    """The seat takes its dispute back: the hand waits for its confirmation again."""
    with transaction():
        lock(session)
        row = _after(own_dispute(session, seat, dispute_id), "withdraw", "", None)
    return row


def _after(old: HandVerdict, verdict: str, reason: str, proposal: dict | None) -> HandVerdict:
    row = HandVerdict(
        session_id=old.session_id,
        hand_id=old.hand_id,
        hand_version=old.hand_version,
        player=old.player,
        verdict=verdict,
        reason=reason,
        proposal=proposal,
    )
    db.session.add(row)
    return row


def dispute_answers(session: GameSession) -> dict[int, list[dict[str, Any]]]:
    """The scorer's answers to the disputes of each live hand (of any of its versions),
    by hand number, oldest first: who disputed, what, and the answer with its time."""
    numbers = {key: n for n, (key, _) in enumerate(hand_keys(session.id), start=1)}
    rows = db.session.scalars(
        select(HandVerdict)
        .where(HandVerdict.session_id == session.id, HandVerdict.answered_at.is_not(None))
        .order_by(HandVerdict.answered_at, HandVerdict.id)
    )
    out: dict[int, list[dict[str, Any]]] = {}
    for row in rows:
        if row.hand_id in numbers:
            out.setdefault(numbers[row.hand_id], []).append(
                {
                    "id": row.id,
                    "player": row.player,
                    "reason": row.reason,
                    "proposal": row.proposal,
                    "answer": row.answer,
                    "answer_text": row.answer_text,
                    "answered_at": at_text(row.answered_at),
                }
            )
    return out

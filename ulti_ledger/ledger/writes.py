"""Recording facts: creating sessions and adding, replacing and deleting hands.

Each write validates its input completely through the engine first, then writes in one
transaction that commits or rolls back whole, so nothing is ever half-saved, and adds
its audit row in that same transaction (``history``). Writes are serialized per session
and may name the version they expect (``txn``). Deleting keeps the hand (soft delete).
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Mapping
from typing import Any

from sqlalchemy import func, select, update

from ..db import db
from ..models import GameSession, Hand, Player, Seat, StoredRuleset, utcnow
from ..settlement import Engine, Ruleset
from .checks import CheckedHand, check_all_pass, check_hand, check_session, dealer_named
from .errors import NotFound
from .facts import write_facts
from .imported_payments import import_payments
from .journal import Actor, hand_state, record, settings_state
from .limits import Limits, check_hand_count
from .pinning import builtin_engine, only_ruleset, session_engine
from .reads import hand_count, hand_key_at, last_hand
from .seating import current_seating, last_seating, seating_of_hand
from .settling import session_settlement
from .summary import hand_entry, session_json, session_summary
from .txn import Stale, check_version, lock, retried, transaction


def new_token() -> str:
    """256 random bits, URL-safe; never with a leading "-", which a command line would
    take for an option (``ulti-ledger export TOKEN``): one token in 64 would."""
    while (token := secrets.token_urlsafe(32)).startswith("-"):
        pass
    return token


@retried
def create_session(
    data: Any,
    engine: Engine | None = None,
    *,
    imported: dict[str, Any] | None = None,
    actor: Actor | None = None,
    limits: Limits | None = None,
) -> GameSession:
    """Create a session from a session@1 body (hands included); ``engine`` defaults to builtin.

    Raises a ``LedgerError`` naming the problem before anything is written. The body's
    hands get versions 1..N and the session starts at version N (at least 1).
    ``imported``: the session is a copy loaded from a file, which said this of its evening
    (``evenings.origin_of``); kept as an ``import`` audit entry, in the same transaction.
    """
    if isinstance(data, dict) and isinstance(data.get("hands"), list):
        check_hand_count(len(data["hands"]), limits)  # before the engine reads any of them
    plan = check_session(data, engine or builtin_engine())
    with transaction():
        session = GameSession(
            name=plan.name,
            date=plan.date,
            place=plan.place,
            ruleset=_stored_ruleset(plan.ruleset),
            options=plan.options,
            unit_amount=plan.amount,
            currency=plan.currency,
            edit_token=new_token(),
            view_token=new_token(),
            version=max(1, len(plan.hands)),
            kitty_opening=plan.kitty_opening,
        )
        ids = _player_ids(tuple(seat.name for seat in plan.seats))
        session.seats = [
            Seat(
                position=i,
                player_id=ids[seat.name],
                from_position=seat.start,
                until_position=seat.end,
            )
            for i, seat in enumerate(plan.seats)
        ]
        db.session.add(session)
        db.session.flush()
        rows = [
            _insert_hand(session, position, checked, ids[dealer], ids, position)
            for position, (checked, dealer) in enumerate(plan.hands, start=1)
        ]
        db.session.flush()
        record(session, "create", session.version, after=settings_state(session), actor=actor)
        if imported is not None:
            record(session, "import", session.version, after=imported, actor=actor)
        for row, (checked, dealer) in zip(rows, plan.hands, strict=True):
            after = {**checked.facts, "dealer": dealer}
            record(session, "create", row.version, row.id, row.position, after=after, actor=actor)
        if isinstance(data, dict) and data.get("payments") is not None:  # a file's
            names = [seat.name for seat in plan.seats]
            summary = session_summary(session)  # what the file's hands owe
            owed = summary["totals"]["settled"]
            ways = [summary["totals"]["transfers"], pairwise_transfers(session, summary)]
            import_payments(session, data["payments"], plan.currency, names, owed, ways)
    return session


@retried
def add_hand(
    session: GameSession,
    data: Any,
    expected_version: int | None = None,
    *,
    actor: Actor | None = None,
    limits: Limits | None = None,
) -> int:
    """Record a hand at the end of the session; returns its number (1-based).

    Without a ``dealer`` key the rotation proposes the dealer (see ``rotation``); an all
    pass must then be thrown in by that deal's first bidder (``check_all_pass``).
    ``expected_version``: the session version the scorer saw; if another hand was
    recorded or changed since, a ``Conflict`` carries the session as it is now
    (``session_json``) and nothing is written.
    """
    engine = session_engine(session)
    seats = current_seating(session)
    checked = check_hand(data, engine, session.options, seats)
    seating = only_ruleset(engine).seating(session.options)
    with transaction(current=lambda: session_json(session)):
        version = lock(session, expected_version)
        top = db.session.scalar(
            select(func.max(Hand.position)).where(Hand.session_id == session.id)
        )
        ids = _seat_ids(session)
        dealer = checked.dealer
        if dealer is None:
            previous = last_hand(session)
            proposed = seating.next_dealer(seats, previous, last_seating(session))
            dealer = dealer_named(checked, seats, proposed, seating)
        check_all_pass(checked, seats, dealer, seating)
        row = _insert_hand(session, (top or 0) + 1, checked, ids[dealer], ids, version)
        db.session.flush()
        number = hand_count(session)
        check_hand_count(number, limits)  # beyond MAX_HANDS: rolled back
        after = {**checked.facts, "dealer": dealer}
        record(session, "create", version, row.id, number, after=after, actor=actor)
    return number


def save_hand(
    session: GameSession,
    number: int | None,
    data: Any,
    expected_version: int | None = None,
    *,
    actor: Actor | None = None,
    limits: Limits | None = None,
) -> int:
    """A hand form's save: a new hand when ``number`` is None, else hand ``number``
    replaced; the saved hand's number (errors as ``add_hand`` and ``replace_hand``)."""
    if number is None:
        return add_hand(session, data, expected_version, actor=actor, limits=limits)
    replace_hand(session, number, data, expected_version, actor=actor)
    return number


@retried
def replace_hand(
    session: GameSession,
    number: int,
    data: Any,
    expected_version: int | None = None,
    *,
    actor: Actor | None = None,
    then: Callable[[int], None] | None = None,
) -> None:
    """Replace the facts of hand ``number``; later hands' results follow from the new facts.

    The dealer is kept unless ``data`` names one (an all pass is checked against the
    dealer it will have, ``check_all_pass``). ``expected_version``: the hand's
    version the editor saw (``hand_entry(...)["version"]``); if the hand changed since,
    or another hand now has this number, a ``Conflict`` carries the hand as it is now
    (``hand_entry``; None if there is no hand ``number`` any more) and nothing is written.
    ``then(hand_id)``: more of the same write, in its transaction under the evening's
    lock (a dispute answered by the edit it asked for); its refusal writes nothing.
    """
    seats = seating_of_hand(session, number)
    checked = check_hand(data, session_engine(session), session.options, seats)
    with transaction(current=lambda: _current_hand(session, number)):
        version = lock(session)
        hand_id = _hand_at(session, number, expected_version)
        before = hand_state(session, hand_id)
        seating = only_ruleset(session_engine(session)).seating(session.options)
        check_all_pass(checked, seats, checked.dealer or before["dealer"], seating)
        row = db.session.get(Hand, hand_id)
        ids = _seat_ids(session)
        write_facts(row, checked.facts, checked.roles, ids)
        if checked.dealer is not None:
            row.dealer_id = ids[checked.dealer]
        row.version = version
        after = {**checked.facts, "dealer": checked.dealer or before["dealer"]}
        record(session, "edit", version, hand_id, number, before, after, actor=actor)
        if then is not None:
            then(hand_id)


@retried
def delete_hand(
    session: GameSession,
    number: int,
    expected_version: int | None = None,
    *,
    actor: Actor | None = None,
) -> None:
    """Delete hand ``number``; the later hands move up one number.

    The hand is kept (see ``deleted_hands``, ``restore_hand``). ``expected_version`` as
    for ``replace_hand``.
    """
    with transaction(current=lambda: _current_hand(session, number)):
        version = lock(session)
        hand_id = _hand_at(session, number, expected_version)
        _soft_delete(session, hand_id, number, version, actor)


def undo_last(session: GameSession, *, actor: Actor | None = None) -> int:
    """Delete the last hand recorded; returns the number it had (the hand is kept)."""
    return undo_last_hand(session, actor=actor)[0]


@retried
def undo_last_hand(session: GameSession, *, actor: Actor | None = None) -> tuple[int, int]:
    """``undo_last``, also giving the hand's id: (number, hand_id), for a restore button."""
    with transaction():
        version = lock(session)
        count = hand_count(session)
        if not count:
            raise NotFound("", "there is no hand to undo")
        hand_id, _ = hand_key_at(session, count)
        _soft_delete(session, hand_id, count, version, actor)
    return count, hand_id


def _soft_delete(
    session: GameSession, hand_id: int, number: int, version: int, actor: Actor | None
) -> None:
    before = hand_state(session, hand_id)
    db.session.execute(
        update(Hand).where(Hand.id == hand_id).values(deleted_at=utcnow(), version=version)
    )
    record(session, "delete", version, hand_id, number, before=before, actor=actor)


def _hand_at(session: GameSession, number: int, expected_version: int | None) -> int:
    """The id of hand ``number`` if it is at the version the writer expected."""
    try:
        hand_id, stored = hand_key_at(session, number)
    except NotFound:
        if expected_version is not None:
            raise Stale from None  # the hand the writer saw is gone
        raise
    check_version(expected_version, stored)
    return hand_id


def _current_hand(session: GameSession, number: int) -> dict[str, Any] | None:
    try:
        return hand_entry(session, number)
    except NotFound:
        return None


def _insert_hand(
    session: GameSession,
    position: int,
    checked: CheckedHand,
    dealer_id: int,
    ids: Mapping[str, int],
    version: int,
) -> Hand:
    row = Hand(session_id=session.id, position=position, dealer_id=dealer_id, version=version)
    write_facts(row, checked.facts, checked.roles, ids)
    db.session.add(row)
    return row


def _seat_ids(session: GameSession) -> dict[str, int]:
    return {seat.player.name: seat.player_id for seat in session.seats}


def _stored_ruleset(ruleset: Ruleset) -> StoredRuleset:
    stored = db.session.scalar(select(StoredRuleset).where(StoredRuleset.digest == ruleset.digest))
    if stored is None:
        stored = StoredRuleset(
            digest=ruleset.digest, ruleset_id=ruleset.id, source=ruleset.source, text=ruleset.text
        )
        db.session.add(stored)
    return stored


def _player_ids(names: tuple[str, ...]) -> dict[str, int]:
    """Ids of the named players, creating those not seen before (names are remembered)."""
    rows = db.session.execute(select(Player.name, Player.id).where(Player.name.in_(names)))
    found = dict(rows.all())
    new = [Player(name=n) for n in names if n not in found]
    if new:
        db.session.add_all(new)
        db.session.flush()
        found.update((p.name, p.id) for p in new)
    return found


def pairwise_transfers(session: GameSession, summary: dict[str, Any]) -> list[dict[str, Any]]:
    """The evening's pairwise transfers (a page may have marked a payment on them)."""
    return session_settlement(session, "pairwise", None, summary)["transfers"]

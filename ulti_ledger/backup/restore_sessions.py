"""Every session of a backup read back as the app reads it, before the restore writes.

Run on the scratch database ``restore_checks`` loaded the backup into, upgraded to the
newest schema: the rows already fit the schema and their foreign keys resolve; here
they must also make sense as evenings (``restore_checks`` says which checks run).
"""

from __future__ import annotations

import re

from sqlalchemy import func, select, union_all

from ..db import db
from ..models import GameSession, Group, Hand, HandSeat, Player, Seat, StoredRuleset
from .json_file import BackupError

TOKEN = re.compile(r"[A-Za-z0-9_-]{20,64}")
"""A link token as the app makes them (``secrets.token_urlsafe(32)``: 43 characters)."""
NOTHING_WRITTEN = "nothing was written"


def check_contents() -> None:
    """Every session of the (scratch) database, read and settled as the app would."""
    from .. import ledger
    from ..games import parse_ruleset
    from ..ledger import check_session

    for stored in db.session.scalars(select(StoredRuleset)):
        try:
            digest = parse_ruleset(stored.text, stored.source).digest
        except Exception as exc:  # any fault of a stored text: the file is refused
            raise BackupError(
                f"the backup's ruleset {stored.id} ({stored.ruleset_id}) does not parse: "
                f"{_first_line(exc)}; {NOTHING_WRITTEN}"
            ) from None
        if digest != stored.digest:
            raise BackupError(
                f"the backup's ruleset {stored.id} ({stored.ruleset_id}): its text does not "
                f"match its digest; the file was changed. {NOTHING_WRITTEN}"
            )
    for session in db.session.scalars(select(GameSession).order_by(GameSession.id)):
        where = f"session {session.id} ({session.name!r})"
        for kind in ("edit_token", "view_token"):
            token = getattr(session, kind)
            if not isinstance(token, str) or not TOKEN.fullmatch(token):
                raise BackupError(
                    f"{where}: its {kind} {token!r} is not a link token (20 to 64 letters, "
                    f"digits, - or _); {NOTHING_WRITTEN}"
                )
        if session.edit_token == session.view_token:
            raise BackupError(f"{where}: its edit and view tokens are one; {NOTHING_WRITTEN}")
        top = db.session.scalar(select(func.max(Hand.version)).where(Hand.session_id == session.id))
        if top is not None and session.version < top:
            raise BackupError(
                f"{where}: its version {session.version} is below its hands' ({top}); "
                f"{NOTHING_WRITTEN}"
            )
        _check_seated(session, where)
        try:
            check_session(ledger.session_document(session), ledger.session_engine(session))
            ledger.deleted_hands(session)
            _check_hand_seats(session, where)
        except BackupError:
            raise
        except ledger.LedgerError as exc:
            raise BackupError(f"{where} breaks its rules: {exc}; {NOTHING_WRITTEN}") from None
        except Exception as exc:  # rows the ledger cannot read: the file is refused
            raise BackupError(
                f"{where} is inconsistent ({type(exc).__name__}: {_first_line(exc)}); "
                f"{NOTHING_WRITTEN}"
            ) from None
    check_groups()


def check_groups() -> None:
    """Every group's name as the app accepts one (``groups.check_group_name``)."""
    from .. import ledger
    from ..groups import check_group_name

    for group in db.session.scalars(select(Group).order_by(Group.id)):
        try:
            check_group_name(group.name)
        except ledger.LedgerError as exc:
            raise BackupError(f"group {group.id}: {exc}; {NOTHING_WRITTEN}") from None


def _check_seated(session: GameSession, where: str) -> None:
    """Everyone a hand names (its dealer and its seat rows) has a seat at this table: a
    player of another evening cannot deal here. (The names in the facts are checked
    against the seat rows by ``_check_hand_seats``.)"""
    named = union_all(
        select(Hand.position, Hand.dealer_id).where(Hand.session_id == session.id),
        select(Hand.position, HandSeat.player_id)
        .join(HandSeat, HandSeat.hand_id == Hand.id)
        .where(Hand.session_id == session.id),
    ).subquery()
    seated = select(Seat.player_id).where(Seat.session_id == session.id)
    stray = db.session.execute(
        select(named.c.position, Player.name)
        .join(Player, Player.id == named.c[1])
        .where(named.c[1].not_in(seated))
        .order_by(named.c.position)
        .limit(1)
    ).first()
    if stray:
        raise BackupError(
            f"{where}: the hand at position {stray[0]} names {stray[1]!r}, who has no seat "
            f"at this table; {NOTHING_WRITTEN}"
        )


def _check_hand_seats(session: GameSession, where: str) -> None:
    """Each hand's seat rows are its facts' players in their roles (the game's ``roles``):
    a tampered row would make the statistics disagree with the scoresheet."""
    from ..ledger import hand_heads, in_order, session_engine, stored

    engine = session_engine(session)
    rows = db.session.execute(
        select(Hand.id, Hand.position, HandSeat.role, Player.name)
        .join(HandSeat, HandSeat.hand_id == Hand.id)
        .join(Player, Player.id == HandSeat.player_id)
        .where(Hand.session_id == session.id)
    )
    seats: dict[int, dict[str, str]] = {}
    for hand_id, _, role, name in rows:
        seats.setdefault(hand_id, {})[name] = role
    for head in hand_heads(session.id, _hand_ids(session.id)).values():
        _, hand, rules = in_order(engine, session.options, stored(head))
        if engine.game(rules.scorer).roles(hand) != seats.get(head.id, {}):
            raise BackupError(
                f"{where}: the hand at position {head.position}: its seat rows do not match "
                f"its facts; {NOTHING_WRITTEN}"
            )


def _hand_ids(session_id: int) -> list[int]:
    return list(db.session.scalars(select(Hand.id).where(Hand.session_id == session_id)))


def _first_line(exc: BaseException) -> str:
    return (str(exc).strip().splitlines() or [type(exc).__name__])[0]

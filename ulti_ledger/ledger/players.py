"""Changing who plays during an evening: rename a player, seat a late arrival, let one go.

Each change is one write, serialized and audited like every other (actions ``rename``,
``join``, ``leave``), checked whole before anything is written, and undoable (``undo``).

- A rename changes the name in this evening only: the evening's rows point to the player
  of the new name (created if new), so other evenings of the old name keep it. The new
  name is checked as at creation: two names that differ only in capitals, spaces or the
  Unicode form of an accent are one player, and are refused.
- A late arrival sits down from a hand on (the next one by default) at a seat of the
  table; a player leaves from a hand on. Earlier hands keep their seating (``seating``).
  A player who plays a hand from that point on cannot leave from it, and at least as
  many as play a hand (three) stay.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import or_, select, update

from ..db import db
from ..models import GameSession, Hand, HandSeat, Player, Seat
from .agreement import carry_verdicts, current_verdicts
from .checks import check_version_value
from .errors import SessionError
from .journal import Actor, record
from .names import check_new_name, one_name, why_one_name
from .pinning import only_ruleset, session_engine
from .reads import seat_names
from .renames import repoint
from .seat_checks import place_for
from .seating import boundary_for, live_positions, seating_at, seating_changes
from .summary import session_json
from .txn import bump_hands, lock, retried, transaction

OPERATIONS = ("rename", "add", "remove")


@retried
def change_players(
    session: GameSession,
    data: Any,
    expected_version: int | None = None,
    *,
    actor: Actor | None = None,
) -> dict[str, Any]:
    """Apply one change of the players: ``{"rename": {OLD: NEW}}``, ``{"add": {"name": N,
    "seat": S, "from_hand": H}}`` or ``{"remove": {"name": N, "from_hand": H}}``.

    ``seat`` is the 1-based place in the seating from that hand on (default: the last);
    ``from_hand`` the hand the change applies from (default: the next). ``data`` may carry
    ``version``. Returns the players as ``players_state`` gives them.
    """
    if not isinstance(data, dict):
        raise SessionError("", "send an object with one of: rename, add, remove")
    data = dict(data)
    if "version" in data:
        expected_version = check_version_value(data.pop("version"))
    unknown = [k for k in data if k not in OPERATIONS]
    if unknown or len(data) != 1:
        raise SessionError(
            str(unknown[0]) if unknown else "",
            "send exactly one of: rename, add, remove (one change at a time)",
        )
    with transaction(current=lambda: session_json(session)):
        apply_players_change(session, data, expected_version, actor=actor)
    return players_state(session)


def apply_players_change(
    session: GameSession,
    data: dict[str, Any],
    expected_version: int | None = None,
    *,
    actor: Actor | None = None,
) -> None:
    """``change_players``' one change (``data``: checked to hold exactly one operation)
    written in the caller's transaction, which commits it or rolls it back: a rename
    across several evenings is one transaction (``groups.rename_member``)."""
    ((operation, body),) = data.items()
    version = lock(session, expected_version)
    before = players_state(session)
    verdicts = current_verdicts(session)  # they go with their hands' new versions
    if operation == "rename":
        renamed = _rename(session, body)
        db.session.flush()
        db.session.expire_all()
        version = bump_hands(session, version)
        carry_verdicts(verdicts)
        after = {**players_state(session), "renamed": renamed}
        record(session, "rename", version, before=before, after=after, actor=actor)
    else:
        action, extra = (_join if operation == "add" else _leave)(session, body)
        db.session.flush()
        db.session.expire_all()
        version = bump_hands(session, version)  # each hand's view lists everyone
        carry_verdicts(verdicts)
        after = {**players_state(session), **extra}
        record(session, action, version, before=before, after=after, actor=actor)


def players_state(session: GameSession) -> dict[str, Any]:
    """Everyone of the evening, who sits now, and the seating changes; plus the seats
    themselves (order and spans), which an undo puts back."""
    return {
        "players": list(seat_names(session)),
        "seating": seating_changes(session),
        "seats": [
            {
                "name": s.player.name,
                "position": s.position,
                "from": s.from_position,
                "until": s.until_position,
            }
            for s in session.seats
        ],
    }


def _clash(session: GameSession, name: str, key: str, besides: str | None = None) -> None:
    """Refuse ``name`` if it is (by ``one_name``) one of the evening's players."""
    for other in seat_names(session):
        if other != besides and one_name(other, name):
            same = "" if other == name else f": {other!r} and {name!r}, {why_one_name(other, name)}"
            raise SessionError(key, f"{other} is already a player of this evening{same}")


def _rename(session: GameSession, body: Any) -> dict[str, str]:
    if not isinstance(body, dict) or not body:
        raise SessionError("rename", 'must be an object of old and new names: {"Bela": "Béla"}')
    for old, new in body.items():
        key = f"rename.{old}"
        if old not in seat_names(session):
            players = ", ".join(seat_names(session))
            raise SessionError(key, f"{old} is not a player of this evening; players: {players}")
        check_new_name(new, key)
        if new == old:
            raise SessionError(key, f"{old} is already called so")
        _clash(session, new, key, besides=old)
        if sum(one_name(n, new) for n in body.values() if isinstance(n, str)) > 1:
            raise SessionError(key, f"two players cannot both be renamed {new}")
    for old, new in body.items():
        repoint(session, _player_id(old), _player_id(new, create=True))
    return dict(body)


def _player_id(name: str, create: bool = False) -> int:
    found = db.session.scalar(select(Player.id).where(Player.name == name))
    if found is None and create:
        player = Player(name=name)
        db.session.add(player)
        db.session.flush()
        found = player.id
    return found


def _join(session: GameSession, body: Any) -> tuple[str, dict[str, Any]]:
    if not isinstance(body, dict) or set(body) - {"name", "seat", "from_hand"}:
        raise SessionError("add", 'must be {"name": "Ede", "seat": 3, "from_hand": 4}')
    name = check_new_name(body.get("name"), "add.name")
    _clash(session, name, "add.name")
    boundary = boundary_for(session, body.get("from_hand"))
    seating = list(seating_at(session, boundary))
    most = only_ruleset(session_engine(session)).seating(session.options).largest
    if len(seating) >= most:
        raise SessionError(
            "add", f"{len(seating)} sit at the table already, and at most {most} can"
        )
    seat = body.get("seat", len(seating) + 1)
    if isinstance(seat, bool) or not isinstance(seat, int) or not 1 <= seat <= len(seating) + 1:
        raise SessionError("add.seat", f"must be a seat from 1 to {len(seating) + 1}, not {seat!r}")
    seating.insert(seat - 1, name)
    seats = list(session.seats)
    index = place_for([s.player.name for s in seats], name, seating)
    if index < len(seats):
        position = seats[index].position
        _shift(session, position)
    else:
        position = (seats[-1].position + 1) if seats else 0
    played_before = _hands_before(session, boundary)
    db.session.add(
        Seat(
            session_id=session.id,
            player_id=_player_id(name, create=True),
            position=position,
            from_position=boundary if played_before else None,
        )
    )
    return "join", {"name": name, "from_hand": _number_at(session, boundary), "at": boundary}


def _leave(session: GameSession, body: Any) -> tuple[str, dict[str, Any]]:
    if not isinstance(body, dict) or set(body) - {"name", "from_hand"}:
        raise SessionError("remove", 'must be {"name": "Dóra", "from_hand": 7}')
    name = body.get("name")
    if name not in seat_names(session):
        players = ", ".join(seat_names(session))
        raise SessionError(
            "remove.name", f"{name!r} is not a player of this evening; players: {players}"
        )
    boundary = boundary_for(session, body.get("from_hand"))
    seating = seating_at(session, boundary)
    number = _number_at(session, boundary)
    if name not in seating:
        raise SessionError("remove.name", f"{name} is not at the table at hand {number}")
    fewest = only_ruleset(session_engine(session)).seating(session.options).smallest
    if len(seating) - 1 < fewest:
        raise SessionError(
            "remove", f"{fewest} play every hand: {name} cannot leave a table of {len(seating)}"
        )
    seat = next(s for s in session.seats if s.player.name == name)
    played = _plays_from(session, seat.player_id, boundary)
    if played is not None:
        raise SessionError(
            "remove.from_hand", f"{name} plays hand {played}; {name} can leave after it"
        )
    if _hands_before(session, boundary):
        seat.until_position = boundary
    else:  # he never sat at a hand: as if he had never been seated
        db.session.delete(seat)
    return "leave", {"name": name, "from_hand": number, "at": boundary}


def _shift(session: GameSession, start: int) -> None:
    """Move the seats at ``start`` and after one place on (unique positions throughout)."""
    moved = (Seat.session_id == session.id, Seat.position >= start)
    db.session.execute(update(Seat).where(*moved).values(position=-Seat.position - 1))
    db.session.execute(
        update(Seat)
        .where(Seat.session_id == session.id, Seat.position < 0)
        .values(position=-Seat.position)
    )


def _hands_before(session: GameSession, boundary: int) -> bool:
    """Whether any hand (deleted ones too) lies before ``boundary``."""
    query = select(Hand.id).where(Hand.session_id == session.id, Hand.position < boundary)
    return db.session.scalar(query.limit(1)) is not None


def _number_at(session: GameSession, boundary: int) -> int:
    """The number of the first live hand at ``boundary`` or after (hands + 1 if none)."""
    positions = live_positions(session)
    return next((n for n, p in enumerate(positions, 1) if p >= boundary), len(positions) + 1)


def _plays_from(session: GameSession, player_id: int, boundary: int) -> int | None:
    """The number of the first live hand from ``boundary`` on that names the player."""
    named = select(HandSeat.hand_id).where(HandSeat.player_id == player_id)
    query = (
        select(Hand.position)
        .where(
            Hand.session_id == session.id,
            Hand.deleted_at.is_(None),
            Hand.position >= boundary,
            or_(Hand.id.in_(named), Hand.dealer_id == player_id),
        )
        .order_by(Hand.position)
        .limit(1)
    )
    position = db.session.scalar(query)
    return None if position is None else _number_at(session, position)

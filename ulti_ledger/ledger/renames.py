"""Renaming a player in one evening: every row that names him, and his name in the facts.

The seats, the dealers and the hands' seat rows name a player by id; a hand's facts, the
game's canonical JSON, by name. A rename points the rows to the player of the new name
and rewrites the names in the facts, checked by the hand's own game (its ``roles``).
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import select, update

from ..db import db
from ..models import GameSession, Hand, HandSeat, Player, Seat
from ..settlement import HandError
from .errors import SessionError
from .facts import in_order
from .pinning import session_engine


def repoint(session: GameSession, old: int, new: int) -> None:
    """Make every row of this evening that names player ``old`` name ``new`` instead: the
    seats, the dealers, the hands' seat rows, and the names in the hands' facts."""
    before, after = (db.session.get(Player, i).name for i in (old, new))
    hands = select(Hand.id).where(Hand.session_id == session.id)
    whose = select(HandSeat.hand_id).where(HandSeat.player_id == old)
    named = db.session.scalars(
        select(Hand).where(Hand.session_id == session.id, Hand.id.in_(whose))
    ).all()
    db.session.execute(
        update(Seat)
        .where(Seat.session_id == session.id, Seat.player_id == old)
        .values(player_id=new)
    )
    db.session.execute(
        update(Hand)
        .where(Hand.session_id == session.id, Hand.dealer_id == old)
        .values(dealer_id=new)
    )
    db.session.execute(
        update(HandSeat)
        .where(HandSeat.hand_id.in_(hands), HandSeat.player_id == old)
        .values(player_id=new)
    )
    engine = session_engine(session)
    for row in named:
        row.facts = renamed_facts(engine, session.options, row, before, after)


def renamed_facts(engine: Any, options: Any, row: Hand, old: str, new: str) -> dict[str, Any]:
    """A hand's facts with player ``old`` called ``new``, checked by its game.

    The game's format puts names where it likes (a kontra's keys, a silent result's
    player...), so every string and key equal to ``old`` is renamed, and the game must
    then read the same hand with the same roles, renamed; a name that is also a word of
    the facts (a player called "piros" in a hand played in piros) would not, and is refused.
    """
    facts = _renamed(row.facts, old, new)
    own = {"options": row.options} if row.options else {}
    expected = {
        new if name == old else name: role
        for name, role in _roles(engine, options, {**own, **row.facts}).items()
    }
    try:
        if _roles(engine, options, {**own, **facts}) == expected:
            return facts
    except HandError:
        pass
    raise SessionError(
        "rename", f"{old} is also a word of a hand's facts here; choose another name first"
    )


def _roles(engine: Any, options: Any, facts: dict[str, Any]) -> dict[str, str]:
    _, hand, rules = in_order(engine, options, facts)
    return engine.game(rules.scorer).roles(hand)


def _renamed(value: Any, old: str, new: str) -> Any:
    if isinstance(value, str):
        return new if value == old else value
    if isinstance(value, list):
        return [_renamed(item, old, new) for item in value]
    if isinstance(value, dict):
        return {(new if k == old else k): _renamed(v, old, new) for k, v in value.items()}
    return value

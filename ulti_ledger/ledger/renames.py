"""Renaming a player in one evening: every row that names him, and his name in the facts.

The seats, the dealers and the hands' seat rows name a player by id; a hand's facts, the
game's canonical JSON, by name. A rename points the rows to the player of the new name
and rewrites the names in the facts where the game's ``hand_schema`` puts a name, checked
by the hand's own game (its ``roles``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from sqlalchemy import select, update

from ..db import db
from ..models import GameSession, Hand, HandSeat, Player, Seat
from ..settlement import HandError
from .errors import SessionError
from .facts import in_order
from .group_members import follow_evening_rename
from .payments import rename_in_payments
from .pinning import session_engine
from .table_seats import rename_in_seats

NAME_REF = "#/components/schemas/Name"
"""How a game's ``hand_schema`` gives a player's name."""
JSON_TYPES: dict[str, Any] = {
    "object": dict,
    "array": list,
    "string": str,
    "integer": int,
    "number": (int, float),
    "boolean": bool,
    "null": type(None),
}


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
    rename_in_payments(session, before, after)
    follow_evening_rename(session, before, after)
    rename_in_seats(session, before, after)


def renamed_facts(engine: Any, options: Any, row: Hand, old: str, new: str) -> dict[str, Any]:
    """A hand's facts with player ``old`` called ``new``, checked by its game.

    The game's format puts names where it likes (a kontra's keys, a silent result's
    player...), and says where in its ``hand_schema``: only a value (or an object's key)
    that the schema gives as a name is renamed, so a player called like a word of the
    facts ("piros", in a hand played in piros) is renamed and the word stays. The game
    must then read the same hand with the same roles, renamed.
    """
    own = {"options": row.options} if row.options else {}
    _, hand, rules = in_order(engine, options, {**own, **row.facts})
    game = engine.game(rules.scorer)
    facts = _renamed(row.facts, game.hand_schema(), old, new)
    expected = {new if name == old else name: role for name, role in game.roles(hand).items()}
    try:
        if _roles(engine, options, {**own, **facts}) == expected:
            return facts
    except HandError:
        pass
    raise SessionError(
        "rename", f"a hand here would read otherwise with {old} called {new}; choose another name"
    )


def _roles(engine: Any, options: Any, facts: dict[str, Any]) -> dict[str, str]:
    _, hand, rules = in_order(engine, options, facts)
    return engine.game(rules.scorer).roles(hand)


def _renamed(value: Any, schema: Any, old: str, new: str) -> Any:
    """``value`` with ``old`` called ``new`` wherever ``schema`` (a JSON Schema) puts a
    player's name: a value of the name schema, or a key of an object whose
    ``propertyNames`` is it."""
    if not isinstance(schema, Mapping):
        return value
    if schema.get("$ref") == NAME_REF:
        return new if value == old else value
    for branch in (*schema.get("anyOf", ()), *schema.get("oneOf", ())):
        if _fits(value, branch):
            return _renamed(value, branch, old, new)
    if isinstance(value, dict):
        properties, rest = schema.get("properties", {}), schema.get("additionalProperties")
        names = (schema.get("propertyNames") or {}).get("$ref") == NAME_REF
        return {
            (new if names and key == old else key): _renamed(
                item, properties.get(key, rest), old, new
            )
            for key, item in value.items()
        }
    if isinstance(value, list):
        return [_renamed(item, schema.get("items"), old, new) for item in value]
    return value


def _fits(value: Any, schema: Mapping[str, Any]) -> bool:
    """Whether ``value`` has the JSON type of an ``anyOf``/``oneOf`` branch."""
    if schema.get("$ref") == NAME_REF:
        return isinstance(value, str)
    if "enum" in schema:
        return value in schema["enum"]
    kinds = schema.get("type")
    if kinds is None:
        return True
    kinds = [kinds] if isinstance(kinds, str) else kinds
    numeric = ("integer", "number")
    return any(
        isinstance(value, JSON_TYPES[k]) and not (k in numeric and isinstance(value, bool))
        for k in kinds
        if k in JSON_TYPES
    )

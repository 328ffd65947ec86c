"""Players' names: what makes two names one player, and a seating's list of names.

A name is checked the same way everywhere a name comes in (a new session, a seating
change in a file, a rename, a late arrival), so one table never has "Anna" and "anna".
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any

from ..models import NAME_LENGTH
from .errors import SessionError

UNPRINTABLE = re.compile(r"[\x00-\x1f\x7f\ud800-\udfff]")
"""Control characters (NUL cannot even be stored in PostgreSQL) and lone surrogates."""


def check_players(raw: Any, active: int, max_out: int) -> tuple[str, ...]:
    """A seating's names: ``active`` to ``active + max_out`` of them, each a valid name,
    none twice, and no two that are one name written two ways (``name_key``)."""
    most = active + max_out
    if not isinstance(raw, list) or not active <= len(raw) <= most:
        raise SessionError(
            "players", f"must list {active} to {most} players' names, in seating order"
        )
    for index, name in enumerate(raw):
        if not isinstance(name, str) or not name.strip():
            raise SessionError(f"players[{index}]", f"must be a non-empty name, not {name!r}")
        if name != name.strip() or len(name) > NAME_LENGTH or UNPRINTABLE.search(name):
            raise SessionError(
                f"players[{index}]",
                f"{name!r}: a name has at most {NAME_LENGTH} printable characters"
                " and no space at its ends",
            )
        if raw.index(name) != index:
            raise SessionError("players", f"{name} is named twice")
        first = next(other for other in raw[: index + 1] if name_key(other) == name_key(name))
        if first != name:
            raise SessionError(
                f"players[{index}]",
                f"{first!r} and {name!r} are one name: they differ only in capitals or spaces",
            )
    return tuple(raw)


def name_key(name: str) -> str:
    """What makes two names one player: "Anna", "anna" and " ANNA " are the same person.

    Unicode NFC (an accent typed as a letter or as letter + mark is one letter), case
    folded, whitespace runs as one space and none at the ends.
    """
    folded = unicodedata.normalize("NFC", unicodedata.normalize("NFC", name).casefold())
    return " ".join(folded.split())


def check_new_name(name: Any, key: str) -> str:
    """A player's name, as ``check_session`` accepts it."""
    if not isinstance(name, str) or not name.strip():
        raise SessionError(key, f"must be a non-empty name, not {name!r}")
    if name != name.strip() or len(name) > NAME_LENGTH or UNPRINTABLE.search(name):
        raise SessionError(
            key,
            f"{name!r}: a name has at most {NAME_LENGTH} printable characters"
            " and no space at its ends",
        )
    return name

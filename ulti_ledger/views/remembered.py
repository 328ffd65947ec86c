"""The evenings this browser scored, for the quick pick of earlier players.

The new-evening form offers the names of earlier evenings, but only of those this browser
created, imported or opened with an edit link: whoever holds an edit link has seen its
names anyway, and nobody else's are shown. A visitor of a public instance with no such
evening sees no names at all.

The evenings are remembered as session ids (never names or tokens) in Flask's signed
session cookie: the browser cannot add ids it was not given, the cookie stays small (at
most ``LIMIT`` ids, the most recent first), and an evening the admin deletes drops out of
the pick, since the names are read from the database on each visit. The cookie is made
permanent (``PERMANENT_SESSION_LIFETIME``) so that the scorer who comes back next week on
the same phone still finds the names; each evening opened again renews it.
"""

from __future__ import annotations

from flask import session

KEY = "evenings"
LIMIT = 20


def remember(session_id: int) -> None:
    """Put the evening first among this browser's evenings (and keep the cookie)."""
    ids = [i for i in evening_ids() if i != session_id]
    session[KEY] = [session_id, *ids][:LIMIT]
    session.permanent = True


def forget(session_id: int) -> None:
    """Take the evening off this browser's list ("forget this evening on this phone")."""
    session[KEY] = [i for i in evening_ids() if i != session_id]
    forget_seat(session_id)


def evening_ids() -> list[int]:
    """This browser's evenings, the most recently opened first; none for a new visitor."""
    raw = session.get(KEY)
    if not isinstance(raw, list):
        return []
    return [i for i in raw if isinstance(i, int) and not isinstance(i, bool)][:LIMIT]


GROUPS_KEY = "groups"


def remember_group(group_id: int) -> None:
    """Put the group first among this browser's groups (the new-evening form offers them)."""
    ids = [i for i in group_ids() if i != group_id]
    session[GROUPS_KEY] = [group_id, *ids][:LIMIT]
    session.permanent = True


def group_ids() -> list[int]:
    """The groups this browser created or opened with an edit link, the latest first."""
    raw = session.get(GROUPS_KEY)
    if not isinstance(raw, list):
        return []
    return [i for i in raw if isinstance(i, int) and not isinstance(i, bool)][:LIMIT]


SEATS_KEY = "seats"
GROUP_SEATS_KEY = "group_seats"


def remember_seat(session_id: int, seat_id: int, group_id: int | None, player: str) -> None:
    """Note the seat this browser claimed (its id, never its token), and, in a group, the
    member it was: the group's next evening offers him the same seat in one tap."""
    seats = {k: v for k, v in _dict(SEATS_KEY).items() if k != str(session_id)}
    session[SEATS_KEY] = dict([(str(session_id), seat_id), *list(seats.items())[: LIMIT - 1]])
    if group_id is not None:
        session[GROUP_SEATS_KEY] = {**_dict(GROUP_SEATS_KEY), str(group_id): player}
    session.permanent = True


def seat_id(session_id: int) -> int | None:
    """The seat this browser claimed at the evening, if any (it may have been freed)."""
    value = _dict(SEATS_KEY).get(str(session_id))
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def group_seat(group_id: int | None) -> str | None:
    """The member this browser last sat as in the group's evenings."""
    if group_id is None:
        return None
    value = _dict(GROUP_SEATS_KEY).get(str(group_id))
    return value if isinstance(value, str) else None


def forget_seat(session_id: int) -> None:
    """Take the evening's seat off this browser ("forget this evening on this phone")."""
    session[SEATS_KEY] = {k: v for k, v in _dict(SEATS_KEY).items() if k != str(session_id)}


def _dict(key: str) -> dict:
    raw = session.get(key)
    return raw if isinstance(raw, dict) else {}

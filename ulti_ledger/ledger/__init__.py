"""The adapter between the database and the settlement engine.

Views call these functions and nothing below them: rows in, plain dicts out, results
always recomputed from the recorded facts by the session's pinned ruleset.

Writing (each validates through the engine first and commits whole, or raises a
``LedgerError`` with a user-facing message and writes nothing):

- ``create_session(data, engine=None) -> GameSession``: a session@1 body
- ``add_hand(session, data) -> int``: the new hand's number
- ``replace_hand(session, number, data) -> None``
- ``delete_hand(session, number) -> None``
- ``undo_last(session) -> int``: the number of the hand removed

Reading:

- ``get_session(id)``, ``session_by_token(token, kind="view"|"edit")`` -> GameSession
- ``token_grants(session, token, kind) -> bool`` (constant-time)
- ``session_summary(session, lang="hu")``: the scoreboard dict
- ``session_json(session, lang="en")``: the API's session answer
- ``hand_entry(session, number, lang="en")``, ``preview_hand(session, data, lang="hu")``
- ``next_hand(session)``: the rotation's proposal (dealer, players, sitting_out, first_bidder)
- ``hand_form(session, lang)``, ``ruleset_choices(lang)``, ``known_players()``: form data

Errors: ``LedgerError`` (the engine's ``HandError``, or ``SessionError`` with ``key`` and
``problem``); ``NotFound`` and ``Conflict`` are ``SessionError`` subclasses.

A hand posted to a session may carry one key beyond the hand format: ``dealer`` (a
seated player); without it the rotation (``ulti_ledger.rotation``) picks the dealer.
A session body may carry ``settings``: ``{"last_declarer_deals": true}``.
"""

from ..settlement import HandError, LedgerError
from .catalogue import hand_form, ruleset_choices
from .checks import SESSION_FORMAT
from .errors import Conflict, NotFound, SessionError
from .pinning import session_engine
from .reads import (
    get_session,
    hand_count,
    known_players,
    seat_names,
    session_by_token,
    token_grants,
)
from .summary import hand_entry, next_hand, preview_hand, session_json, session_summary
from .writes import add_hand, create_session, delete_hand, replace_hand, undo_last

__all__ = [
    "SESSION_FORMAT",
    "Conflict",
    "HandError",
    "LedgerError",
    "NotFound",
    "SessionError",
    "add_hand",
    "create_session",
    "delete_hand",
    "get_session",
    "hand_count",
    "hand_entry",
    "hand_form",
    "known_players",
    "next_hand",
    "preview_hand",
    "replace_hand",
    "ruleset_choices",
    "seat_names",
    "session_by_token",
    "session_engine",
    "session_json",
    "session_summary",
    "token_grants",
    "undo_last",
]

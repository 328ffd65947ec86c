"""Helpers the API's modules share, one floor below them (``api``, ``api_evening``,
``api_history``, ``api_groups`` import these and never each other).

The URL converter for ids, the capability check of a session (``authorized``), the
bearer token, the language of the answer, and versions: ``If-Match`` in, ``ETag`` out.
"""

from __future__ import annotations

import re
from typing import Any

from flask import Response, abort, current_app, request

from .. import groups, ledger
from ..audit import remember_token
from ..db import db
from ..ledger import check_version_value
from ..models import GameSession, Group, TableSeat

ID = "int(max=2147483647)"
"""Ids and numbers in URLs: beyond a 32-bit integer nothing can exist (and no 500)."""
ETAG = re.compile(r'^(?:W/)?"?v?(\d{1,18})"?$')


WRONG_TOKEN = "this token does not open this session"
WRONG_GROUP_TOKEN = "this token does not open this group"


def authorized(session_id: int, kind: str) -> GameSession:
    """The session, if the request's token allows ``kind``; else 401 or 403.

    An id no session has answers as a wrong token does, the same status and body: ids
    are sequential, and a 404 would tell which exist. Only the holder of a deleted
    session's own token learns that it is gone (404).
    """
    token = token_of(allow_query=kind == "view")
    if token is None:
        need = "the edit token" if kind == "edit" else "the edit or the view token"
        abort(401, description=f"send {need} as 'Authorization: Bearer <token>'")
    session = db.session.get(GameSession, session_id)
    if session is None:
        abort(403, description=WRONG_TOKEN)
    if not ledger.token_grants(session, token, kind):
        if kind == "edit" and ledger.token_grants(session, token, "view"):
            abort(403, description="a view token only reads; changes need the edit token")
        if not seat_of(session, token):
            abort(403, description=WRONG_TOKEN)
        if kind == "edit":
            abort(403, description=SEAT_ONLY_ANSWERS)
    session = ledger.get_session(session_id)  # NotFound (404) if it was deleted
    remember_token(token)
    return session


SEAT_ONLY_ANSWERS = (
    "a seat token reads and answers for its player's hands; changes need the edit token"
)


def seat_of(session: GameSession, token: str | None) -> TableSeat | None:
    """The seat of ``session`` that ``token`` opens (it reads what the view token reads)."""
    try:
        seat = ledger.seat_by_token(token or "")
    except ledger.NotFound:
        return None
    return seat if seat.session_id == session.id else None


def token_of(allow_query: bool) -> str | None:
    scheme, _, value = request.headers.get("Authorization", "").partition(" ")
    if scheme.lower() == "bearer" and value.strip():
        return value.strip()
    if allow_query and request.args.get("token"):
        return request.args["token"]
    return None


def api_lang() -> str:
    return request.args.get("lang") if request.args.get("lang") in ("hu", "de") else "en"


def if_match() -> int | None:
    """The version named by ``If-Match`` (``"v7"``, ``7``); None when absent or ``*``."""
    raw = request.headers.get("If-Match", "").strip()
    if not raw or raw == "*":
        return None
    found = ETAG.match(raw)
    if not found:
        abort(400, description='If-Match must name one version, as the ETag gave it: "v7"')
    return int(found.group(1))


def body_and_version(body: Any, query: bool = False) -> tuple[Any, int | None]:
    """The body without its ``version`` key, and the version the writer named (if any)."""
    named = if_match()
    if isinstance(body, dict) and "version" in body:
        body = dict(body)
        given = check_version_value(body.pop("version"))
        if named is not None and named != given:
            abort(400, description="If-Match and the body's version name different versions")
        named = given
    if query and "version" in request.args:
        try:
            named = check_version_value(int(request.args["version"]))
        except ValueError:
            abort(400, description="?version= must be the integer version you read")
    return body, named


def not_modified(version: int) -> bool:
    """If-None-Match compares weakly (RFC 9110): ``W/"v7"`` matches ``"v7"`` too."""
    return request.if_none_match.contains_weak(f"v{version}")


def tagged(body: Any, version: int, status: int = 200, headers: dict | None = None):
    """An answer carrying the version as its ETag; clients revalidate, caches keep nothing."""
    if isinstance(body, Response):
        response = body
    else:
        response = current_app.make_response((body, status, headers or {}))
    response.set_etag(f"v{version}")
    response.headers["Cache-Control"] = "private, no-cache"
    return response


def authorized_group(group_id: int, kind: str = "view") -> Group:
    """The group, if the request's token allows ``kind``; else 401 or 403."""
    token = token_of(allow_query=kind == "view")
    if token is None:
        need = "edit token" if kind == "edit" else "edit or view token"
        abort(401, description=f"send the group's {need} as 'Authorization: Bearer <token>'")
    group = db.session.get(Group, group_id)
    if group is None or not groups.store.group_token_grants(group, token, kind):
        if kind == "edit" and ledger.is_seat_token(token):
            abort(403, description=SEAT_ONLY_ANSWERS)
        abort(403, description=WRONG_GROUP_TOKEN)
    return group

"""The JSON API, version 1: sessions and hands in the hand format (docs/hand-format.md).

Authentication is by capability token, never by cookie (so no CSRF token here):
writes need ``Authorization: Bearer <edit_token>``; reads take the edit or the view
token, as a bearer token or as ``?token=``. No token: 401; a wrong one: 403.

Every rejection is a 4xx with ``{"error": "..."}`` (and ``"key"`` where the problem is
in the body, e.g. ``components[0].name``). Validation and all logic live in
``ulti_ledger.ledger``; the views here only translate HTTP.

::

    POST   /api/v1/sessions                      session@1 body -> 201 id, tokens, urls
    GET    /api/v1/sessions/<id>                 the session, its hands, results, totals
    PATCH  /api/v1/sessions/<id>                 name, date, place, unit_value, settings,
                                                 options (with resettle)
    POST   /api/v1/sessions/<id>/hands           a hand -> 201 its number and result
    POST   /api/v1/sessions/<id>/preview         a hand -> 200 its result, not recorded
    GET    /api/v1/sessions/<id>/hands/<n>       one hand and its result
    PUT    /api/v1/sessions/<id>/hands/<n>       replace hand n -> 200 its result
    DELETE /api/v1/sessions/<id>/hands/<n>       -> 204; later hands move up one number

History and restoring are in ``api_history``; the players and undoing a change of the
evening in ``api_evening``; the description in ``openapi``.

Concurrent writers: the session and each hand carry a ``version`` (also sent as the
ETag ``"v<version>"``). A write may name the version it saw, as ``If-Match`` or as
``version`` in the body (PUT, PATCH, DELETE; for DELETE also ``?version=``); POST of a
hand takes the session's version as ``If-Match``. If the version moved on, the answer is
409 ``{"error": "changed meanwhile", "current": ...}`` with the state as it is now, and
nothing is written. A write that names no version is applied: the last writer wins.

``?lang=hu`` gives the explanations in Hungarian (English by default).
"""

from __future__ import annotations

import re
from typing import Any

from flask import Blueprint, Flask, Response, abort, current_app, request, url_for

from .. import ledger
from ..audit import current_actor, remember_token
from ..db import db
from ..ledger import LedgerError, check_version_value
from ..models import GameSession
from .api_errors import json_body, ledger_error, register_error_handlers
from .sessions import links

bp = Blueprint("api", __name__, url_prefix="/api/v1")
bp.register_error_handler(LedgerError, ledger_error)
ID = "int(max=2147483647)"
"""Ids and numbers in URLs: beyond a 32-bit integer nothing can exist (and no 500)."""
ETAG = re.compile(r'^(?:W/)?"?v?(\d{1,18})"?$')

__all__ = ["ID", "authorized", "bp", "init_app", "register_error_handlers"]


@bp.post("/sessions")
def create_session():
    session = ledger.create_session(json_body(), actor=current_actor())
    return (
        {
            "id": session.id,
            "edit_token": session.edit_token,
            **links(session),
        },
        201,
        {"Location": url_for(".get_session", session_id=session.id)},
    )


@bp.get("/openapi.json")
def openapi_description():
    """This API described in OpenAPI 3.1 (``ulti_ledger.openapi``); no token needed."""
    from ..openapi import document

    return document()


@bp.get(f"/sessions/<{ID}:session_id>")
def get_session(session_id: int):
    session = authorized(session_id, "view")
    if _not_modified(session.version):
        return _tagged(Response(status=304), session.version)
    return _tagged(ledger.session_json(session, _lang()), session.version)


@bp.patch(f"/sessions/<{ID}:session_id>")
def update_session(session_id: int):
    session = authorized(session_id, "edit")
    settings = ledger.update_session(session, json_body(), _if_match(), actor=current_actor())
    return _tagged({"version": session.version, **settings}, session.version)


@bp.post(f"/sessions/<{ID}:session_id>/hands")
def add_hand(session_id: int):
    session = authorized(session_id, "edit")
    number = ledger.add_hand(session, json_body(), _if_match(), actor=current_actor())
    location = url_for(".get_hand", session_id=session_id, number=number)
    entry = ledger.hand_entry(session, number, _lang())
    return _tagged(entry, entry["version"], 201, {"Location": location})


@bp.post(f"/sessions/<{ID}:session_id>/preview")
def preview_hand(session_id: int):
    session = authorized(session_id, "edit")
    view = ledger.preview_hand(session, json_body(), _lang())
    return {key: value for key, value in view.items() if key != "sheet"}  # the sheets' markup


@bp.get(f"/sessions/<{ID}:session_id>/hands/<{ID}:number>")
def get_hand(session_id: int, number: int):
    session = authorized(session_id, "view")
    entry = ledger.hand_entry(session, number, _lang())
    if _not_modified(entry["version"]):
        return _tagged(Response(status=304), entry["version"])
    return _tagged(entry, entry["version"])


@bp.put(f"/sessions/<{ID}:session_id>/hands/<{ID}:number>")
def replace_hand(session_id: int, number: int):
    session = authorized(session_id, "edit")
    body, expected = _body_and_version(json_body())
    ledger.replace_hand(session, number, body, expected, actor=current_actor())
    entry = ledger.hand_entry(session, number, _lang())
    return _tagged(entry, entry["version"])


@bp.delete(f"/sessions/<{ID}:session_id>/hands/<{ID}:number>")
def delete_hand(session_id: int, number: int):
    session = authorized(session_id, "edit")
    body = json_body() if request.content_length else None  # a body is optional here
    if body is not None and not isinstance(body, dict):
        abort(400, description='a DELETE body, if any, is {"version": N}')
    _, expected = _body_and_version(body or {}, query=True)
    ledger.delete_hand(session, number, expected, actor=current_actor())
    return "", 204


WRONG_TOKEN = "this token does not open this session"


def authorized(session_id: int, kind: str) -> GameSession:
    """The session, if the request's token allows ``kind``; else 401 or 403.

    An id no session has answers as a wrong token does, the same status and body: ids
    are sequential, and a 404 would tell which exist. Only the holder of a deleted
    session's own token learns that it is gone (404).
    """
    token = _token(allow_query=kind == "view")
    if token is None:
        need = "the edit token" if kind == "edit" else "the edit or the view token"
        abort(401, description=f"send {need} as 'Authorization: Bearer <token>'")
    session = db.session.get(GameSession, session_id)
    if session is None:
        abort(403, description=WRONG_TOKEN)
    if not ledger.token_grants(session, token, kind):
        if kind == "edit" and ledger.token_grants(session, token, "view"):
            abort(403, description="a view token only reads; changes need the edit token")
        abort(403, description=WRONG_TOKEN)
    session = ledger.get_session(session_id)  # NotFound (404) if it was deleted
    remember_token(token)
    return session


def _token(allow_query: bool) -> str | None:
    scheme, _, value = request.headers.get("Authorization", "").partition(" ")
    if scheme.lower() == "bearer" and value.strip():
        return value.strip()
    if allow_query and request.args.get("token"):
        return request.args["token"]
    return None


def _lang() -> str:
    return request.args.get("lang") if request.args.get("lang") in ("hu", "de") else "en"


def _if_match() -> int | None:
    """The version named by ``If-Match`` (``"v7"``, ``7``); None when absent or ``*``."""
    raw = request.headers.get("If-Match", "").strip()
    if not raw or raw == "*":
        return None
    found = ETAG.match(raw)
    if not found:
        abort(400, description='If-Match must name one version, as the ETag gave it: "v7"')
    return int(found.group(1))


def _body_and_version(body: Any, query: bool = False) -> tuple[Any, int | None]:
    """The body without its ``version`` key, and the version the writer named (if any)."""
    named = _if_match()
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


def _not_modified(version: int) -> bool:
    """If-None-Match compares weakly (RFC 9110): ``W/"v7"`` matches ``"v7"`` too."""
    return request.if_none_match.contains_weak(f"v{version}")


def _tagged(body: Any, version: int, status: int = 200, headers: dict | None = None):
    """An answer carrying the version as its ETag; clients revalidate, caches keep nothing."""
    if isinstance(body, Response):
        response = body
    else:
        response = current_app.make_response((body, status, headers or {}))
    response.set_etag(f"v{version}")
    response.headers["Cache-Control"] = "private, no-cache"
    return response


def init_app(app: Flask, csrf: Any) -> None:
    """Register the API's blueprints (exempt from CSRF: no cookies) and JSON error handlers."""
    from . import api_evening, api_groups, api_history

    for blueprint in (bp, api_history.bp, api_evening.bp, api_groups.bp):
        app.register_blueprint(blueprint)
        csrf.exempt(blueprint)
    register_error_handlers(app)

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
    GET    /api/v1/catalogue                     every ruleset, its house rules, its game's
                                                 contracts and hand form (no token)
    GET    /api/v1/sessions/<id>/catalogue       the same for the session's pinned rules

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

from flask import Blueprint, Response, abort, request, url_for

from .. import ledger
from ..audit import current_actor
from ..ledger import LedgerError
from .api_common import (
    ID,
    api_lang,
    authorized,
    body_and_version,
    if_match,
    not_modified,
    tagged,
)
from .api_errors import json_body, ledger_error
from .common import app_limits, draw_ahead, links

bp = Blueprint("api", __name__, url_prefix="/api/v1")
bp.register_error_handler(LedgerError, ledger_error)


@bp.post("/sessions")
def create_session():
    session = ledger.create_session(json_body(), actor=current_actor(), limits=app_limits())
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


@bp.get("/catalogue")
def catalogue():
    """Every ruleset and what its game's hands may hold (``ledger.catalogue``); no token."""
    return ledger.catalogue(api_lang())


@bp.get(f"/sessions/<{ID}:session_id>/catalogue")
def session_catalogue(session_id: int):
    """What a hand of this session may hold, under its pinned rules and house rules."""
    session = authorized(session_id, "view")
    return ledger.hand_form(session, api_lang())


@bp.get(f"/sessions/<{ID}:session_id>")
def get_session(session_id: int):
    session = authorized(session_id, "view")
    if not_modified(session.version):
        return tagged(Response(status=304), session.version)
    return tagged(ledger.session_json(session, api_lang()), session.version)


@bp.patch(f"/sessions/<{ID}:session_id>")
def update_session(session_id: int):
    session = authorized(session_id, "edit")
    settings = ledger.update_session(session, json_body(), if_match(), actor=current_actor())
    return tagged({"version": session.version, **settings}, session.version)


@bp.post(f"/sessions/<{ID}:session_id>/hands")
def add_hand(session_id: int):
    session = authorized(session_id, "edit")
    number = ledger.add_hand(
        session, json_body(), if_match(), actor=current_actor(), limits=app_limits()
    )
    draw_ahead(session)
    location = url_for(".get_hand", session_id=session_id, number=number)
    entry = ledger.hand_entry(session, number, api_lang())
    return tagged(entry, entry["version"], 201, {"Location": location})


@bp.post(f"/sessions/<{ID}:session_id>/preview")
def preview_hand(session_id: int):
    session = authorized(session_id, "edit")
    view = ledger.preview_hand(session, json_body(), api_lang())
    return {key: value for key, value in view.items() if key != "sheet"}  # the sheets' markup


@bp.get(f"/sessions/<{ID}:session_id>/hands/<{ID}:number>")
def get_hand(session_id: int, number: int):
    session = authorized(session_id, "view")
    entry = ledger.hand_entry(session, number, api_lang())
    if not_modified(entry["version"]):
        return tagged(Response(status=304), entry["version"])
    return tagged(entry, entry["version"])


@bp.put(f"/sessions/<{ID}:session_id>/hands/<{ID}:number>")
def replace_hand(session_id: int, number: int):
    session = authorized(session_id, "edit")
    body, expected = body_and_version(json_body())
    ledger.replace_hand(session, number, body, expected, actor=current_actor())
    draw_ahead(session)
    entry = ledger.hand_entry(session, number, api_lang())
    return tagged(entry, entry["version"])


@bp.delete(f"/sessions/<{ID}:session_id>/hands/<{ID}:number>")
def delete_hand(session_id: int, number: int):
    session = authorized(session_id, "edit")
    body = json_body() if request.content_length else None  # a body is optional here
    if body is not None and not isinstance(body, dict):
        abort(400, description='a DELETE body, if any, is {"version": N}')
    _, expected = body_and_version(body or {}, query=True)
    ledger.delete_hand(session, number, expected, actor=current_actor())
    draw_ahead(session)
    return "", 204

"""The JSON API, version 1: sessions and hands in the hand format (spec/hand-format.md).

Authentication is by capability token, never by cookie (so no CSRF token here):
writes need ``Authorization: Bearer <edit_token>``; reads take the edit or the view
token, as a bearer token or as ``?token=``. No token: 401; a wrong one: 403.

Every rejection is a 4xx with ``{"error": "..."}`` (and ``"key"`` where the problem is
in the body, e.g. ``components[0].name``). Validation and all logic live in
``ulti_ledger.ledger``; the views here only translate HTTP.

::

    POST   /api/v1/sessions                      session@1 body -> 201 id, tokens, urls
    GET    /api/v1/sessions/<id>                 the session, its hands, results, totals
    POST   /api/v1/sessions/<id>/hands           a hand -> 201 its number and result
    POST   /api/v1/sessions/<id>/preview         a hand -> 200 its result, not recorded
    GET    /api/v1/sessions/<id>/hands/<n>       one hand and its result
    PUT    /api/v1/sessions/<id>/hands/<n>       replace hand n -> 200 its result
    DELETE /api/v1/sessions/<id>/hands/<n>       -> 204; later hands move up one number

``?lang=hu`` gives the explanations in Hungarian (English by default).
"""

from __future__ import annotations

import json
from typing import Any

from flask import Blueprint, Flask, abort, current_app, request, url_for
from werkzeug.exceptions import HTTPException, InternalServerError

from .. import ledger
from ..ledger import Conflict, LedgerError, NotFound
from ..models import GameSession
from .sessions import links

bp = Blueprint("api", __name__, url_prefix="/api/v1")
PREFIX = "/api/"


@bp.post("/sessions")
def create_session():
    session = ledger.create_session(_json_body())
    return {
        "id": session.id,
        "edit_token": session.edit_token,
        **links(session),
    }, 201, {"Location": url_for(".get_session", session_id=session.id)}


@bp.get("/sessions/<int:session_id>")
def get_session(session_id: int):
    session = _authorized(session_id, "view")
    return ledger.session_json(session, _lang())


@bp.post("/sessions/<int:session_id>/hands")
def add_hand(session_id: int):
    session = _authorized(session_id, "edit")
    number = ledger.add_hand(session, _json_body())
    location = url_for(".get_hand", session_id=session_id, number=number)
    return ledger.hand_entry(session, number, _lang()), 201, {"Location": location}


@bp.post("/sessions/<int:session_id>/preview")
def preview_hand(session_id: int):
    session = _authorized(session_id, "edit")
    return ledger.preview_hand(session, _json_body(), _lang())


@bp.get("/sessions/<int:session_id>/hands/<int:number>")
def get_hand(session_id: int, number: int):
    session = _authorized(session_id, "view")
    return ledger.hand_entry(session, number, _lang())


@bp.put("/sessions/<int:session_id>/hands/<int:number>")
def replace_hand(session_id: int, number: int):
    session = _authorized(session_id, "edit")
    ledger.replace_hand(session, number, _json_body())
    return ledger.hand_entry(session, number, _lang())


@bp.delete("/sessions/<int:session_id>/hands/<int:number>")
def delete_hand(session_id: int, number: int):
    session = _authorized(session_id, "edit")
    ledger.delete_hand(session, number)
    return "", 204


def _authorized(session_id: int, kind: str) -> GameSession:
    """The session, if the request's token allows ``kind``; else 401, 404 or 403."""
    token = _token(allow_query=kind == "view")
    if token is None:
        need = "the edit token" if kind == "edit" else "the edit or the view token"
        abort(401, description=f"send {need} as 'Authorization: Bearer <token>'")
    session = ledger.get_session(session_id)
    if not ledger.token_grants(session, token, kind):
        if kind == "edit" and ledger.token_grants(session, token, "view"):
            abort(403, description="a view token only reads; changes need the edit token")
        abort(403, description="this token does not open this session")
    return session


def _token(allow_query: bool) -> str | None:
    scheme, _, value = request.headers.get("Authorization", "").partition(" ")
    if scheme.lower() == "bearer" and value.strip():
        return value.strip()
    if allow_query and request.args.get("token"):
        return request.args["token"]
    return None


def _lang() -> str:
    return "hu" if request.args.get("lang") == "hu" else "en"


def _json_body() -> Any:
    """The request body as JSON; 415 for another content type, 400 for broken JSON."""
    if not request.is_json:
        abort(415, description="send the body as JSON, with 'Content-Type: application/json'")
    raw = request.get_data(cache=False)  # 413 beyond MAX_CONTENT_LENGTH
    try:
        return json.loads(raw)
    except (ValueError, RecursionError) as exc:
        abort(400, description=f"the body is not valid JSON: {exc}")


@bp.errorhandler(LedgerError)
def _ledger_error(exc: LedgerError):
    status = 404 if isinstance(exc, NotFound) else 409 if isinstance(exc, Conflict) else 422
    body = {"error": str(exc)}
    if getattr(exc, "key", ""):
        body["key"] = exc.key
    return body, status


def register_error_handlers(app: Flask) -> None:
    """Answer every HTTP error under /api/ in JSON (unknown URLs and methods included)."""

    @app.errorhandler(HTTPException)
    def _http_error(exc: HTTPException):
        if not request.path.startswith(PREFIX):
            return exc
        headers = {"WWW-Authenticate": 'Bearer realm="ulti_ledger"'} if exc.code == 401 else {}
        if getattr(exc, "valid_methods", None):
            headers["Allow"] = ", ".join(exc.valid_methods)
        message = exc.description or exc.name
        if exc.code == 413:
            limit = current_app.config["MAX_CONTENT_LENGTH"]
            message = f"the body is larger than the limit of {limit} bytes"
        return {"error": message}, exc.code, headers

    @app.errorhandler(InternalServerError)
    def _server_error(exc: InternalServerError):
        if not request.path.startswith(PREFIX):
            return exc
        return {"error": "something went wrong on the server"}, 500

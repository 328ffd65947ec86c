"""Hostile input and errors under /api: every mistake a client can make is a 4xx in JSON.

A body is refused before any logic sees it when it is not JSON, too large (413, by
``MAX_CONTENT_LENGTH``), nested deeper than any hand or session needs, or carries text
that no database stores and no JSON answer can echo (NUL, lone surrogates, NaN). What
is left as a 500 is a bug: it is logged with its traceback and answered in JSON.
Outside /api/ the same errors are the app's own pages (``error_pages``).
"""

from __future__ import annotations

import json
import re
from typing import Any

from flask import Flask, abort, current_app, request
from sqlalchemy.exc import OperationalError
from werkzeug.exceptions import HTTPException, InternalServerError, MethodNotAllowed

from ..ledger import Conflict, LedgerError, NotFound
from ..settlement.errors import Msg
from .error_pages import error_page

PREFIX = "/api/"
MAX_DEPTH = 32
"""A session nests 5 levels deep (hands[i].components[j].kontra); twice that and more is
no session, and refusing it keeps every later step from deep recursion."""
UNSTORABLE = re.compile(r"[\x00\ud800-\udfff]")
BUSY = re.compile(r"locked|busy|connect|terminat|timeout", re.IGNORECASE)
"""Database errors that say "not now" rather than "this request is wrong"."""


def json_body() -> Any:
    """The request body as JSON; 415 for another content type, 400 for broken JSON."""
    if not request.is_json:
        abort(415, description="send the body as JSON, with 'Content-Type: application/json'")
    raw = request.get_data(cache=False)  # 413 beyond MAX_CONTENT_LENGTH
    try:
        data = json.loads(raw, parse_constant=_no_constant)
    except (ValueError, RecursionError) as exc:
        abort(400, description=f"the body is not valid JSON: {exc}")
    problem = _unacceptable(data)
    if problem:
        abort(400, description=problem)
    return data


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def _unacceptable(data: Any) -> str | None:
    """Why ``data`` cannot be taken, or None; walks without recursion."""
    stack = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if depth > MAX_DEPTH:
            return f"the body is nested more than {MAX_DEPTH} levels deep"
        if isinstance(value, str):
            if UNSTORABLE.search(value):
                return "the body contains a NUL character or a lone surrogate (\\ud800-\\udfff)"
        elif isinstance(value, dict):
            stack.extend((k, depth) for k in value)
            stack.extend((v, depth + 1) for v in value.values())
        elif isinstance(value, list):
            stack.extend((v, depth + 1) for v in value)
    return None


def ledger_error(exc: LedgerError):
    """A ledger refusal: 404 not found, 409 conflict (with the current state), else 422."""
    if isinstance(exc, Conflict) and exc.stale:
        return {"error": exc.problem, "current": exc.current}, 409
    status = 404 if isinstance(exc, NotFound) else 409 if isinstance(exc, Conflict) else 422
    # ?lang=hu, ?lang=de: the engine's refusals in Hungarian, German (the key stays the path)
    lang = request.args.get("lang")
    body = {"error": exc.text(lang) if lang in ("hu", "de") else str(exc)}
    if exc.key:
        body["key"] = exc.key
    message = exc.message
    if message is not None and message.code:  # an engine refusal, passed on or not
        body["code"] = message.code
        body["params"] = {k: _plain(v) for k, v in message.params.items()}
    elif exc.code:  # a payment's or a group's refusal (PaymentError, GroupError)
        body["code"] = exc.code
        body["params"] = {k: _plain(v) for k, v in exc.params.items()}
    return body, status


def _plain(value: Any) -> Any:
    """A refusal's parameter as JSON: a word (`Msg`) in English, a number or name as it is."""
    if isinstance(value, Msg):
        return value.text()
    return value if isinstance(value, str | int | float | bool) or value is None else str(value)


def register_error_handlers(app: Flask) -> None:
    """Answer every HTTP error under /api/ in JSON (unknown URLs and methods included), and
    every other one with the app's own page."""

    @app.errorhandler(HTTPException)
    def _http_error(exc: HTTPException):
        if not request.path.startswith(PREFIX):
            return error_page(exc)
        headers = {"WWW-Authenticate": 'Bearer realm="ulti_ledger"'} if exc.code == 401 else {}
        if isinstance(exc, MethodNotAllowed) and exc.valid_methods:
            headers["Allow"] = ", ".join(exc.valid_methods)
        message = exc.description or exc.name
        if exc.code == 413:
            limit = current_app.config["MAX_CONTENT_LENGTH"]
            message = f"the body is larger than the limit of {limit} bytes"
        return {"error": message}, exc.code, headers

    @app.errorhandler(OperationalError)
    def _database_busy(exc: OperationalError):
        """A database that is locked or unreachable is no bug of the request: 503, retry."""
        if not BUSY.search(str(exc.orig)):
            current_app.logger.error("database error", exc_info=exc)
            return _server_error(InternalServerError(original_exception=exc))
        current_app.logger.warning("database unavailable: %s", exc.orig)
        body = {"error": "the database is busy; try again in a moment"}
        if not request.path.startswith(PREFIX):
            return body["error"], 503, {"Retry-After": "1", "Content-Type": "text/plain"}
        return body, 503, {"Retry-After": "1"}

    @app.errorhandler(InternalServerError)
    def _server_error(exc: InternalServerError):
        # Flask has logged an unhandled exception with its traceback already.
        if not request.path.startswith(PREFIX):
            return error_page(exc)
        return {"error": "something went wrong on the server"}, 500

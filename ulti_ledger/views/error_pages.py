"""The app's own error pages: every HTTP error outside /api/ is a page of the app.

400, 403, 404, 405, 413, 429 and 500 each have their own words, in the reader's
language (Hungarian by default, ``?lang=en`` or the cookie), and a way back to the
landing page; any other code gets a general page. Werkzeug's English default texts never
show. What the app itself said about the request (``abort(400, description=...)``) is
kept under the words, as is each error's header (``Allow``, ``Retry-After``). The API
keeps its JSON errors (``api_errors``), which call ``error_page`` for other paths only.
"""

from __future__ import annotations

from collections.abc import Mapping

from flask import current_app, render_template
from markupsafe import escape
from werkzeug.exceptions import HTTPException

from ..web import language
from ..words.i18n import t

OWN = (400, 403, 404, 405, 413, 429, 500)
"""The codes with words of their own; the rest read ``error_other``."""


def error_page(exc: HTTPException):
    """The page for ``exc``: its status and headers, the app's words for it."""
    if exc.response is not None:  # the view built its own answer
        return exc.response
    code = exc.code or 500
    detail = exc.description if exc.description != type(exc).description else None
    headers = {k: v for k, v in exc.get_headers() if k.lower() != "content-type"}
    return error_response(code, detail=detail, headers=headers)


def error_response(code: int, detail: str | None = None, headers: Mapping[str, str] | None = None):
    """An error page for ``code``, with the app's own ``detail`` under the general words."""
    language.pick()  # an error raised before the language was picked (a 413 in CSRF's check)
    key = f"error_{code}" if code in OWN else "error_other"
    values = {"limit": _size(current_app.config.get("MAX_CONTENT_LENGTH"))} if code == 413 else {}
    try:
        body = render_template(
            "errors/http.html",
            code=code,
            title=t(f"{key}_title"),
            message=t(f"{key}_text", **values),
            detail=detail,
        )
    except Exception:  # the page itself failed (a broken template, a 500 within a 500)
        current_app.logger.exception("the error page for %s failed", code)
        body = f"<!doctype html><title>{code}</title><p>{escape(t(f'{key}_title'))}</p>"
    return body, code, dict(headers or {})


def _size(limit: int | None) -> str:
    """The body limit for reading: ``1 MB``."""
    if not limit:
        return "?"
    if limit >= 1024 * 1024:
        return f"{limit / (1024 * 1024):g} MB"
    return f"{limit / 1024:g} kB"

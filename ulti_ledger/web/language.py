"""The page's language, picked for each request and kept in a cookie.

A table speaks Hungarian; a guest may switch the pages to English or German with
``?lang=en`` / ``?lang=de`` (the header's switch), and the choice sticks to the device
through the ``lang`` cookie. Until then the pages follow the browser's
``Accept-Language``: the language it ranks highest of Hungarian, English and German
(Hungarian where it names none of them, or ranks them alike); the cookie or a choice
wins. The JSON API keeps its own ``?lang=`` (English by default) and never sets the
cookie. The words themselves are ``words.i18n``'s, which reads the choice in ``g.lang``.
"""

from __future__ import annotations

from urllib.parse import urlencode

from flask import Flask, g, request

from ..words.i18n import DEFAULT, LANGUAGES
from .security import cookie_secure

BROWSER = ("hu", "en", "de")
"""What ``Accept-Language`` may choose, Hungarian first: it wins a tie (``*``)."""
COOKIE = "lang"
COOKIE_AGE = 365 * 24 * 3600


def init_app(app: Flask) -> None:
    """Pick each request's language before its view, remember an asked one after it, and
    give templates ``lang_url`` (the header's switch)."""
    app.before_request(_pick)
    app.after_request(_remember)
    app.jinja_env.globals.update(lang_url=lang_url)


def lang_url(code: str) -> str:
    """The current page in language ``code``; other query arguments are kept."""
    args = [(k, v) for k, values in request.args.lists() if k != "lang" for v in values]
    return f"{request.path}?{urlencode([*args, ('lang', code)])}"


def pick() -> None:
    """Pick the request's language unless that was done: an error page raised before the
    request's own hooks ran (a 413 while CSRF reads the form) still speaks the reader's."""
    if "lang" not in g:
        _pick()


def _pick() -> None:
    asked = request.args.get("lang")
    if asked in LANGUAGES:
        g.lang = asked
        g.lang_asked = not request.path.startswith("/api/")
    else:
        cookie = request.cookies.get(COOKIE)
        g.lang = cookie if cookie in LANGUAGES else browser_language()
        g.lang_browser = cookie not in LANGUAGES


def browser_language() -> str:
    """The page language ``Accept-Language`` ranks highest ("en-GB" is English), else the
    default. Werkzeug's ``best_match`` prefers an exact tag of lower quality to a regional
    one of higher ("fr,en-GB;q=0.8,hu;q=0.5" read as Hungarian)."""
    for tag, quality in request.accept_languages:  # highest quality first
        primary = tag.split("-")[0].lower()
        if quality > 0 and primary in BROWSER:
            return primary
        if quality > 0 and tag == "*":
            return DEFAULT
    return DEFAULT


def _remember(response):
    if g.get("lang_browser"):
        response.vary.add("Accept-Language")
    if g.get("lang_asked"):
        response.set_cookie(
            COOKIE,
            g.lang,
            max_age=COOKIE_AGE,
            samesite="Lax",
            httponly=True,
            secure=cookie_secure(),
        )
    return response

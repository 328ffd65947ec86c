"""The page language: Hungarian by default, English or German selectable, kept in a cookie.

A table speaks Hungarian; a guest may switch the pages to English or German with
``?lang=en`` / ``?lang=de`` (the header's switch), and the choice sticks to the device
through the ``lang`` cookie. Without either, a browser whose ``Accept-Language`` ranks
German above Hungarian gets German; any other browser (English ones too) gets the default,
Hungarian, as before. Game terms (ulti, betli, kontra, renonsz, passz ...) stay Hungarian
in every language: they come from the ruleset, not from this catalogue. The JSON API
keeps its own ``?lang=`` (English by default) and never sets the cookie.

Templates call ``t("key")`` (or ``t("key", name=...)`` for ``str.format`` fields); an
unknown key raises ``KeyError``, so a typo fails in the tests, not at the table. The texts
are gettext catalogues (``messages.py``); Flask-Babel picks its locale with ``current``, so
its ``_()``, ``ngettext`` and date and number filters speak the page's language too. A
message with plural forms (``hand_count``) takes the form for its ``n``.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any
from urllib.parse import urlencode

from flask import Flask, g, has_app_context, request
from flask_babel import Babel, Domain, get_locale

from ..settlement.hungarian import with_article
from ..settlement.who_pays import shown_lines
from ..web.numbers import non_negative_int
from . import messages
from .dates import date_text
from .money_format import MINUS, money_text, rounding_text, total_text

LANGUAGES = ("hu", "en", "de")
DEFAULT = "hu"
NAMES = {"hu": "Magyar", "en": "English", "de": "Deutsch"}
"""Each language in its own words, for the header's switch."""
BROWSER = ("hu", "de")
"""What ``Accept-Language`` may choose: German where the browser ranks it above Hungarian."""
COOKIE = "lang"
COOKIE_AGE = 365 * 24 * 3600


def init_app(app: Flask) -> None:
    """Pick each request's language and give templates ``t``, ``lang`` and ``lang_url``."""
    messages.ensure_compiled()
    _Babel(
        app,
        locale_selector=current,
        default_locale=DEFAULT,
        default_translation_directories=str(messages.ROOT),
    )
    app.before_request(_pick)
    app.after_request(_remember)
    app.jinja_env.globals.update(t=t, lang_url=lang_url, languages=NAMES)
    app.jinja_env.filters.update(signed=signed, money=money, day=day, rounding=rounding)
    app.jinja_env.filters["total"] = total_text
    app.jinja_env.filters["shown_lines"] = lambda result: shown_lines(result, current())
    app.context_processor(lambda: {"lang": current()})


class _Domain(Domain):
    """Flask-Babel's messages, from the catalogues ``messages`` compiled (German's fallback
    to English included), so ``_()`` in a template and ``t()`` read the same texts."""

    def get_translations(self):
        return messages.translations(str(get_locale() or DEFAULT))


class _Babel(Babel):
    @property
    def domain_instance(self) -> Domain:
        return _Domain(domain=messages.DOMAIN)


def current() -> str:
    """The language of the page being rendered."""
    return g.get("lang", DEFAULT) if has_app_context() else DEFAULT


def t(key: str, /, **values: Any) -> str:
    """The text of ``key`` in the current language, with ``values`` filled in."""
    lang = current()
    count = values.get("n")
    text = messages.plural(key, int(count), lang) if isinstance(count, int) else None
    if text is None:
        text = messages.text(key, lang)
    if not values:
        return text
    if "{a_" in text or "{A_" in text:
        values = {**_with_articles(values), **values}
    return text.format(**values)


def _with_articles(values: dict[str, Any]) -> dict[str, str]:
    """``a_n`` and ``A_n`` for every number ``n``: "az 5", "A 3" (the article as it is read)."""
    out = {}
    for name, value in values.items():
        if isinstance(value, str) and non_negative_int(value) is not None:
            value = int(value)
        if isinstance(value, int) and not isinstance(value, bool):
            out[f"a_{name}"] = with_article(value)
            out[f"A_{name}"] = with_article(value, capital=True)
    return out


def lang_url(code: str) -> str:
    """The current page in language ``code``; other query arguments are kept."""
    args = [(k, v) for k, values in request.args.lists() if k != "lang" for v in values]
    return f"{request.path}?{urlencode([*args, ('lang', code)])}"


def signed(units: int) -> str:
    """Units as a scoresheet writes them: +4, −2, 0."""
    if units > 0:
        return f"+{units}"
    return f"{MINUS}{-units}" if units < 0 else "0"


def money(amount: str | Decimal, currency: str, unit: bool = True) -> str:
    """Money for the page's language (``money_format``): ``−360,00 EUR``, ``1 240 HUF``.

    ``unit=False`` gives the number alone, for a layout that places the currency itself.
    """
    return money_text(amount, currency, current(), unit)


def rounding(moves: dict[str, str], currency: str) -> str:
    """Who absorbed the rounding to the coin: ``Anna +2,50 EUR, Béla −2,50 EUR``."""
    return rounding_text(moves, currency, current())


def day(value: Any) -> str:
    """A date (or its ISO text) as the page's language writes it: 2026. 12. 01., 1 Dec 2026."""
    return date_text(value, current())


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
    """German when ``Accept-Language`` ranks it above Hungarian, else the default."""
    return request.accept_languages.best_match(BROWSER) or DEFAULT


def _remember(response):
    if g.get("lang_browser"):
        response.vary.add("Accept-Language")
    if g.get("lang_asked"):
        from ..web.security import cookie_secure

        response.set_cookie(
            COOKIE,
            g.lang,
            max_age=COOKIE_AGE,
            samesite="Lax",
            httponly=True,
            secure=cookie_secure(),
        )
    return response

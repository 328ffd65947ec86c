"""The words of the page: Hungarian by default, English or German when the reader asks.

Which language a request reads is picked by ``web.language`` (the query, the cookie, the
browser) and kept in ``g.lang``; everything here reads it through ``current``. Game terms
(ulti, betli, kontra, renonsz, passz ...) stay Hungarian in every language: they come from
the ruleset, not from this catalogue.

Templates call ``t("key")`` (or ``t("key", name=...)`` for ``str.format`` fields); an
unknown key raises ``KeyError``, so a typo fails in the tests, not at the table. The texts
are gettext catalogues (``messages.py``); Flask-Babel picks its locale with ``current``, so
its ``_()``, ``ngettext`` and date and number filters speak the page's language too. A
message with plural forms (``hand_count``) takes the form for its ``n``.
"""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Any

from flask import Flask, g, has_app_context
from flask_babel import Babel, Domain, get_locale

from ..settlement.hungarian import with_article
from ..settlement.who_pays import shown_lines
from . import messages
from .dates import date_text
from .money_format import MINUS, money_text, rounding_text, signed_money, total_text

LANGUAGES = ("hu", "en", "de")
DEFAULT = "hu"
DIGITS = re.compile(r"[0-9]{1,10}")
"""A number given as text (ASCII digits only: ``str.isdigit`` takes "²"), for its article."""
NAMES = {"hu": "Magyar", "en": "English", "de": "Deutsch"}
"""Each language in its own words, for the header's switch."""


def init_app(app: Flask) -> None:
    """Give templates ``t``, ``lang`` and the filters that speak the page's language
    (which ``web.language`` picks for each request)."""
    messages.ensure_compiled()
    _Babel(
        app,
        locale_selector=current,
        default_locale=DEFAULT,
        default_translation_directories=str(messages.ROOT),
    )
    app.jinja_env.globals.update(t=t, languages=NAMES)
    app.jinja_env.filters.update(signed=signed, money=money, day=day, rounding=rounding)
    app.jinja_env.filters["amount_field"] = amount_field
    app.jinja_env.filters["total"] = total_text
    app.jinja_env.filters["signed_money"] = lambda amount, code: signed_money(
        amount, code, current()
    )
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
        if isinstance(value, str) and DIGITS.fullmatch(value):
            value = int(value)
        if isinstance(value, int) and not isinstance(value, bool):
            out[f"a_{name}"] = with_article(value)
            out[f"A_{name}"] = with_article(value, capital=True)
    return out


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


def amount_field(amount: str | Decimal) -> str:
    """An amount for a field the reader may edit, with the page's decimal mark and no
    grouping: "21,40" in Hungarian and German beside "21,40 EUR", "21.40" in English. The
    field reads either mark (``money_input.parse_amount``); a grouping dot would read as
    a decimal one."""
    text = str(amount)
    return text if current() == "en" else text.replace(".", ",")


def rounding(moves: dict[str, str], currency: str) -> str:
    """Who absorbed the rounding to the coin: ``Anna +2,50 EUR, Béla −2,50 EUR``."""
    return rounding_text(moves, currency, current())


def day(value: Any) -> str:
    """A date (or its ISO text) as the page's language writes it: 2026. 12. 01., 1 Dec 2026."""
    return date_text(value, current())

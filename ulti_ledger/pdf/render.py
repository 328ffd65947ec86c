"""Rendering without a request: who reads (language, time zone, base URL) as arguments.

A PDF is drawn in the pool's thread, by the CLI, or ahead of time while nobody waits:
none of them has a request, and none should fake one. ``Reader`` says everything a
request would have told the templates, and ``reading`` opens an app context that speaks
for it: ``g.lang`` for the words, a URL adapter bound to ``base_url`` for ``url_for``
(absolute links), and ``today`` in the reader's time zone for "this month". The web
builds its ``Reader`` from the request (``web.language``, ``web.addresses``); the CLI
from its options; the pool carries it into its thread.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit
from zoneinfo import ZoneInfo

from flask import Flask, g

DEFAULT_BASE = "http://localhost/"
"""Where links point when nobody said (the CLI without ``PUBLIC_URL``)."""


@dataclass(frozen=True, slots=True)
class Reader:
    """Who a rendering is for."""

    lang: str = "hu"
    """The language of the words (``hu``, ``en``, ``de``)."""
    tz: str | None = None
    """An IANA time zone (``Europe/Budapest``) for "today"; None: the server's own."""
    base_url: str = DEFAULT_BASE
    """Where the app is reached (``https://ulti.example/``): the base of every link."""

    def today(self, app: Flask) -> dt.date:
        """The reader's day: the config's ``GROUP_TODAY`` (tests) or the clock in ``tz``."""
        fixed = app.config.get("GROUP_TODAY")
        if fixed:
            return dt.date.fromisoformat(fixed)
        if self.tz:
            return dt.datetime.now(ZoneInfo(self.tz)).date()
        return dt.date.today()

    @classmethod
    def of(cls, app: Flask, lang: str, base_url: str | None = None) -> Reader:
        """A reader of ``lang`` in the app's time zone (``TIME_ZONE``), at ``base_url``
        (else ``PUBLIC_URL``, else ``DEFAULT_BASE``)."""
        base = base_url or app.config.get("PUBLIC_URL") or DEFAULT_BASE
        return cls(lang, app.config.get("TIME_ZONE") or None, base)


@contextmanager
def reading(app: Flask, reader: Reader) -> Iterator[None]:
    """An app context that renders for ``reader``; no request is made up."""
    parts = urlsplit(reader.base_url)
    with app.app_context() as context:
        context.url_adapter = app.url_map.bind(
            parts.netloc or "localhost",
            script_name=parts.path.rstrip("/") or "/",
            url_scheme=parts.scheme or "http",
        )
        g.lang = reader.lang
        yield


def draw_scoresheet(
    app: Flask, session_id: int, method: str, banker: str | None, reader: Reader
) -> bytes:
    """The scoresheet PDF of the session ``session_id`` for ``reader`` (the pool, the CLI).

    The session is read in this context; a ``LedgerError`` (an unknown banker) propagates.
    """
    from .. import ledger
    from ..db import db
    from .document import scoresheet_pdf  # WeasyPrint loads where it draws, not on import

    with reading(app, reader):
        try:
            return scoresheet_pdf(ledger.get_session(session_id), method, banker, reader.lang)
        finally:
            db.session.remove()


def draw_season_report(
    app: Flask,
    group_id: int,
    token: str,
    query: Mapping[str, str],
    reader: Reader,
    context_of: Callable[[Any, str, Mapping[str, str], Reader], Mapping[str, Any]],
) -> bytes:
    """The season report PDF of the group ``group_id`` for ``reader``: ``context_of``
    gives the page's plain values (the web's ``views.groups.report_context``)."""
    from ..db import db
    from ..models import Group
    from .season import season_report_pdf

    with reading(app, reader):
        try:
            group = db.session.get(Group, group_id)
            return season_report_pdf(group, context_of(group, token, query, reader), reader.lang)
        finally:
            db.session.remove()

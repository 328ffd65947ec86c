"""PDFs rendered once per state, off the request threads, within a time budget.

A scoresheet of a long evening, or the season report of a large group, takes seconds to
render (``bench/pdf.py``), and every phone at the table may ask for it at once. So both
go through one pool, one cache and one budget:

- **Cached by state.** A scoresheet's key is (session id, session version, method,
  banker, lang); a season report's (group id, group version, a digest of its evenings'
  ids and versions, the query, lang, the day). Every write raises the session's (or the
  group's) version, so a PDF is never served after a write it does not show; the same
  PDF asked for again is served from memory. The cache
  is an LRU of ``PDF_CACHE_SIZE`` entries (each a few hundred KiB), per process.
- **Rendered in a bounded pool.** ``PDF_WORKERS`` threads render, at most
  ``PDF_QUEUE`` distinct scoresheets wait or run at once; the same scoresheet asked for
  twice is rendered once (the second request waits for the first render).
- **Within a budget.** A request waits at most ``PDF_BUDGET_SECONDS`` for its render. If
  it is not done by then the request answers 503 with ``Retry-After`` and its thread is
  free again; the render goes on in the pool and its result is cached when it finishes,
  so the retry is served from the cache. A full queue answers 503 at once.
"""

from __future__ import annotations

import datetime as dt
import math
import threading
from collections.abc import Callable, Hashable, Mapping
from concurrent.futures import Future, ThreadPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from typing import Any

from flask import Flask, current_app, g, request

from ..ledger import ResultCache

EXTENSION = "ulti_ledger.pdf.document"
DEFAULTS = {
    "PDF_BUDGET_SECONDS": 10.0,
    "PDF_WORKERS": 1,
    "PDF_QUEUE": 4,
    "PDF_CACHE_SIZE": 32,
}


class Busy(Exception):
    """The PDF is not ready within the budget (or the queue is full): try again later."""

    def __init__(self, retry_after: int) -> None:
        super().__init__(f"the PDF is being prepared; try again in {retry_after} s")
        self.retry_after = retry_after


class PdfRenderer:
    """The cache, the pool and the renders under way of one app."""

    def __init__(self, app: Flask) -> None:
        setting = {k: app.config.get(k, v) for k, v in DEFAULTS.items()}
        self.budget = float(setting["PDF_BUDGET_SECONDS"])
        self.queue = int(setting["PDF_QUEUE"])
        self.cache = ResultCache(int(setting["PDF_CACHE_SIZE"]))
        self.pool = ThreadPoolExecutor(int(setting["PDF_WORKERS"]), thread_name_prefix="pdf")
        self.renders = 0
        """How many renders were started (for tests and the bench: a cache hit starts none)."""
        self._pending: dict[Hashable, Future[bytes]] = {}
        self._lock = threading.Lock()

    def get(self, key: Hashable, render: Callable[[], bytes]) -> bytes:
        """The PDF of ``key``: cached, or rendered by ``render`` in the pool within budget."""
        cached = self.cache.get(key)
        if cached is not None:
            return cached
        with self._lock:
            future = self._pending.get(key)
            if future is None:
                if len(self._pending) >= self.queue:
                    raise Busy(self.retry_after())
                future = self.pool.submit(self._render, key, render)
                self._pending[key] = future
                self.renders += 1
        try:
            return future.result(timeout=self.budget)
        except FutureTimeout:
            raise Busy(self.retry_after()) from None

    def _render(self, key: Hashable, render: Callable[[], bytes]) -> bytes:
        try:
            pdf = render()
            self.cache.put(key, pdf)
            return pdf
        finally:
            with self._lock:
                self._pending.pop(key, None)

    def retry_after(self) -> int:
        """Seconds to wait: about one budget per render ahead in the queue."""
        return max(1, math.ceil(self.budget * max(1, len(self._pending))))

    @property
    def under_way(self) -> int:
        """How many renders wait or run in the pool now (a request may have given up on one)."""
        with self._lock:
            return len(self._pending)

    def idle(self, timeout: float) -> bool:
        """Wait until no render is under way (tests, shutdown); whether it got there."""
        with self._lock:
            futures = list(self._pending.values())
        for future in futures:
            try:
                future.result(timeout=timeout)
            except Exception:  # noqa: BLE001  (a failed render is the requester's to report)
                pass
        with self._lock:
            return not self._pending


def renderer() -> PdfRenderer:
    """This app's PDF renderer, made on first use."""
    app = current_app._get_current_object()  # type: ignore[attr-defined]
    state = app.extensions.get(EXTENSION)
    if state is None:
        state = app.extensions.setdefault(EXTENSION, PdfRenderer(app))
    return state


def scoresheet(session: Any, method: str, banker: str | None, lang: str) -> bytes:
    """The scoresheet PDF of ``session`` as it is now; raises ``Busy`` past the budget.

    The render runs in the pool in a context of its own, on the session read there
    again; a ``LedgerError`` (an unknown banker) reaches the caller as it is.
    """
    app = current_app._get_current_object()  # type: ignore[attr-defined]
    key = (session.id, session.version, method, banker, lang)
    session_id = session.id

    def render() -> bytes:
        from .. import ledger
        from ..db import db
        from .document import scoresheet_pdf  # WeasyPrint loads in the pool, not the request

        with app.app_context():
            try:
                return scoresheet_pdf(ledger.get_session(session_id), method, banker, lang)
            finally:
                db.session.remove()

    return renderer().get(key, render)


REPORT_KEYS = ("period", "from", "to", "game", "method", "banker")
"""The query keys a season report depends on (the rest of a query is ignored)."""


def season_report(
    group: Any,
    token: str,
    args: Mapping[str, str],
    lang: str,
    today: dt.date,
    render_report: Callable[[Any, str, Mapping[str, str], dt.date], bytes],
    evenings: str,
) -> bytes:
    """The season report of ``group`` as it is now; raises ``Busy`` past the budget.

    ``render_report(group, token, args, today)`` makes the PDF; it runs in the pool, in a
    request context of its own (the page's language, the group read there again). A
    ``LedgerError`` (an unknown game in the period) reaches the caller as it is.
    ``evenings``: the digest of the group's evenings (``groups.evenings_stamp``), so that
    a change to any of them is a new report.
    """
    app = current_app._get_current_object()  # type: ignore[attr-defined]
    chosen = {k: args[k] for k in REPORT_KEYS if args.get(k)}
    key = ("season-report", group.id, group.version, evenings, tuple(sorted(chosen.items())))
    key += (lang,)
    key += (today.isoformat(),)  # "this month" is the month of the day
    group_id, path = group.id, request.path

    def render() -> bytes:
        from ..db import db
        from ..models import Group

        with app.test_request_context(path, query_string=chosen):
            g.lang = lang
            try:
                return render_report(db.session.get(Group, group_id), token, chosen, today)
            finally:
                db.session.remove()

    return renderer().get(key, render)


def result_card(
    key: Hashable, query: Mapping[str, str], lang: str, make: Callable[[], bytes]
) -> bytes:
    """A result card's PNG (``pdf.card``), cached by ``key`` like the PDFs and rendered in
    the same pool within the same budget; raises ``Busy`` past it.

    ``key`` names the state it shows (an evening's or a group's version, the method, the
    language), so an anonymous reader asking again costs a cache hit. ``make`` runs in
    the pool in a request context of its own (this path, ``query``, ``lang``) and reads
    what it shows there again.
    """
    app = current_app._get_current_object()  # type: ignore[attr-defined]
    path, chosen = request.path, dict(query)

    def render() -> bytes:
        from ..db import db

        with app.test_request_context(path, query_string=chosen):
            g.lang = lang
            try:
                return make()
            finally:
                db.session.remove()

    return renderer().get(("result-card", key), render)

"""PDFs rendered once per state, off the request threads, within a time budget.

A scoresheet of a long evening, or the season report of a large group, takes seconds to
render (``bench/pdf.py``), and every phone at the table may ask for it at once. So both
go through one pool, two caches and one budget:

- **Cached by state.** A scoresheet's key is (session token, session version, method,
  banker, lang, the day); a season report's (group token, group version, a digest of its
  evenings' ids and versions, the query, lang, the day). Every write raises the
  session's (or the group's) version, so a PDF is never served after a write it does not
  show. A PDF is kept twice: in this worker's memory (an LRU of ``PDF_CACHE_SIZE``) and
  in the store every worker shares (``cache.shared_store``: files under ``instance/``,
  or Redis), so a retry that lands on another worker is served, never drawn again.
- **Rendered once.** ``PDF_WORKERS`` threads render, at most ``PDF_QUEUE`` distinct
  PDFs wait or run at once; the same PDF asked for twice is rendered once. Across
  workers a render is claimed in the shared store: another worker waits for the file.
- **Within a budget.** A request waits at most ``PDF_BUDGET_SECONDS`` for its render (a
  season report at most ``PDF_REPORT_WAIT_SECONDS``: a large group's report takes longer
  than any page, and a thread waiting on it serves nobody else). If it is not done by
  then the request answers 503 and its thread is free again; the render goes on in the
  pool and its result is cached when it finishes. The 503 asks again in ``ASK_AGAIN``
  (1 s: the next request waits for the render again, and gets it the moment it is
  done), so a report drawn in 2.2 s reaches the phone at about 2.8 s, not after a
  budget's wait. A full queue answers 503 at once, asking again after about one budget
  per render ahead of it.
- **Drawn ahead.** After a hand is written the evening's scoresheet may be drawn while
  nobody waits (``prepare``, ``PDF_PREPARE``): one job per evening at a time (a newer
  version waits for it, older ones are dropped), only while the queue has room, so a
  burst of writes costs at most two renders and never delays a PDF someone asked for.

Renders run in ``render.reading``: an app context for a ``Reader`` (language, time
zone, base URL), never a made-up request.
"""

from __future__ import annotations

import math
import threading
import time
from collections.abc import Callable, Hashable, Mapping
from concurrent.futures import Future, ThreadPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from typing import Any

from flask import Flask, current_app

from ..cache import ResultCache, SharedStore, shared_store, store_key
from .render import Reader, draw_scoresheet, draw_season_report, reading

EXTENSION = "ulti_ledger.pdf.document"
DEFAULTS = {
    "PDF_BUDGET_SECONDS": 10.0,
    "PDF_WORKERS": 1,
    "PDF_QUEUE": 4,
    "PDF_CACHE_SIZE": 32,
    "PDF_PREPARE": True,
    "PDF_REPORT_WAIT_SECONDS": 1.8,
}
ASK_AGAIN = 1
"""Seconds a 503 asks to wait when the render is under way (here or on another worker):
the browser's ``Refresh`` then costs at most a second past the render."""
CLAIM_SECONDS = 120.0
"""How long a worker's claim on a render holds: far past any render (``bench/pdf.py``), so
only a worker that died mid-render lets another draw the same PDF again."""
POLL_SECONDS = 0.05
"""How often a worker waiting for another's render looks for the file."""


class Busy(Exception):
    """The PDF is not ready within the budget (or the queue is full): try again later."""

    def __init__(self, retry_after: int) -> None:
        super().__init__(f"the PDF is being prepared; try again in {retry_after} s")
        self.retry_after = retry_after


class PdfRenderer:
    """The caches, the pool and the renders under way of one app."""

    def __init__(self, app: Flask, store: SharedStore | None = None) -> None:
        setting = {k: app.config.get(k, v) for k, v in DEFAULTS.items()}
        self.budget = float(setting["PDF_BUDGET_SECONDS"])
        wait = setting["PDF_REPORT_WAIT_SECONDS"]
        self.report_wait = self.budget if wait is None else min(float(wait), self.budget)
        """How long a season report's request waits (None in the config: the budget)."""
        self.queue = int(setting["PDF_QUEUE"])
        self.prepares = bool(setting["PDF_PREPARE"])
        self.cache = ResultCache(int(setting["PDF_CACHE_SIZE"]))
        self.shared = store or shared_store(app.config, app.instance_path)
        self.pool = ThreadPoolExecutor(int(setting["PDF_WORKERS"]), thread_name_prefix="pdf")
        self.renders = 0
        """How many renders were started (for tests and the bench: a cache hit starts none)."""
        self._pending: dict[Hashable, Future[bytes]] = {}
        self._preparing: dict[Hashable, Future[bytes]] = {}
        """The job drawing each evening ahead (by the evening's own key), at most one."""
        self._next: dict[Hashable, tuple[Hashable, Callable[[], bytes]]] = {}
        """The newest version of an evening asked for while its job ran: drawn after it."""
        self._lock = threading.Lock()

    def cached(self, key: Hashable) -> bytes | None:
        """The PDF of ``key`` from this worker's memory or the shared store, else None."""
        found = self.cache.get(key)
        if found is None:
            found = self.shared.get(store_key(key))
            if found is not None:
                self.cache.put(key, found)
        return found

    def get(self, key: Hashable, render: Callable[[], bytes], wait: float | None = None) -> bytes:
        """The PDF of ``key``: cached, or rendered by ``render`` in the pool within budget
        (``wait`` seconds where given, else ``PDF_BUDGET_SECONDS``).

        Another worker's render of the same key is waited for (its file), not repeated."""
        deadline = time.monotonic() + (self.budget if wait is None else wait)
        cached = self.cached(key)
        if cached is not None:
            return cached
        future = self._submit(key, render)
        while future is None:  # another worker draws it: wait for its file, within budget
            found = self._await_other(key, deadline)
            if found is not None:
                return found
            future = self._submit(key, render)  # its claim is gone, and no file: it failed
        try:
            return future.result(timeout=max(0.0, deadline - time.monotonic()))
        except FutureTimeout:
            raise Busy(ASK_AGAIN) from None  # under way: the next request waits again

    def _submit(
        self, key: Hashable, render: Callable[[], bytes], prepared: bool = False
    ) -> Future[bytes] | None:
        """The render of ``key`` under way here, started if need be; None when another
        worker holds the claim. Raises ``Busy`` when the queue is full."""
        with self._lock:
            future = self._pending.get(key)
            if future is not None:
                return future
            if len(self._pending) >= self.queue:
                raise Busy(self.retry_after())
            if not self.shared.claim(store_key(key), CLAIM_SECONDS):
                return None
            future = self.pool.submit(self._render, key, render)
            self._pending[key] = future
            self.renders += 1
            return future

    def _await_other(self, key: Hashable, deadline: float) -> bytes | None:
        """The file another worker draws, once there; None as soon as its claim is gone
        without one (that render failed: this worker may try); ``Busy`` past the budget."""
        name = store_key(key)
        while time.monotonic() < deadline:
            time.sleep(min(POLL_SECONDS, max(0.0, deadline - time.monotonic())))
            found = self.cached(key)
            if found is not None:
                return found
            if not self.shared.claimed(name):
                return self.cached(key)
        raise Busy(ASK_AGAIN)  # another worker draws it still

    def _render(self, key: Hashable, render: Callable[[], bytes]) -> bytes:
        name = store_key(key)
        try:
            pdf = render()
            self.cache.put(key, pdf)
            self.shared.put(name, pdf)
            return pdf
        finally:
            self.shared.release(name)
            with self._lock:
                self._pending.pop(key, None)

    def prepare(self, evening: Hashable, key: Hashable, render: Callable[[], bytes]) -> bool:
        """Draw ``key`` ahead, while nobody waits; whether a job was started or queued.

        One job per ``evening`` at a time: asked again while it runs, the newest ``key``
        is remembered and drawn after it (the versions between are never drawn). Nothing
        starts when the PDF is cached, the queue is half full (a reader's PDF comes
        first), or ``PDF_PREPARE`` is off."""
        if not self.prepares:
            return False
        with self._lock:
            if evening in self._preparing:
                self._next[evening] = (key, render)
                return True
        if self.cached(key) is not None:
            return False
        with self._lock:
            if len(self._pending) * 2 >= self.queue:
                return False
        try:
            future = self._submit(key, render)
        except Busy:
            return False
        if future is None:
            return False
        with self._lock:
            self._preparing[evening] = future
        future.add_done_callback(lambda _: self._prepared(evening))
        return True

    def _prepared(self, evening: Hashable) -> None:
        with self._lock:
            self._preparing.pop(evening, None)
            following = self._next.pop(evening, None)
        if following is not None:
            self.prepare(evening, *following)

    def retry_after(self) -> int:
        """Seconds a full queue asks to wait: about one budget per render ahead in it."""
        return max(1, math.ceil(self.budget * max(1, len(self._pending))))

    @property
    def under_way(self) -> int:
        """How many renders wait or run in the pool now (a request may have given up on one)."""
        with self._lock:
            return len(self._pending)

    def idle(self, timeout: float) -> bool:
        """Wait until no render is under way (tests, shutdown); whether it got there."""
        end = time.monotonic() + timeout
        while True:
            with self._lock:
                futures = list(self._pending.values())
                waiting = bool(self._next)
            if not futures and not waiting:
                return True
            if time.monotonic() > end:
                return False
            for future in futures:
                try:
                    future.result(timeout=max(0.0, end - time.monotonic()))
                except Exception:  # noqa: BLE001  (a failed render is the requester's to report)
                    pass
            time.sleep(0.01)  # a finished job may have queued the evening's next version


WARM_HTML = (
    '<style>@font-face { font-family: "Sheet Sans"; src: url(fonts/DejaVuSansCondensed.ttf); }'
    'body { font-family: "Sheet Sans"; }</style><p>Őszi ülés: ű, ő, €</p>'
)
"""A page in the scoresheet's font: drawing it loads WeasyPrint, Pango and the font."""


def warm(app: Flask) -> Future[bytes]:
    """Load WeasyPrint and the bundled font in the pool while nobody waits (a gunicorn
    worker just started): the first PDF a player asks of this worker then costs its
    render only, not the seconds of loading (``bench/pdf.py --first``). Counts no render."""
    from .document import html_to_pdf

    with app.app_context():
        return renderer().pool.submit(html_to_pdf, WARM_HTML)


def renderer() -> PdfRenderer:
    """This app's PDF renderer, made on first use."""
    app = current_app._get_current_object()  # type: ignore[attr-defined]
    state = app.extensions.get(EXTENSION)
    if state is None:
        state = app.extensions.setdefault(EXTENSION, PdfRenderer(app))
    return state


def scoresheet_key(session: Any, method: str, banker: str | None, reader: Reader) -> tuple:
    """What a scoresheet depends on: the evening's state, the reader's words and day (the
    bank QR codes carry the day), never who asks."""
    app = current_app._get_current_object()  # type: ignore[attr-defined]
    day = reader.today(app).isoformat()
    return ("scoresheet", session.view_token, session.version, method, banker, reader.lang, day)


def scoresheet(session: Any, method: str, banker: str | None, reader: Reader) -> bytes:
    """The scoresheet PDF of ``session`` as it is now; raises ``Busy`` past the budget.

    The render runs in the pool, for ``reader``, on the session read there again; a
    ``LedgerError`` (an unknown banker) reaches the caller as it is.
    """
    key = scoresheet_key(session, method, banker, reader)
    return renderer().get(key, _scoresheet_render(session.id, method, banker, reader))


def prepare_scoresheet(session: Any, reader: Reader) -> bool:
    """Draw the evening's scoresheet ahead, as its players most often ask for it (the
    default method, ``reader``'s language), while nobody waits; see ``prepare``."""
    key = scoresheet_key(session, "minimal", None, reader)
    render = _scoresheet_render(session.id, "minimal", None, reader)
    return renderer().prepare(("scoresheet", session.id), key, render)


def _scoresheet_render(
    session_id: int, method: str, banker: str | None, reader: Reader
) -> Callable[[], bytes]:
    app = current_app._get_current_object()  # type: ignore[attr-defined]
    return lambda: draw_scoresheet(app, session_id, method, banker, reader)


REPORT_KEYS = ("period", "from", "to", "game", "method", "banker")
"""The query keys a season report depends on (the rest of a query is ignored)."""


def season_report(
    group: Any,
    token: str,
    args: Mapping[str, str],
    reader: Reader,
    context_of: Callable[[Any, str, Mapping[str, str], Reader], Mapping[str, Any]],
    evenings: str,
) -> bytes:
    """The season report of ``group`` as it is now; raises ``Busy`` past its wait
    (``PDF_REPORT_WAIT_SECONDS``): the render goes on, once across the workers.

    ``context_of(group, token, query, reader)`` gives the report's plain values; it runs
    in the pool, for ``reader``, on the group read there again, and ``season`` draws the
    PDF. A ``LedgerError`` (an unknown game in the period) reaches the caller as it is.
    ``evenings``: the digest of the group's evenings (``groups.evenings_stamp``), so that
    a change to any of them is a new report.
    """
    app = current_app._get_current_object()  # type: ignore[attr-defined]
    chosen = {k: args[k] for k in REPORT_KEYS if args.get(k)}
    today = reader.today(app).isoformat()  # "this month" is the month of the day
    key = ("season-report", group.view_token, group.version, evenings)
    key += (tuple(sorted(chosen.items())), reader.lang, today)
    group_id = group.id

    def render() -> bytes:
        return draw_season_report(app, group_id, token, chosen, reader, context_of)

    pool = renderer()
    return pool.get(key, render, wait=pool.report_wait)


def result_card(key: Hashable, reader: Reader, make: Callable[[], bytes]) -> bytes:
    """A result card's PNG (``pdf.card``), cached by ``key`` like the PDFs and rendered in
    the same pool within the same budget; raises ``Busy`` past it.

    ``key`` names the state it shows (an evening's or a group's version, the method, the
    language), so an anonymous reader asking again costs a cache hit. ``make`` runs in
    the pool for ``reader`` (``render.reading``, no request) and reads what it shows there
    again.
    """
    app = current_app._get_current_object()  # type: ignore[attr-defined]

    def render() -> bytes:
        from ..db import db

        with reading(app, reader):
            try:
                return make()
            finally:
                db.session.remove()

    return renderer().get(("result-card", key), render)

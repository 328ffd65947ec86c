"""The phone's pages as a phone at the table gets them: load times, bytes, size, a tap.

Builds, on a temporary SQLite file, one evening of ``--hands`` (20) random legal hands for
every shipped ruleset of every registered game (``REGISTRY``: Ulti and színlicites,
snapszer, Skat, tarokk and magas tarokk; four at the table where the ruleset allows, else
its nearest size), all in one group. Serves the app on 127.0.0.1 as ``make run`` does
(gunicorn, two workers, in their own processes)
and opens, in Debian's chromium (``testkit.chromium``) with a phone's viewport, its CPU
slowed 4x (CDP ``Emulation.setCPUThrottlingRate``) and 150 ms added to every request
(CDP ``Network.emulateNetworkConditions``), each evening's board (/e/<t>), new-hand form
(/e/<t>/hands/new) and view page (/s/<t>), and the group's page (/g/<t>):

- cold: a fresh browser context (nothing cached, no service worker); warm: the same page
  again in that context (HTTP cache and service worker as the first visit left them);
  nosw: the second visit in a context without service workers (a phone on plain http://,
  the host's LAN address, has none): what the HTTP cache alone saves;
- FCP: first contentful paint; DCL: DOMContentLoaded fired (``domContentLoadedEventStart``;
  tables before 2026-12-06 used the event's end, a few ms later); ms from the navigation's
  start;
- ready: the page usable (``data-page-ready``, offline.js): drawn, its handlers bound, the
  form dealt, the board's offline queue drawn; kept: its copy kept for offline use
  (``data-offline-kept``; the board and view page only), which goes on while the player
  already reads and taps;
- KB, req: bytes over the network (CDP ``encodedDataLength``) and requests that reached it
  (neither the HTTP cache nor the service worker answered);
- elems: ``document.querySelectorAll('*').length`` (what Lighthouse calls DOM size);
- TBT: total blocking time, the sum of every long task's time over 50 ms after the first
  paint, up to the end of the visit (kept included); long: the longest task (Long Tasks
  API), ms;
- tap: on the form, the first two preset buttons (else chips) tapped in turn; the Event
  Timing API's duration of each tap's longest event, from the touch to the next paint
  after the handlers (the preset pressed, the fields shown), median of ``--taps`` (5);
  Chromium reports no event under 16 ms ("<16"); prev: from the touch to the preview's
  answer drawn in the page, median;
- each figure is the median of ``--repeat`` (3) runs of the page, each in fresh contexts.

Not a test: the figures depend on the host. ``--quick`` (what tests/test_bench_runs.py runs)
opens one ruleset of each game with 3 hands, without throttling, one tap.
Run: ``.venv/bin/python bench/pages.py`` (about 3 minutes on an idle 2-core host).
"""

from __future__ import annotations

import argparse
import re
import statistics
import sys
import tempfile
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

sys.path[:0] = [str(Path(__file__).resolve().parent.parent), str(Path(__file__).resolve().parent)]

import serving  # noqa: E402

from testkit import samples  # noqa: E402
from testkit.chromium import CHROMIUM, LAUNCH_ARGS  # noqa: E402
from ulti_ledger import create_app, groups, ledger  # noqa: E402
from ulti_ledger.db import db  # noqa: E402
from ulti_ledger.games import REGISTRY, builtin_engine  # noqa: E402

FRIENDS = ("Anna", "Béla", "Csaba", "Dóra", "Ede")
# bypass_csp: Playwright waits by evaluating strings, which the pages' CSP forbids.
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
PHONE["locale"] = "hu-HU"  # a Hungarian table's phone: the pages follow Accept-Language
PHONE["bypass_csp"] = True

# Before any script of the page: when it is ready and kept, its long tasks, every tap's
# duration, and when the preview answered the last tap.
PROBE = """
window.__ready = null;
window.__kept = null;
new MutationObserver(() => {
  const d = document.documentElement.dataset;
  if (window.__ready === null && d.pageReady) window.__ready = performance.now();
  if (window.__kept === null && d.offlineKept) window.__kept = performance.now();
}).observe(document, {subtree: true, attributeFilter: ["data-page-ready", "data-offline-kept"]});
window.__long = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) window.__long.push([e.startTime, e.duration]);
}).observe({ type: "longtask", buffered: true });
window.__taps = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    if (e.name === "pointerup" || e.name === "click" || e.name === "pointerdown")
      window.__taps.push(e.duration);
  }
}).observe({ type: "event", durationThreshold: 16, buffered: true });
window.__tapAt = null;
window.__previewAt = null;
document.addEventListener("pointerdown", (e) => { window.__tapAt = e.timeStamp; }, true);
document.addEventListener("DOMContentLoaded", () => {
  const preview = document.getElementById("preview");
  if (preview) new MutationObserver(() => { window.__previewAt = performance.now(); })
    .observe(preview, {childList: true});
});
"""
TIMES = """() => {
  const n = performance.getEntriesByType("navigation")[0];
  const paint = performance.getEntriesByName("first-contentful-paint")[0];
  const fcp = paint ? paint.startTime : null;
  const blocking = window.__long.filter(([start]) => fcp === null || start >= fcp)
    .reduce((sum, [, d]) => sum + Math.max(0, d - 50), 0);
  const longest = window.__long.reduce((most, [, d]) => Math.max(most, d), 0);
  return {fcp, dcl: n.domContentLoadedEventStart, load: n.loadEventEnd, ready: window.__ready,
          kept: window.__kept, tbt: blocking, longest,
          elements: document.querySelectorAll("*").length};
}"""


@contextmanager
def gunicorn(folder: str, settings: dict) -> Iterator[int]:
    """The app as ``make run`` serves it (``serving.start``: gunicorn, two gthread
    workers) on a free port of 127.0.0.1, in its own processes: a server in the bench's
    own process would share its interpreter with the browser's driver. Yields the port."""
    serving.write_app(Path(folder), settings, migrate=False)  # built by ``build``
    server, port = serving.start(Path(folder))
    try:
        yield port
    finally:
        serving.stop(server)


def config(folder: str) -> dict:
    return {
        "TESTING": True,
        "SECRET_KEY": "bench",
        "SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder}/bench.db",
        "PUBLIC_URL": None,
        "LAN_ADDRESSES": "",
        "GROUP_TODAY": "2026-12-01",
    }


def evenings(quick: bool) -> list[tuple[str, str, int]]:
    """(game, ruleset, table size) for every shipped ruleset of every game; quick: one each."""
    chosen = []
    for game in REGISTRY:
        for ruleset_id, ruleset in builtin_engine().rulesets.items():
            if ruleset.scorer != game:
                continue
            seating = ruleset.seating({})
            chosen.append((game, ruleset_id, max(seating.smallest, min(seating.largest, 4))))
            if quick:
                break
    return chosen


def build(app, hands: int, quick: bool) -> list[tuple[str, str]]:
    """The evenings and their group; the (label, path) of every page to open."""
    pages = []
    with app.app_context():
        db.create_all()
        group = groups.create_group("Bench kör")
        for number, (game, ruleset, size) in enumerate(evenings(quick)):
            seats = FRIENDS[:size]
            body = samples.random_session(
                seats, hands, seed=number, name=f"Este {number + 1}", ruleset=ruleset
            )
            body["date"] = f"2026-11-{number + 1:02d}"
            session = ledger.create_session(body)
            groups.add_evening(group, session)
            label = f"{game}/{ruleset}"
            edit, view = session.edit_token, session.view_token
            pages += [
                (f"board {label}", f"/e/{edit}"),
                (f"form  {label}", f"/e/{edit}/hands/new"),
                (f"view  {label}", f"/s/{view}"),
            ]
        pages.append(("group", f"/g/{group.view_token}"))
    return pages


def visit(page, cdp, url: str, wait_kept: bool) -> dict:
    """Open ``url``; its times, its network bytes and requests, its size."""
    network = {"bytes": 0, "requests": 0}
    cached: set[str] = set()

    def received(event):
        response = event["response"]
        if response.get("fromDiskCache") or response.get("fromServiceWorker"):
            cached.add(event["requestId"])

    def finished(event):
        if event["requestId"] not in cached:
            network["bytes"] += event["encodedDataLength"]
            network["requests"] += 1

    def served(event):
        cached.add(event["requestId"])

    cdp.on("Network.requestServedFromCache", served)
    cdp.on("Network.responseReceived", received)
    cdp.on("Network.loadingFinished", finished)
    page.goto("about:blank")  # the same URL again would be a reload, which revalidates
    page.goto(url, wait_until="load")
    page.wait_for_function("window.__ready !== null", timeout=60_000)
    if wait_kept:
        page.wait_for_function("window.__kept !== null", timeout=60_000)
    page.wait_for_timeout(300)  # the last requests finish
    cdp.remove_listener("Network.requestServedFromCache", served)
    cdp.remove_listener("Network.responseReceived", received)
    cdp.remove_listener("Network.loadingFinished", finished)
    return {**page.evaluate(TIMES), **network}


def tap(page, taps: int) -> tuple[float | None, float | None]:
    """Median of ``taps`` taps on the form's presets or chips: each tap's duration to the
    next paint (Event Timing), and from the touch to the preview's answer drawn."""
    targets = page.locator("[data-preset]")
    count = targets.count()
    if not count:
        targets = page.locator(
            "[data-field]:not([hidden]) label:not([hidden]):has(input[type=radio])"
        )
        count = targets.count()
    if not count:
        return None, None
    longest, previews = [], []
    for number in range(taps):
        target = targets.nth((number + 1) % min(count, 2) if count > 1 else 0)
        page.evaluate("window.__taps = []; window.__previewAt = null")
        target.tap()
        page.wait_for_function("window.__previewAt !== null", timeout=30_000)
        page.wait_for_timeout(300)  # the event's entry comes after the next paint
        longest.append(page.evaluate("Math.max(0, ...window.__taps)"))
        previews.append(page.evaluate("window.__previewAt - window.__tapAt"))
    return statistics.median(longest), statistics.median(previews)


COLUMNS = (
    f"{'page':<34} {'visit':<5} {'FCP':>5} {'DCL':>5} {'ready':>5} {'kept':>5} {'KB':>6}"
    f" {'req':>3} {'elems':>5} {'TBT':>4} {'long':>4} {'tap':>4} {'prev':>4}"
)


def measure(browser, base: str, label: str, path: str, throttle: bool, taps: int) -> dict:
    """The page's figures by visit: cold and warm with the service worker, and warm
    without it (``nosw``)."""
    figures = {}
    for worker in ("allow", "block"):
        context = browser.new_context(**PHONE, service_workers=worker)
        context.add_init_script(PROBE)
        page = context.new_page()
        page.set_default_timeout(60_000)
        cdp = context.new_cdp_session(page)
        cdp.send("Network.enable")
        if throttle:
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": 4})
            cdp.send(
                "Network.emulateNetworkConditions",
                {
                    "offline": False,
                    "latency": 150,
                    "downloadThroughput": -1,
                    "uploadThroughput": -1,
                },
            )
        kept = label.startswith(("board", "view"))  # the pages kept for offline use
        visits = ("cold", "warm") if worker == "allow" else ("", "nosw")
        for visit_name in visits:
            if not visit_name:  # the HTTP cache filled, as on the first visit
                visit(page, cdp, base + path, wait_kept=kept)
                continue
            found = visit(page, cdp, base + path, wait_kept=kept)
            found["tap"], found["preview"] = (
                tap(page, taps) if label.startswith("form") else (None, None)
            )
            figures[visit_name] = found
        context.close()
    return figures


def line(label: str, visit_name: str, runs: list[dict]) -> str:
    """One printed line: the median of each figure over the runs."""

    def middle(key: str) -> float | None:
        values = [run[key] for run in runs if run[key] is not None]
        return statistics.median(values) if values else None

    def ms(key: str) -> str:
        value = middle(key)
        return "-" if value is None else f"{value:.0f}"

    pressed = middle("tap")
    tapped = "" if pressed is None else f"{pressed:.0f}" if pressed >= 16 else "<16"
    return (
        f"{label:<34} {visit_name:<5} {ms('fcp'):>5} {ms('dcl'):>5} {ms('ready'):>5}"
        f" {ms('kept'):>5} {middle('bytes') / 1024:>6.1f} {middle('requests'):>3.0f}"
        f" {middle('elements'):>5.0f} {ms('tbt'):>4} {ms('longest'):>4} {tapped:>4}"
        f" {'' if middle('preview') is None else ms('preview'):>4}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="one ruleset a game, unthrottled")
    parser.add_argument("--hands", type=int, default=None)
    parser.add_argument("--taps", type=int, default=None)
    parser.add_argument("--only", default="", help="only the pages whose label has this text")
    parser.add_argument("--repeat", type=int, default=None, help="runs a page; medians (3)")
    args = parser.parse_args()
    hands = args.hands or (3 if args.quick else 20)
    taps = args.taps or (1 if args.quick else 5)
    repeat = args.repeat or (1 if args.quick else 3)
    throttle = not args.quick
    if not CHROMIUM.exists():
        sys.exit(f"{CHROMIUM} is not installed (make test installs Debian's chromium)")
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as folder:
        app = create_app(config(folder))
        pages = build(app, hands, args.quick)
        with gunicorn(folder, config(folder)) as port, sync_playwright() as playwright:
            base = f"http://127.0.0.1:{port}"
            for _ in range(3):  # each worker's first-request work is not the phone's
                for _, path in pages:
                    html = urllib.request.urlopen(base + path).read().decode()
                    for asset in re.findall(r'(?:href|src)="(/static/[^"]+)"', html):
                        urllib.request.urlopen(base + asset).read()
            browser = playwright.chromium.launch(
                executable_path=str(CHROMIUM), args=list(LAUNCH_ARGS)
            )
            condition = "CPU 4x slower, 150 ms latency" if throttle else "unthrottled"
            print(
                f"{len(pages)} pages, {hands} hands an evening, {condition};"
                f" medians of {repeat} runs; ms, KB"
            )
            print(COLUMNS)
            for label, path in pages:
                if args.only not in label:
                    continue
                runs = [measure(browser, base, label, path, throttle, taps) for _ in range(repeat)]
                for visit_name in runs[0]:
                    print(line(label, visit_name, [run[visit_name] for run in runs]), flush=True)
            browser.close()


if __name__ == "__main__":
    main()

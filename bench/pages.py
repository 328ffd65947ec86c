"""The phone's pages as a phone at the table gets them: load times, bytes, size, a tap.

Builds, on a temporary SQLite file, one evening of ``--hands`` (20) random legal hands for
every shipped ruleset of every registered game (``REGISTRY``: Ulti and színlicites,
snapszer, Skat, tarokk and magas tarokk; four at the table where the ruleset allows, else
its nearest size), all in one group. Serves the app on 127.0.0.1 (``testkit.live_server``)
and opens, in Debian's chromium (``testkit.chromium``) with a phone's viewport, its CPU
slowed 4x (CDP ``Emulation.setCPUThrottlingRate``) and 150 ms added to every request
(CDP ``Network.emulateNetworkConditions``), each evening's board (/e/<t>), new-hand form
(/e/<t>/hands/new) and view page (/s/<t>), and the group's page (/g/<t>):

- cold: a fresh browser context (nothing cached, no service worker); warm: the same page
  again in that context (HTTP cache and service worker as the first visit left them);
  nosw: the second visit in a context without service workers (a phone on plain http://,
  the host's LAN address, has none): what the HTTP cache alone saves;
- DCL: DOMContentLoaded (``domContentLoadedEventEnd``), ms from the navigation's start;
- ready: when the page's scripts are done: the form dealt (``data-form-ready``), the board
  and view page kept for offline use (``data-offline-kept``); the group page at ``load``;
- KB, req: bytes over the network (CDP ``encodedDataLength``) and requests that reached it
  (neither the HTTP cache nor the service worker answered);
- elements: ``document.querySelectorAll('*').length`` (what Lighthouse calls DOM size);
- tap: on the form, the first two preset buttons (else chips) tapped in turn; the Event
  Timing API's duration of each tap's longest event, from the touch to the next paint
  after the handlers (the preset pressed, the fields shown), median of ``--taps`` (5);
  Chromium reports no event under 16 ms ("<16").

Not a test: the figures depend on the host. ``--quick`` (what tests/test_bench_runs.py runs)
opens one ruleset of each game with 3 hands, without throttling, one tap.
Run: ``.venv/bin/python bench/pages.py`` (about 3 minutes on an idle 2-core host).
"""

from __future__ import annotations

import argparse
import logging
import statistics
import sys
import tempfile
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from testkit import samples  # noqa: E402
from testkit.chromium import CHROMIUM, LAUNCH_ARGS  # noqa: E402
from testkit.live_server import serve  # noqa: E402
from ulti_ledger import create_app, groups, ledger  # noqa: E402
from ulti_ledger.db import db  # noqa: E402
from ulti_ledger.games import REGISTRY, builtin_engine  # noqa: E402

FRIENDS = ("Anna", "Béla", "Csaba", "Dóra", "Ede")
# bypass_csp: Playwright waits by evaluating strings, which the pages' CSP forbids.
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
PHONE["locale"] = "hu-HU"  # a Hungarian table's phone: the pages follow Accept-Language
PHONE["bypass_csp"] = True

# Before any script of the page: when its start work is done, and every tap's duration.
PROBE = """
window.__ready = null;
new MutationObserver(() => {
  const d = document.documentElement.dataset;
  if (window.__ready === null && (d.formReady || d.offlineKept)) window.__ready = performance.now();
}).observe(document, {
  subtree: true, attributeFilter: ["data-form-ready", "data-offline-kept"],
});
window.__taps = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    if (e.name === "pointerup" || e.name === "click" || e.name === "pointerdown")
      window.__taps.push(e.duration);
  }
}).observe({ type: "event", durationThreshold: 16, buffered: true });
"""
TIMES = """() => {
  const n = performance.getEntriesByType("navigation")[0];
  return {dcl: n.domContentLoadedEventEnd, load: n.loadEventEnd, ready: window.__ready,
          elements: document.querySelectorAll("*").length};
}"""


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


def visit(page, cdp, url: str, wait_ready: bool) -> dict:
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
    if wait_ready:
        page.wait_for_function("window.__ready !== null", timeout=60_000)
    page.wait_for_timeout(300)  # the last requests finish
    cdp.remove_listener("Network.requestServedFromCache", served)
    cdp.remove_listener("Network.responseReceived", received)
    cdp.remove_listener("Network.loadingFinished", finished)
    times = page.evaluate(TIMES)
    return {**times, **network, "ready": times["ready"] or times["load"]}


def tap(page, taps: int) -> str:
    """Median duration of ``taps`` taps on the form's presets or chips (Event Timing)."""
    targets = page.locator("[data-preset]")
    count = targets.count()
    if not count:
        targets = page.locator(
            "[data-field]:not([hidden]) label:not([hidden]):has(input[type=radio])"
        )
        count = targets.count()
    if not count:
        return "-"
    longest = []
    for number in range(taps):
        target = targets.nth((number + 1) % min(count, 2) if count > 1 else 0)
        page.evaluate("window.__taps = []")
        target.tap()
        page.wait_for_timeout(400)  # the event's entry comes after the next paint
        longest.append(page.evaluate("Math.max(0, ...window.__taps)"))
    middle = statistics.median(longest)
    return f"{middle:.0f}" if middle >= 16 else "<16"


def measure(browser, base: str, label: str, path: str, throttle: bool, taps: int) -> list[str]:
    """The page's lines: cold and warm with the service worker, and warm without it."""
    lines = []
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
        wait_ready = not label.startswith("group")
        visits = ("cold", "warm") if worker == "allow" else ("", "nosw")
        for visit_name in visits:
            if not visit_name:  # the HTTP cache filled, as on the first visit
                visit(page, cdp, base + path, wait_ready=False)
                continue
            figures = visit(page, cdp, base + path, wait_ready)
            pressed = tap(page, taps) if label.startswith("form") else ""
            lines.append(
                f"{label:<34} {visit_name:<5} {figures['dcl']:>7.0f} {figures['ready']:>7.0f}"
                f" {figures['bytes'] / 1024:>7.1f} {figures['requests']:>4}"
                f" {figures['elements']:>8} {pressed:>5}"
            )
        context.close()
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="one ruleset a game, unthrottled")
    parser.add_argument("--hands", type=int, default=None)
    parser.add_argument("--taps", type=int, default=None)
    parser.add_argument("--only", default="", help="only the pages whose label has this text")
    args = parser.parse_args()
    hands = args.hands or (3 if args.quick else 20)
    taps = args.taps or (1 if args.quick else 5)
    throttle = not args.quick
    if not CHROMIUM.exists():
        sys.exit(f"{CHROMIUM} is not installed (make test installs Debian's chromium)")
    from playwright.sync_api import sync_playwright

    logging.getLogger("werkzeug").setLevel(logging.ERROR)  # no line per request
    with tempfile.TemporaryDirectory() as folder:
        app = create_app(config(folder))
        pages = build(app, hands, args.quick)
        with serve(app) as port, sync_playwright() as playwright:
            base = f"http://127.0.0.1:{port}"
            for _, path in pages:  # the server's first-request work is not the phone's
                urllib.request.urlopen(base + path).read()
            browser = playwright.chromium.launch(
                executable_path=str(CHROMIUM), args=list(LAUNCH_ARGS)
            )
            condition = "CPU 4x slower, 150 ms latency" if throttle else "unthrottled"
            print(f"{len(pages)} pages, {hands} hands an evening, {condition}; ms, KB")
            print(
                f"{'page':<34} {'visit':<5} {'DCL':>7} {'ready':>7} {'KB':>7} {'req':>4}"
                f" {'elements':>8} {'tap':>5}"
            )
            for label, path in pages:
                if args.only not in label:
                    continue
                for line in measure(browser, base, label, path, throttle, taps):
                    print(line, flush=True)
            browser.close()


if __name__ == "__main__":
    main()

"""Confirmations: evenings of four seats confirming while their scorers write hands.

Starts the app under gunicorn on 127.0.0.1 as ``make run`` serves it (``--workers`` 2 of
``--threads`` 4, gthread, scripts/gunicorn_conf.py; ``--threads 1``: sync workers) on a
temporary SQLite file in WAL mode, or ``--database-url`` (PostgreSQL, under
scripts/with-postgres.sh ``$TEST_DATABASE_URL``); ``--instances 2``: two servers on the one
database, the scorers writing on one and the seats polling the other; ``--redis``: a
throwaway redis-server that both share for their rate-limit counts and PDFs, as a
deployment of several instances does. Creates ``--evenings`` (10) evenings and claims all
four seats of each through the API, then for ``--seconds`` (60):

- each evening's scorer posts a hand every ``--post-every`` seconds (5), the evenings'
  first hands spread over that interval as independent tables write (``--lockstep``: all
  at once);
- each seat polls its state (``/t/<seat>/state``, If-None-Match) every ``--poll`` seconds
  (1, as the seat's page does), and when the version moved reads the evening's marks and
  confirms each hand that waits for it (``POST .../hands/<n>/verdicts``).

Prints, over all hands: **learned**, from the scorer's POST answered to the first seat
that saw the hand waiting; **confirmed**, from the same moment to the confirmation
answered; p50 and p95 of each; the 5xx answers; and the hands lost (not confirmed at the
end, after a grace of two polls). Target: 0 × 5xx, nothing lost, learned p95 under 2 s.
A smoke run: ``python bench/confirmations.py --seconds 5 --evenings 2``.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import serving  # noqa: E402
from load import SESSION, Recorder, percentile  # noqa: E402
from serving import HOST, free_port  # noqa: E402

PLAYERS = SESSION["players"]


def serve(
    tmp: Path,
    workers: int,
    threads: int,
    url: str,
    instances: int,
    redis_url: str | None,
    pdf_ahead: bool = True,
) -> list[tuple[subprocess.Popen, int]]:
    """``instances`` servers of ``workers`` each on one database (migrated first), as
    ``make run`` serves (``serving.start``; ``threads`` 1: sync workers)."""
    config = {"SQLALCHEMY_DATABASE_URI": url, "SECRET_KEY": "x", "PDF_PREPARE": pdf_ahead}
    if redis_url:
        config.update(RATELIMIT_STORAGE_URI=redis_url, PDF_CACHE_URI=redis_url)
    serving.write_app(tmp, config)
    return [
        serving.start(tmp, workers, threads, log=f"gunicorn-{index}.log")
        for index in range(instances)
    ]


REPO = Path(__file__).resolve().parent.parent


def start_redis(tmp: Path) -> tuple[subprocess.Popen, str]:
    """A redis-server on a free port of 127.0.0.1, without persistence, in ``tmp``."""
    port = free_port()
    options = ["--port", str(port), "--bind", HOST, "--dir", str(tmp)]
    options += ["--save", "", "--appendonly", "no"]
    log = open(tmp / "redis.log", "ab")
    proc = subprocess.Popen(["redis-server", *options], stdout=log, stderr=log)
    serving.wait_listening(port)
    return proc, f"redis://{HOST}:{port}/0"


class Table:
    """One evening: when each hand was written, first seen waiting, confirmed."""

    def __init__(self, sid: int, edit: str) -> None:
        self.sid, self.edit = sid, edit
        self.lock = threading.Lock()
        self.written: dict[int, float] = {}
        self.learned: dict[int, float] = {}
        self.confirmed: dict[int, float] = {}

    def note(self, kind: dict[int, float], number: int) -> None:
        with self.lock:
            kind.setdefault(number, time.monotonic())


def warm(ports: list[int], workers: int) -> None:
    """Each worker's first request loads the app's engine and templates (seconds on a
    busy host): made here, before anything is timed."""
    for port in ports:
        for _ in range(3 * workers):
            connection = http.client.HTTPConnection(HOST, port, timeout=120)
            connection.request("GET", "/api/v1/openapi.json")
            connection.getresponse().read()
            connection.close()


def setup(rec: Recorder, port: int, evenings: int) -> list[tuple[Table, list[str]]]:
    tables = []
    for _ in range(evenings):
        created = rec.request(port, "setup", "POST", "/api/v1/sessions", SESSION, ok=(201,))
        made = json.loads(created[2])
        view = made["view_url"].rsplit("/", 1)[1]
        seats = []
        for player in PLAYERS:
            answer = rec.request(
                port,
                "setup",
                "POST",
                f"/api/v1/sessions/{made['id']}/seats",
                {"player": player},
                {"Authorization": f"Bearer {view}"},
                ok=(201,),
            )
            seats.append(json.loads(answer[2])["token"])
        tables.append((Table(made["id"], made["edit_token"]), seats))
    return tables


def scorer(
    rec: Recorder, port: int, table: Table, every: float, deadline: float, offset: float = 0.0
) -> None:
    """One evening's scorer: a hand every ``every`` seconds, the first after ``offset``."""
    declarers = ["Anna", "Béla", "Csaba"]
    time.sleep(offset)
    i = 0
    while time.monotonic() < deadline:
        hand = {
            "players": declarers,
            "sitting_out": ["Dóra"],
            "declarer": declarers[i % 3],
            "colour": "piros",
            "components": [{"name": "parti", "won": i % 2 == 0}],
        }
        headers = {"Authorization": f"Bearer {table.edit}"}
        path = f"/api/v1/sessions/{table.sid}/hands"
        answer = rec.request(port, "post hand", "POST", path, hand, headers, ok=(201,))
        if answer and answer[0] == 201:
            table.note(table.written, json.loads(answer[2])["number"])
        i += 1
        time.sleep(max(0.0, min(every, deadline - time.monotonic())))


def seat(rec: Recorder, port: int, table: Table, token: str, poll: float, end: float) -> None:
    """A player's phone: poll, and confirm every hand that waits for this player."""
    etag = None
    player = SEAT_PLAYERS[token]
    headers = {"Authorization": f"Bearer {token}"}
    while time.monotonic() < end:
        sent = {"If-None-Match": etag} if etag else {}
        answer = rec.request(port, "seat state", "GET", f"/t/{token}/state", None, sent, (200, 304))
        if answer and answer[0] == 200:
            etag = answer[1]["ETag"]
            path = f"/api/v1/sessions/{table.sid}/agreement"
            marks = rec.request(port, "agreement", "GET", path, None, headers)
            if marks and marks[0] == 200:
                for hand in json.loads(marks[2])["hands"]:
                    if hand["status"] == "open" and player in hand["waiting"]:
                        table.note(table.learned, hand["number"])
                        _confirm(rec, port, table, headers, hand["number"])
        time.sleep(max(0.0, min(poll, end - time.monotonic())))


SEAT_PLAYERS: dict[str, str] = {}
"""Each seat token's player (the API's claim answered it)."""


def _confirm(rec: Recorder, port: int, table: Table, headers: dict, number: int) -> None:
    path = f"/api/v1/sessions/{table.sid}/hands/{number}/verdicts"
    body = {"verdict": "confirm"}
    answer = rec.request(port, "confirm", "POST", path, body, headers, ok=(201, 409, 422))
    if answer and answer[0] == 201:
        table.note(table.confirmed, number)


def report(rec: Recorder, tables: list[Table]) -> int:
    learned, confirmed, lost = [], [], 0
    for table in tables:
        for number, written in table.written.items():
            if number in table.learned:
                learned.append(table.learned[number] - written)
            if number in table.confirmed:
                confirmed.append(table.confirmed[number] - written)
            else:
                lost += 1
    five = sum(n for status, n in rec.statuses.items() if status >= 500)
    hands = sum(len(t.written) for t in tables)
    print(f"hands written {hands}, confirmed {len(confirmed)}, lost {lost}, 5xx {five}")
    for kind, values in (("learned", learned), ("confirmed", confirmed)):
        if values:
            print(
                f"  {kind:<10} p50 {percentile(values, 50) * 1000:7.0f} ms"
                f"   p95 {percentile(values, 95) * 1000:7.0f} ms"
                f"   max {max(values) * 1000:7.0f} ms"
            )
    for kind, values in sorted(rec.latency.items()):
        print(
            f"  request {kind:<11} n={len(values):<6} p95 {percentile(values, 95) * 1000:6.1f} ms"
        )
    for kind, found in rec.errors.items():
        for message in found[:3]:
            print(f"  error ({kind}): {message}")
    met = five == 0 and lost == 0 and learned and percentile(learned, 95) < 2.0
    print(f"target (0 x 5xx, nothing lost, learned p95 < 2 s): {'met' if met else 'NOT met'}")
    return 0 if met else 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--evenings", type=int, default=10)
    parser.add_argument("--poll", type=float, default=1.0)
    parser.add_argument("--post-every", type=float, default=5.0)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--threads", type=int, default=4, help="per worker; 1: sync workers")
    parser.add_argument(
        "--redis", action="store_true", help="a throwaway redis-server the instances share"
    )
    parser.add_argument(
        "--lockstep",
        action="store_true",
        help="every scorer writes at the same moment (before 2026-12-06 noon: always)",
    )
    parser.add_argument(
        "--no-pdf-ahead",
        action="store_true",
        help="PDF_PREPARE off: no scoresheet drawn after each hand (the app's default draws one)",
    )
    parser.add_argument(
        "--database-url",
        default=os.environ.get("TEST_DATABASE_URL"),
        help="default: $TEST_DATABASE_URL (scripts/with-postgres.sh), else a SQLite file",
    )
    parser.add_argument(
        "--instances", type=int, default=1, help="2: scorers write on one, seats poll the other"
    )
    args = parser.parse_args()
    rec = Recorder()
    with tempfile.TemporaryDirectory() as tmp:
        url = args.database_url or f"sqlite:///{Path(tmp) / 'bench.sqlite3'}"
        redis_proc, redis_url = start_redis(Path(tmp)) if args.redis else (None, None)
        servers = serve(
            Path(tmp),
            args.workers,
            args.threads,
            url,
            args.instances,
            redis_url,
            pdf_ahead=not args.no_pdf_ahead,
        )
        port, seat_port = servers[0][1], servers[-1][1]
        kind = f"{args.threads} threads" if args.threads > 1 else "sync"
        print(
            f"{args.instances} instance(s) of {args.workers} workers ({kind}) on"
            f" {url.split(':')[0]}{' + Redis' if redis_url else ''}, {args.evenings} evenings"
            f"{', no PDF drawn ahead' if args.no_pdf_ahead else ''}"
        )
        try:
            warm([p for _, p in servers], args.workers)
            try:
                tables = setup(rec, port, args.evenings)
            except TypeError:  # a server that does not answer: say why
                print(dict(rec.errors))
                for log in sorted(Path(tmp).glob("gunicorn-*.log")):
                    print(log.read_text()[-3000:])
                raise
            for _, tokens in tables:
                for player, token in zip(PLAYERS, tokens, strict=True):
                    SEAT_PLAYERS[token] = player
            deadline = time.monotonic() + args.seconds
            end = deadline + 2 * args.poll + 1  # the last hands' grace
            # tables are independent: each writes its first hand at its own moment within
            # the interval (--lockstep: all at once, a burst every interval)
            every = args.post_every
            offsets = [
                0.0 if args.lockstep else every * i / len(tables) for i in range(len(tables))
            ]
            threads = [
                threading.Thread(target=scorer, args=(rec, port, t, every, deadline, offsets[i]))
                for i, (t, _) in enumerate(tables)
            ]
            threads += [
                threading.Thread(target=seat, args=(rec, seat_port, t, token, args.poll, end))
                for t, tokens in tables
                for token in tokens
            ]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
        finally:
            for proc, _ in servers:
                serving.stop(proc)
            if redis_proc is not None:
                redis_proc.terminate()
                redis_proc.wait(timeout=10)
    return report(rec, [t for t, _ in tables])


if __name__ == "__main__":
    raise SystemExit(main())

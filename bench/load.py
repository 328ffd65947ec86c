"""Load: 50 viewers polling a scoreboard and one scorer, against gunicorn with 2 workers.

Starts the app under gunicorn on 127.0.0.1 (a free port) with a temporary SQLite
database in WAL mode, creates a session, then for ``--seconds`` (60):

- each of ``--viewers`` (50) viewers polls ``/s/<view_token>/state`` every ``--poll``
  seconds (2) with If-None-Match, as ``/live.js`` does in a browser, and fetches the
  page again when the state changed;
- one scorer posts a hand every ``--post-every`` seconds (5).

Every loop is bounded by the deadline and stops by itself; only loopback is used. Prints
the requests, the errors, p50 and p99 latency (overall and per kind). Target: 0 errors,
p99 at most 300 ms. A smoke test: ``python bench/load.py --seconds 5 --viewers 5``.
"""

from __future__ import annotations

import argparse
import http.client
import json
import random
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import defaultdict
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(REPO), str(REPO / "bench")]

import serving  # noqa: E402
from serving import HOST  # noqa: E402

from testkit.samples import session_body  # noqa: E402

SESSION = session_body(name="load")


class Recorder:
    """Latencies and errors per kind of request, from many threads."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.latency: dict[str, list[float]] = defaultdict(list)
        self.errors: dict[str, list[str]] = defaultdict(list)
        self.statuses: dict[int, int] = defaultdict(int)

    def request(self, port, kind, method, path, body=None, headers=None, ok=(200,)):
        """One request on a new connection; returns (status, headers, body) or None."""
        start = time.perf_counter()
        try:
            connection = http.client.HTTPConnection(HOST, port, timeout=10)
            data = json.dumps(body).encode() if body is not None else None
            sent = {"Content-Type": "application/json", **(headers or {})}
            connection.request(method, path, body=data, headers=sent)
            response = connection.getresponse()
            payload = response.read()
            connection.close()
        except OSError as exc:
            with self.lock:
                self.errors[kind].append(repr(exc))
            return None
        elapsed = time.perf_counter() - start
        with self.lock:
            self.latency[kind].append(elapsed)
            self.statuses[response.status] += 1
            if response.status not in ok:
                self.errors[kind].append(f"{response.status} {payload[:200]!r}")
        return response.status, response.headers, payload


def start_server(tmp: Path, workers: int) -> tuple[subprocess.Popen, int]:
    """A SQLite file in ``tmp``, migrated, served as ``make run`` serves it
    (``serving.start``) but for ``workers``; until it answers."""
    config = {"SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp / 'load.sqlite3'}", "SECRET_KEY": "x"}
    serving.write_app(tmp, config)
    return serving.start(tmp, workers)


def viewer(rec: Recorder, port: int, token: str, poll: float, deadline: float) -> None:
    """A phone showing the scoreboard: poll the state, fetch the page when it changed."""
    etag = None
    time.sleep(random.uniform(0, poll))  # phones do not start in step
    while time.monotonic() < deadline:
        headers = {"If-None-Match": etag} if etag else {}
        answer = rec.request(
            port, "state", "GET", f"/s/{token}/state", headers=headers, ok=(200, 304)
        )
        if answer and answer[0] == 200:
            if etag is not None:
                rec.request(port, "page", "GET", f"/s/{token}")
            etag = answer[1]["ETag"]
        time.sleep(max(0.0, min(poll, deadline - time.monotonic())))


def scorer(rec: Recorder, port: int, sid: int, token: str, every: float, deadline: float):
    declarers = ["Anna", "Béla", "Csaba"]
    i = 0
    while time.monotonic() < deadline:
        hand = {
            "players": declarers,
            "sitting_out": ["Dóra"],
            "declarer": declarers[i % 3],
            "colour": "piros",
            "components": [{"name": "parti", "won": i % 2 == 0}],
        }
        rec.request(
            port,
            "post hand",
            "POST",
            f"/api/v1/sessions/{sid}/hands",
            hand,
            {"Authorization": f"Bearer {token}"},
            ok=(201,),
        )
        i += 1
        time.sleep(max(0.0, min(every, deadline - time.monotonic())))


def percentile(values: list[float], q: float) -> float:
    return (
        statistics.quantiles(values, n=100, method="inclusive")[q - 1]
        if len(values) > 1
        else (values[0] if values else 0.0)
    )


def report(rec: Recorder, seconds: float) -> int:
    everything = [x for values in rec.latency.values() for x in values]
    errors = sum(len(e) for e in rec.errors.values())
    print(
        f"requests {len(everything)} in {seconds:.0f} s ({len(everything) / seconds:.1f}/s), "
        f"errors {errors}, statuses {dict(sorted(rec.statuses.items()))}"
    )
    rows = [("all", everything), *sorted(rec.latency.items())]
    for kind, values in rows:
        if values:
            print(
                f"  {kind:<10} n={len(values):<6} p50 {percentile(values, 50) * 1000:7.1f} ms"
                f"   p99 {percentile(values, 99) * 1000:7.1f} ms"
                f"   max {max(values) * 1000:7.1f} ms"
            )
    for kind, found in rec.errors.items():
        for message in found[:5]:
            print(f"  error ({kind}): {message}")
    p99 = percentile(everything, 99) if everything else 0.0
    verdict = errors == 0 and p99 <= 0.3
    print(f"target (0 errors, p99 <= 300 ms): {'met' if verdict else 'NOT met'}")
    return 0 if verdict else 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--viewers", type=int, default=50)
    parser.add_argument("--poll", type=float, default=2)
    parser.add_argument("--post-every", type=float, default=5)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    random.seed(5)
    with tempfile.TemporaryDirectory(prefix="ulti-load-") as tmp:
        proc, port = start_server(Path(tmp), args.workers)
        try:
            rec = Recorder()
            status, _, body = rec.request(
                port, "setup", "POST", "/api/v1/sessions", SESSION, ok=(201,)
            )
            created = json.loads(body)
            view_token = created["view_url"].rsplit("/", 1)[1]
            for _ in range(4 * args.workers):  # each worker loads the engine and templates
                rec.request(port, "setup", "GET", f"/s/{view_token}/state")
                rec.request(port, "setup", "GET", f"/s/{view_token}")
            rec = Recorder()  # setup and warm-up are not part of the figures
            deadline = time.monotonic() + args.seconds
            threads = [
                threading.Thread(target=viewer, args=(rec, port, view_token, args.poll, deadline))
                for _ in range(args.viewers)
            ]
            threads.append(
                threading.Thread(
                    target=scorer,
                    args=(
                        rec,
                        port,
                        created["id"],
                        created["edit_token"],
                        args.post_every,
                        deadline,
                    ),
                )
            )
            for t in threads:
                t.start()
            for t in threads:
                t.join(timeout=args.seconds + 30)
            return report(rec, args.seconds)
        finally:
            serving.stop(proc)


if __name__ == "__main__":
    sys.exit(main())

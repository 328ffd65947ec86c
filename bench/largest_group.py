"""The largest group a host allows, served by gunicorn with two workers: every page bounded.

Builds, on a temporary SQLite file, a group at the limits (``ledger.limits``: 500
evenings, 60 members; each evening four of them at an Ulti table) with ``--scale`` x
2,000 hands per evening (1.0: the full million hands). Fifteen evenings are recorded
through the ledger (``create_session``: every hand checked and settled); the others copy
their rows in SQL, each summed into its stored summary (``ledger.refresh_summaries``),
so the build takes minutes, not the 18 the API would. A group's pages read the stored
summaries, so what they cost depends on evenings x members, not on the hands.

Then it serves the file with gunicorn (``--workers``, 2) and prints, per page (the group
page, ``?method=pairwise``, the statistics page, the season report PDF): the first
request's time (cold: nothing of this group cached in that worker, which has served a
group of one evening's pages first; the report's until the PDF, asked again after each
503, and apart its first answer, a 503 with ``Retry-After`` within
``PDF_REPORT_WAIT_SECONDS``), the median of ``--repeat`` later ones (warm), each
worker's peak RSS growth over its start (``VmHWM``), and the slowest ``/healthz`` answer
while 8 concurrent pairwise requests (each another period, so none is served from the
figures' cache) run.

Targets: every page cold at most 2 s, warm at most 50 ms; at most 256 MB of RSS growth
per worker; ``/healthz`` answering throughout.
Run: ``.venv/bin/python bench/largest_group.py --scale 0.05``.
"""

from __future__ import annotations

import argparse
import datetime as dt
import http.client
import secrets
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE.parent), str(HERE)]

from load import start_server  # noqa: E402
from serving import HOST, stop  # noqa: E402
from sqlalchemy import select, text  # noqa: E402

from testkit import samples  # noqa: E402
from ulti_ledger import create_app, groups, ledger  # noqa: E402
from ulti_ledger.db import db  # noqa: E402
from ulti_ledger.ledger.limits import (  # noqa: E402
    MAX_GROUP_SIZE_EVENINGS,
    MAX_GROUP_SIZE_MEMBERS,
    MAX_HANDS,
)
from ulti_ledger.models import GameSession  # noqa: E402

TABLE = 4
FIRST = dt.date(2016, 1, 5)
COPIED = ("name", "date", "place", "ruleset_pk", "options", "unit_amount", "currency")


def build(tmp: Path, evenings: int, members: int, hands: int) -> tuple[int, str, str]:
    """The group on ``tmp/load.sqlite3`` (migrated): its id and view token, and the view
    token of a group of one evening (each worker's warm-up)."""
    from flask_migrate import upgrade

    config = {"SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp / 'load.sqlite3'}", "SECRET_KEY": "x"}
    app = create_app(config)
    with app.app_context():
        upgrade()
        group = groups.create_group("A legnagyobb kör")
        names = [f"Tag {n:02d}" for n in range(members)]
        templates = []
        for number in range(min(evenings, -(-members // TABLE))):
            seats = tuple(names[(number * TABLE + k) % members] for k in range(TABLE))
            body = samples.random_session(seats, hands, seed=number, name=f"Este {number + 1}")
            body["date"] = (FIRST + dt.timedelta(weeks=number)).isoformat()
            session = ledger.create_session(body)
            groups.add_evening(group, session)
            templates.append(session.id)
        batch: list[int] = []
        for number in range(len(templates), evenings):
            batch.append(_copy(templates[number % len(templates)], number, group.id))
            if len(batch) == 20 or number == evenings - 1:
                ledger.refresh_summaries(db.session, batch)
                db.session.commit()
                batch = []
        found = groups.get_group(group.id)
        assert len(groups.members(found)) == members
        small = groups.create_group("Kis kör")
        body = samples.random_session(tuple(names[:TABLE]), 4, seed=0, name="Egy este")
        groups.add_evening(small, ledger.create_session(body))
        return found.id, found.view_token, small.view_token


def _copy(template: int, number: int, group_id: int) -> int:
    """A copy of evening ``template`` (seats, hands and their seat rows) in SQL."""
    s = GameSession.__table__
    row = db.session.execute(select(s).where(s.c.id == template)).mappings().one()
    values = {k: row[k] for k in COPIED}
    values.update(
        name=f"Este {number + 1}",
        date=FIRST + dt.timedelta(weeks=number),
        edit_token=secrets.token_urlsafe(32),
        view_token=secrets.token_urlsafe(32),
        created_at=row["created_at"],
        version=1,
        group_id=group_id,
        kitty_opening=0,
    )
    new = db.session.execute(s.insert().values(**values)).inserted_primary_key[0]
    ids = {"new": new, "old": template}
    db.session.execute(
        text(
            "INSERT INTO seats (session_id, player_id, position, from_position, until_position)"
            " SELECT :new, player_id, position, from_position, until_position FROM seats"
            " WHERE session_id = :old"
        ),
        ids,
    )
    db.session.execute(
        text(
            "INSERT INTO hands (session_id, position, dealer_id, facts, options, version,"
            " created_at, updated_at) SELECT :new, position, dealer_id, facts, options,"
            " version, created_at, updated_at FROM hands WHERE session_id = :old"
            " AND deleted_at IS NULL ORDER BY position"
        ),
        ids,
    )
    db.session.execute(
        text(
            "INSERT INTO hand_seats (hand_id, player_id, role) SELECT nh.id, hs.player_id,"
            " hs.role FROM hand_seats hs JOIN hands oh ON oh.id = hs.hand_id"
            " JOIN hands nh ON nh.session_id = :new AND nh.position = oh.position"
            " WHERE oh.session_id = :old AND oh.deleted_at IS NULL ORDER BY hs.id"
        ),
        ids,
    )
    return new


def get(port: int, path: str, timeout: float = 300) -> tuple[int, float]:
    """GET ``path``: its status and wall time in ms (a 503 "busy" is asked again)."""
    return answered(port, path, timeout)[:2]


def answered(port: int, path: str, timeout: float = 300) -> tuple[int, float, float, int]:
    """GET ``path`` until it is not a 503 "busy": the status, the wall time in ms until
    then, the wall time of the first answer (the PDF or a 503 with ``Retry-After``: what
    a request holds a worker for) and how many 503s came first. A retry waits what
    ``Retry-After`` (and the page's ``Refresh``) asks, as a browser does: the time until
    the PDF is what a phone waits."""
    start = time.perf_counter()
    first, busy = 0.0, 0
    while True:
        conn = http.client.HTTPConnection(HOST, port, timeout=timeout)
        conn.request("GET", path)
        response = conn.getresponse()
        response.read()
        conn.close()
        first = first or (time.perf_counter() - start) * 1000
        if response.status != 503:
            return response.status, (time.perf_counter() - start) * 1000, first, busy
        busy += 1
        time.sleep(float(response.getheader("Retry-After") or 1))


def warm_up(port: int, token: str, count: int) -> None:
    """Each worker serves a group of one evening's pages first: what any first request
    costs a new worker (templates, translations, the PDF pool) is not the group's."""
    paths = [f"/g/{token}", f"/g/{token}/stats", f"/g/{token}/report.pdf"]
    for path in paths:
        threads = [threading.Thread(target=get, args=(port, path)) for _ in range(2 * count)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()


def workers(master: int) -> list[int]:
    """The gunicorn master's worker processes."""
    out = []
    for task in Path(f"/proc/{master}/task").iterdir():
        out += [int(p) for p in (task / "children").read_text().split()]
    return sorted(out)


def memory(pid: int) -> tuple[int, int]:
    """A process's RSS now and its peak (VmHWM), in kB."""
    fields = dict(
        line.split(":", 1) for line in Path(f"/proc/{pid}/status").read_text().splitlines()
    )
    return int(fields["VmRSS"].split()[0]), int(fields["VmHWM"].split()[0])


def healthz_under_pairwise(port: int, token: str, evenings: int) -> tuple[float, bool]:
    """The slowest /healthz while 8 pairwise requests of 8 periods run; whether all
    answered 200."""
    statuses: list[int] = []
    done = threading.Event()

    def pairwise(k: int) -> None:
        day = (FIRST + dt.timedelta(weeks=k * max(1, evenings // 10))).isoformat()
        statuses.append(get(port, f"/g/{token}?method=pairwise&from={day}")[0])

    threads = [threading.Thread(target=pairwise, args=(k,)) for k in range(8)]
    for thread in threads:
        thread.start()
    slowest = 0.0
    while not done.is_set():
        status, ms = get(port, "/healthz", timeout=120)
        statuses.append(status)
        slowest = max(slowest, ms)
        if not any(t.is_alive() for t in threads):
            done.set()
        time.sleep(0.05)
    return slowest, all(s == 200 for s in statuses)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scale", type=float, default=0.05, help="x 2,000 hands an evening")
    parser.add_argument("--evenings", type=int, default=MAX_GROUP_SIZE_EVENINGS)
    parser.add_argument("--members", type=int, default=MAX_GROUP_SIZE_MEMBERS)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()
    hands = max(1, round(MAX_HANDS * args.scale))
    with tempfile.TemporaryDirectory() as folder:
        tmp = Path(folder)
        start = time.perf_counter()
        group_id, token, small = build(tmp, args.evenings, args.members, hands)
        built = time.perf_counter() - start
        print(
            f"scale {args.scale}: {args.evenings} evenings x {hands} hands"
            f" ({args.evenings * hands:,} hands), {args.members} members;"
            f" built in {built:.0f} s"
        )
        proc, port = start_server(tmp, args.workers)
        try:
            time.sleep(2)  # the workers have loaded the app
            pids = workers(proc.pid)
            warm_up(port, small, args.workers)
            before = {pid: memory(pid)[0] for pid in pids}
            pages = {
                "group": f"/g/{token}",
                "pairwise": f"/g/{token}?method=pairwise",
                "stats": f"/g/{token}/stats",
                "report": f"/g/{token}/report.pdf",
            }
            print(f"{'page':<10}{'status':>7}{'cold ms':>10}{'warm ms':>10}")
            peaks = {}
            for name, path in pages.items():
                if name == "report":  # WeasyPrint's layout grows a worker on its own
                    peaks = {pid: memory(pid)[1] for pid in pids}
                status, cold, first, busy = answered(port, path)
                for _ in range(2 * args.workers):  # each worker has served it once
                    get(port, path)
                warm = statistics.median(get(port, path)[1] for _ in range(args.repeat))
                print(f"{name:<10}{status:>7}{cold:>10.0f}{warm:>10.0f}")
                if busy:
                    print(f"  first answer (503, Retry-After) in {first:.0f} ms; {busy} x 503")
            slowest, ok = healthz_under_pairwise(port, token, args.evenings)
            print(f"healthz under 8 pairwise: slowest {slowest:.0f} ms, all 200: {ok}")
            for pid in pids:
                grown = (memory(pid)[1] - before[pid]) / 1024
                pages_only = (peaks[pid] - before[pid]) / 1024
                print(
                    f"worker {pid}: peak RSS growth {grown:.0f} MB"
                    f" ({pages_only:.0f} MB before the report)"
                )
        finally:
            stop(proc)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

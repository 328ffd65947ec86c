"""A group's page, its API and its season report for 150 evenings and 9,000 hands.

Builds, on a temporary SQLite file, a group whose evenings cycle through every registered
game (``REGISTRY``) and each game's shipped rulesets (Ulti and színlicites, snapszer, Skat,
tarokk and magas tarokk), 60 random legal hands each (``samples.random_session``), one
evening a week. Each evening is played at a table size its ruleset allows (its seating:
Skat three or four, tarokk four or five...), the sizes taken in turn, by members of the
group's five friends. For 25, 50, 100 and 150 evenings (1,500 to 9,000 hands) it times,
with the Flask test client (no network), median of ``--repeat`` (5):

- cold stats: the first GET /api/v1/groups/<id>/stats (its wall and CPU time), and the
  first GET /g/<token>/stats, each in a fresh process on the built database (nothing
  cached: what the first visitor after a restart waits);

- warm group page: GET /g/<view token> after one warm-up request;
- warm group API: GET /api/v1/groups/<id>;
- warm stats API: GET /api/v1/groups/<id>/stats (once the stats package is there);
- one new hand: POST /api/v1/sessions/<id>/hands to the last evening, then the server
  time of the standings that follow (``groups.group_standings``: only that evening is
  summed again);
- stats after a new hand: the stats API right after that hand (only that evening's
  records are read again);
- at the largest size, the season report PDF (GET /g/<token>/report.pdf), once.

Targets: page and APIs at most 300 ms warm, the standings after a new hand at most
50 ms, a cold stats call well under 2 s, the report at most 8 s.
Run: ``.venv/bin/python bench/stats.py`` (``--evenings 25,50`` for a shorter run).
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from testkit import samples  # noqa: E402
from ulti_ledger import create_app, groups, ledger
from ulti_ledger.db import db  # noqa: E402
from ulti_ledger.games import REGISTRY, builtin_engine  # noqa: E402

FRIENDS = ("Anna", "Béla", "Csaba", "Dóra", "Ede")
HANDS = 60


def tables() -> list[tuple[str, int]]:
    """The evenings' (ruleset, table size) in turn: game by game (the registry's order),
    each game's rulesets and each ruleset's table sizes taken in turn over its evenings."""
    by_game: dict[str, list[tuple[str, int]]] = {name: [] for name in REGISTRY}
    for ruleset_id, ruleset in builtin_engine().rulesets.items():
        seating = ruleset.seating({})
        sizes = range(seating.smallest, min(seating.largest, len(FRIENDS)) + 1)
        by_game[ruleset.scorer].append((ruleset_id, sizes))
    cycle = []
    for turn in range(12):  # 12: a multiple of every game's rulesets x sizes here
        for choices in by_game.values():
            ruleset_id, sizes = choices[turn % len(choices)]
            cycle.append((ruleset_id, sizes[(turn // len(choices)) % len(sizes)]))
    return cycle


def config(folder: str) -> dict:
    return {
        "TESTING": True,
        "SECRET_KEY": "bench",
        "SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder}/bench.db",
        "PUBLIC_URL": None,
        "LAN_ADDRESSES": "",
        "GROUP_TODAY": "2026-12-01",
    }


def median_ms(fn, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def build(app, evenings: int, group_id: int | None, have: int) -> int:
    """Add evenings ``have``..``evenings`` to the group (made first when None)."""
    cycle = tables()
    with app.app_context():
        group = groups.get_group(group_id) if group_id else groups.create_group("Bench kör")
        start = dt.date(2024, 1, 2)
        for number in range(have, evenings):
            ruleset, size = cycle[number % len(cycle)]
            seats = tuple(FRIENDS[(number + i) % len(FRIENDS)] for i in range(size))
            body = samples.random_session(
                seats, HANDS, seed=number, name=f"Este {number + 1}", ruleset=ruleset
            )
            body["date"] = (start + dt.timedelta(weeks=number)).isoformat()
            groups.add_evening(group, ledger.create_session(body))
        return group.id


def new_hand(app, client, group_id: int) -> float:
    """POST a hand to the group's last evening; the server time of the standings after it."""
    with app.app_context():
        group = groups.get_group(group_id)
        last = groups.group_evenings(group)[-1]
        deal = ledger.next_hand(last)
        engine_rules = ledger.session_engine(last).rulesets
        (ruleset,) = engine_rules.values()
        hand = samples.random_hand(
            random.Random(len(deal["players"])),
            ruleset.rules,
            deal["players"] + deal["sitting_out"],
        )
        hand.pop("ruleset", None)
        hand["dealer"] = deal["dealer"]
        token, session_id = last.edit_token, last.id
    answer = client.post(
        f"/api/v1/sessions/{session_id}/hands",
        json=hand,
        headers={"Authorization": f"Bearer {token}"},
    )
    assert answer.status_code == 201, answer.get_json()
    with app.app_context():
        start = time.perf_counter()
        groups.group_standings(groups.get_group(group_id), groups.Period("all", None, None))
        return (time.perf_counter() - start) * 1000


def cold(folder: str, url: str, token: str) -> tuple[float, float]:
    """The first call of ``url`` in a fresh process on the built database: its wall time
    and its process's CPU time, in ms (on a shared machine the CPU time moves less)."""
    out = subprocess.run(
        [sys.executable, __file__, "--cold", folder, url, token],
        check=True,
        capture_output=True,
        text=True,
    )
    *_, cpu, wall = out.stdout.split()
    return float(wall), float(cpu)


def cold_call(folder: str, url: str, token: str) -> None:
    """(In the fresh process) one app on the database, one timed call; prints the ms."""
    app = create_app(config(folder))
    client = app.test_client()
    start, cpu = time.perf_counter(), time.process_time()
    answer = client.get(url, headers={"Authorization": f"Bearer {token}"})
    took = (time.perf_counter() - start) * 1000
    assert answer.status_code == 200, answer.data[:300]
    print(json.dumps(url), f"{(time.process_time() - cpu) * 1000:.1f}", f"{took:.1f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--evenings", default="25,50,100,150")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--cold", nargs=3, metavar=("FOLDER", "URL", "TOKEN"), help="internal")
    args = parser.parse_args()
    if args.cold:
        cold_call(*args.cold)
        return
    sizes = [int(n) for n in args.evenings.split(",")]
    folder = tempfile.mkdtemp(prefix="ulti-bench-stats-")
    app = create_app(config(folder))
    with app.app_context():
        db.create_all()
    client = app.test_client()
    print("evenings in turn:", ", ".join(f"{r} ({n})" for r, n in tables()[: len(REGISTRY) * 2]))
    print(
        f"{'evenings':>8} {'hands':>6} {'build s':>8} {'cold API ms':>11} {'(CPU)':>7} "
        f"{'cold page ms':>12} "
        f"{'page ms':>8} {'API ms':>7} {'stats ms':>8} {'new hand ms':>11} {'stats after':>11}"
    )
    group_id, have, rows = None, 0, []
    for evenings in sizes:
        start = time.perf_counter()
        group_id = build(app, evenings, group_id, have)
        built = time.perf_counter() - start
        have = evenings
        with app.app_context():
            group = groups.get_group(group_id)
            view, gid = group.view_token, group.id
        cold_api, cold_cpu = cold(folder, f"/api/v1/groups/{gid}/stats", view)
        cold_page, _ = cold(folder, f"/g/{view}/stats", view)
        auth = {"Authorization": f"Bearer {view}"}
        page = lambda view=view: client.get(f"/g/{view}")  # noqa: E731
        api = lambda gid=gid, auth=auth: client.get(f"/api/v1/groups/{gid}", headers=auth)  # noqa: E731
        stats = lambda gid=gid, auth=auth: client.get(  # noqa: E731
            f"/api/v1/groups/{gid}/stats", headers=auth
        )
        for call in (page, api, stats):
            assert call().status_code == 200  # warm-up
        page_ms, api_ms = median_ms(page, args.repeat), median_ms(api, args.repeat)
        stats_ms = median_ms(stats, args.repeat)
        hand_times, after_times = [], []
        for _ in range(args.repeat):
            hand_times.append(new_hand(app, client, gid))
            after_times.append(median_ms(stats, 1))
        hand_ms, after_ms = statistics.median(hand_times), statistics.median(after_times)
        hands = evenings * HANDS
        rows.append((evenings, hands, page_ms, api_ms, stats_ms, hand_ms, cold_api))
        print(
            f"{evenings:>8} {hands:>6} {built:>8.1f} {cold_api:>11.1f} {cold_cpu:>7.1f} "
            f"{cold_page:>12.1f} "
            f"{page_ms:>8.1f} {api_ms:>7.1f} {stats_ms:>8.1f} {hand_ms:>11.1f} {after_ms:>11.1f}",
            flush=True,
        )
    first, last = rows[0], rows[-1]
    print(
        f"growth from {first[1]:,} to {last[1]:,} hands ({last[1] / first[1]:.0f}x): page "
        f"{last[2] / first[2]:.1f}x, API {last[3] / first[3]:.1f}x, stats "
        f"{last[4] / first[4]:.1f}x, new hand {last[5] / first[5]:.1f}x, cold stats "
        f"{last[6] / first[6]:.1f}x"
    )
    start, cpu = time.perf_counter(), time.process_time()
    pdf = client.get(f"/g/{view}/report.pdf")
    assert pdf.status_code == 200 and pdf.data.startswith(b"%PDF")
    print(
        f"season report PDF of {last[0]} evenings: {time.perf_counter() - start:.2f} s "
        f"({time.process_time() - cpu:.2f} s of CPU; {len(pdf.data) // 1024} KiB)"
    )


if __name__ == "__main__":
    main()

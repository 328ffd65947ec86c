"""A group's page, its API and its season report for 150 evenings and 9,000 hands.

Builds, on a temporary SQLite file, a group whose evenings alternate between Ulti and
snapszer (60 random legal hands each, ``samples.random_session``; five friends, four at
a table), one evening a week. For 25, 50, 100 and 150 evenings (1,500 to 9,000 hands)
it times, with the Flask test client (no network), median of ``--repeat`` (5):

- warm group page: GET /g/<view token> after one warm-up request;
- warm group API: GET /api/v1/groups/<id>;
- warm stats API: GET /api/v1/groups/<id>/stats (once the stats package is there);
- one new hand: POST /api/v1/sessions/<id>/hands to the last evening, then the server
  time of the standings that follow (``groups.group_standings``: only that evening is
  summed again);
- at the largest size, the season report PDF (GET /g/<token>/report.pdf), once.

Targets: page and APIs at most 300 ms warm, the standings after a new hand at most
50 ms, the report at most 8 s. Run: ``.venv/bin/python bench/stats.py``
(``--evenings 25,50`` for a shorter run).
"""

from __future__ import annotations

import argparse
import datetime as dt
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ulti_ledger import create_app, groups, ledger, samples  # noqa: E402
from ulti_ledger.db import db  # noqa: E402

FRIENDS = ("Anna", "Béla", "Csaba", "Dóra", "Ede")
HANDS = 60
GAMES = ("ulti", "snapszer")


def median_ms(fn, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def build(app, evenings: int, group_id: int | None, have: int) -> int:
    """Add evenings ``have``..``evenings`` to the group (made first when None)."""
    with app.app_context():
        group = groups.get_group(group_id) if group_id else groups.create_group("Bench kör")
        start = dt.date(2024, 1, 2)
        for number in range(have, evenings):
            seats = tuple(FRIENDS[(number + i) % len(FRIENDS)] for i in range(4))
            body = samples.random_session(
                seats, HANDS, seed=number, name=f"Este {number + 1}", ruleset=GAMES[number % 2]
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
        import random

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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--evenings", default="25,50,100,150")
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    sizes = [int(n) for n in args.evenings.split(",")]
    folder = tempfile.mkdtemp(prefix="ulti-bench-stats-")
    app = create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "bench",
            "SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder}/bench.db",
            "PUBLIC_URL": None,
            "LAN_ADDRESSES": "",
            "GROUP_TODAY": "2026-12-01",
        }
    )
    with app.app_context():
        db.create_all()
    client = app.test_client()
    has_stats = "api_groups.get_group_stats" in app.view_functions
    print(
        f"{'evenings':>8} {'hands':>6} {'build s':>8} {'page ms':>8} {'API ms':>7} "
        f"{'stats ms':>8} {'new hand ms':>11}"
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
        auth = {"Authorization": f"Bearer {view}"}
        page = lambda view=view: client.get(f"/g/{view}")  # noqa: E731
        api = lambda gid=gid, auth=auth: client.get(f"/api/v1/groups/{gid}", headers=auth)  # noqa: E731
        stats = lambda gid=gid, auth=auth: client.get(  # noqa: E731
            f"/api/v1/groups/{gid}/stats", headers=auth
        )
        for call in (page, api, *((stats,) if has_stats else ())):
            assert call().status_code == 200  # warm-up
        page_ms, api_ms = median_ms(page, args.repeat), median_ms(api, args.repeat)
        stats_ms = median_ms(stats, args.repeat) if has_stats else float("nan")
        hand_ms = statistics.median(new_hand(app, client, gid) for _ in range(args.repeat))
        hands = evenings * HANDS
        rows.append((evenings, hands, page_ms, api_ms, stats_ms, hand_ms))
        print(
            f"{evenings:>8} {hands:>6} {built:>8.1f} {page_ms:>8.1f} {api_ms:>7.1f} "
            f"{stats_ms:>8.1f} {hand_ms:>11.1f}",
            flush=True,
        )
    first, last = rows[0], rows[-1]
    print(
        f"growth from {first[1]:,} to {last[1]:,} hands ({last[1] / first[1]:.0f}x): page "
        f"{last[2] / first[2]:.1f}x, API {last[3] / first[3]:.1f}x, stats "
        f"{last[4] / first[4]:.1f}x, new hand {last[5] / first[5]:.1f}x"
    )
    start = time.perf_counter()
    pdf = client.get(f"/g/{view}/report.pdf")
    assert pdf.status_code == 200 and pdf.data.startswith(b"%PDF")
    print(
        f"season report PDF of {last[0]} evenings: {time.perf_counter() - start:.2f} s "
        f"({len(pdf.data) // 1024} KiB)"
    )


if __name__ == "__main__":
    main()

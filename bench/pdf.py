"""PDF scoresheet time for sessions of 50, 300, 1,000 and 2,000 hands (target: 300 in 4 s),
and the season report of the largest group allowed: its time and peak memory.

Run: .venv/bin/python bench/pdf.py [--hands 50 300 1000 2000] [--repeat 3]
     .venv/bin/python bench/pdf.py --season [--season-hands 20]
     .venv/bin/python bench/pdf.py --first [--first-hands 40]

2,000 hands is the largest session allowed (``MAX_HANDS``, ``ledger.limits``): its time
is what one render of the worst case costs, to compare with ``PDF_BUDGET_SECONDS``
(``pdf_render``: past it the download answers 503 and is served from the cache once
the render is done).

Each session of random legal hands (four players, the dealer sitting out) is recorded in
a throwaway SQLite database; the time is the whole ``scoresheet_pdf`` call as the
download route makes it: the summary (results cached after the first call), the
settlement, the chart, the template and WeasyPrint. "first" is the first call in the
process (cold caches, fonts loaded), "median" the median of the repeats.

``--season``: a group at its maximum (``MAX_GROUP_SIZE_EVENINGS`` evenings, one a week,
of ``MAX_GROUP_SIZE_MEMBERS`` members, four at a table, ``--season-hands`` hands each),
and its season report as the download route renders it in the PDF pool: "cold" from
empty caches (every evening summed), "warm" with the evenings' lines cached (a new
version of the group: the report is rendered again), wall time and the process's CPU
time (on a busy host the wall time is the larger), and the process's resident peak
(``ru_maxrss``) after each. Compare with ``PDF_BUDGET_SECONDS``: past it the download
answers 503 with Retry-After and is served from the cache once done.

``--first``: the first PDF of an evening of ``--first-hands`` hands of each shipped
ruleset, as a player gets it from ``/s/<token>/scoresheet.pdf`` (issue 40: within 1 s).
"drawn on tap": nobody drew it before, the tap waits for the whole render; "after the
last hand": the last hand is saved through the API, which lets the pool draw the PDF
while nobody waits (``PDF_PREPARE``), and the player taps the button right away (the
wait is what remains of that render) or a second later (a player's tap after the board
comes back); "other worker": a second app on the same database and cache folder, as a
retry landing on another gunicorn worker. Each worker has loaded WeasyPrint and its
fonts before (``pool.warm``, which gunicorn's ``post_worker_init`` calls as a worker
starts); the process's very first draw without it is printed apart. "(CPU)": the
process's CPU time of the tap on a PDF nobody drew, which a busy host does not inflate
as it does the wall time.
"""

from __future__ import annotations

import argparse
import resource
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from testkit.samples import group_sessions, random_session  # noqa: E402
from ulti_ledger import create_app, groups, ledger  # noqa: E402
from ulti_ledger.db import db  # noqa: E402
from ulti_ledger.ledger.limits import MAX_HANDS, Limits  # noqa: E402
from ulti_ledger.pdf.document import scoresheet_pdf  # noqa: E402

SEATS = ("Anna", "Béla", "Győző", "Tünde")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, nargs="+", default=[50, 300, 1000, MAX_HANDS])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--season", action="store_true", help="the largest season report")
    parser.add_argument("--season-hands", type=int, default=20)
    parser.add_argument("--first", action="store_true", help="each game's first PDF")
    parser.add_argument("--first-hands", type=int, default=40)
    args = parser.parse_args()
    if args.season:
        season(args.season_hands)
        return
    if args.first:
        first_pdfs(args.first_hands)
        return
    with tempfile.TemporaryDirectory() as tmp:
        app = create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp}/bench.sqlite3"})
        with app.app_context():
            db.create_all()
            for count in args.hands:
                body = random_session(SEATS, count, seed=2026, name=f"{count} leosztás")
                session = ledger.create_session(body)
                start = time.perf_counter()
                pdf = scoresheet_pdf(session)
                first = time.perf_counter() - start
                times = []
                for _ in range(args.repeat):
                    start = time.perf_counter()
                    scoresheet_pdf(session)
                    times.append(time.perf_counter() - start)
                median = statistics.median(times)
                print(
                    f"{count:>5} hands: first {first:5.2f} s, median {median:5.2f} s"
                    f" ({args.repeat} runs), {len(pdf) // 1024} KiB"
                )
            db.session.remove()
            db.engine.dispose()


def season(hands: int) -> None:
    """The season report of the largest group allowed, as ``/g/<token>/report.pdf`` makes it."""
    from ulti_ledger.pdf import pool as pdf_render
    from ulti_ledger.pdf.render import Reader
    from ulti_ledger.views.groups import report_context

    with tempfile.TemporaryDirectory() as tmp:
        app = create_app(
            {
                "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp}/bench.sqlite3",
                "GROUP_TODAY": "2026-12-04",
                "PDF_BUDGET_SECONDS": 3600.0,  # the bench times the render, not the budget
                "PDF_CACHE_DIR": f"{tmp}/pdf-cache",
            }
        )
        with app.app_context():
            db.create_all()
            most = Limits.from_config(app.config).group_size
            group = groups.create_group("Legnagyobb társaság")
            start = time.perf_counter()
            for body in group_sessions(most.evenings, most.members, hands):
                groups.add_evening(group, ledger.create_session(body), commit=False)
            db.session.commit()
            built = time.perf_counter() - start
            token = group.edit_token
        print(
            f"largest group: {most.evenings} evenings, {most.members} members, "
            f"{most.evenings * hands} hands (built in {built:.0f} s); "
            f"PDF_BUDGET_SECONDS in production: {create_app({}).config['PDF_BUDGET_SECONDS']}"
        )
        for run in ("cold", "warm"):
            with app.app_context():  # no request: the pool draws for a Reader
                group = groups.group_by_token(token, "edit")
                if run == "warm":
                    group.version += 1  # the same evenings: their lines come from the cache
                    db.session.commit()
                start, cpu = time.perf_counter(), time.process_time()
                stamp = groups.evenings_stamp(group)
                reader = Reader("hu")
                pdf = pdf_render.season_report(group, token, {}, reader, report_context, stamp)
                took, cpu = time.perf_counter() - start, time.process_time() - cpu
            peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
            print(
                f"season report, {run}: {took:5.2f} s (CPU {cpu:5.2f} s), {len(pdf) // 1024} KiB, "
                f"peak memory {peak:.0f} MiB"
            )
        with app.app_context():
            db.session.remove()
            db.engine.dispose()


def first_pdfs(hands: int) -> None:
    """Each game's first scoresheet PDF as the player waits for it (see ``--first``)."""
    from ulti_ledger.games import builtin_engine
    from ulti_ledger.pdf import pool as pdf_render

    with tempfile.TemporaryDirectory() as tmp:
        config = {
            "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp}/bench.sqlite3",
            "PDF_CACHE_DIR": f"{tmp}/pdf-cache",
            "PDF_BUDGET_SECONDS": 3600.0,
            "PDF_PREPARE": True,
        }
        app, other = create_app(config), create_app(config)
        with app.app_context():
            db.create_all()
        client = app.test_client()

        def evening(
            ruleset: str, count: int, seed: int, held: bool = True
        ) -> tuple[str, int, str, dict]:
            """An evening of ``count`` hands, the last one held back to be saved (``held``)."""
            body = random_session(SEATS, count, seed=seed, name="Péntek", ruleset=ruleset)
            last = body["hands"].pop() if held else {}
            with app.app_context():
                session = ledger.create_session(body)
                return session.view_token, session.id, session.edit_token, last

        def tap(token: str, flask_app: Any = app) -> float:
            start = time.perf_counter()
            answer = flask_app.test_client().get(f"/s/{token}/scoresheet.pdf")
            assert answer.status_code == 200 and answer.data.startswith(b"%PDF")
            return time.perf_counter() - start

        def save_last(session_id: int, edit: str, last: dict) -> float:
            start = time.perf_counter()
            saved = client.post(
                f"/api/v1/sessions/{session_id}/hands",
                json=last,
                headers={"Authorization": f"Bearer {edit}"},
            )
            assert saved.status_code == 201, saved.get_json()
            return time.perf_counter() - start

        def idle() -> None:
            with app.app_context():
                pdf_render.renderer().idle(600)

        view, *_ = evening("ulti", 10, 1, held=False)
        print(f"the process's very first PDF (WeasyPrint and fonts loading): {tap(view):.2f} s")
        pdf_render.warm(other).result()  # as gunicorn's post_worker_init does
        fresh = tap(evening("ulti", 10, 2, held=False)[0], other)
        print(f"a fresh worker's first PDF after its warm-up (10 hands): {fresh:.2f} s")
        print(f"first PDF of an evening of {hands} hands, per ruleset (seconds):")
        print(
            f"{'ruleset':<17}{'on tap':>7}{'(CPU)':>7}{'save':>6}{'tap now':>8}"
            f"{'tap +1 s':>9}{'other':>6}"
        )
        for number, ruleset in enumerate(sorted(builtin_engine().rulesets)):
            seed = 100 + number
            view, _, _, _ = evening(ruleset, hands, seed, held=False)
            cpu = time.process_time()
            on_tap = tap(view)  # nobody drew it: the player waits for all of it
            cpu = time.process_time() - cpu  # the render's own cost, whatever the host's load
            view, session_id, edit, last = evening(ruleset, hands, seed + 1000)
            save = save_last(session_id, edit, last)
            now = tap(view)  # right after the save: what remains of the render ahead
            idle()
            view, session_id, edit, last = evening(ruleset, hands, seed + 2000)
            save_last(session_id, edit, last)
            time.sleep(1.0)
            later = tap(view)
            idle()
            elsewhere = tap(view, other)  # a retry on another worker: from the shared folder
            print(
                f"{ruleset:<17}{on_tap:>7.2f}{cpu:>7.2f}{save:>6.2f}{now:>8.2f}"
                f"{later:>9.2f}{elsewhere:>6.2f}"
            )
        for flask_app in (app, other):
            with flask_app.app_context():
                pdf_render.renderer().idle(600)
                db.session.remove()
                db.engine.dispose()


if __name__ == "__main__":
    main()

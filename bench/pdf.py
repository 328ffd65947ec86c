"""PDF scoresheet time for sessions of 50, 300, 1,000 and 2,000 hands (target: 300 in 4 s).

Run: .venv/bin/python bench/pdf.py [--hands 50 300 1000 2000] [--repeat 3]

2,000 hands is the largest session allowed (``MAX_HANDS``, ``ledger.limits``): its time
is what one render of the worst case costs, to compare with ``PDF_BUDGET_SECONDS``
(``pdf_render``: past it the download answers 503 and is served from the cache once
the render is done).

Each session of random legal hands (four players, the dealer sitting out) is recorded in
a throwaway SQLite database; the time is the whole ``scoresheet_pdf`` call as the
download route makes it: the summary (results cached after the first call), the
settlement, the chart, the template and WeasyPrint. "first" is the first call in the
process (cold caches, fonts loaded), "median" the median of the repeats.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ulti_ledger import create_app, ledger  # noqa: E402
from ulti_ledger.db import db  # noqa: E402
from ulti_ledger.ledger.limits import MAX_HANDS  # noqa: E402
from ulti_ledger.pdf import scoresheet_pdf  # noqa: E402
from ulti_ledger.samples import random_session  # noqa: E402

SEATS = ("Anna", "Béla", "Győző", "Tünde")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, nargs="+", default=[50, 300, 1000, MAX_HANDS])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
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


if __name__ == "__main__":
    main()

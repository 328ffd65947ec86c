"""``bench/engine.py`` runs and covers every registered game (issues 12 and 14).

Its figures are not timed here (the bench prints them; a test on a shared host would only
measure the host): this runs it on a few hands in pyperf's one-value debug mode and reads
that every game has both of its lines, each with a hands/s figure.
"""

from __future__ import annotations

import re
import subprocess
import sys

from tests.engine_helpers import REPO
from ulti_ledger.games import REGISTRY


def test_the_engine_bench_prints_hands_per_second_for_every_game():
    run = subprocess.run(
        [sys.executable, "bench/engine.py", "--hands", "20", "--debug-single-value", "--quiet"],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    figures = re.findall(
        r"^  (\S+) settle incl\. validation, (.+?): median ([\d,]+) hands/s", run.stdout, re.M
    )
    assert {(game, memo) for game, memo, _ in figures} == {
        (game, memo) for game in REGISTRY for memo in ("empty memo", "memo kept")
    }
    assert all(int(hands.replace(",", "")) > 0 for *_, hands in figures)

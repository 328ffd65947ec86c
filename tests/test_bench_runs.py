"""``bench/engine.py`` runs and covers every registered game (issues 12 and 14).

Its figures are not timed here (the bench prints them; a test on a shared host would only
measure the host): this runs it on a few hands in pyperf's one-value debug mode and reads
that every game has both of its lines, each with a hands/s figure.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest

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


def test_the_engine_bench_digests_every_games_results_the_same_way_twice():
    """``--digest``: one line per game, the same in two fresh processes (no id, no hash seed)."""

    def digests(seed: str) -> list[tuple[str, str]]:
        run = subprocess.run(
            [sys.executable, "bench/engine.py", "--digest", "--hands", "50"],
            cwd=REPO,
            capture_output=True,
            text=True,
            timeout=120,
            check=True,
            env={**os.environ, "PYTHONHASHSEED": seed},
        )
        line = r"^  (\S+) results digest \(50 hands\): ([0-9a-f]{64})$"
        return re.findall(line, run.stdout, re.M)

    first = digests("1")
    assert sorted(game for game, _ in first) == sorted(REGISTRY)
    assert digests("2") == first


def test_the_pages_bench_opens_every_games_pages_and_the_group_page():
    """``bench/pages.py --quick``: one evening of each game, unthrottled; every page has its
    cold and warm line with figures, and its second visit without a service worker ("nosw");
    each form a tap."""
    from testkit.chromium import CHROMIUM

    if not CHROMIUM.exists():
        pytest.skip(f"{CHROMIUM} is not installed (make test installs Debian's chromium)")
    run = subprocess.run(
        [sys.executable, "bench/pages.py", "--quick"],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    n, ms = r"\s+(\d+)", r"\s+(\d+|-)"
    visits = "(cold|warm|nosw)"
    figures = rf"{ms * 4}\s+([\d.]+){n * 2}{ms * 2}"  # FCP DCL ready kept KB req elems TBT long
    line = rf"^(board|form|view)\s+(\S+)/\S+\s+{visits}{figures}\s*(\S*)\s*(\S*)$"
    pages = re.findall(line, run.stdout, re.M)
    assert {(page, game, visit) for page, game, visit, *_ in pages} == {
        (page, game, visit)
        for game in REGISTRY
        for page in ("board", "form", "view")
        for visit in ("cold", "warm", "nosw")
    }
    for page, _, _, fcp, dcl, ready, kept, kb, requests, elements, tbt, _, tap, prev in pages:
        # DCL is the event's start and ready is marked in its last listener (the window's) or
        # later: never before the page's scripts ran (medians keep that order)
        assert 0 < int(fcp) and 0 < int(dcl) <= int(ready), (dcl, ready)
        assert int(elements) > 50 and int(requests) >= 1 and float(kb) > 0 and tbt != "-"
        assert (kept != "-") == (page in ("board", "view")), kept  # kept for offline use
        assert (tap != "") == (prev != "") == (page == "form"), (tap, prev)
    group = re.findall(rf"^group\s+{visits}{figures}\s*$", run.stdout, re.M)
    assert [visit for visit, *_ in group] == ["cold", "warm", "nosw"]


def test_the_largest_group_bench_times_every_page_and_the_health_check():
    """``bench/largest_group.py`` at a tiny scale: each page's cold and warm line, the
    health check under pairwise load, and each worker's RSS growth."""
    run = subprocess.run(
        [
            sys.executable,
            "bench/largest_group.py",
            "--evenings",
            "20",
            "--scale",
            "0.002",
            "--repeat",
            "1",
        ],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    assert re.search(r"^scale 0\.002: 20 evenings x 4 hands", run.stdout, re.M)
    pages = re.findall(r"^(group|pairwise|stats|report)\s+200\s+\d+\s+\d+$", run.stdout, re.M)
    assert pages == ["group", "pairwise", "stats", "report"]
    assert re.search(r"^healthz under 8 pairwise: slowest \d+ ms, all 200: True$", run.stdout, re.M)
    rss = r"^worker \d+: peak RSS growth -?\d+ MB \(-?\d+ MB before the report\)$"
    assert len(re.findall(rss, run.stdout, re.M)) == 2

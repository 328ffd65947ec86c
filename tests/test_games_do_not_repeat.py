"""No stretch of six or more lines repeats between two game packages (issue 12).

What two games share belongs in the pure core (``settlement/``), once; a game package holds
only what is its own. The check compares runs of six consecutive non-blank lines, stripped
of indentation, between every two packages of ``ulti_ledger/games`` (Python files).
"""

from __future__ import annotations

from itertools import combinations

from tests.engine_helpers import REPO

GAMES = REPO / "ulti_ledger" / "games"
RUN = 6


def _runs(package) -> dict[tuple[str, ...], str]:
    found: dict[tuple[str, ...], str] = {}
    for path in sorted(package.rglob("*.py")):
        lines = [line.strip() for line in path.read_text(encoding="utf-8").splitlines()]
        kept = [(n, line) for n, line in enumerate(lines, 1) if line]
        for i in range(len(kept) - RUN + 1):
            window = tuple(line for _, line in kept[i : i + RUN])
            found.setdefault(window, f"{path.relative_to(package.parent)}:{kept[i][0]}")
    return found


def _shared(a, b) -> list[tuple[str, str]]:
    left, right = _runs(a), _runs(b)
    return [(left[w], right[w]) for w in left.keys() & right.keys()]


def test_no_two_game_packages_share_six_lines():
    packages = [p for p in sorted(GAMES.iterdir()) if (p / "__init__.py").exists()]
    assert len(packages) >= 2, "the check needs two games to compare"
    shared = [pair for a, b in combinations(packages, 2) for pair in _shared(a, b)]
    assert shared == []


def test_the_check_finds_a_shared_run(tmp_path):
    body = "\n".join(f"x{i} = {i}" for i in range(RUN))
    for name, head in (("one", "a = 1\n"), ("two", "\n\nb = 2\n")):
        (tmp_path / name).mkdir()
        (tmp_path / name / "m.py").write_text(head + body, encoding="utf-8")
    assert _shared(tmp_path / "one", tmp_path / "two") == [("one/m.py:2", "two/m.py:4")]
    (tmp_path / "two" / "m.py").write_text(body.replace("x3", "y3"), encoding="utf-8")
    assert _shared(tmp_path / "one", tmp_path / "two") == []

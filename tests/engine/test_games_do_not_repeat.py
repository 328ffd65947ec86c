"""No stretch of six or more lines repeats between two game packages (issue 12).

What two games share belongs in the pure core (``settlement/``), once; a game package holds
only what is its own. The check compares runs of six consecutive non-blank lines, stripped
of indentation, between every two packages of ``ulti_ledger/games`` (Python files).
Import statements are left out: two games that use the same core helpers import them
alike, and there is nothing there to move; so are the packages' ``__all__`` lists, which
name the contract's parts alike by design (``test_game_anatomy.py``). Docstrings and
comments are left out too, so that two copies of the same code told apart only by their
words are still found.
"""

from __future__ import annotations

import ast
from itertools import combinations
from pathlib import Path

from tests.engine_helpers import REPO

GAMES = REPO / "ulti_ledger" / "games"
RUN = 6


def _runs(package) -> dict[tuple[str, ...], str]:
    found: dict[tuple[str, ...], str] = {}
    for path in sorted(package.rglob("*.py")):
        source = path.read_text(encoding="utf-8")
        lines = [line.strip() for line in source.splitlines()]
        words = {
            n
            for node in ast.walk(ast.parse(source))
            if isinstance(node, ast.Import | ast.ImportFrom) or _is_docstring(node) or _names(node)
            for n in range(node.lineno, node.end_lineno + 1)
        }
        kept = [
            (n, line)
            for n, line in enumerate(lines, 1)
            if line and not line.startswith("#") and n not in words
        ]
        for i in range(len(kept) - RUN + 1):
            window = tuple(line for _, line in kept[i : i + RUN])
            found.setdefault(window, f"{path.relative_to(package.parent)}:{kept[i][0]}")
    return found


def _names(node: ast.AST) -> bool:
    """A package's ``__all__``: the contract's parts it gives, in the contract's order."""
    return isinstance(node, ast.Assign) and any(
        isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets
    )


def _is_docstring(node: ast.AST) -> bool:
    """A string standing alone as a statement: a module's, class's, function's or field's
    docstring."""
    return (
        isinstance(node, ast.Expr)
        and isinstance(node.value, ast.Constant)
        and isinstance(node.value.value, str)
    )


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


def test_the_check_leaves_imports_out_but_not_the_code_between_them(tmp_path):
    imports = "from a import (\n    b,\n    c,\n)\nimport d\nimport e\nimport f\n"
    for name in ("one", "two"):
        (tmp_path / name).mkdir()
        (tmp_path / name / "m.py").write_text(f'"""{name}."""\n' + imports, encoding="utf-8")
    assert _shared(tmp_path / "one", tmp_path / "two") == []
    body = "".join(f"x{i} = {i}\nimport g{i}\n" for i in range(RUN))
    (tmp_path / "one" / "m.py").write_text(body, encoding="utf-8")
    (tmp_path / "two" / "m.py").write_text(
        body.replace("import", "from h import"), encoding="utf-8"
    )
    assert _shared(tmp_path / "one", tmp_path / "two") == [("one/m.py:1", "two/m.py:1")]


def test_the_check_reads_past_docstrings_and_comments(tmp_path):
    body = "\n".join(f"x{i} = {i}" for i in range(RUN))
    for name in ("one", "two"):
        (tmp_path / name).mkdir()
        words = f'    """The {name} game\'s own words."""\n    # {name}\n'
        code = body.replace("x2 = 2", f"x2 = 2\n{words.strip()}")
        (tmp_path / name / "m.py").write_text(f'"""{name}."""\n' + code, encoding="utf-8")
    assert _shared(tmp_path / "one", tmp_path / "two") == [("one/m.py:2", "two/m.py:2")]


def test_the_two_guards_agree_on_where_shared_code_goes(tmp_path):
    """What two games would write alike goes to the core (this test), and the core names no
    game's fact key (``test_boundaries_facts``): so a shared helper takes the game's key,
    and its words, as parameters (``settlement/doubling.py``; games/README.md, "What games
    share"). Repeated in two games, the reading fails here; moved to the core naming the
    key, it fails there; the core's helper, taking the key, passes both."""
    from tests.test_boundaries_facts import _literals, fact_keys
    from ulti_ledger.settlement import doubling

    reading = "\n".join(
        [
            "def level(hand, played):",
            '    raw = hand.get("kontra")',
            "    if raw is None or raw == 0:",
            "        return 0",
            "    if not played:",
            '        raise ValueError("off")',
            "    if raw not in (1, 2):",
            '        raise ValueError("level")',
            "    return raw",
        ]
    )
    for name in ("one", "two"):
        (tmp_path / name).mkdir()
        (tmp_path / name / "hand.py").write_text(reading, encoding="utf-8")
    assert _shared(tmp_path / "one", tmp_path / "two") != []
    assert _literals(reading, fact_keys()) == {"kontra"}
    core = Path(doubling.__file__).read_text(encoding="utf-8")
    assert _literals(core, fact_keys()) == set()
    callers = {p.parent.name for p in GAMES.rglob("*.py") if "doubling_level(" in p.read_text()}
    assert len(callers) >= 2, "two games read their doubling with the core's helper"

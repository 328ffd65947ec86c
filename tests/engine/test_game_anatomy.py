"""One anatomy for every game: each part of the contract (``settlement.contract.PARTS``)
lives in the same file of every game package, every package's face exports alike, every
registered game answers every part, and ``games/README.md`` lists the parts as the code
declares them."""

from __future__ import annotations

import ast
import random
import re
from functools import cache
from pathlib import Path

import pytest

from ulti_ledger.games import REGISTRY, builtin_engine
from ulti_ledger.settlement import PARTS
from ulti_ledger.settlement.kitty import KittyAccount

GAMES = Path(__file__).resolve().parents[2] / "ulti_ledger" / "games"
PACKAGES = sorted(p.name for p in GAMES.iterdir() if (p / "__init__.py").is_file())
REQUIRED_FILES = sorted({f"{p.home}.py" for p in PARTS.values() if p.required})


@cache
def defined(package: str) -> dict[str, set[str]]:
    """Each module of ``package`` (by file name) and the names defined at its top level."""
    out = {}
    for path in sorted((GAMES / package).glob("*.py")):
        names = set()
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(node, ast.FunctionDef | ast.ClassDef):
                names.add(node.name)
            elif isinstance(node, ast.Assign):
                names |= {t.id for t in node.targets if isinstance(t, ast.Name)}
            elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
                names.add(node.target.id)
        out[path.name] = names
    return out


def test_every_game_package_is_registered():
    assert PACKAGES == sorted(
        REGISTRY[name].package.__name__.rsplit(".", 1)[1] for name in REGISTRY
    )


@pytest.mark.parametrize("package", PACKAGES)
def test_the_packages_list_the_same_files_for_the_required_parts(package):
    assert [f for f in REQUIRED_FILES if f not in defined(package)] == []


@pytest.mark.parametrize("package", PACKAGES)
def test_each_part_a_game_gives_is_defined_in_its_home_and_nowhere_else(package):
    """The home the contract names, not a file beside it: a newcomer finds Skat's ``row``
    where he found Ulti's."""
    modules = defined(package)
    given = [name for name in PARTS if any(name in names for names in modules.values())]
    assert [p for p in PARTS.values() if p.required and p.name not in given] == []
    for name in given:
        home = f"{PARTS[name].home}.py"
        where = sorted(f for f, names in modules.items() if name in names)
        assert where == [home], f"{package}: {name} is defined in {where}, not {home}"


@pytest.mark.parametrize("package", PACKAGES)
def test_every_package_exports_its_parts_in_the_contracts_order(package):
    game = next(REGISTRY[n] for n in REGISTRY if REGISTRY[n].package.__name__.endswith(package))
    own = [p.name for p in game.own_parts()]
    assert game.package.__all__ == [*own, "Hand", "Rules"]
    for name in own:  # each from its home, not a copy
        assert getattr(game.package, name) is getattr(game, name)


def _tables(ruleset) -> list[int]:
    seating = ruleset.seating()
    return list(range(seating.smallest, seating.largest + 1))


@pytest.mark.parametrize("ruleset_id", sorted(builtin_engine().rulesets))
def test_every_game_answers_every_optional_part(ruleset_id):
    """Its own answer or the registry's default, always of the contract's shape, so no
    caller needs to ask whether a game has the part."""
    ruleset = builtin_engine().rulesets[ruleset_id]
    game, rules = REGISTRY[ruleset.scorer], ruleset.rules
    size = _tables(ruleset)[-1]
    players = [f"P{i}" for i in range(size)]
    facts = game.random_hand(random.Random(ruleset_id), rules, players)
    hand = game.parse_hand({"ruleset": ruleset_id, **facts}, rules, {})
    for lang in ("hu", "en", "de"):
        assert isinstance(game.score_label(rules, lang), str | None)
        sheet = game.session_sheet([], players, rules, lang)
        assert set(sheet) == {"notices", "tallies"}
        assert isinstance(game.form_catalogue(rules, lang), dict)
        field, words = game.form_refusal("nowhere", "no_such_code", facts, rules, lang)
        assert isinstance(field, str | None) and isinstance(words, str | None)
        assert isinstance(game.stats_label("played", lang), str)
    assert isinstance(game.form_proposal([], rules), dict)
    account = game.kitty_account(rules, size)
    assert account is None or isinstance(account, KittyAccount)
    assert game.gives("kitty_account") or account is None
    marks = game.stats(facts, hand, rules)
    assert set(marks) <= set(players) and all(isinstance(m, list) for m in marks.values())
    for name, top, bottom, form in game.STATS_DERIVED:
        assert form in ("rate", "average") and name and top and bottom
    assert game.upgrade_ruleset(dict(ruleset.raw))["scorer"] == ruleset.scorer


def test_the_readme_table_lists_every_part_in_its_file_in_the_contracts_order():
    text = (GAMES / "README.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\| `(\w+)` \| `([\w.]+)` \| (.+) \|$", text, re.MULTILINE)
    assert [(name, home) for name, home, _ in rows] == [
        (p.name, f"{p.home}.py") for p in PARTS.values()
    ]
    for name, _, line in rows:
        assert line.startswith("optional:") == (not PARTS[name].required), name

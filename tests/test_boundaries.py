"""The settlement core and the games stay pure, and the layers outside them name no game.

The arrows point one way (STYLE.md): views -> ledger -> settlement <- games. The core and
every game package import nothing of the web, database or PDF layers (nor of the project's
own outer modules); the core imports no game; and the modules outside ``games/`` reach a
game only through the registry.
"""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

from tests.engine_helpers import REPO

FORBIDDEN = (
    "flask",
    "flask_sqlalchemy",
    "sqlalchemy",
    "wtforms",
    "flask_wtf",
    "weasyprint",
    "flask_migrate",
    "werkzeug",
    "jinja2",
)
PACKAGE = REPO / "ulti_ledger"
CORE = PACKAGE / "settlement"
GAMES = PACKAGE / "games"
OUTER_MODULES = (
    *("ledger", "views", "models", "handform", "db"),
    *("web", "words", "pdf", "drawings", "cli", "backup"),
)
"""The project's own outer layers, which neither the core nor a game may import."""

STILL_NAMING_A_GAME: set[str] = set()
"""Modules outside ``games/`` that still import a game's package directly. None does any
more (issue 12: each moved into the game's package or asks the registry); the list may only
shrink, so a module that names a game fails."""


def _imported_modules(path):
    """Every module ``path`` imports, relative imports made absolute (``ulti_ledger.x``)."""
    package = list(path.relative_to(REPO).with_suffix("").parts[:-1])
    return _imports(path.read_text(encoding="utf-8"), package)


def _imports(text, package):
    tree = ast.parse(text)
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            module = ".".join([*base, node.module] if node.module else base)
            yield module
            for alias in node.names:  # from ..games import ulti: a module, not a name
                place = REPO.joinpath(*module.split("."), alias.name)
                if place.is_dir() or place.with_suffix(".py").exists():
                    yield f"{module}.{alias.name}"


def _names_a_game(module: str) -> bool:
    parts = module.split(".")
    return parts[:2] == ["ulti_ledger", "games"] and len(parts) > 2


def _outer(name: str) -> bool:
    parts = name.split(".")
    return parts[0] in FORBIDDEN or (parts[0] == "ulti_ledger" and parts[1:2] != ["settlement"])


def test_no_source_file_of_the_core_imports_an_outer_layer():
    files = sorted(CORE.rglob("*.py"))
    assert len(files) > 5
    offenders = [
        f"{path.relative_to(REPO)} imports {name}"
        for path in files
        for name in _imported_modules(path)
        if _outer(name)
    ]
    assert offenders == []


def game_sources(game: Path) -> list[Path]:
    """A game package's own modules: not its tests (``<game>/tests/``), which drive the game
    through every layer as the suite's other tests do."""
    return [p for p in game.rglob("*.py") if "tests" not in p.relative_to(game).parts]


def test_no_game_imports_an_outer_layer_or_another_game():
    games = [p for p in GAMES.iterdir() if (p / "__init__.py").exists()]
    assert games, "no game package found"
    offenders = []
    for game in games:
        for path in sorted(game_sources(game)):
            for name in _imported_modules(path):
                own = name.split(".")[:3] == ["ulti_ledger", "games", game.name]
                if name.split(".")[0] in FORBIDDEN or (_outer(name) and not own):
                    offenders.append(f"{path.relative_to(REPO)} imports {name}")
    assert offenders == []


def test_the_layers_outside_the_games_reach_a_game_only_through_the_registry():
    naming = set()
    for path in sorted(PACKAGE.rglob("*.py")):
        if GAMES in path.parents:
            continue
        if any(_names_a_game(name) for name in _imported_modules(path)):
            naming.add(str(path.relative_to(REPO)))
    assert naming == STILL_NAMING_A_GAME


def test_importing_the_core_loads_no_outer_layer():
    """Checked in a fresh interpreter, so lazy or transitive imports count too."""
    code = (
        "import sys, ulti_ledger.games as g; g.builtin_engine(); "
        "print(' '.join(sorted({m.split('.')[0] for m in sys.modules})))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=REPO
    ).stdout.split()
    assert [m for m in out if m in FORBIDDEN] == []


def test_the_check_itself_would_catch_an_import():
    text = "import json\nfrom flask import Flask\nfrom ..games import ulti\n"
    names = list(_imports(text, ["ulti_ledger", "settlement"]))
    assert "flask" in names and "ulti_ledger.games.ulti" in names
    assert (
        _outer("ulti_ledger.games") and _outer("flask") and not _outer("ulti_ledger.settlement.x")
    )
    assert _names_a_game("ulti_ledger.games.ulti.rules") and not _names_a_game("ulti_ledger.games")


GAME_NAMES_QUOTED = r"""["']({})["']"""


def _game_names() -> set[str]:
    """Every registered game's name and every shipped ruleset's id."""
    from ulti_ledger.games import REGISTRY, builtin_engine

    return set(REGISTRY) | set(builtin_engine().rulesets)


def named_games(names: set[str], root=REPO) -> list[str]:
    """Each place outside the game packages that spells a game or a ruleset as a string:
    a Python string literal under ``ulti_ledger/``, a quoted word in a template or script."""
    found = []
    for path in sorted((root / "ulti_ledger").rglob("*.py")):
        if GAMES.name in path.relative_to(root / "ulti_ledger").parts[:1]:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and node.value in names:
                found.append(f"{path.relative_to(root)}:{node.lineno}: {node.value}")
    quoted = re.compile(GAME_NAMES_QUOTED.format("|".join(map(re.escape, sorted(names)))))
    pages = [*(root / "templates").rglob("*.html"), *(root / "static").rglob("*.js")]
    for path in sorted(pages):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            found += [f"{path.relative_to(root)}:{number}: {m}" for m in quoted.findall(line)]
    return found


def test_no_layer_outside_the_games_spells_a_game_or_ruleset():
    """The default ruleset comes from the registry, a form's words from the game."""
    assert named_games(_game_names()) == []


def test_the_name_check_finds_a_game_spelled_out(tmp_path):
    (tmp_path / "ulti_ledger" / "games").mkdir(parents=True)
    (tmp_path / "ulti_ledger" / "games" / "g.py").write_text('NAME = "pinochle"\n')
    (tmp_path / "ulti_ledger" / "web").mkdir()
    (tmp_path / "ulti_ledger" / "web" / "forms.py").write_text('DEFAULT = "pinochle"\nX = "pin"\n')
    (tmp_path / "templates").mkdir()
    (tmp_path / "templates" / "a.html").write_text("{% if g == 'pinochle' %}pinochle{% endif %}")
    (tmp_path / "static").mkdir()
    assert named_games({"pinochle"}, tmp_path) == [
        "ulti_ledger/web/forms.py:1: pinochle",
        "templates/a.html:1: pinochle",
    ]


LEDGER = PACKAGE / "ledger"
VIEWS = PACKAGE / "views"


def _ledger_modules() -> set[str]:
    """The ledger's own modules (``ulti_ledger.ledger.<module>``)."""
    return {f"ulti_ledger.ledger.{p.stem}" for p in LEDGER.glob("*.py") if p.stem != "__init__"}


def through_the_door(root=PACKAGE) -> list[str]:
    """Each import of a ledger module (``ulti_ledger.ledger.<module>``) from a module of the
    package outside ``ledger/``: whatever else the package needs of the ledger, its face
    (``ulti_ledger.ledger``) gives."""
    inner = _ledger_modules()
    found = []
    for path in sorted(root.rglob("*.py")):
        if LEDGER in path.parents:
            continue
        for name in _imported_modules(path):
            if any(name == m or name.startswith(m + ".") for m in inner):
                found.append(f"{path.relative_to(REPO)} imports {name}")
    return found


def test_the_ledger_is_reached_through_its_package_only():
    assert through_the_door() == []


def test_no_view_imports_a_game_module():
    """A page asks the ledger (and the registry through it), never a game's package."""
    offenders = [
        f"{path.relative_to(REPO)} imports {name}"
        for path in sorted(VIEWS.rglob("*.py"))
        for name in _imported_modules(path)
        if _names_a_game(name)
    ]
    assert offenders == []


def test_the_door_check_would_catch_a_module_import():
    inner = _ledger_modules()
    assert "ulti_ledger.ledger.txn" in inner
    names = list(
        _imports(
            "from ..ledger import carry, LedgerError\nfrom ..ledger.txn import lock\n",
            ["ulti_ledger", "views"],
        )
    )
    assert "ulti_ledger.ledger.carry" in names and "ulti_ledger.ledger.txn" in names
    assert "ulti_ledger.ledger.LedgerError" not in names


def _blueprints_in(path) -> int:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return sum(
        isinstance(node, ast.Call) and getattr(node.func, "id", None) == "Blueprint"
        for node in ast.walk(tree)
    )


def test_one_blueprint_per_view_module_all_registered_from_one_list():
    from ulti_ledger.views import BLUEPRINTS

    with_blueprint = sorted(p.stem for p in VIEWS.glob("*.py") if _blueprints_in(p))
    assert sorted(BLUEPRINTS) == with_blueprint
    assert all(_blueprints_in(VIEWS / f"{name}.py") == 1 for name in BLUEPRINTS)


def test_no_page_module_imports_another():
    """Shared helpers live one floor down (``views/common.py``, ``views/api_common.py``);
    only the package's ``register`` imports the pages, from its one list."""
    from ulti_ledger.views import BLUEPRINTS

    pages = {f"ulti_ledger.views.{name}" for name in BLUEPRINTS}
    offenders = [
        f"{path.relative_to(REPO)} imports {name}"
        for path in sorted(VIEWS.glob("*.py"))
        if path.stem != "__init__"
        for name in _imported_modules(path)
        if name in pages and name != f"ulti_ledger.views.{path.stem}"
    ]
    assert offenders == []


GAME_PARTS = {"form_game", "hand_from_form", "form_values", "form_refusal", "scorer_module"}
"""What only a view holding a game would name: the game itself, or its form's parts."""


def test_the_form_view_asks_the_ledger_not_the_game():
    """``ledger.game_form`` gives the form, its reading and a refusal's field."""
    offenders = [
        f"{path.relative_to(REPO)}:{node.lineno}: {node.attr}"
        for path in sorted(VIEWS.glob("*.py"))
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Attribute) and node.attr in GAME_PARTS
    ]
    assert offenders == []


def test_the_ledger_reads_nothing_of_flask():
    """The request's actor and the app's limits come in as arguments (``Actor``,
    ``Limits``); its caches are kept per database, found from the database session."""
    offenders = [
        f"{path.relative_to(REPO)} imports {name}"
        for path in sorted(LEDGER.glob("*.py"))
        for name in _imported_modules(path)
        if name.split(".")[0] in ("flask", "werkzeug", "flask_wtf") or name == "ulti_ledger.audit"
    ]
    assert offenders == []


def test_the_shipped_package_never_imports_the_test_kit():
    """``testkit/`` (sample evenings, the browser, the live server) is not installed with
    the package: an import of it from ``ulti_ledger/`` would fail on a host."""
    offenders = [
        f"{path.relative_to(REPO)} imports {name}"
        for path in sorted(PACKAGE.rglob("*.py"))
        for name in _imported_modules(path)
        if name.split(".")[0] == "testkit"
    ]
    assert offenders == []
    assert "testkit.samples" in set(_imports("from testkit import samples\n", ["ulti_ledger"]))


def game_lists(names: set[str], root=REPO) -> list[str]:
    """Each literal list, tuple, set or dict (its keys) outside the game packages that
    spells two or more of the games ``names``: a list of "each game" that a new game would
    have to join by hand, where the registry answers (code, tests, scripts, bench)."""
    found = []
    folders = ("ulti_ledger", "tests", "testkit", "scripts", "bench")
    files = [p for folder in folders for p in (root / folder).rglob("*.py")]
    for path in sorted([*files, *root.glob("*.py")]):
        if (root / "ulti_ledger" / "games") in path.parents:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.List | ast.Tuple | ast.Set):
                items = node.elts
            elif isinstance(node, ast.Dict):
                items = [k for k in node.keys if k is not None]
            else:
                continue
            spelled = {i.value for i in items if isinstance(i, ast.Constant) and i.value in names}
            if len(spelled) >= 2:
                where = path.relative_to(root)
                found.append(f"{where}:{node.lineno}: {', '.join(sorted(spelled))}")
    return found


def test_no_list_of_games_outside_the_game_packages():
    """A test or module that needs each game asks the registry (``REGISTRY``), so that a new
    game is one folder and one registry line."""
    from ulti_ledger.games import REGISTRY

    assert game_lists(set(REGISTRY)) == []


def test_the_list_check_finds_two_games_spelled_out(tmp_path):
    (tmp_path / "ulti_ledger" / "games" / "g").mkdir(parents=True)
    (tmp_path / "ulti_ledger" / "games" / "g" / "x.py").write_text('A = ["pin", "pan"]\n')
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "test_x.py").write_text(
        'A = ("pin", "pan")\nB = {"pin": 1, "pan": 2}\nC = ["pin", "other"]\nD = {"pan", "pin"}\n'
    )
    assert game_lists({"pin", "pan"}, tmp_path) == [
        "tests/test_x.py:1: pan, pin",
        "tests/test_x.py:2: pan, pin",
        "tests/test_x.py:4: pan, pin",
    ]

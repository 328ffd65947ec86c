"""Every sentence a refusal can say, found in the source and sorted by whose words it is.

A sentence is translatable when it reaches the template of a ``HandError``, an
``OptionError`` or a ``Msg``: written there directly (or in either branch of an ``x if c
else y``), assigned to a name that is passed there, or passed as an argument to a
function whose parameter is passed there (``none_for_outcome(outcome, given, template)``:
the sentence a game gives the core's helper). The sentences the core writes (``settlement/``
and ``ledger/``) are the core's catalogue's; a sentence a game writes is its own domain's
(``msgctxt "engine"``), unless the core says the same sentence itself.
"""

from __future__ import annotations

import ast
from collections import defaultdict
from collections.abc import Iterable
from pathlib import Path

RAISERS = {"HandError": 1, "OptionError": 1, "Msg": 0}
"""Each raiser and the position of its template."""
CORE = "core"
DEPTH = 4
"""How many hops a sentence is followed through names and parameters."""


def owner(path: Path, games_root: Path) -> str:
    """Whose words a file's sentences are: its game's (``games/<game>/...``) or the core's."""
    try:
        return path.relative_to(games_root).parts[0]
    except ValueError:
        return CORE


def _name(func: ast.expr) -> str | None:
    if isinstance(func, ast.Name):
        return func.id
    return func.attr if isinstance(func, ast.Attribute) else None


class _Scan:
    def __init__(self, files: Iterable[Path], games_root: Path) -> None:
        self.games_root = games_root
        self.trees = {path: ast.parse(path.read_text("utf-8")) for path in files}
        self.parents: dict[ast.AST, ast.AST] = {}
        self.calls: dict[str, list[tuple[ast.Call, Path]]] = defaultdict(list)
        for path, tree in self.trees.items():
            for node in ast.walk(tree):
                for child in ast.iter_child_nodes(node):
                    self.parents[child] = node
                if isinstance(node, ast.Call) and (name := _name(node.func)):
                    self.calls[name].append((node, path))
        self.found: dict[str, set[str]] = defaultdict(set)

    def enclosing(self, node: ast.AST) -> ast.FunctionDef | None:
        while node in self.parents:
            node = self.parents[node]
            if isinstance(node, ast.FunctionDef):
                return node
        return None

    def run(self) -> dict[str, set[str]]:
        for name, index in RAISERS.items():
            for call, path in self.calls[name]:
                arg = call.args[index] if len(call.args) > index else None
                if arg is None:
                    arg = next((k.value for k in call.keywords if k.arg == "problem"), None)
                if arg is not None:
                    self.add(arg, path, self.enclosing(call), 0)
        return dict(self.found)

    def add(self, expr: ast.expr, path: Path, func: ast.FunctionDef | None, depth: int) -> None:
        who = owner(path, self.games_root)
        if isinstance(expr, ast.Constant) and isinstance(expr.value, str):
            self.found[who].add(expr.value)
        elif isinstance(expr, ast.JoinedStr):
            self.found[who].add(f"<f-string at {path.name}:{expr.lineno}>")
        elif isinstance(expr, ast.IfExp):
            self.add(expr.body, path, func, depth)
            self.add(expr.orelse, path, func, depth)
        elif isinstance(expr, ast.Name) and func is not None and depth < DEPTH:
            self.follow(expr.id, path, func, depth + 1)

    def follow(self, name: str, path: Path, func: ast.FunctionDef, depth: int) -> None:
        """The sentences a name in ``func`` can hold: what is assigned to it there, or, for
        a parameter, its default and what every call of ``func`` passes for it."""
        args = func.args
        positional = [a.arg for a in [*args.posonlyargs, *args.args]]
        if name not in positional and name not in [a.arg for a in args.kwonlyargs]:
            for node in ast.walk(func):
                if isinstance(node, ast.Assign) and any(
                    isinstance(t, ast.Name) and t.id == name for t in node.targets
                ):
                    self.add(node.value, path, func, depth)
            return
        defaults = dict(
            zip(positional[len(positional) - len(args.defaults) :], args.defaults, strict=True)
        )
        defaults |= {a.arg: d for a, d in zip(args.kwonlyargs, args.kw_defaults, strict=True) if d}
        if name in defaults:
            self.add(defaults[name], path, func, depth)
        index = positional.index(name) if name in positional else None
        for call, where in self.calls[func.name]:
            shift = 1 if positional[:1] in (["self"], ["cls"]) else 0
            arg = next((k.value for k in call.keywords if k.arg == name), None)
            if arg is None and index is not None and 0 <= index - shift < len(call.args):
                arg = call.args[index - shift]
            if arg is not None:
                self.add(arg, where, self.enclosing(call), depth)


def templates(files: Iterable[Path], games_root: Path) -> dict[str, set[str]]:
    """Every refusal sentence of ``files``, by owner: ``"core"`` or a game's name."""
    return _Scan(files, games_root).run()


def sources(package_root: Path) -> list[Path]:
    """The files whose refusals are translated: the core's and every game package's (not
    a game's own tests, ``<game>/tests/``)."""
    return sorted(
        p
        for folder in ("settlement", "ledger", "games")
        for p in (package_root / folder).rglob("*.py")
        if "tests" not in p.relative_to(package_root).parts
    )

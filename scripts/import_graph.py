"""The package's shape, measured from its own imports: circles, imports back up, loose modules.

    .venv/bin/python scripts/import_graph.py [--verbose]

- **Import circles**: groups of modules that import each other round a cycle (strongly
  connected components of more than one module), at module level or inside functions.
- **Imports back up**: a module inside a folder of the package that imports a module
  of an enclosing folder which itself imports that folder (the inner room reaching back
  into the one that holds it: ``ledger/txn.py`` importing ``ulti_ledger/audit.py`` while
  ``audit`` is reached from ``ledger``'s callers is fine; importing a module that imports
  ``ledger`` back is the arrow this counts).
- **Loose modules**: ``.py`` files at the top of ``ulti_ledger/`` (``__init__`` aside).

Nothing is run: the files are read with ``ast``.
"""

from __future__ import annotations

import argparse
import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = "ulti_ledger"


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def resolve(current: str, is_package: bool, level: int, target: str | None) -> str:
    base = current.split(".")
    if not is_package:
        base = base[:-1]
    if level > 1:
        base = base[: len(base) - (level - 1)]
    return ".".join([*base, target] if target else base)


def graph() -> dict[str, set[str]]:
    modules = {module_name(p): p for p in (ROOT / PACKAGE).rglob("*.py")}
    edges: dict[str, set[str]] = {m: set() for m in modules}
    for name, path in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        is_package = path.name == "__init__.py"
        for node in ast.walk(tree):
            found: list[str] = []
            if isinstance(node, ast.Import):
                found = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = (
                    resolve(name, is_package, node.level, node.module)
                    if node.level
                    else node.module or ""
                )
                subs = [f"{base}.{a.name}" for a in node.names]
                # "from . import ledger" names a module; "from . import PROJECT_ROOT" the package
                found = [sub if sub in modules else base for sub in subs]
            for target in found:
                while target and target not in modules:
                    target = target.rpartition(".")[0]
                if target and target != name and target.startswith(PACKAGE):
                    edges[name].add(target)
    return edges


def circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Tarjan's strongly connected components of more than one module."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []
    counter = [0]

    def visit(v: str) -> None:
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in edges[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            part = []
            while True:
                w = stack.pop()
                on.discard(w)
                part.append(w)
                if w == v:
                    break
            if len(part) > 1:
                out.append(sorted(part))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return out


def folder(module: str) -> str:
    return module.rpartition(".")[0]


def back_up(edges: dict[str, set[str]]) -> list[tuple[str, str]]:
    """Imports from inside a folder to a module of an enclosing folder that reaches back in."""
    found = []
    for source, targets in edges.items():
        for target in targets:
            inner = folder(source)
            if folder(target) != inner and inner.startswith(folder(target) + "."):
                if any(t == inner or t.startswith(inner + ".") for t in edges[target]):
                    found.append((source, target))
    return sorted(found)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args()
    edges = graph()
    cycles = circles(edges)
    ups = back_up(edges)
    loose = sorted(p.name for p in (ROOT / PACKAGE).glob("*.py") if p.name != "__init__.py")
    print(f"import circles: {len(cycles)}")
    print(f"imports back up: {len(ups)}")
    print(f"loose modules: {len(loose)}")
    if args.verbose:
        for cycle in cycles:
            print("  circle:", " <-> ".join(cycle))
        for source, target in ups:
            print(f"  back up: {source} -> {target}")
        print("  loose:", " ".join(loose))


if __name__ == "__main__":
    main()

"""The settlement core stays pure: it imports none of the outer layers."""

from __future__ import annotations

import ast
import subprocess
import sys

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
CORE = REPO / "ulti_ledger" / "settlement"


def _imported_modules(path):
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            yield node.module


def test_no_source_file_of_the_core_imports_an_outer_layer():
    files = sorted(CORE.rglob("*.py"))
    assert len(files) > 5
    offenders = [
        f"{path.relative_to(REPO)} imports {name}"
        for path in files
        for name in _imported_modules(path)
        if name.split(".")[0] in FORBIDDEN
    ]
    assert offenders == []


def test_importing_the_core_loads_no_outer_layer():
    """Checked in a fresh interpreter, so lazy or transitive imports count too."""
    code = (
        "import sys, ulti_ledger.settlement as s; s.Engine.builtin(); "
        "print(' '.join(sorted({m.split('.')[0] for m in sys.modules})))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=REPO
    ).stdout.split()
    assert [m for m in out if m in FORBIDDEN] == []


def test_the_check_itself_would_catch_an_import(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text("import json\nfrom flask import Flask\n", encoding="utf-8")
    assert "flask" in list(_imported_modules(bad))

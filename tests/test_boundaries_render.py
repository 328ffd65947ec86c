"""Rendering stays out of the domain, and needs no request (issue 37, Build 3).

- ``groups/`` hands out plain values: it imports no template, Jinja, WeasyPrint or PDF code.
- The caches live in ``cache/``, below both the ledger and the renderers, and import
  neither of them (nor the views).
- The PDF pool makes up no request and calls no view: it draws through ``pdf.render``.
"""

from __future__ import annotations

from tests.engine_helpers import REPO
from tests.test_boundaries import _imported_modules

PACKAGE = REPO / "ulti_ledger"
RENDERING = ("jinja2", "weasyprint", "ulti_ledger.pdf", "ulti_ledger.views", "ulti_ledger.drawings")
TEMPLATE_CALLS = ("render_template", "render_template_string", "test_request_context")


def _offenders(folder: str, forbidden: tuple[str, ...]) -> list[str]:
    out = []
    for path in sorted((PACKAGE / folder).rglob("*.py")):
        for name in _imported_modules(path):
            if any(name == f or name.startswith(f + ".") for f in forbidden):
                out.append(f"{path.relative_to(REPO)} imports {name}")
        text = path.read_text(encoding="utf-8")
        out += [f"{path.relative_to(REPO)} calls {c}" for c in TEMPLATE_CALLS if c in text]
    return out


def test_the_groups_domain_imports_no_template_or_pdf_code():
    assert (PACKAGE / "groups").is_dir()
    assert _offenders("groups", RENDERING) == []


def test_the_cache_family_sits_below_the_ledger_and_the_renderers():
    above = ("flask", "ulti_ledger.ledger", "ulti_ledger.pdf", "ulti_ledger.views")
    assert _offenders("cache", (*above, "ulti_ledger.groups", "sqlalchemy")) == []


def test_the_pdf_pool_makes_up_no_request_and_calls_no_view():
    pool = PACKAGE / "pdf" / "pool.py"
    text = pool.read_text(encoding="utf-8")
    assert "test_request_context" not in text and "request" not in _flask_names(pool)
    assert not [n for n in _imported_modules(pool) if n.startswith("ulti_ledger.views")]
    assert not [n for n in _imported_modules(pool) if n.startswith("ulti_ledger.ledger")]


def _flask_names(path) -> set[str]:
    import ast

    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module == "flask":
            names |= {alias.name for alias in node.names}
    return names


def test_the_check_itself_would_catch_a_template_in_the_domain():
    planted = PACKAGE / "groups" / "_planted_report.py"
    planted.write_text("from flask import render_template\nfrom ..pdf.document import CHART\n")
    try:
        found = _offenders("groups", RENDERING)
    finally:
        planted.unlink()
    assert any("ulti_ledger.pdf.document" in f for f in found)
    assert any("calls render_template" in f for f in found)

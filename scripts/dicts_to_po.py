"""Carry texts that still sit in a Python dict into the gettext catalogues.

The texts moved from hand-written dicts (texts.py's ``TEXTS``, ``pdf.WORDS``, ...) to
``.po`` files; a branch written before the move may still add keys to such a dict. This
reads each dict named in ``SOURCES`` (from the working tree, or with ``--ref main`` from a
commit) and adds every key the catalogues lack: the template (``.pot``), Hungarian and
English with their texts, German empty (it falls back to English until translated). A key
the catalogues have already is left as the translator wrote it; ``--overwrite`` takes the
dict's text instead. It prints what it added and every text that differs.

    .venv/bin/python scripts/dicts_to_po.py              # after resolving a merge
    .venv/bin/python scripts/dicts_to_po.py --ref main   # what main's dicts add

Then replace the dict by its catalogue (``messages.words("pdf")`` ...) and run
``make translations``. A dict that is no longer a literal (already moved) is skipped.
"""

from __future__ import annotations

import argparse
import ast
import datetime as dt
import subprocess
import sys
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

REPO = Path(__file__).resolve().parent.parent
APP = ("translations", "messages", ("hu", "en", "de"))


CORE = ("ulti_ledger/settlement/locale", "settlement", ("hu", "de"))


def game(name: str) -> tuple[str, str, tuple[str, ...]]:
    """A game package's own domain: ``games/<name>/locale/<lang>/LC_MESSAGES/<name>.po``."""
    return (f"ulti_ledger/games/{name}/locale", name, ("hu", "en", "de"))


SOURCES = (
    # path, the dict's name, its gettext context, its shape, the catalogue
    ("ulti_ledger/words/texts.py", "TEXTS", None, "pairs", APP),
    ("ulti_ledger/texts_evening.py", "EVENING_TEXTS", None, "pairs", APP),
    ("ulti_ledger/pdf/document.py", "WORDS", "pdf", "langs", APP),
    ("ulti_ledger/ledger/notation.py", "WORDS", "notation", "langs", APP),
    ("ulti_ledger/ledger/exchange.py", "CSV_WORDS", "csv", "tuples", APP),
    ("ulti_ledger/cli/text.py", "WORDS", "cli", "langs", APP),
    ("ulti_ledger/drawings/chart.py", "WORDS", "chart", "langs", APP),
    ("ulti_ledger/words/rules_table.py", "WORDS", "rules_table", "langs", APP),
    # the game packages' tables go to the game's own domain (its package stays pure)
    ("ulti_ledger/games/ulti/sheet.py", "WORDS", "row", "langs", game("ulti")),
    ("ulti_ledger/games/ulti/sheet.py", "COLUMN_WORDS", "columns", "langs", game("ulti")),
    ("ulti_ledger/games/ulti/sheet.py", "TABLE_WORDS", "table", "langs", game("ulti")),
    ("ulti_ledger/games/ulti/form.py", "WORDS", "form", "pairs", game("ulti")),
    ("ulti_ledger/games/snapszer/sheet.py", "WORDS", "row", "langs", game("snapszer")),
    ("ulti_ledger/games/snapszer/form.py", "WORDS", "form", "pairs", game("snapszer")),
    # the engine's refusals: English msgids, as gettext has them, and their Hungarian
    ("ulti_ledger/settlement/messages.py", "HU", None, "msgids", CORE),
)
GAME_TEXTS = "ulti_ledger/games/{name}/explain.py"
"""Every game's explanation lines, ``TEXT``: no context, in the game's domain."""


def sources(ref: str | None, repo: Path) -> list[tuple]:
    """``SOURCES`` and each game package's ``explain.TEXT`` (in the tree, or at ``ref``)."""
    if ref is None:
        games = repo / "ulti_ledger" / "games"
        names = [p.name for p in games.iterdir() if p.is_dir()] if games.is_dir() else []
    else:
        listed = subprocess.run(
            ["git", "ls-tree", "-d", "--name-only", f"{ref}:ulti_ledger/games"],
            cwd=repo,
            capture_output=True,
            text=True,
        )
        names = listed.stdout.split()
    texts = [(GAME_TEXTS.format(name=n), "TEXT", None, "langs", game(n)) for n in sorted(names)]
    return [*SOURCES, *texts]


DATE = dt.datetime(2026, 12, 1, tzinfo=dt.UTC)
"""The catalogues' header dates stay fixed, so that branches do not conflict over them."""


def source_text(path: str, ref: str | None, repo: Path = REPO) -> str | None:
    if ref is None:
        file = repo / path
        return file.read_text("utf-8") if file.exists() else None
    shown = subprocess.run(
        ["git", "show", f"{ref}:{path}"], cwd=repo, capture_output=True, text=True
    )
    return shown.stdout if shown.returncode == 0 else None


def literal_dict(text: str, name: str, namespace: dict[str, Any]) -> dict | None:
    """The value of the module-level ``name = {...}``, if it is still a dict literal."""
    for node in ast.parse(text).body:
        target = node.targets[0] if isinstance(node, ast.Assign) else getattr(node, "target", 0)
        if isinstance(target, ast.Name) and target.id == name:
            if isinstance(node.value, ast.Dict):
                return eval(compile(ast.Expression(node.value), name, "eval"), namespace)
    return None


def entries(table: dict, shape: str) -> dict[str, dict[str, str]]:
    """key -> {lang: text}, whatever the dict's shape."""
    if shape == "pairs":
        return {key: {"hu": hu, "en": en} for key, (hu, en) in table.items()}
    if shape == "msgids":
        return {msgid: {"hu": hu} for msgid, hu in table.items() if msgid}
    if shape == "tuples":
        # a positional table's keys are its English words: "Hand" -> hand
        names = [word.lower().replace(" ", "_") for word in table["en"]]
        return {n: {lang: table[lang][i] for lang in table} for i, n in enumerate(names)}
    out: dict[str, dict[str, str]] = {}
    for lang, texts in table.items():
        for key, value in texts.items():
            if not isinstance(value, str):  # a nested table is not one text: say so
                print(f"skipped {lang} {key}: not a text ({type(value).__name__})")
                continue
            out.setdefault(key, {})[lang] = value
    return out


def load(path: Path, locale: str | None, domain: str) -> Catalog:
    if path.exists():
        with path.open("rb") as source:
            return read_po(source, locale=locale, domain=domain)
    return Catalog(
        locale=locale,
        domain=domain,
        project="ulti_ledger",
        version="1",
        copyright_holder="the ulti_ledger authors",
        creation_date=DATE,
        revision_date=DATE,
        fuzzy=False,
    )


def save(catalog: Catalog, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    catalog.revision_date = DATE
    with path.open("wb") as target:
        write_po(target, catalog, width=100, omit_header=False)


def carry(ref: str | None, overwrite: bool, repo: Path = REPO) -> int:
    """Add every key of the dicts (in ``repo``'s tree or at ``ref``) the catalogues lack."""
    pairs: dict[str, tuple[str, str]] = {}
    catalogues: dict[tuple[str, str | None], Catalog] = {}
    changed = 0
    for path, name, context, shape, (folder, domain, langs) in sources(ref, repo):
        text = source_text(path, ref, repo)
        table = literal_dict(text, name, {"TEXTS": _Pairs(pairs)}) if text else None
        if table is None:
            continue
        if shape == "pairs" and domain == "messages":
            pairs.update(table)
        root = repo / folder
        pot = catalogues.setdefault((folder, None), load(root / f"{domain}.pot", None, domain))
        for key, texts in entries(table, shape).items():
            if pot.get(key, context=context) is None:
                note = [f"{lang}: {texts[lang]}" for lang in ("en", "hu") if lang in texts]
                note = [] if shape == "msgids" else note  # the msgid is the English
                pot.add(key, "", auto_comments=note, context=context)
                changed += 1
                print(f"added {context + '|' if context else ''}{key}")
            for lang in langs:
                po_path = root / lang / "LC_MESSAGES" / f"{domain}.po"
                po = catalogues.setdefault((folder, lang), load(po_path, lang, domain))
                new = texts.get(lang, "")
                have = po.get(key, context=context)
                if have is None:
                    po.add(
                        key,
                        new,
                        auto_comments=pot.get(key, context=context).auto_comments,
                        context=context,
                    )
                elif new and have.string != new and not isinstance(have.id, tuple):
                    print(f"differs {lang} {key}: catalogue {have.string!r}, dict {new!r}")
                    if overwrite:
                        have.string, changed = new, changed + 1
    for (folder, lang), catalog in catalogues.items():
        domain = catalog.domain
        root = repo / folder
        save(
            catalog,
            root / f"{domain}.pot"
            if lang is None
            else root / lang / "LC_MESSAGES" / f"{domain}.po",
        )
    return changed


class _Pairs(dict):
    """``TEXTS`` while a dict refers to it (pdf.WORDS used TEXTS["edited_badge"][0])."""

    def __missing__(self, key: str) -> tuple[str, str]:
        sys.path.insert(0, str(REPO))
        from ulti_ledger.words.messages import Texts

        return Texts()[key]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ref", help="read the dicts at this commit (e.g. main)")
    parser.add_argument("--overwrite", action="store_true", help="the dict's text wins")
    args = parser.parse_args()
    print(f"{carry(args.ref, args.overwrite)} messages added or changed")


if __name__ == "__main__":
    main()

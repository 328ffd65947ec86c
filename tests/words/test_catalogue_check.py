"""``make translations`` fails on a missing or fuzzy catalogue (``scripts/check_catalogues.py``),
where ``pybabel compile`` would skip it with a warning and the app would show English."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

from ulti_ledger import PROJECT_ROOT

SCRIPT = PROJECT_ROOT / "scripts" / "check_catalogues.py"


def _checkout(tmp_path: Path) -> Path:
    """The catalogues of this checkout (only the .pot and .po files) in a copy to spoil."""
    root = tmp_path / "checkout"
    for path in [
        *PROJECT_ROOT.glob("translations/**/*.po*"),
        *PROJECT_ROOT.glob("ulti_ledger/**/locale/**/*.po*"),
    ]:
        if path.suffix in (".po", ".pot"):
            target = root / path.relative_to(PROJECT_ROOT)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, target)
    for game in (PROJECT_ROOT / "ulti_ledger" / "games").iterdir():
        if (game / "__init__.py").is_file():
            (root / "ulti_ledger" / "games" / game.name / "__init__.py").touch()
    return root


def _check(root: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(SCRIPT), str(root)], capture_output=True, text=True, check=False
    )


def test_the_checkouts_catalogues_pass(tmp_path):
    assert _check(PROJECT_ROOT).returncode == 0, _check(PROJECT_ROOT).stderr


def test_a_fuzzy_header_a_fuzzy_message_and_a_missing_po_fail(tmp_path):
    root = _checkout(tmp_path)
    assert _check(root).returncode == 0
    game = next(p for p in sorted((root / "ulti_ledger" / "games").iterdir()) if p.is_dir())
    de = game / "locale" / "de" / "LC_MESSAGES" / f"{game.name}.po"
    text = de.read_text("utf-8")
    de.write_text(text.replace('msgid ""\nmsgstr ""', '#, fuzzy\nmsgid ""\nmsgstr ""', 1), "utf-8")
    hu = root / "translations" / "hu" / "LC_MESSAGES" / "messages.po"
    hu_text = hu.read_text("utf-8")
    second = hu_text.index("\nmsgid ", hu_text.index("\nmsgid ") + 1)
    hu.write_text(hu_text[:second] + "\n#, fuzzy" + hu_text[second:], "utf-8")
    (game / "locale" / "en" / "LC_MESSAGES" / f"{game.name}.po").unlink()
    failed = _check(root)
    assert failed.returncode == 1
    assert "the header is marked fuzzy" in failed.stderr and f"{game.name}.po" in failed.stderr
    assert "messages.po" in failed.stderr and "is fuzzy" in failed.stderr
    assert f"en/LC_MESSAGES/{game.name}.po is missing" in failed.stderr


def test_a_new_game_without_its_catalogue_fails(tmp_path):
    root = _checkout(tmp_path)
    (root / "ulti_ledger" / "games" / "newgame").mkdir()
    (root / "ulti_ledger" / "games" / "newgame" / "__init__.py").touch()
    failed = _check(root)
    assert failed.returncode == 1 and "newgame.pot is missing" in failed.stderr

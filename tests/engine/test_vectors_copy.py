"""The suite's copy of the shared vectors (``tests/vectors``) is the shared folder's, byte
for byte.

The shared folder is ``../shared/vectors`` beside the checkout (``ULTI_SHARED_DIR``
overrides ``../shared``). A fresh clone has none: then there is nothing to compare, and
the test is skipped saying so; it never fails for a missing folder. Where the folder
exists, every file must be in both places with the same bytes, and a difference fails
naming the files (copy them again: ``cp -r ../shared/vectors/. tests/vectors/``). The
project's own vectors (``tests/vectors/own``) are not the shared folder's and are left out.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.engine_helpers import VECTORS, shared_dir

OWN = "own"
"""The project's own vectors (``tests/vectors/own``), which the shared folder never holds."""


def _files(root: Path) -> dict[str, bytes]:
    return {
        p.relative_to(root).as_posix(): p.read_bytes()
        for p in sorted(root.rglob("*"))
        if p.is_file() and p.relative_to(root).parts[0] != OWN
    }


def differences(copy: Path, shared: Path) -> list[str]:
    """Each file that is missing on one side or differs, with what is wrong with it."""
    ours, theirs = _files(copy), _files(shared)
    found = [f"{name}: not in {shared}" for name in sorted(ours.keys() - theirs.keys())]
    found += [f"{name}: missing from {copy}" for name in sorted(theirs.keys() - ours.keys())]
    found += [
        f"{name}: differs"
        for name in sorted(ours.keys() & theirs.keys())
        if ours[name] != theirs[name]
    ]
    return found


def test_the_copy_matches_the_shared_vectors():
    shared = shared_dir() / "vectors"
    if not shared.is_dir():
        pytest.skip(f"nothing to compare: no {shared} beside this checkout")
    problems = differences(VECTORS, shared)
    assert not problems, "tests/vectors differs from the shared vectors:\n" + "\n".join(problems)


def test_a_difference_names_the_file(tmp_path):
    """The comparison itself can fail, and says which file."""
    copy, shared = tmp_path / "copy", tmp_path / "shared"
    for root in (copy, shared):
        (root / "games").mkdir(parents=True)
        (root / "a.json").write_bytes(b"[]\n")
    (copy / "games" / "x.json").write_bytes(b"[1]\n")
    (shared / "games" / "x.json").write_bytes(b"[2]\n")
    (shared / "games" / "y.json").write_bytes(b"[]\n")
    assert differences(copy, shared) == [
        f"games/y.json: missing from {copy}",
        "games/x.json: differs",
    ]
    assert differences(copy, copy) == []

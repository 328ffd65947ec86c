"""Each game's copy of the shared vectors (``ulti_ledger/games/<game>/vectors/public.json``)
is the shared folder's file for the game, byte for byte.

The shared folder is ``../shared/vectors`` beside the checkout (``ULTI_SHARED_DIR``
overrides ``../shared``), an external check: a fresh clone has none, and then the test is
skipped saying so. Where the folder exists, each registered game's file there
(``<game>-public.json``, or ``games/<game>-public.json``) must equal the game's copy; a
game the shared folder has no file of (one added by this project) has nothing to compare
and passes, and a shared file of a game not registered waits. A difference fails naming
the files (copy the file again into the game's folder).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.engine_helpers import shared_dir, shared_vector, vector_files
from ulti_ledger.games import REGISTRY


def differences(root: Path, games: list[str], copies: dict[str, Path]) -> list[str]:
    """Each game whose shared file and copy differ, or that lacks a copy of its shared file."""
    found = []
    for game in games:
        shared, copy = shared_vector(root, game), copies.get(game)
        if shared is None:
            continue  # nothing shared of this game: its folder's vectors are all there is
        if copy is None:
            found.append(f"{game}: {shared} has no copy in the game's vectors/public.json")
        elif copy.read_bytes() != shared.read_bytes():
            found.append(f"{game}: {copy} differs from {shared}")
    return found


def test_each_games_copy_matches_the_shared_vectors():
    shared = shared_dir() / "vectors"
    if not shared.is_dir():
        pytest.skip(f"nothing to compare: no {shared} beside this checkout")
    problems = differences(shared, list(REGISTRY), vector_files("public"))
    assert not problems, "\n".join(problems)


def test_a_difference_names_the_game_and_a_game_without_shared_vectors_passes(tmp_path):
    """The comparison itself can fail, and says which game; a new game has nothing shared."""
    shared = tmp_path / "shared"
    (shared / "games").mkdir(parents=True)
    (shared / "a-public.json").write_bytes(b"[]\n")
    (shared / "games" / "b-public.json").write_bytes(b"[2]\n")
    (shared / "games" / "c-public.json").write_bytes(b"[]\n")
    copies = {name: tmp_path / f"{name}.json" for name in ("a", "b", "new")}
    for path, text in zip(copies.values(), (b"[]\n", b"[1]\n", b"[3]\n"), strict=True):
        path.write_bytes(text)
    assert differences(shared, ["a", "b", "c", "new"], copies) == [
        f"b: {copies['b']} differs from {shared / 'games' / 'b-public.json'}",
        f"c: {shared / 'games' / 'c-public.json'} has no copy in the game's vectors/public.json",
    ]
    assert differences(shared, ["a", "new"], copies) == []

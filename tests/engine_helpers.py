"""Shared helpers for the engine tests: the builtin engine and a hand builder."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from ulti_ledger.games import REGISTRY

ENGINE = REGISTRY.engine()
REPO = Path(__file__).resolve().parent.parent


def vector_files(kind: str) -> dict[str, Path]:
    """Each registered game's vectors of ``kind`` (``public``: the shared folder's file,
    copied byte for byte; ``own``: the project's own), read from the game's own folder
    (``ulti_ledger/games/<game>/vectors/<kind>.json``), by game; a game without one is
    left out."""
    found = {
        name: Path(str(game.package.__file__)).parent / "vectors" / f"{kind}.json"
        for name, game in REGISTRY.items()
    }
    return {name: path for name, path in found.items() if path.is_file()}


def shared_dir() -> Path:
    """The read-only shared/ folder beside the checkout (ULTI_SHARED_DIR overrides).

    A fresh clone has none and passes all the same: the games' folders hold the copies
    (``vector_files("public")``), and ``tests/engine/test_vectors_copy.py`` compares them
    with the shared files where the folder is there.
    """
    return Path(os.environ.get("ULTI_SHARED_DIR", REPO.parent / "shared"))


def shared_vector(root: Path, game: str) -> Path | None:
    """The shared folder's vectors of ``game``: ``<game>-public.json`` at the top (Ulti's,
    the first) or in ``games/``, or None where the shared folder holds none of it."""
    for path in (root / f"{game}-public.json", root / "games" / f"{game}-public.json"):
        if path.is_file():
            return path
    return None


def hand(**overrides: Any) -> dict[str, Any]:
    """A valid makk passz hand, with keys replaced by ``overrides``."""
    base: dict[str, Any] = {
        "ruleset": "ulti",
        "players": ["Anna", "Béla", "Csaba"],
        "declarer": "Anna",
        "colour": "makk",
        "components": [{"name": "parti", "won": True}],
    }
    base.update(overrides)
    return {k: v for k, v in base.items() if v is not None}


def session_hand(**overrides: Any) -> dict[str, Any]:
    """``hand`` as a session's hands are written: without a ruleset, the session's applies."""
    return hand(ruleset=None, **overrides)


def betli_lost() -> dict[str, Any]:
    """Dóra's betli, lost, with Béla's kontra: the second hand of the CLI tests' evenings."""
    return {
        "players": ["Béla", "Csaba", "Dóra"],
        "declarer": "Dóra",
        "components": [{"name": "betli", "won": False, "kontra": {"Béla": 1}}],
    }


def renamed(value: Any, names: dict[str, str]) -> Any:
    """A hand (or any JSON value) with every player's name replaced by ``names``."""
    if isinstance(value, str):
        return names.get(value, value)
    if isinstance(value, list):
        return [renamed(v, names) for v in value]
    if isinstance(value, dict):
        return {renamed(k, names): renamed(v, names) for k, v in value.items()}
    return value


def tarokk_hand(ruleset: str = "tarokk", **facts: Any) -> dict[str, Any]:
    """A valid tarokk hand (a kettő won by the declarer and his partner), with keys
    replaced by ``facts`` (None: the key left out)."""
    base = {
        "ruleset": ruleset,
        "players": ["S", "E", "N", "W"],
        "declarer": "S",
        "partner": "N",
        "contract": "ketto",
        "game": {"won": True},
    }
    return {k: v for k, v in {**base, **facts}.items() if v is not None}


def snapszer_hand(**keys: Any) -> dict[str, Any]:
    """A three-player snapszer hand Anna won with the losers below 33, keys replaced (None
    drops a key, except ``partner``, where None means alone)."""
    base: dict[str, Any] = {
        "ruleset": "snapszer",
        "players": ["Anna", "Béla", "Csaba"],
        "declarer": "Anna",
        "won": True,
        "loser": "below_33",
    }
    base.update(keys)
    return {k: v for k, v in base.items() if v is not None or k == "partner"}


def snapszer_four(**keys: Any) -> dict[str, Any]:
    """Four players: Anna and Csaba (the chosen card's holder) against Béla and Dóra."""
    return snapszer_hand(
        **{"players": ["Anna", "Béla", "Csaba", "Dóra"], "partner": "Csaba", **keys}
    )

"""Shared helpers for the engine tests: the builtin engine and a hand builder."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from ulti_ledger.games import REGISTRY

ENGINE = REGISTRY.engine()
REPO = Path(__file__).resolve().parent.parent


VECTORS = REPO / "tests" / "vectors"
"""The suite's own copy of the shared test vectors (``games/`` included): a fresh clone
has no ``../shared`` beside it, and must pass its tests all the same."""


def shared_dir() -> Path:
    """The read-only shared/ folder beside the checkout (ULTI_SHARED_DIR overrides).

    The vector tests read their cases from it where it exists (``tests/engine/test_vectors.py``),
    and the drift test compares it with ``VECTORS`` (``tests/engine/test_vectors_copy.py``).
    """
    return Path(os.environ.get("ULTI_SHARED_DIR", REPO.parent / "shared"))


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

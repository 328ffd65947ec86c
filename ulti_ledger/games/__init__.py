"""The games this app keeps score for, one package each, and the registry that holds them.

Every layer outside these packages asks ``REGISTRY`` (or the engine built from it) for a
hand's game and never names one. ``settlement/contract.py`` declares the contract a game
fulfils (each part, its file, the default of an optional one); ``README.md`` here explains
it and lists what adding a game takes.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from ..settlement import Engine, Registry, Ruleset
from . import doppelkopf, skat, snapszer, tarokk, ulti

REGISTRY = Registry([ulti, snapszer, skat, tarokk, doppelkopf])


@cache
def builtin_engine() -> Engine:
    """Every shipped ruleset of every registered game (parsed once per process)."""
    return REGISTRY.engine()


def parse_ruleset(text: str, source: str) -> Ruleset:
    """A ruleset file's text read against the registered games."""
    return REGISTRY.parse_ruleset(text, source)


def load_ruleset_file(path: str | Path) -> Ruleset:
    return REGISTRY.load_ruleset_file(path)

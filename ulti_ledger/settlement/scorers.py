"""The scorers by name: one module per game family, each with the same interface.

A scorer module provides ``SECTIONS`` (the ruleset-file sections it reads),
``build_rules(raw, source)``, ``parse_hand(data, rules, options)``,
``settle(hand, rules)`` and ``describe(line, lang)``.
"""

from __future__ import annotations

from types import ModuleType
from typing import Protocol

from . import ulti

SCORERS: dict[str, ModuleType] = {"ulti": ulti}


class ScorerRules(Protocol):
    """What the engine itself reads of a scorer's resolved rules; the rest is the scorer's."""

    id: str
    scorer: str

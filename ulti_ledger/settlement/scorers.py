"""The scorers by name: one module per game family, each with the same interface.

A scorer module provides ``SECTIONS`` (the ruleset-file sections it reads),
``build_rules(raw, source)``, ``parse_hand(data, rules, options)``,
``settle(hand, rules)`` and ``describe(line, lang)``.
"""

from __future__ import annotations

from types import ModuleType

from . import ulti

SCORERS: dict[str, ModuleType] = {"ulti": ulti}

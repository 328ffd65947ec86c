"""Ulti (standard and színlicites rablóulti): its rulesets, and parse, settle, explain."""

from .build import SECTIONS, build_rules
from .explain import describe
from .hand import Component, Hand, SilentResult, parse_hand
from .score import settle
from .seating import upgrade_ruleset

NAME = "ulti"
"""The id that ruleset files name in ``scorer``."""

__all__ = [
    "NAME",
    "SECTIONS",
    "Component",
    "Hand",
    "SilentResult",
    "build_rules",
    "describe",
    "parse_hand",
    "settle",
    "upgrade_ruleset",
]

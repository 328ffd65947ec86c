"""Ulti (standard and színlicites rablóulti): its rulesets, and parse, settle, explain."""

from .build import SECTIONS, build_rules
from .explain import describe
from .form import hand_form
from .hand import Component, Hand, SilentResult, parse_hand
from .score import settle
from .storage import canonical, roles

NAME = "ulti"
"""The id that ruleset files name in ``scorer``."""

__all__ = [
    "NAME",
    "SECTIONS",
    "Component",
    "Hand",
    "SilentResult",
    "build_rules",
    "canonical",
    "describe",
    "hand_form",
    "parse_hand",
    "roles",
    "settle",
]

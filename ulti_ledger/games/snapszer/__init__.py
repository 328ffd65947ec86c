"""Snapszer at three and four players (RULES.md section 3): its ruleset, and parse, settle,
explain, store and draw a hand."""

from .build import SECTIONS, Rules, build_rules
from .explain import describe
from .facts import canonical, roles
from .form import form_values, hand_form, hand_from_form
from .hand import Hand, parse_hand
from .sample import random_hand
from .score import settle
from .sheet import columns, hand_schema, row, rules_table

NAME = "snapszer"
"""The id that ruleset files name in ``scorer``."""

__all__ = [
    "NAME",
    "SECTIONS",
    "Hand",
    "Rules",
    "build_rules",
    "canonical",
    "columns",
    "describe",
    "form_values",
    "hand_form",
    "hand_from_form",
    "hand_schema",
    "parse_hand",
    "random_hand",
    "roles",
    "row",
    "rules_table",
    "settle",
]

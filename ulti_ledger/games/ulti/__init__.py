"""Ulti (standard and színlicites rablóulti): its rulesets, and parse, settle, explain."""

from .build import SECTIONS, build_rules
from .explain import describe
from .form import hand_form
from .form_data import form_catalogue
from .form_io import form_values, hand_from_form
from .hand import Component, Hand, SilentResult, parse_hand
from .json_schema import hand_schema
from .random_hands import random_hand
from .refusals import form_refusal
from .row import columns, row
from .score import settle
from .seating import upgrade_ruleset
from .stats import stats, stats_label
from .storage import canonical, roles
from .table import rules_table

NAME = "ulti"
"""The id that ruleset files name in ``scorer``."""
TITLE = "Ulti"
"""The game's name as its players say it: a game term, the same in every UI language."""

__all__ = [
    "NAME",
    "TITLE",
    "SECTIONS",
    "Component",
    "Hand",
    "SilentResult",
    "build_rules",
    "canonical",
    "columns",
    "describe",
    "form_catalogue",
    "form_refusal",
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
    "stats",
    "stats_label",
    "upgrade_ruleset",
]

"""Doppelkopf by the DDV tournament rules (RULES.md here): its ruleset, and parse, settle,
explain, store and draw a hand.

The package gives the parts of the game contract (``games/README.md``) that it has, each
from the module the contract names for it, in ``__all__`` in the contract's order; the
registry answers the optional parts it leaves out.
"""

from __future__ import annotations

from .build import SECTIONS, Rules, build_rules
from .explain import describe
from .facts import canonical, roles
from .form import hand_form
from .form_read import form_values, hand_from_form
from .hand import Hand, parse_hand
from .refusals import form_refusal
from .sample import random_hand
from .schema import hand_schema
from .score import settle
from .sheet import columns, row, rules_table
from .stats import STATS_DERIVED, stats, stats_label
from .tally import form_proposal, session_sheet

NAME = "doppelkopf"
"""The id that ruleset files name in ``scorer``."""
TITLE = "Doppelkopf"
"""The game's name as its players say it: a game term, the same in every UI language."""

__all__ = [  # the contract's parts (settlement.registry.PARTS) in its order, then its types
    "NAME",
    "TITLE",
    "SECTIONS",
    "build_rules",
    "parse_hand",
    "settle",
    "describe",
    "canonical",
    "roles",
    "hand_form",
    "hand_from_form",
    "form_values",
    "form_refusal",
    "form_proposal",
    "columns",
    "row",
    "rules_table",
    "session_sheet",
    "hand_schema",
    "random_hand",
    "stats",
    "stats_label",
    "STATS_DERIVED",
    "Hand",
    "Rules",
]

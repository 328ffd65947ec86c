"""Skat at three, or four with the dealer sitting out (RULES.md section 4, ISkO): its
ruleset, and parse, value, settle, explain, store and draw a hand. The package gives
every part of the game contract (``games/README.md``), named in ``__all__``."""

from .build import SECTIONS, Rules, build_rules
from .explain import describe
from .facts import canonical, roles
from .form import form_refusal, hand_form
from .form_read import form_values, hand_from_form
from .hand import Hand, parse_hand
from .sample import random_hand
from .schema import hand_schema
from .score import settle
from .sheet import columns, row, rules_table, score_label
from .stats import STATS_DERIVED, stats, stats_label
from .tally import form_proposal, session_sheet
from .value import game_value

NAME = "skat"
"""The id that ruleset files name in ``scorer``."""
TITLE = "Skat"
"""The game's name as its players say it: a game term, the same in every UI language."""

__all__ = [  # the contract's order (settlement.registry.PARTS), then the values
    "NAME",
    "TITLE",
    "SECTIONS",
    "build_rules",
    "parse_hand",
    "settle",
    "describe",
    "hand_form",
    "form_refusal",
    "canonical",
    "roles",
    "random_hand",
    "columns",
    "hand_schema",
    "rules_table",
    "row",
    "hand_from_form",
    "form_values",
    "stats",
    "stats_label",
    "STATS_DERIVED",
    "session_sheet",
    "form_proposal",
    "score_label",
    "Hand",
    "Rules",
    "game_value",
]

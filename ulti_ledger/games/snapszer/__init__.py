"""Snapszer at three and four players (RULES.md section 3): its ruleset, and parse, settle,
explain, store and draw a hand. The package gives every part of the game contract
(``games/README.md``), re-exported here by name (``x as x``)."""

from .build import SECTIONS as SECTIONS
from .build import Rules as Rules
from .build import build_rules as build_rules
from .explain import describe as describe
from .facts import canonical as canonical
from .facts import roles as roles
from .form import form_refusal as form_refusal
from .form import form_values as form_values
from .form import hand_form as hand_form
from .form import hand_from_form as hand_from_form
from .hand import Hand as Hand
from .hand import parse_hand as parse_hand
from .sample import random_hand as random_hand
from .score import settle as settle
from .sheet import columns as columns
from .sheet import hand_schema as hand_schema
from .sheet import row as row
from .sheet import rules_table as rules_table
from .sheet import score_label as score_label
from .stats import stats as stats
from .stats import stats_label as stats_label

NAME = "snapszer"
"""The id that ruleset files name in ``scorer``."""
TITLE = "Snapszer"
"""The game's name as its players say it: a game term, the same in every UI language."""

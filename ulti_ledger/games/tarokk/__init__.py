"""Hungarian tarokk (RULES.md section 5): illusztrált by the ITVB 2019 rules (``tarokk``)
and magas tarokk (``magas-tarokk``, seed 002's overlay, built on the first file). The
package gives every part of the game contract (``games/README.md``), named in ``__all__``."""

from .build import SECTIONS, Rules, build_rules
from .explain import describe
from .facts import canonical, roles
from .form import form_proposal, form_refusal, form_values, hand_form, hand_from_form
from .hand import Hand, parse_hand
from .sample import random_hand
from .score import kitty_account, settle
from .sheet import columns, hand_schema, row, rules_table
from .stats import stats, stats_label

NAME = "tarokk"
"""The id that ruleset files name in ``scorer``."""
TITLE = "Tarokk"
"""The game's name as its players say it: a game term, the same in every UI language."""

__all__ = ["NAME", "TITLE", "SECTIONS", "Hand", "Rules", "build_rules", "canonical"]
__all__ += ["columns"]
__all__ += ["describe", "form_values", "hand_form", "hand_from_form", "hand_schema"]
__all__ += ["parse_hand", "random_hand", "roles", "row", "rules_table", "settle"]
__all__ += ["stats", "stats_label"]
__all__ += ["kitty_account", "form_proposal", "form_refusal"]

"""The pure settlement core: hand facts in, integer payments and explanations out.

Stdlib only (see README.md here); the web, database and PDF layers call into it,
never the other way round.
"""

from .engine import SCORERS, Engine, settlement_json
from .errors import HandError, LedgerError, OptionError, RulesetError
from .loader import Option, Ruleset, builtin_rulesets, load_ruleset_file, parse_ruleset
from .result import Line, Settlement
from .ulti.rules import Contract, Rules

__all__ = [
    "SCORERS",
    "Contract",
    "Engine",
    "HandError",
    "LedgerError",
    "Line",
    "Option",
    "OptionError",
    "Rules",
    "Ruleset",
    "RulesetError",
    "Settlement",
    "builtin_rulesets",
    "load_ruleset_file",
    "parse_ruleset",
    "settlement_json",
]

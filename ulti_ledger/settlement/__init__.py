"""The pure settlement core: hand facts in, integer payments and explanations out.

Stdlib only (see README.md here); the web, database and PDF layers call into it,
never the other way round.
"""

from .engine import Engine, settlement_json
from .errors import HandError, LedgerError, OptionError, RulesetError
from .loader import Option, Ruleset, load_ruleset_file, parse_ruleset
from .registry import PARTS, Game, Part, Registry
from .result import Line, Settlement

__all__ = [
    "PARTS",
    "Engine",
    "Game",
    "HandError",
    "LedgerError",
    "Line",
    "Option",
    "OptionError",
    "Part",
    "Registry",
    "Ruleset",
    "RulesetError",
    "Settlement",
    "load_ruleset_file",
    "parse_ruleset",
    "settlement_json",
]

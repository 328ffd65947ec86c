"""Reading the snapszer sections of a ruleset file into `Rules`, with every check.

The generic part of the file (identity, options) is read by ``settlement/loader.py``;
this module knows what a snapszer ruleset must hold: the table sizes, the game points
and the settlement mode. None of Ulti's sections is asked for.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...settlement.schema import RulesIdentity, Table, identity

SECTIONS = ("table", "points", "settlement", "doubling")
TIERS = ("no_trick", "below_33", "reached_33")
"""The losing side's cards, the hand format's ``loser`` values, highest value first."""
MODES = ("transfer", "scoresheet")


@dataclass(frozen=True, slots=True)
class Rules(RulesIdentity):
    """One snapszer ruleset with its house rules resolved."""

    sizes: tuple[int, ...]
    """How many may play a hand (3, 4)."""
    max_sitting_out: int
    tiers: dict[str, int]
    """Game points by the losing side's cards (``loser``)."""
    snapszer: int
    failed_snapszer: int
    renonsz: int
    mode: str
    """``transfer`` (the losers pay) or ``scoresheet`` (the winners are credited)."""
    kontra: bool
    """Doubling (option ``kontra``): the opponents may double ("gspritzt"), the starter
    redouble ("retour")."""
    kontra_factors: tuple[int, int]


def build_rules(raw: dict[str, Any], source: str) -> Rules:
    """Check the file's snapszer data and turn it into `Rules`."""
    top = Table(raw, "", source)
    table = top.table("table")
    sizes = table.get(
        "players",
        lambda v: (
            isinstance(v, list)
            and v != []
            and all(type(n) is int and 3 <= n <= 4 for n in v)
            and len(set(v)) == len(v)
        ),
        "a list of distinct table sizes, each 3 or 4",
    )
    max_out = table.int("max_sitting_out")
    table.finish()
    points = top.table("points")
    tiers = {tier: points.int(tier, minimum=1) for tier in TIERS}
    values = {key: points.int(key, minimum=1) for key in ("snapszer", "failed_snapszer", "renonsz")}
    points.finish()
    settlement = top.table("settlement")
    mode = settlement.choice("mode", MODES)
    settlement.finish()
    kontra = top.table("doubling", {})  # a file without it (pinned before issue 25): off
    kontra_on = kontra.bool("enabled", False)
    factors = kontra.get(
        "factors",
        lambda v: isinstance(v, list) and len(v) == 2 and all(type(x) is int for x in v),
        "two whole numbers (gspritzt, retour)",
        [2, 4],
    )
    kontra.finish()
    return Rules(
        **identity(raw),
        sizes=tuple(sorted(sizes)),
        max_sitting_out=max_out,
        tiers=tiers,
        **values,
        mode=mode,
        kontra=kontra_on,
        kontra_factors=tuple(factors),  # type: ignore[arg-type]
    )

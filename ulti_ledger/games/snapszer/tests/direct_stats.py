"""Snapszer's statistics counted directly from the stored hands' JSON, for the season test.

The season test (``tests/ledger/test_stats.py``) asks every registered game for this module
(``<game>/tests/direct_stats.py``) and compares its count, hand by hand, with the statistics
the app shows: ``marks(stored, name)`` counts one stored hand for a player, written apart
from the game's ``stats`` part; ``PARTS`` are the first parts of the paths a season shows,
``LEAVES`` some whole ones.
``stored`` is (session id, number, game, facts, roles, payments, score, options).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

PARTS = {"tiers", "snapszers"}
"""The first parts of the paths a season of hands shows."""
LEAVES: set[str] = set()
"""Whole paths a season of hands must show among them."""


def marks(stored: tuple[Any, ...], name: str) -> Counter[str]:
    """What a snapszer hand's facts count for ``name``, from the JSON."""
    facts = stored[3]
    out: Counter[str] = Counter()
    if facts.get("outcome", "played") != "played" or "renonsz" in facts:
        return out
    if "winner" in facts:
        winners = [facts["winner"]]
    else:
        side = [facts["declarer"]] + ([facts["partner"]] if facts.get("partner") else [])
        others = [p for p in facts["players"] if p not in side]
        winners = side if facts.get("won") else others
    if "loser" in facts and name in facts["players"]:
        out[f"tiers.{facts['loser']}.{'won' if name in winners else 'lost'}"] += 1
    if facts.get("snapszer", {}).get("by") == name:
        out[f"snapszers.{'made' if facts.get('won') else 'failed'}"] += 1
    return out

"""Skat's statistics counted directly from the stored hands, for the season test.

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

from ulti_ledger.games import builtin_engine

PARTS = {"types", "value", "ramsch"}
"""The first parts of the paths a season of hands shows."""
LEAVES: set[str] = {"types.grand.won", "types.null.lost", "types.kreuz.won"}
"""Whole paths a season of hands must show among them."""


def marks(stored: tuple[Any, ...], name: str) -> Counter[str]:
    """What a Skat hand counts for ``name``: from the JSON, and whether the declarer won
    and what the game was worth from the list entry the scoreboard shows (ISkO: +V won,
    -2V lost; Seeger-Fabian: 50 more either way)."""
    facts, score, options = stored[3], stored[6], stored[7]
    out: Counter[str] = Counter()
    if facts.get("outcome") == "all_pass":
        ramsch = facts.get("ramsch")
        if ramsch is not None and name in facts["players"]:
            out["ramsch.played"] += 1
            out["ramsch.lost"] += ramsch.get("loser") == name
            out["ramsch.jungfrau"] += name in ramsch.get("jungfrau", [])
            out["ramsch.durchmarsch"] += ramsch.get("durchmarsch") == name
        return out
    if facts["declarer"] != name:
        return out
    rules = builtin_engine().rulesets["skat"].rules
    sf = options.get("list") == "seeger_fabian"
    entry = score[name]
    if entry > 0:
        value = entry - (rules.sf_won if sf else 0)
    else:
        value = (-entry - (rules.sf_lost if sf else 0)) // rules.lost_factor
    out[f"types.{facts['game']}.{'won' if entry > 0 else 'lost'}"] += 1
    out["value.total"] += value
    return out

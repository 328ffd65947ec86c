"""Doppelkopf's statistics counted directly from the stored hands, for the season test.

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

PARTS = {"parties", "announced", "solos", "extras"}
"""The first parts of the paths a season of hands shows."""
LEAVES: set[str] = {"parties.re.won", "parties.kontra.lost"}
"""Whole paths a season of hands must show among them."""


def marks(stored: tuple[Any, ...], name: str) -> Counter[str]:
    """What a Doppelkopf hand counts for ``name``: the parties and announcements from the
    JSON, the winner from the hand's settled line (the TSR's thresholds are the engine's,
    tested in ``test_doppelkopf.py``)."""
    facts = stored[3]
    out: Counter[str] = Counter()
    if facts.get("outcome", "played") != "played":
        return out
    data = {**facts, "ruleset": "doppelkopf", "options": stored[7]}
    line = builtin_engine().settle(data).lines[0]
    re = [facts["declarer"]] + ([facts["partner"]] if facts.get("partner") else [])
    party = "re" if name in re else "kontra" if name in facts["players"] else None
    if party is None:
        return out
    out[f"parties.{party}.{'won' if line.params['winner'] == party else 'lost'}"] += 1
    if (facts.get("announced") or {}).get(party):
        out[f"announced.{party}"] += 1
    contract = facts.get("contract", "normal")
    if name == facts["declarer"] and contract.endswith(("solo", "fleischlos")):
        out[f"solos.{contract}.{'won' if line.params['winner'] == 're' else 'lost'}"] += 1
    for key, count in ((facts.get("extras") or {}).get(party) or {}).items():
        out[f"extras.{key}"] += int(count)
    return out

"""Tarokk's statistics counted directly from the stored hands' JSON, for the season test.

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

PARTS = {"parti", "dupla", "volat", "figures", "kontras"}
"""The first parts of the paths a season of hands shows."""
LEAVES: set[str] = {"kontras.paid_off", "figures.pagat-ultimo.silent_failed"}
"""Whole paths a season of hands must show among them."""


def marks(stored: tuple[Any, ...], name: str) -> Counter[str]:
    """What a tarokk hand counts for ``name``, from the JSON: the side of each figure (its
    every player), the game's and each figure's kontra levels."""
    facts = stored[3]
    out: Counter[str] = Counter()
    renonsz = facts.get("renonsz")
    if facts.get("outcome", "played") != "played" or (
        renonsz is not None and renonsz.get("ruling") != "continue"
    ):
        return out
    if name not in facts["players"]:
        return out
    side = [facts["declarer"]] + ([facts["partner"]] if facts.get("partner") else [])
    mine = "declarer" if name in side else "opponents"
    won = facts["game"]["won"]
    out[f"parti.{'won' if won == (mine == 'declarer') else 'lost'}"] += 1
    items = [("declarer", won, facts["game"].get("kontra", 0), 1 if facts.get("skart") else 0)]
    for fig in facts.get("figures", []):
        ours = fig["side"] == mine
        name_ = fig["name"]
        if fig["announced"]:
            out[f"figures.{name_}.announced"] += ours
            out[f"figures.{name_}.made"] += ours and fig["won"]
            items.append((fig["side"], fig["won"], fig.get("kontra", 0), 0))
        else:
            out[f"figures.{name_}.silent_{'made' if fig['won'] else 'failed'}"] += ours
        kind = "volat" if name_ == "volat" else "dupla" if "dupla" in name_ else None
        if kind and fig["won"]:
            out[f"{kind}.{'made' if ours else 'suffered'}"] += 1
    for announcer, made, level, automatic in items:
        said = range(automatic + 1, level + 1)
        if announcer == mine and any(k % 2 == 0 for k in said):
            out["kontras.said"] += 1
            out["kontras.paid_off"] += made
        elif announcer != mine and any(k % 2 for k in said):
            out["kontras.said"] += 1
            out["kontras.paid_off"] += not made
    return out

"""Ulti's statistics counted directly from the stored hands' JSON, for the season test.

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

PARTS = {"bids", "kontras", "silent", "open"}
"""The first parts of the paths a season of hands shows."""
LEAVES: set[str] = set()
"""Whole paths a season of hands must show among them."""


def marks(stored: tuple[Any, ...], name: str) -> Counter[str]:
    """What an Ulti hand's facts count for ``name``: (path, count) pairs, from the JSON."""
    facts = stored[3]
    out: Counter[str] = Counter()
    if facts.get("outcome", "played") not in ("played", "conceded") or "renonsz" in facts:
        return out
    declarer = facts["declarer"]
    defenders = [p for p in facts["players"] if p != declarer]
    colour = facts.get("colour", "none")
    parts = facts.get("components", [])
    for part in parts:
        kontra = part.get("kontra", 0)
        levels = kontra if isinstance(kontra, dict) else dict.fromkeys(defenders, kontra)
        won = part.get("won")
        if name == declarer:
            out[f"bids.{part['name']}.{colour}.played"] += 1
            out[f"bids.{part['name']}.{colour}.won"] += won is True
            if any(v >= 2 for v in levels.values()):
                out["kontras.said"] += 1
                out["kontras.paid_off"] += won is True
        elif levels.get(name, 0) >= 1:
            out["kontras.said"] += 1
            out["kontras.paid_off"] += won is False
    rules = builtin_engine().rulesets["ulti"].rules
    contract = next(
        (c for c in rules.contracts if sorted(c.components) == sorted(p["name"] for p in parts)),
        None,
    )
    is_open = any(p.get("open") for p in parts) or bool(contract and contract.open)
    if name == declarer and is_open:
        out["open.played"] += 1
        out["open.won"] += bool(parts) and all(p.get("won") is True for p in parts)
    for s in facts.get("silent", []):
        if s["side"] == "declarer":
            side, others = [declarer], defenders
        else:
            side, others = ([s["player"]] if "player" in s else defenders), [declarer]
        if name in side:
            out[f"silent.{'made' if s['won'] else 'failed'}.{s['name']}"] += 1
        elif name in others and s["won"]:
            out[f"silent.suffered.{s['name']}"] += 1
    return out

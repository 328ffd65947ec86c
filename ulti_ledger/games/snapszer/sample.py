"""Random legal snapszer hands, for the property tests and ``bench/engine.py``."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from .build import TIERS, Rules


def random_hand(rng: random.Random, rules: Rules, players: Sequence[str]) -> dict[str, Any]:
    """A legal hand of ``rules`` for a table of ``players`` (in seating order).

    ``players`` run from the starter on, the dealer last: at a table of five (one more
    than a hand takes) the dealer sits out; at a table of four the hand is played by
    four. Every kind of hand is drawn: won and lost at each tier, announced snapszers
    made and failed, a 66 reached before the chosen card was seen, renonsz and redeal.
    """
    table = list(players)
    most = max(rules.sizes)
    if len(table) > most:
        out, table = table[most:], table[:most]
    else:
        out = []
    if len(table) not in rules.sizes or len(out) > rules.max_sitting_out:
        raise ValueError(f"{rules.id} is not played at a table of {len(players)}")
    declarer = rng.choice(table)
    hand: dict[str, Any] = {"ruleset": rules.id, "players": table, "declarer": declarer}
    if out:
        hand["sitting_out"] = out
    roll = rng.random()
    four = len(table) == 4
    if four and roll < 0.1:
        hand["winner"] = rng.choice(table)
        hand["loser"] = rng.choice(TIERS)
        return hand
    partner = None
    if four:
        partner = rng.choice([p for p in table if p != declarer] + [None])
        hand["partner"] = partner
    if roll < 0.15:
        hand["outcome"] = "redeal"
    elif roll < 0.25:
        hand["renonsz"] = {"player": rng.choice(table)}
    elif roll < 0.4:
        hand["snapszer"] = {"by": rng.choice([declarer, partner] if partner else [declarer])}
        hand["won"] = rng.random() < 0.5
    else:
        hand["won"] = rng.random() < 0.5
        hand["loser"] = rng.choice(TIERS)
    if rules.kontra and not four and hand.get("outcome") != "redeal" and rng.random() < 0.3:
        hand["kontra"] = rng.choice((1, 2))
    return hand

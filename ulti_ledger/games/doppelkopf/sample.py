"""Random legal Doppelkopf hands, for the property tests and ``bench/engine.py``."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from .build import SOLOS, SUITS, Rules
from .hand import levels


def random_hand(rng: random.Random, rules: Rules, players: Sequence[str]) -> dict[str, Any]:
    """A legal hand of ``rules`` for a table of ``players`` (in seating order).

    ``players`` run from the first to lead on, the dealer last: at a table of five the
    dealer sits out. Every kind of hand is drawn: normal games, Hochzeit and Armut where
    the rules allow them, the four solos, announcements, extras, Bock and redeals.
    """
    table = list(players)
    if len(table) == 5 and rules.max_sitting_out:
        out, table = table[4:], table[:4]
    else:
        out = []
    if len(table) not in rules.sizes:
        raise ValueError(f"{rules.id} is not played at a table of {len(players)}")
    declarer = rng.choice(table)
    hand: dict[str, Any] = {"ruleset": rules.id, "players": table, "declarer": declarer}
    if out:
        hand["sitting_out"] = out
    if rng.random() < 0.05:
        hand["outcome"] = "redeal"
        return hand
    contract = rng.choice(rules.contracts)
    if contract != "normal":
        hand["contract"] = contract
    others = [p for p in table if p != declarer]
    if contract not in SOLOS:
        alone = contract == "hochzeit" and rng.random() < 0.2
        hand["partner"] = None if alone else rng.choice(others)
    if contract == "farbsolo":
        hand["suit"] = rng.choice(SUITS)
    roll = rng.random()
    if roll < 0.03:
        hand["re_points"], hand["all_tricks"] = 240, "re"
    elif roll < 0.05:
        hand["re_points"], hand["all_tricks"] = 0, "kontra"
    else:
        hand["re_points"] = rng.randint(0, 240)
    announced = {}
    for party in ("re", "kontra"):
        if rng.random() < 0.3:
            announced[party] = rng.choice(levels(party))
    if announced:
        hand["announced"] = announced
    solo = contract in SOLOS or (contract == "hochzeit" and hand.get("partner") is None)
    if rules.extras and not solo and rng.random() < 0.5:
        fuchs = rng.randint(0, 2)
        caught = rng.randint(0, fuchs)
        dk = rng.randint(0, 3)
        mine = rng.randint(0, dk)
        karlchen = rng.choice((None, "re", "kontra"))
        hand["extras"] = {
            "re": {"doppelkopf": mine, "fuchs": caught, "karlchen": karlchen == "re"},
            "kontra": {
                "doppelkopf": dk - mine,
                "fuchs": fuchs - caught,
                "karlchen": karlchen == "kontra",
            },
        }
    if rules.bock and rng.random() < 0.2:
        hand["bock"] = rng.choice((1, 1, 2))
    if rules.schweinchen and rng.random() < 0.1:
        hand["schweinchen"] = rng.choice(table)
    return hand

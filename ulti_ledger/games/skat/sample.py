"""Random legal Skat hands, for the property tests and ``bench/engine.py``."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from .build import SUITS, Rules

POINTS = [p for p in range(121) if p not in (1, 119)]


def random_hand(rng: random.Random, rules: Rules, players: Sequence[str]) -> dict[str, Any]:
    """A legal hand of ``rules`` for a table of ``players`` (from Vorhand on, the dealer
    last): at four the dealer sits out. Every kind is drawn: suit, Grand and Null games,
    mit and ohne, Hand, announcements, Ouvert, bids that are overbid, Schneider and
    Schwarz either way, won or lost without card points, renonsz, all pass; and what the
    house rules allow (Kontra and Re, Bock games, Ramsch with one loser or two or three
    tied, the deals of Ramsch rounds and of an evening of Ramsch only)."""
    table = list(players)
    if len(table) not in (rules.active_players, rules.active_players + rules.max_sitting_out):
        raise ValueError(f"{rules.id} is not played at a table of {len(players)}")
    out = table[rules.active_players :]
    table = table[: rules.active_players]
    hand: dict[str, Any] = {"ruleset": rules.id, "players": table}
    if out:
        hand["sitting_out"] = out
    if rules.bock and rng.random() < 0.2:
        hand["bock"] = True
    roll = rng.random()
    if rules.ramsch_only or (rules.ramsch_rounds and roll > 0.9):
        hand["outcome"] = "ramsch"  # an evening of Ramsch only, or a Ramsch round's deal
        hand["ramsch"] = _ramsch(rng, rules, table)
        return hand
    if roll < 0.05:
        hand["outcome"] = "all_pass"
        if rules.all_pass == "ramsch":
            hand["ramsch"] = _ramsch(rng, rules, table)
        return hand
    hand["declarer"] = declarer = rng.choice(table)
    game = rng.choice((*SUITS, *SUITS, "grand", "grand", "null"))
    hand["game"] = game
    hand["hand"] = rng.random() < 0.2
    if rules.kontra_re and rng.random() < 0.15:
        hand["kontra"] = rng.choice((1, 2))
    if game == "null":
        hand["ouvert"] = rng.random() < 0.3
        hand["bid"] = rng.choice((18, 20, 23, 23, 35, 46))
        if roll < 0.1:
            hand["renonsz"] = {"player": rng.choice(table)}
        else:
            hand["won"] = rng.random() < 0.6
        return hand
    hand["mit" if rng.random() < 0.6 else "ohne"] = rng.randint(1, rules.max_matadors[game])
    ouvert = hand["hand"] and rng.random() < 0.05
    if ouvert:
        hand["ouvert"] = True
        hand["announced"] = "schwarz"
    elif hand["hand"] and rng.random() < 0.2:
        hand["announced"] = rng.choice(("schneider", "schneider", "schwarz"))
    hand["bid"] = rng.choice((18, 18, 20, 22, 23, 24, 27, 30, 33, 36, 40, 44, 48, 60))
    if roll < 0.1:
        hand["renonsz"] = {"player": rng.choice([declarer, *table])}
    elif roll < 0.25:
        won = rng.random() < 0.6
        hand["won"] = won
        schwarz = rng.random() < 0.05
        if schwarz:
            hand["schwarz"] = "declarer" if won else "opponents"
        elif rng.random() < 0.2 or (won and hand.get("announced") == "schneider"):
            hand["schneider"] = True
        if won and hand.get("announced") == "schwarz":
            hand["schwarz"] = "declarer"
    else:
        points = rng.choice(POINTS)
        hand["declarer_points"] = points
        if points == 120 and rng.random() < 0.7:
            hand["schwarz"] = "declarer"
        elif points <= 22 and rng.random() < 0.3:
            hand["schwarz"] = "opponents"
    return hand


def _ramsch(rng: random.Random, rules: Rules, table: list[str]) -> dict[str, Any]:
    if rules.durchmarsch and rng.random() < 0.05:
        return {"durchmarsch": rng.choice(table)}
    tie = rng.random()
    if tie < 0.05:  # all three tied at 40
        return {"loser": list(table), "points": 40}
    if tie < 0.15:  # two tied, each 41 to 60; a Jungfrau only beside 60 each
        losers = rng.sample(table, 2)
        out = {"loser": losers, "points": rng.randint(41, 60)}
        if rules.jungfrau and rng.random() < 0.3:
            out["points"] = 60
            out["jungfrau"] = [p for p in table if p not in losers]
        return out
    loser = rng.choice(table)
    out = {"loser": loser, "points": rng.randint(41, 110)}  # alone: more than 40
    if rules.jungfrau and rng.random() < 0.2 and out["points"] > 60:  # the third holds the rest
        out["jungfrau"] = [rng.choice([p for p in table if p != loser])]
    return out

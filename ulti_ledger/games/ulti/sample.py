"""Ulti's random legal hands, for the property tests and ``bench/engine.py``.

Every hand made here is one the engine accepts: the generator follows the same rules
(contracts, colours, kontra ceilings and ladder, silent availability, ten-trick
consistency) instead of generating noise and throwing most of it away.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from .kontra import ladder_problem
from .rules import Rules

OUTCOMES = (("played", 80), ("renonsz", 8), ("conceded", 5), ("all_pass", 5), ("redeal", 2))
KONTRA_SAID, ANSWERED = 0.16, 0.35
"""How often a defender says kontra on a part with individual kontra (one part in 3.4 gets
a kontra from either defender, as often as a common kontra: ``_level``), and how often
each word of the ladder is answered."""


def random_hand(rng: random.Random, rules: Rules, players: Sequence[str]) -> dict[str, Any]:
    """A legal hand in format v1 for ``rules`` (its ruleset id and resolved options).

    ``players`` is the table, from the first bidder on and the dealer last (as
    ``rotation.deal`` lists a deal's players, then who sits out): the first
    ``rules.active_players`` play, the others sit this hand out.
    """
    table = tuple(players)
    if not rules.active_players <= len(table) <= rules.active_players + rules.max_sitting_out:
        raise ValueError(f"{rules.id} is not played at a table of {len(table)}")
    players, sitting_out = table[: rules.active_players], table[rules.active_players :]
    declarer = rng.choice(players)
    defenders = [p for p in players if p != declarer]
    hand: dict[str, Any] = {"ruleset": rules.id, "players": list(players), "declarer": declarer}
    if sitting_out:
        hand["sitting_out"] = list(sitting_out)
    outcome = rng.choices([o for o, _ in OUTCOMES], [w for _, w in OUTCOMES])[0]
    if outcome in ("all_pass", "redeal"):
        hand["outcome"] = outcome
        if outcome == "all_pass":
            hand["declarer"] = players[0]  # the first bidder throws in (listed first)
        return hand
    contract = rng.choice(rules.contracts)
    allowed, _ = rules.contract_colours(contract)
    colour = rng.choice(allowed)
    if colour is not None:
        hand["colour"] = colour
    components = [
        _component(rng, rules, name, contract.open, defenders) for name in contract.components
    ]
    if outcome == "played":
        _make_consistent(rules, components)
        silent = _silent(rng, rules, contract, components, defenders)
        if silent:
            hand["silent"] = silent
    else:
        for c in components:
            del c["won"]
        if outcome == "renonsz":
            hand["renonsz"] = {"player": rng.choice(players)}
        else:
            hand["outcome"] = "conceded"
    hand["components"] = components
    return hand


def _component(
    rng: random.Random, rules: Rules, name: str, open_: bool, defenders: list[str]
) -> dict[str, Any]:
    rule = rules.components[name]
    c: dict[str, Any] = {"name": name, "won": rng.random() < 0.6}
    if open_ and rule.open:
        c["open"] = True
    top = rules.kontra.max_level
    if rules.games[rule.game].individual_kontra:
        levels = _ladder(rng, rules, defenders)
        if any(levels.values()):
            c["kontra"] = levels
    else:
        level = _level(rng, top)
        if level:
            c["kontra"] = level
    return c


def _ladder(rng: random.Random, rules: Rules, defenders: list[str]) -> dict[str, int]:
    """Per-defender kontra levels as a table says them (games/ulti/kontra.py): each
    defender may say kontra; the declarer may answer, to every defender who said it where
    his word reaches them all (``all_callers``), else to each alone; each defender may
    answer again, and so on, never above the ceiling."""
    levels = dict.fromkeys(defenders, 0)
    together = rules.kontra.declarer_reach == "all_callers"
    for group in [defenders] if together else [[d] for d in defenders]:
        said = [d for d in group if rng.random() < KONTRA_SAID]
        level = 1
        while said and level <= rules.kontra.max_level:
            levels.update(dict.fromkeys(said, level))
            if level % 2:  # the declarer's answer goes to all of them, or none
                said = said if rng.random() < ANSWERED else []
            else:  # each defender answers for himself
                said = [d for d in said if rng.random() < ANSWERED]
            level += 1
    return legal_levels(levels, rules)  # "both": the rekontra reaches every defender


def legal_levels(levels: dict[str, int], rules: Rules) -> dict[str, int]:
    """Per-defender kontra levels raised to the nearest the ladder can give (kontra.py):
    a defender left at an odd level below the other also got the declarer's answer;
    under ``rekontra_scope = "both"`` a rekontra reaches every defender."""
    both = rules.kontra.rekontra_scope == "both"
    while ladder_problem(tuple(levels.values()), tuple(levels), rules):
        top = max(levels.values())
        for d, level in levels.items():
            if level < top and (level % 2 or (both and level < 2)):
                levels[d] = level + 1 if level % 2 else 2
    return levels


def _level(rng: random.Random, top: int) -> int:
    """Mostly no kontra, sometimes kontra, rarely higher, never above the ceiling."""
    roll = rng.random()
    level = 0 if roll < 0.7 else 1 if roll < 0.9 else rng.randint(0, top)
    return min(level, top)


def _make_consistent(rules: Rules, components: list[dict[str, Any]]) -> None:
    """A won durchmars took every trick, a won 40-100 has 100 points: what they imply of
    the same side (the point games; négy ász) is won too."""
    for flag, implied in (
        ("takes_all_tricks", "made_by_all_tricks"),
        ("reaches_100", "point_count"),
    ):
        if any(c["won"] and getattr(rules.components[c["name"]], flag) for c in components):
            for c in components:
                if getattr(rules.components[c["name"]], implied):
                    c["won"] = True


def _silent(
    rng: random.Random,
    rules: Rules,
    contract: Any,
    components: list[dict[str, Any]],
    defenders: list[str],
) -> list[dict[str, Any]]:
    allowed = rules.silent_allowed(contract)
    if not allowed or rng.random() < 0.7:
        return []
    candidates = [s for n, s in rules.silent.items() if n in allowed]
    chosen = rng.sample(candidates, k=rng.randint(1, min(2, len(candidates)))) if candidates else []
    declarer_swept = any(
        c["won"] and rules.components[c["name"]].takes_all_tricks for c in components
    )
    out = []
    for s in chosen:
        side = (
            "declarer" if (declarer_swept or not s.defenders or rng.random() < 0.6) else "defenders"
        )
        won = not (s.failed_factor and rng.random() < 0.3)
        if s.takes_all_tricks and won:
            if side == "defenders" or any(
                not c["won"] and rules.components[c["name"]].made_by_all_tricks for c in components
            ):
                continue  # a silent durchmars needs the side to have won everything else
        if s.reaches_100 and won:
            if any(
                rules.components[c["name"]].point_count and c["won"] != (side == "declarer")
                for c in components
            ):
                continue  # 100 points win every point count of the hand for that side
        if declarer_swept and side == "declarer" and not won:
            won = True
        entry: dict[str, Any] = {"name": s.name, "side": side, "won": won}
        if side == "defenders" and s.defender_scope == "everyone":
            entry["player"] = rng.choice(defenders)
        out.append(entry)
    sweeper = next(
        (e["side"] for e in out if e["won"] and rules.silent[e["name"]].takes_all_tricks), None
    )
    if sweeper:
        # the sweeping side took the last trick too: only the other side's results can fail
        out = [e for e in out if (e["side"] == sweeper) == e["won"]]
    return out

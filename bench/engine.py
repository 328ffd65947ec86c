"""Settling speed of the pure engine per registered game: 10,000 legal hands each,
validation included.

Run: .venv/bin/python bench/engine.py [--hands N] [--seed S] [--repeat R] [--game NAME]
JSON parsing is excluded (the hands are dicts already); validation and settlement are in.

Each game's hands are drawn by its own ``random_hand`` through the registry, over each of
its shipped rulesets, at every table size it is played at; Ulti's keep the mix the README's
earlier figures were taken on (both rulesets, two in three standard; half at four-player
tables, where the dealer sits out).

The Ulti engine remembers validated seatings and component/silent lists (games/ulti/hand.py,
MEMO_SIZE), as a table repeats them all night. Two figures: every run from an empty memo
(what settling these hands once costs, in a fresh process), and every run with the memo
the earlier runs left (a running app); a game that keeps no memo has the same two.
Timings on a shared machine are noisy: the median and the best of the runs are printed.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Any

from ulti_ledger.games import REGISTRY
from ulti_ledger.settlement import Engine

TABLES = (("A", "B", "C"), ("A", "B", "C", "D"), ("A", "B", "C", "D", "E"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--game", choices=sorted(REGISTRY), help="only this game")
    args = parser.parse_args()

    engine = REGISTRY.engine()
    for name in REGISTRY:
        if args.game and name != args.game:
            continue
        hands, mix = game_hands(engine, name, args.hands, random.Random(args.seed))
        print(f"{name}: {len(hands)} hands ({mix})")
        _report(name, "settle incl. validation, empty memo", engine, hands, args.repeat, True)
        _report(name, "settle incl. validation, memo kept", engine, hands, args.repeat, False)


def game_hands(
    engine: Engine, name: str, count: int, rng: random.Random
) -> tuple[list[dict[str, Any]], str]:
    """``count`` legal hands of game ``name``, and a few words on their mix."""
    game = REGISTRY[name]
    if name == "ulti":  # the mix of the README's earlier figures (see the docstring)
        hands = []
        for i in range(count):
            ruleset = engine.rulesets["ulti" if i % 3 else "ulti-szinlicites"]
            hands.append(game.random_hand(rng, ruleset.rules, TABLES[i % 2]))
        return hands, "both rulesets, half at four-player tables"
    rulesets = [r for r in engine.rulesets.values() if r.scorer == name]
    draws = []
    for ruleset in rulesets:
        for table in TABLES:
            try:
                game.random_hand(rng, ruleset.rules, table)
            except ValueError:  # not played at a table of this size
                continue
            draws.append((ruleset.rules, table))
    hands = [game.random_hand(rng, *draws[i % len(draws)]) for i in range(count)]
    sizes = sorted({len(t) for _, t in draws})
    return hands, f"{len(rulesets)} ruleset(s), tables of {', '.join(map(str, sizes))}"


def _report(
    game: str, label: str, engine: Engine, hands: list[dict], repeat: int, forget: bool
) -> None:
    rates = []
    for _ in range(repeat):
        if forget:
            for ruleset in engine.rulesets.values():
                if hasattr(ruleset.rules, "forget"):  # a game that keeps a memo
                    ruleset.rules.forget()
        start = time.perf_counter()
        for hand in hands:
            engine.settle(hand)
        rates.append(len(hands) / (time.perf_counter() - start))
    print(
        f"  {game} {label}: median {statistics.median(rates):,.0f} hands/s "
        f"(best {max(rates):,.0f}, worst {min(rates):,.0f}, {repeat} runs)"
    )


if __name__ == "__main__":
    main()

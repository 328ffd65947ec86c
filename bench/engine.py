"""Settling speed of the pure engine: 10,000 legal hands, validation included.

Run: .venv/bin/python bench/engine.py [--hands N] [--seed S]
JSON parsing is excluded (the hands are dicts already); validation and settlement are in.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from ulti_ledger.samples import random_hand
from ulti_ledger.settlement import Engine


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()

    engine = Engine.builtin()
    rng = random.Random(args.seed)
    hands = []
    for i in range(args.hands):
        ruleset = engine.rulesets["ulti" if i % 3 else "ulti-szinlicites"]
        sitting_out = ("D",) if i % 2 else ()
        hands.append(random_hand(rng, ruleset.rules, sitting_out=sitting_out))

    rates = []
    for _ in range(args.repeat):
        start = time.perf_counter()
        for hand in hands:
            engine.settle(hand)
        elapsed = time.perf_counter() - start
        rates.append(len(hands) / elapsed)
    print(f"hands: {len(hands)} (both rulesets, half at four-player tables)")
    print(
        f"settle incl. validation: median {statistics.median(rates):,.0f} hands/s "
        f"(best {max(rates):,.0f}, worst {min(rates):,.0f}, {args.repeat} runs)"
    )


if __name__ == "__main__":
    main()

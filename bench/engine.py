"""Settling speed of the pure engine: 10,000 legal hands, validation included.

Run: .venv/bin/python bench/engine.py [--hands N] [--seed S] [--repeat R]
JSON parsing is excluded (the hands are dicts already); validation and settlement are in.

The engine remembers validated seatings and component/silent lists (games/ulti/hand.py,
MEMO_SIZE), as a table repeats them all night. Two figures: every run from an empty memo
(what settling these hands once costs, in a fresh process), and every run with the memo
the earlier runs left (a running app). Timings on a shared machine are noisy: the median
and the best of the runs are printed.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from ulti_ledger.games import REGISTRY
from ulti_ledger.samples import random_hand
from ulti_ledger.settlement import Engine


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()

    engine = REGISTRY.engine()
    rng = random.Random(args.seed)
    hands = []
    for i in range(args.hands):
        ruleset = engine.rulesets["ulti" if i % 3 else "ulti-szinlicites"]
        table = ("A", "B", "C", "D") if i % 2 else ("A", "B", "C")  # D deals and sits out
        hands.append(random_hand(rng, ruleset.rules, table))
    print(f"hands: {len(hands)} (both rulesets, half at four-player tables)")
    _report("settle incl. validation, empty memo", engine, hands, args.repeat, forget=True)
    _report("settle incl. validation, memo kept", engine, hands, args.repeat, forget=False)


def _report(label: str, engine: Engine, hands: list[dict], repeat: int, forget: bool) -> None:
    rates = []
    for _ in range(repeat):
        if forget:
            for ruleset in engine.rulesets.values():
                ruleset.rules.forget()
        start = time.perf_counter()
        for hand in hands:
            engine.settle(hand)
        rates.append(len(hands) / (time.perf_counter() - start))
    print(
        f"{label}: median {statistics.median(rates):,.0f} hands/s "
        f"(best {max(rates):,.0f}, worst {min(rates):,.0f}, {repeat} runs)"
    )


if __name__ == "__main__":
    main()

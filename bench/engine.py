"""Settling speed of the pure engine per registered game: 10,000 legal hands each,
validation included, timed by pyperf over several fresh processes.

Run: .venv/bin/python bench/engine.py [--hands N] [--seed S] [--game NAME] [pyperf options]
(``--fast`` for a quick look, ``--rigorous`` for more processes; ``-o FILE`` keeps every
value for ``python -m pyperf compare_to``). ``--digest`` times nothing: it prints, per game,
a SHA-256 of every payment and score of the same hands, so that a move of the code can be
shown to leave the engine's results as they were (compare the lines before and after).
JSON parsing is excluded (the hands are dicts already); validation and settlement are in.

Each game's hands are drawn by its own ``random_hand`` through the registry, over each of
its shipped rulesets, at every table size it is played at; Ulti's keep the mix the README's
earlier figures were taken on (both rulesets, two in three standard; half at four-player
tables, where the dealer sits out).

A game may remember what it checked (seatings, figure or component entries: the rulesets'
``forget()``), as a table repeats them all night. Two figures: every run from an empty memo
(what settling these hands once costs, in a fresh process), and every run with the memo the
earlier runs left (a running app); a game that keeps no memo has the same two.

Why pyperf: on a shared machine one process can run slow for its whole life (its memory
layout, its hash seed, a neighbour's load), so the runs of a single process agree with
each other and not with the next process. pyperf spreads the runs over fresh processes
(each drawing the same hands from the same seed) and reports their spread; the line after
each benchmark turns its median into hands per second.
"""

from __future__ import annotations

import hashlib
import json
import random
import time
from typing import Any

import pyperf

from ulti_ledger.games import REGISTRY
from ulti_ledger.settlement import Engine

TABLES = (("A", "B", "C"), ("A", "B", "C", "D"), ("A", "B", "C", "D", "E"))


def main() -> None:
    runner = pyperf.Runner(processes=10, values=5, add_cmdline_args=_worker_args)
    parser = runner.argparser
    parser.description = __doc__.splitlines()[0]
    parser.add_argument("--hands", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--game", choices=sorted(REGISTRY), help="only this game")
    parser.add_argument("--digest", action="store_true", help="print the results' digests")
    args = runner.parse_args()

    engine = REGISTRY.engine()
    if args.digest:
        for name in REGISTRY:
            if not args.game or name == args.game:
                hands, _ = game_hands(engine, name, args.hands, random.Random(args.seed))
                print(f"  {name} results digest ({len(hands):,} hands): {digest(engine, hands)}")
        return
    for name in REGISTRY:
        if args.game and name != args.game:
            continue
        hands, mix = game_hands(engine, name, args.hands, random.Random(args.seed))
        for label, forget in (("empty memo", True), ("memo kept", False)):
            bench = runner.bench_time_func(
                f"{name}, {label}", _settle_all, engine, hands, forget, inner_loops=len(hands)
            )
            if bench is not None and not args.worker:  # the parent, with every worker's values
                _report(name, label, mix, len(hands), bench)


def _worker_args(cmd: list[str], args: Any) -> None:
    """Our options, passed on to pyperf's worker processes."""
    cmd += ["--hands", str(args.hands), "--seed", str(args.seed)]
    if args.game:
        cmd += ["--game", args.game]


def _settle_all(loops: int, engine: Engine, hands: list[dict], forget: bool) -> float:
    """Seconds to settle every hand ``loops`` times, from an empty memo each time where
    ``forget`` (emptying it is not timed)."""
    total = 0.0
    for _ in range(loops):
        if forget:
            for ruleset in engine.rulesets.values():
                if hasattr(ruleset.rules, "forget"):  # a game that keeps a memo
                    ruleset.rules.forget()
        start = time.perf_counter()
        for hand in hands:
            engine.settle(hand)
        total += time.perf_counter() - start
    return total


def digest(engine: Engine, hands: list[dict]) -> str:
    """A SHA-256 of what the engine says of each hand: its payments, score and kitty."""
    sha = hashlib.sha256()
    for hand in hands:
        result = engine.settle(hand)
        facts = [result.payments, result.score, result.kitty]
        sha.update(json.dumps(facts, sort_keys=True, default=repr).encode())
    return sha.hexdigest()


def _report(name: str, label: str, mix: str, count: int, bench: pyperf.Benchmark) -> None:
    values = bench.get_values()  # seconds a hand, one per timed run
    processes = sum(1 for run in bench.get_runs() if run.values)
    print(
        f"  {name} settle incl. validation, {label}: median {1 / bench.median():,.0f} hands/s "
        f"(slowest run {1 / max(values):,.0f}, fastest {1 / min(values):,.0f}; "
        f"{len(values)} runs of {count:,} hands in {processes} processes; {mix})"
    )


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


if __name__ == "__main__":
    main()

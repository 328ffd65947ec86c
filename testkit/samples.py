"""Sample data for tests, benchmarks and demo data: session bodies and random legal hands.

It lives in the package, not under tests/, so that the bench/ scripts can import it too.
The hands are the game's own (``random_hand``, a part of the game contract in
``games/README.md``): each is one the engine accepts, and this module names no game.
"""

from __future__ import annotations

import datetime as dt
import random
from collections.abc import Mapping, Sequence
from typing import Any

from ulti_ledger.games import REGISTRY, builtin_engine
from ulti_ledger.settlement.session import SESSION_FORMAT

PLAYERS = ("Anna", "Béla", "Csaba", "Dóra")
RULESET = REGISTRY.default_ruleset
"""The ruleset of a sample session unless a test names another: the first game's own."""


def session_body(**overrides: Any) -> dict[str, Any]:
    """A session@1 body without hands: the default ruleset and options, 10 HUF a unit, four
    players.

    The defaults are new dicts and lists on every call, so a caller may change them freely;
    ``overrides`` replace or add top-level keys (a test's own stakes, names or hands).
    """
    body: dict[str, Any] = {
        "format": SESSION_FORMAT,
        "ruleset": RULESET,
        "options": {},
        "unit_value": {"amount": "10", "currency": "HUF"},
        "players": list(PLAYERS),
    }
    body.update(overrides)
    return body


def random_session(
    seats: tuple[str, ...],
    hands: int,
    *,
    seed: int,
    name: str,
    ruleset: str = RULESET,
    options: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """A session@1 body of ``hands`` random legal hands; the dealer rotates and sits out.

    The same ``seed`` gives the same hands, so a test's sheet and a benchmark's timings
    repeat from run to run. ``options``: the evening's house rules (the hands are legal
    under them).
    """
    rng = random.Random(seed)
    shipped = builtin_engine().rulesets[ruleset]
    rules, seating = shipped.resolve(options or {}), shipped.seating(options or {})
    body = []
    for number in range(hands):
        deal = seating.deal(seats, seats[number % len(seats)])  # the game's own rotation
        hand = random_hand(rng, rules, (*deal.players, *deal.sitting_out))
        hand.pop("ruleset")
        body.append({"dealer": deal.dealer, **hand})
    chosen = {"options": dict(options)} if options else {}
    return session_body(name=name, ruleset=ruleset, players=list(seats), hands=body, **chosen)


def random_hand(rng: random.Random, rules: Any, players: Sequence[str]) -> dict[str, Any]:
    """A legal hand of the game of ``rules`` (its ``random_hand``), in the hand format.

    ``players``: the table from the first bidder on, the dealer last; the game decides who
    of them sits out (``rules`` say how many play).
    """
    return REGISTRY[rules.scorer].random_hand(rng, rules, players)


def group_sessions(
    evenings: int, members: int, hands: int, *, seed: int = 2026, table: int = 4
) -> list[dict[str, Any]]:
    """Bodies of ``evenings`` evenings of one group of ``members`` players, ``table`` at
    each, every member at some table (when ``evenings * table >= members``), one a week
    from 2016-01-05: the largest group allowed (``ledger.limits``), for its tests and the
    season report's bench."""
    names = [f"Tag {number:02d}" for number in range(members)]
    first = dt.date(2016, 1, 5)
    bodies = []
    for number in range(evenings):
        seats = tuple(names[(number * table + k) % members] for k in range(table))
        body = random_session(seats, hands, seed=seed + number, name=f"Este {number + 1}")
        body["date"] = (first + dt.timedelta(weeks=number)).isoformat()
        bodies.append(body)
    return bodies

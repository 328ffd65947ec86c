"""Every game's row says what decided the hand (issue 24, "the reason on the row").

The scoreboard row and the hand form's preview title show the game's ``row``: its
``notation`` and its ``tags``. For every registered game and every shipped ruleset, at
every table size, random legal hands are changed one fact at a time (a flag flipped, a
number moved, a word swapped for another the game's hands use at the same place, a key
added that other hands have): wherever the change alters what anyone pays (the payments,
the game's score column or the kitty), the row's text must change too, so no amount on
the sheet stands without its reason. Who played which part is read from the columns of
amounts, so a change of a player's name is not asked of the row.
"""

from __future__ import annotations

import copy
import random
from collections import defaultdict
from collections.abc import Iterator
from typing import Any

import pytest

from tests.engine_helpers import ENGINE
from ulti_ledger.settlement.errors import HandError

RULESETS = sorted(ENGINE.rulesets)
LANGS = ("hu", "en", "de")
SKIP = {"ruleset", "options", "players", "sitting_out", "dealer"}
"""What every hand has and no payment reason is: the table itself."""


def _tables(ruleset: Any) -> list[tuple[str, ...]]:
    return [tuple(f"P{i}" for i in range(n)) for n in ruleset.seating().sizes]


def _walk(value: Any, path: tuple, names: set[str]) -> Iterator[tuple[tuple, Any]]:
    """Every place of a hand's facts with its value, players' names read past."""
    if isinstance(value, dict):
        for key, item in value.items():
            if path == () and key in SKIP:
                continue
            yield from _walk(item, (*path, "<name>" if key in names else key), names)
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _walk(item, (*path, index), names)
    else:
        yield path, value


def _pattern(path: tuple) -> tuple:
    return tuple("*" if isinstance(p, int) else p for p in path)


def _parents(facts: dict[str, Any], names: set[str]) -> Iterator[tuple[tuple, dict]]:
    """Every object in the facts with its place (where a missing key could be added)."""
    stack: list[tuple[tuple, Any]] = [((), facts)]
    while stack:
        path, value = stack.pop()
        if isinstance(value, dict):
            yield path, value
            for key, item in value.items():
                if path == () and key in SKIP:
                    continue
                stack.append(((*path, "<name>" if key in names else key), item))
        elif isinstance(value, list):
            stack.extend(((*path, i), item) for i, item in enumerate(value))


def _set(facts: dict[str, Any], path: tuple, value: Any, names: list[str]) -> dict[str, Any]:
    out = copy.deepcopy(facts)
    node: Any = out
    for step in path[:-1]:
        node = node[_key(node, step, names)]
    node[_key(node, path[-1], names)] = value
    return out


def _key(node: Any, step: Any, names: list[str]) -> Any:
    if step == "<name>":
        return next(k for k in node if k in names)
    return step


def _alternatives(value: Any, seen: set) -> list[Any]:
    if isinstance(value, bool):
        return [not value]
    if isinstance(value, int):
        return [value - 1, value + 1, value - 30, value + 30, *(v for v in seen if v != value)]
    if isinstance(value, str):
        return [v for v in seen if v != value]
    return [v for v in seen if v != value]


def _paid(data: dict[str, Any]) -> Any:
    s = ENGINE.settle(data)
    kitty = None if s.kitty is None else repr(s.kitty)
    return dict(s.payments), dict(s.score or {}), kitty


def _row_text(game: Any, data: dict[str, Any], rules: Any, lang: str) -> str:
    row = game.row(data, game.parse_hand(data, rules, {}), rules, lang)
    return " | ".join([row["notation"], *(text for _, text in row["sheet"]["tags"])])


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_every_fact_that_changes_a_payment_changes_the_row(ruleset_id):
    ruleset = ENGINE.rulesets[ruleset_id]
    game, rules = ruleset.scorer_module, ruleset.rules
    rng = random.Random(24)
    hands = []
    for table in _tables(ruleset):
        hands += [(table, game.random_hand(rng, rules, table)) for _ in range(60)]
    seen: dict[tuple, set] = defaultdict(set)
    for table, facts in hands:
        for path, value in _walk(facts, (), set(table)):
            if not (isinstance(value, str) and value in table):
                seen[_pattern(path)].add(value if not isinstance(value, list) else None)
    checked, misses = 0, {}
    for number, (table, facts) in enumerate(hands):
        data = {**facts, "ruleset": ruleset_id}
        names = set(table)
        before = _paid(data)
        lang = LANGS[number % len(LANGS)]
        text = _row_text(game, data, rules, lang)
        changes: list[tuple[tuple, Any]] = []
        for path, value in _walk(facts, (), names):
            if isinstance(value, str) and value in names:
                continue
            changes += [(path, alt) for alt in _alternatives(value, seen[_pattern(path)])]
        for path, node in _parents(facts, names):
            for pattern, values in seen.items():
                if len(pattern) == len(path) + 1 and pattern[:-1] == _pattern(path):
                    key = pattern[-1]
                    if key not in ("*", "<name>") and key not in node:
                        changes += [((*path, key), v) for v in values if v is not None]
        for path, alt in changes:
            changed = _set(data, path, alt, list(names))
            try:
                after = _paid(changed)
            except (HandError, ValueError, TypeError):
                continue  # not a legal hand: the form and the engine refuse it
            if after == before:
                continue
            checked += 1
            if _row_text(game, changed, rules, lang) == text:
                misses.setdefault(_pattern(path), f"{path}={alt!r} in {facts}: {text!r}")
    assert checked > 20, "too few facts changed a payment: the test checks nothing"
    assert not misses, "changes of payment the row does not show:\n" + "\n".join(misses.values())

"""Every house-rule option of every shipped ruleset of every game changes what the ruleset
says (issue 25; RULES.md "Decisions for the other games": "an option that a ruleset
offers must change what it says, in every ruleset that offers it").

For each option and each of its choices other than the default, a bounded search looks for
one hand whose result differs between the two: its payments, its score column, what it
does to the kitty (and the kitty's account, where the game keeps one), or its refusal (the
key and code). The hands searched are the game's own random hands (``random_hand``, drawn
under either reading, at every table size the rules allow) and the hands of the game's
vectors (each game's folder's, ``ulti_ledger/games/<game>/vectors/``), so an option added
later is covered by the vector that every choice must have. An option that only seats the
table (``seating``) must change the seating instead. The search is seeded: a run repeats.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from itertools import chain
from typing import Any

import pytest

from tests.engine_helpers import ENGINE, vector_files
from ulti_ledger.settlement import HandError, LedgerError

TRIES = 400
"""Random hands drawn per reading and table size before the search gives up."""
VECTOR_FILES = [*vector_files("public").values(), *vector_files("own").values()]


def _vector_hands(ruleset_id: str) -> list[dict[str, Any]]:
    """The hands of every vector of ``ruleset_id``, shared and own."""
    out = []
    for path in VECTOR_FILES:
        for case in json.loads(path.read_text(encoding="utf-8")):
            evening = case.get("evening")
            if evening is None:
                hands = [case["hand"]]
            else:  # an evening's hands carry its ruleset and options
                common = {"ruleset": evening["ruleset"], "options": evening.get("options", {})}
                hands = [{**common, **h} for h in evening["hands"]]
            out += [h for h in hands if h.get("ruleset") == ruleset_id]
    return out


def _choices(option: Any) -> list[Any]:
    """Every value of an option: its choices, or each whole number of its range."""
    if option.choices is not None:
        return list(option.choices)
    return list(range(option.minimum, option.maximum + 1))


def _cases() -> Iterator[Any]:
    for ruleset_id, ruleset in sorted(ENGINE.rulesets.items()):
        for name, option in ruleset.options.items():
            for value in _choices(option):
                if ruleset.options[name].normalize(value) != option.default:
                    yield pytest.param(ruleset_id, name, value, id=f"{ruleset_id}-{name}-{value}")


def _outcome(hand: dict[str, Any], options: dict[str, Any]) -> tuple:
    """What the ruleset says of ``hand`` under ``options``: its result, or its refusal."""
    data = {**hand, "options": {**(hand.get("options") or {}), **options}}
    try:
        hand_value, rules = ENGINE.parse(data)
        result = ENGINE.games[rules.scorer].settle(hand_value, rules)
    except (HandError, LedgerError) as refused:
        return ("refused", getattr(refused, "key", None), getattr(refused, "code", None))
    table = len(hand_value.players) + len(hand_value.sitting_out)
    account = ENGINE.games[rules.scorer].kitty_account(rules, table)
    score = dict(result.score) if result.score is not None else None
    return ("settled", dict(result.payments), score, result.kitty, account)


def _table_sizes(ruleset: Any, options: dict[str, Any]) -> list[int]:
    return sorted(ruleset.seating(options).tables)


def _random_hands(ruleset_id: str, options: dict[str, Any], seed: int) -> Iterator[dict]:
    ruleset = ENGINE.ruleset(ruleset_id)
    rules = ruleset.resolve(options)
    module = ENGINE.games[rules.scorer]
    rng = random.Random(seed)
    names = ["Anna", "Béla", "Csaba", "Dóra", "Ede", "Feri"]
    for size in _table_sizes(ruleset, options):
        for _ in range(TRIES):
            hand = module.random_hand(rng, rules, names[:size])
            hand["ruleset"] = ruleset_id
            hand.pop("options", None)
            yield hand


def _contexts(ruleset_id: str, name: str) -> Iterator[dict[str, Any]]:
    """The other options' settings to search under: the defaults first, then each other
    option at each of its other values (Skat's ``ramsch_variant`` speaks only where
    ``all_pass`` is ``ramsch``)."""
    yield {}
    for other, option in ENGINE.ruleset(ruleset_id).options.items():
        if other != name and not option.seating:
            for value in _choices(option):
                if option.normalize(value) != option.default:
                    yield {other: value}


def _differs(ruleset_id: str, name: str, value: Any) -> tuple[dict, dict] | None:
    """A hand whose outcome differs between ``value`` and the default, with the other
    options it was found under, or None."""
    default = ENGINE.ruleset(ruleset_id).options[name].default
    vectors = _vector_hands(ruleset_id)
    for number, context in enumerate(_contexts(ruleset_id, name)):
        chosen, usual = {**context, name: value}, {**context, name: default}
        candidates = chain(  # drawn only as far as the search goes
            vectors,
            _random_hands(ruleset_id, chosen, 25 + number),
            _random_hands(ruleset_id, usual, 25 + number),
        )
        for hand in candidates:
            if _outcome(hand, chosen) != _outcome(hand, usual):
                return hand, context
    return None


@pytest.mark.parametrize(("ruleset_id", "name", "value"), list(_cases()))
def test_every_choice_of_every_option_changes_what_the_ruleset_says(ruleset_id, name, value):
    ruleset = ENGINE.ruleset(ruleset_id)
    option = ruleset.options[name]
    if option.seating:
        default = {name: option.default}
        assert ruleset.seating({name: value}) != ruleset.seating(default), (ruleset_id, name)
        return
    found = _differs(ruleset_id, name, value)
    assert found is not None, (
        f"{ruleset_id}: no hand found whose payment or refusal changes with "
        f"{name} = {value!r} (against the default {option.default!r}); give the choice a "
        "vector, or let the option change what it says"
    )


def test_the_search_can_fail():
    """An option whose choices set nothing would pass no hand: the search says so."""
    assert _outcome({"ruleset": "tarokk"}, {}) == _outcome({"ruleset": "tarokk"}, {})
    plain = {
        "ruleset": "tarokk",
        "players": ["S", "E", "N", "W"],
        "declarer": "S",
        "partner": "N",
        "contract": "harom",
        "game": {"won": True},
    }
    assert _outcome(plain, {"uhu_value": "20"}) == _outcome(plain, {"uhu_value": "15"})
    uhu = {
        **plain,
        "figures": [{"name": "pagat-uhu", "side": "declarer", "announced": True, "won": True}],
    }
    assert _outcome(uhu, {"uhu_value": "20"}) != _outcome(uhu, {"uhu_value": "15"})

"""The storage parts of the game contract, ``canonical`` and ``roles``, for Ulti."""

from __future__ import annotations

import random

import pytest

from tests.conftest import HAND_KINDS
from ulti_ledger.games import REGISTRY, builtin_engine

SEATS = ("Anna", "Béla", "Csaba", "Dóra", "Ede")


def parsed(data):
    engine = builtin_engine()
    hand, rules = engine.parse({"ruleset": "ulti", **data})
    return engine.game(rules.scorer), hand, rules


@pytest.mark.parametrize("kind", list(HAND_KINDS))
def test_canonical_gives_back_an_equal_hand(kind):
    game, hand, rules = parsed(HAND_KINDS[kind])
    stored = game.canonical(hand)
    assert "ruleset" not in stored and "options" not in stored
    assert game.parse_hand(stored, rules, hand.options) == hand
    assert game.canonical(game.parse_hand(stored, rules, {})) == stored
    assert list(stored) == [k for k in hand.to_dict() if k not in ("ruleset", "options")]


def test_canonical_is_the_same_for_any_key_order_and_spelled_out_defaults():
    game, hand, rules = parsed(
        {
            "components": [{"kontra": 0, "won": True, "open": False, "name": "parti"}],
            "colour": "piros",
            "outcome": "played",
            "declarer": "Anna",
            "sitting_out": ["Dóra"],
            "players": ["Anna", "Béla", "Csaba"],
        }
    )
    assert game.canonical(hand) == HAND_KINDS["piros passz"]
    assert list(game.canonical(hand)) == list(HAND_KINDS["piros passz"])


@pytest.mark.parametrize("kind", list(HAND_KINDS))
def test_roles_name_everyone_of_the_hand_once(kind):
    game, hand, _ = parsed(HAND_KINDS[kind])
    roles = game.roles(hand)
    data = HAND_KINDS[kind]
    assert set(roles) == {*data["players"], *data.get("sitting_out", ())}
    assert roles[data["declarer"]] == "declarer"
    assert {roles[n] for n in data.get("sitting_out", ())} <= {"sitting_out"}
    assert [n for n, r in roles.items() if r == "opponent"] == [
        n for n in data["players"] if n != data["declarer"]
    ]
    assert set(roles.values()) <= {"declarer", "partner", "opponent", "sitting_out"}


def test_random_ulti_hands_survive_storage():
    """Ulti's random legal hands, at every table size, stored and read back are the same."""
    name = "ulti"
    game = REGISTRY[name]
    rng = random.Random(12)
    for ruleset in builtin_engine().rulesets.values():
        if ruleset.scorer != name:
            continue
        for i in range(300):
            seats = SEATS[: ruleset.rules.active_players + i % (ruleset.rules.max_sitting_out + 1)]
            data = game.random_hand(rng, ruleset.rules, seats)
            hand = game.parse_hand(data, ruleset.rules, {})
            stored = game.canonical(hand)
            assert game.parse_hand(stored, ruleset.rules, {}) == hand
            assert set(game.roles(hand)) == {*hand.players, *hand.sitting_out}

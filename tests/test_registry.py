"""The game registry: every registered game provides every part of the contract."""

from __future__ import annotations

import types

import pytest

from ulti_ledger.games import REGISTRY, builtin_engine
from ulti_ledger.settlement import PARTS, Registry, RulesetError


@pytest.mark.parametrize("name", list(REGISTRY))
def test_every_registered_game_provides_every_part(name):
    game = REGISTRY[name]
    assert [part for part in PARTS if not hasattr(game, part)] == []
    assert game.NAME == name
    shipped = [r for r in builtin_engine().rulesets.values() if r.scorer == name]
    assert shipped, f"{name} ships no ruleset"
    assert all(r.scorer_module is game for r in shipped)


@pytest.mark.parametrize("part", list(PARTS))
def test_a_game_lacking_a_part_is_refused(part):
    game = types.ModuleType("made_up_game")
    for other in PARTS:
        setattr(game, other, getattr(REGISTRY["ulti"], other))
    game.NAME = "made-up"
    delattr(game, part)
    with pytest.raises(TypeError, match=f"lacks {part}"):
        Registry([game])


def test_two_games_of_one_name_are_refused():
    with pytest.raises(ValueError, match="two games are called 'ulti'"):
        Registry([REGISTRY["ulti"], REGISTRY["ulti"]])


def test_a_ruleset_naming_an_unregistered_game_is_refused():
    toml = builtin_engine().rulesets["ulti"].text.replace('scorer = "ulti"', 'scorer = "pinochle"')
    with pytest.raises(RulesetError, match="pinochle"):
        REGISTRY.parse_ruleset(toml, "pinochle.toml")

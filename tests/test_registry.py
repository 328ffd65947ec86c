"""The game registry: every registered game provides every part of the contract."""

from __future__ import annotations

import importlib
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
    assert name in {r.id for r in shipped}, f"{name} ships no ruleset of its own name"


def test_the_default_ruleset_is_the_first_games_own():
    first = next(iter(REGISTRY))
    assert REGISTRY.default_ruleset == first
    assert builtin_engine().rulesets[first].scorer == first


def test_a_game_without_a_ruleset_of_its_name_is_refused(tmp_path, monkeypatch):
    """A game package (a real one, on disk) whose only ruleset has another id."""
    package = tmp_path / "fake_game"
    (package / "rulesets").mkdir(parents=True)
    (package / "__init__.py").write_text("", encoding="utf-8")
    text = builtin_engine().rulesets["snapszer"].text
    text = text.replace('id = "snapszer"', 'id = "fake-house"')
    (package / "rulesets" / "fake-house.toml").write_text(
        text.replace('scorer = "snapszer"', 'scorer = "fake"'), encoding="utf-8"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    game = importlib.import_module("fake_game")
    for part in PARTS:
        setattr(game, part, getattr(REGISTRY["snapszer"], part))
    game.NAME = "fake"
    with pytest.raises(RulesetError, match="no shipped ruleset has the game's name"):
        Registry([game]).rulesets()
    (package / "rulesets" / "fake-house.toml").rename(package / "rulesets" / "fake.toml")
    text = (package / "rulesets" / "fake.toml").read_text(encoding="utf-8")
    (package / "rulesets" / "fake.toml").write_text(
        text.replace('id = "fake-house"', 'id = "fake"'), encoding="utf-8"
    )
    assert set(Registry([game]).rulesets()) == {"fake"}


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

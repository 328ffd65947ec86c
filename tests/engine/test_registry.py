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
    assert [p.name for p in PARTS.values() if p.required and not game.gives(p.name)] == []
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
    game.NAME = "fake"  # a package of its own name, with snapszer's parts
    with pytest.raises(RulesetError, match="no shipped ruleset has the game's name"):
        Registry([game]).rulesets()
    (package / "rulesets" / "fake-house.toml").rename(package / "rulesets" / "fake.toml")
    text = (package / "rulesets" / "fake.toml").read_text(encoding="utf-8")
    (package / "rulesets" / "fake.toml").write_text(
        text.replace('id = "fake-house"', 'id = "fake"'), encoding="utf-8"
    )
    assert set(Registry([game]).rulesets()) == {"fake"}


def _made_up(*left_out: str) -> types.ModuleType:
    """A game package with Ulti's parts but ``left_out``, called ``made-up``."""
    game = types.ModuleType("made_up_game")
    for part in PARTS:
        if part not in left_out:
            setattr(game, part, getattr(REGISTRY["ulti"], part))
    if "NAME" not in left_out:
        game.NAME = "made-up"
    return game


@pytest.mark.parametrize("part", [p.name for p in PARTS.values() if p.required])
def test_a_game_lacking_a_required_part_is_refused(part):
    with pytest.raises(TypeError, match=f"lacks {part}"):
        Registry([_made_up(part)])


@pytest.mark.parametrize("part", [p.name for p in PARTS.values() if not p.required])
def test_a_game_lacking_an_optional_part_answers_it_by_the_contract(part):
    """python-chess's variants: every game answers every part, the registry's default for
    one the package leaves out, so no caller asks whether a game has it."""
    game = Registry([_made_up(part)])["made-up"]
    assert getattr(game, part) is PARTS[part].default
    assert not game.gives(part)
    assert game.gives("settle") and game.settle is REGISTRY["ulti"].settle


def test_the_defaults_answer_nothing():
    """What a game without an optional part shows: no kitty, no proposal, no notices, the
    sheets' own score header, a ruleset as it is, and no statistics of its own."""
    game = Registry([_made_up(*(p.name for p in PARTS.values() if not p.required))])["made-up"]
    rules, raw = builtin_engine().rulesets["ulti"].rules, {"scorer": "made-up"}
    assert game.kitty_account(rules, 4) is None
    assert game.form_proposal([], rules) == {}
    assert game.form_refusal("players", "too_few", {}, rules, "hu") == (None, None)
    assert game.form_catalogue(rules, "hu") == {}
    assert game.score_label(rules, "hu") is None
    assert game.session_sheet([], ["A", "B", "C"], rules, "hu") == {"notices": [], "tallies": None}
    assert game.upgrade_ruleset(raw) is raw
    assert game.stats({}, None, rules) == {}
    assert game.stats_label("bids", "de") == "bids"
    assert game.STATS_DERIVED == ()
    with pytest.raises(KeyError, match="not a part"):
        game.gives("Hand")


def test_two_games_of_one_name_are_refused():
    with pytest.raises(ValueError, match="two games are called 'ulti'"):
        Registry([REGISTRY["ulti"].package, REGISTRY["ulti"].package])


def test_a_ruleset_naming_an_unregistered_game_is_refused():
    toml = builtin_engine().rulesets["ulti"].text.replace('scorer = "ulti"', 'scorer = "pinochle"')
    with pytest.raises(RulesetError, match="pinochle"):
        REGISTRY.parse_ruleset(toml, "pinochle.toml")

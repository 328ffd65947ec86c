"""The parts a game gives the outer layers, checked for every registered game: random
legal hands, the sheets' columns and cells, the API's hand schema, the CLI's table."""

from __future__ import annotations

import json
import random

import pytest

from tests.engine_helpers import ENGINE
from ulti_ledger import openapi
from ulti_ledger.games import REGISTRY
from ulti_ledger.pdf.hand_table import KINDS

RULESETS = sorted(ENGINE.rulesets)


def _tables(ruleset):
    """Every table size the ruleset seats (its ``[seating]``), named from the starter on."""
    return [tuple(f"P{i}" for i in range(n)) for n in ruleset.seating().sizes]


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_random_hands_are_legal_at_every_table_size(ruleset_id):
    ruleset = ENGINE.rulesets[ruleset_id]
    game, rules = ruleset.scorer_module, ruleset.rules
    rng = random.Random(2026)
    for table in _tables(ruleset):
        play = ruleset.seating().table(len(table)).play
        for _ in range(300):
            facts = game.random_hand(rng, rules, table)
            named = [*facts["players"], *facts.get("sitting_out", ())]
            assert sorted(named) == sorted(table) and len(facts["players"]) == play
            settlement = ENGINE.settle(facts)
            assert sum(settlement.payments.values()) == 0
            assert set(settlement.payments) == set(table)


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_a_table_the_rules_do_not_allow_is_refused(ruleset_id):
    ruleset = ENGINE.rulesets[ruleset_id]
    rules = ruleset.rules
    seating = ruleset.seating()
    too_many = tuple(f"P{i}" for i in range(seating.largest + 1))
    for table in (too_many[: seating.smallest - 1], too_many):
        with pytest.raises(ValueError, match="table of"):
            ruleset.scorer_module.random_hand(random.Random(1), rules, table)


@pytest.mark.parametrize("ruleset_id", RULESETS)
@pytest.mark.parametrize("lang", ["hu", "en"])
def test_every_row_fills_the_games_columns(ruleset_id, lang):
    ruleset = ENGINE.rulesets[ruleset_id]
    game, rules = ruleset.scorer_module, ruleset.rules
    columns = game.columns(rules, lang)
    assert columns and all(c["kind"] in KINDS and c["label"] for c in columns)
    keys = [c["key"] for c in columns]
    assert len(set(keys)) == len(keys)
    rng = random.Random(7)
    filled = set()
    tables = _tables(ruleset)
    for i in range(300):
        facts = game.random_hand(rng, rules, tables[i % len(tables)])
        row = game.row(facts, game.parse_hand(facts, rules, {}), rules, lang)
        sheet = row["sheet"]
        assert isinstance(row["notation"], str) and sheet["game"].startswith(row["notation"])
        assert set(sheet["cells"]) == set(keys)
        assert all(isinstance(cls, str) and isinstance(text, str) for cls, text in sheet["tags"])
        filled |= {key for key, text in sheet["cells"].items() if text}
    assert filled == set(keys), "a column that no hand ever fills"


def _check(value, schema, where="hand"):
    """A small JSON Schema check (no validator is installed): types, closed objects, enums."""
    if "$ref" in schema:
        assert isinstance(value, str) and value, where
        return
    if "oneOf" in schema or "anyOf" in schema:
        errors = []
        for option in schema.get("oneOf", schema.get("anyOf")):
            try:
                _check(value, option, where)
                return
            except AssertionError as exc:
                errors.append(exc)
        raise AssertionError(f"{where}: no option fits ({errors})")
    kind = schema.get("type")
    if "enum" in schema:
        assert value in schema["enum"], where
    elif kind == "null":
        assert value is None, where
    elif kind == "object":
        assert isinstance(value, dict), where
        properties = schema.get("properties", {})
        assert set(schema.get("required", ())) <= set(value), where
        for key, item in value.items():
            if key in properties:
                _check(item, properties[key], f"{where}.{key}")
            else:
                assert schema.get("additionalProperties") is not False, f"{where}.{key}"
    elif kind == "array":
        assert isinstance(value, list), where
        for i, item in enumerate(value):
            _check(item, schema["items"], f"{where}[{i}]")


@pytest.mark.parametrize("name", list(REGISTRY))
def test_the_hand_schema_describes_the_games_hands(name):
    game = REGISTRY[name]
    schema = game.hand_schema()
    assert schema["additionalProperties"] is False
    example = schema["examples"][0]
    assert ENGINE.rulesets[example["ruleset"]].scorer == name
    ENGINE.settle(example)
    _check(example, schema)
    for ruleset in (r for r in ENGINE.rulesets.values() if r.scorer == name):
        rng = random.Random(5)
        for table in _tables(ruleset):
            for _ in range(200):
                _check(game.random_hand(rng, ruleset.rules, table), schema)


def test_the_openapi_hand_is_any_registered_games_hand():
    hand = openapi.document()["components"]["schemas"]["Hand"]
    assert [option["title"] for option in hand["anyOf"]] == list(REGISTRY)
    assert all("dealer" in option["properties"] for option in hand["anyOf"])
    assert all("examples" not in option for option in hand["anyOf"])


@pytest.mark.parametrize("ruleset_id", RULESETS)
@pytest.mark.parametrize("lang", ["hu", "en"])
def test_the_rules_table_part_gives_json_text_and_a_summary(ruleset_id, lang):
    ruleset = ENGINE.rulesets[ruleset_id]
    part = ruleset.scorer_module.rules_table(ruleset.rules, lang)
    json.dumps(part["table"])
    assert part["text"] and all(isinstance(line, str) for line in part["text"])
    assert isinstance(part["summary"], str) and part["summary"]
    assert not {"id", "label", "description", "options"} & set(part["table"])  # the CLI's own


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_the_drawn_forms_values_give_the_same_hand_back(ruleset_id):
    """``form_values(facts, rules)`` and ``hand_from_form(values, rules)``, the contract's
    pair (games/README.md), take a recorded hand to the edit page's values and back to the
    same canonical hand, which the engine settles alike, for every registered game."""
    ruleset = ENGINE.rulesets[ruleset_id]
    game, rules = ruleset.scorer_module, ruleset.rules
    rng = random.Random(12)
    for table in _tables(ruleset):
        for _ in range(60):
            facts = {**game.random_hand(rng, rules, table), "ruleset": ruleset_id}
            deal = {
                "players": list(facts["players"]),
                "sitting_out": list(facts.get("sitting_out", ())),
                "dealer": facts.get("dealer") or table[-1],
                "first_bidder": facts["players"][0],
            }
            values = {**deal, **game.form_values(facts, rules)}
            hand = {**game.hand_from_form(values, rules), "ruleset": ruleset_id}
            assert hand.pop("dealer") == deal["dealer"]  # the ledger keeps the dealer
            assert ENGINE.settle(hand).payments == ENGINE.settle(facts).payments, facts
            # the edit page shows the hand as it was: the same canonical hand, not just the
            # same payments (a list's order aside: Ulti's form ticks silent figures in its own)
            back, recorded = (game.canonical(game.parse_hand(h, rules, {})) for h in (hand, facts))
            assert _unordered(back) == _unordered(recorded), facts


def _unordered(value):
    """``value`` with every list of objects (figures, announcements) sorted; a list of
    names (the seating) keeps its order, which matters."""
    if isinstance(value, dict):
        return {key: _unordered(item) for key, item in value.items()}
    if isinstance(value, list):
        items = [_unordered(item) for item in value]
        if all(isinstance(item, dict) for item in items):
            return sorted(items, key=lambda item: json.dumps(item, sort_keys=True))
        return items
    return value

"""The layers outside the games name no game's fact key (issue 12: a game is one package).

A fact key of a game is what its hands hold and the other games' do not: the properties
of its ``hand_schema`` (nested objects' too) and the keys of its own that its ``row``
adds to the scoreboard's hands, less the keys every game shares (the spec's "Other
games": ruleset, options, players, sitting_out, declarer, outcome, renonsz), the role
names of the contract's ``roles`` part, and the generic words that nested facts of any
game use (a name, a player, won, open). Outside ``games/`` none of them is a string
literal, so that no module of the ledger, views, PDF or CLI reads a game's facts itself;
what still does is listed, per module, and the list may only shrink. A helper that games
share lives in the core all the same (``test_games_do_not_repeat``): it takes the game's key
as a parameter (``settlement/doubling.py``; games/README.md, "What games share").
"""

from __future__ import annotations

import ast
import random

from tests.engine_helpers import ENGINE, REPO
from ulti_ledger.games import REGISTRY

PACKAGE = REPO / "ulti_ledger"
GAMES = PACKAGE / "games"
SHARED = {"ruleset", "options", "players", "sitting_out", "declarer", "outcome", "renonsz"}
ROLES = {"declarer", "partner", "opponent", "sitting_out"}
GENERIC = {"name", "player", "won", "open", "hand", "game"}
"""Keys of a game's facts (a snapszer hand's ``won``, an Ulti component's) that are plain
words any game's facts use. Skat's ``hand`` (a hand game) and ``game`` (Grand, Null...)
spell the words every layer uses for a recorded hand and the sheets' game column."""
NEUTRAL_ROW = {"notation", "sheet"}
"""The keys of a ``row`` that every game gives (games/README.md)."""

STILL_READING_FACTS: dict[str, set[str]] = {}
"""Modules outside ``games/`` whose string literals still name a game's fact keys, and
which keys. It may only shrink: a new one fails, and so does an entry no longer true."""
NOT_FACTS = {
    "ulti_ledger/openapi/__init__.py": {"components"},  # OpenAPI's own word
    # tarokk's ``game`` (the parti) and ``count`` (a tarokkszám) spell the row's ``game``
    # column (games/README.md, part ``row``) and a limit message's count
    "ulti_ledger/ledger/exchange.py": {"game"},
    "ulti_ledger/pdf/hand_table.py": {"game"},
    "ulti_ledger/ledger/limits.py": {"count"},
}
"""Literals that spell a fact key and mean something else: OpenAPI's own ``components``
object of the document; the
sheets' ``game`` column; a count of things."""


def _nested(schema: dict) -> set[str]:
    """Every property name below the top level of a JSON Schema."""
    found: set[str] = set()
    for child in _children(schema):
        found |= set(child.get("properties", {})) | _nested(child)
    return found


def _children(schema: dict) -> list[dict]:
    out = [v for v in schema.get("properties", {}).values() if isinstance(v, dict)]
    for key in ("items", "oneOf", "anyOf"):
        value = schema.get(key)
        out += value if isinstance(value, list) else [value] if isinstance(value, dict) else []
    return [c for child in out for c in ([child] if "properties" in child else _children(child))]


def _row_keys(game) -> set[str]:
    """The keys a game's ``row`` gives, from a few of its random hands."""
    keys: set[str] = set()
    for ruleset in (r for r in ENGINE.rulesets.values() if r.scorer == game.NAME):
        rules, rng = ruleset.rules, random.Random(12)
        table = [f"P{i}" for i in range(ruleset.seating().smallest)]
        for _ in range(20):
            facts = game.random_hand(rng, rules, table)
            keys |= set(game.row(facts, game.parse_hand(facts, rules, {}), rules, "en"))
    return keys


def fact_keys() -> set[str]:
    keys: set[str] = set()
    for game in REGISTRY.values():
        schema = game.hand_schema()
        keys |= (set(schema["properties"]) | _nested(schema)) - GENERIC
        keys |= _row_keys(game) - NEUTRAL_ROW
    return keys - SHARED - ROLES


def _literals(text: str, words: set[str]) -> set[str]:
    """The string constants of ``text`` (Python source) that are one of ``words``;
    docstrings and comments are prose and do not count (``ast.Constant`` exactly)."""
    return {
        node.value
        for node in ast.walk(ast.parse(text))
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in words
    }


def test_the_fact_keys_come_from_the_games():
    keys = fact_keys()
    assert {"colour", "components", "silent", "kontra", "contract", "kontras"} <= keys
    assert not keys & (SHARED | GENERIC)


def test_no_module_outside_the_games_names_a_games_fact_key():
    keys = fact_keys()
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        if GAMES in path.parents:
            continue
        name = str(path.relative_to(REPO))
        hits = _literals(path.read_text(encoding="utf-8"), keys) - NOT_FACTS.get(name, set())
        if hits:
            found[name] = hits
    assert found == STILL_READING_FACTS


def test_the_check_itself_would_catch_a_fact_key():
    text = '"""colour in prose"""\nx = hand.get("colour")\n# "silent"\ny = {"name": 1}\n'
    assert _literals(text, {"colour", "silent", "name"}) == {"colour", "name"}

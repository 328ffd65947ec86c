"""The game registry: what every layer asks, so that no layer outside a game names one.

A game is a package (``ulti_ledger/games/<name>/``) whose module provides the parts in
``PARTS``, and a ``rulesets/`` folder of TOML files whose ``scorer`` key names the game.
The registry holds the games by name, in the style of python-chess's variant list: the
code that settles, stores or shows a hand asks the registry for the hand's game and then
asks the game, never which game it has. ``games/README.md`` is the written contract.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from importlib import resources
from pathlib import Path
from types import ModuleType

from .engine import Engine
from .errors import RulesetError
from .loader import Ruleset, load_ruleset_file, parse_ruleset
from .words import RULE_CONTEXT, GameWords, package_words

PARTS: dict[str, str] = {
    "NAME": "the game's id, as ruleset files name it in `scorer`",
    "TITLE": "the game's name as players say it (a game term: the same in every UI language)",
    "SECTIONS": "the ruleset-file sections the game reads and checks itself",
    "build_rules": "build_rules(raw, source): the resolved rules of one set of options",
    "parse_hand": "parse_hand(data, rules, options): a validated hand, or a HandError",
    "settle": "settle(hand, rules): the hand's Settlement (zero-sum payments, lines)",
    "describe": "describe(line, lang): one line of the explanation in a UI language",
    "hand_form": "hand_form(rules, lang): the hand form as data (fields, presets, rules)",
    "canonical": "canonical(hand): the hand-format JSON storage keeps (no ruleset, options)",
    "roles": "roles(hand): each named player's role (declarer, partner, opponent, sitting_out)",
    "random_hand": "random_hand(rng, rules, players): a random legal hand (hand format)",
    "columns": "columns(rules, lang): the sheets' columns of the game (key, label, kind)",
    "hand_schema": "hand_schema(): the game's hand as JSON Schema, with an example hand",
    "rules_table": "rules_table(rules, lang): the game's values for `rules show` and `list`",
    "row": "row(facts, hand, rules, lang): a hand's notation and its sheet cells and tags",
    "hand_from_form": "hand_from_form(values, rules): the hand the drawn form's values describe",
    "form_values": "form_values(facts, rules): a recorded hand as the drawn form's values",
}
"""Every part a game must provide; ``Registry`` refuses a game that lacks one."""


class Registry(Mapping[str, ModuleType]):
    """The registered games by name, each checked to provide every part of the contract."""

    def __init__(self, games: Iterable[ModuleType]) -> None:
        self._games: dict[str, ModuleType] = {}
        for game in games:
            missing = [part for part in PARTS if not hasattr(game, part)]
            if missing:
                raise TypeError(f"game {game.__name__} lacks {', '.join(missing)}")
            if game.NAME in self._games:
                raise ValueError(f"two games are called {game.NAME!r}")
            self._games[game.NAME] = game

    def __getitem__(self, name: str) -> ModuleType:
        return self._games[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._games)

    def __len__(self) -> int:
        return len(self._games)

    def __repr__(self) -> str:
        return f"Registry([{', '.join(self._games)}])"

    @property
    def default_ruleset(self) -> str:
        """The ruleset a new evening proposes: the first registered game's own, whose id is
        the game's name (every game ships ``<NAME>.toml``; ``rulesets`` checks it)."""
        return next(iter(self._games))

    def rule_words(self, name: str) -> GameWords:
        """Game ``name``'s house rules in its players' words, ``words[lang][key]``: its own
        domain's ``msgctxt "rule"``, keyed ``<option>`` (what the option decides) and
        ``<option>.<value>`` (what a choice means). Two games may name an option alike and
        word it each their own way; a key the game has no text for raises ``KeyError``."""
        return package_words(self._games[name], RULE_CONTEXT)

    def parse_ruleset(self, text: str, source: str) -> Ruleset:
        """A ruleset from a file's text; its ``scorer`` must be one of these games, and a
        file it ``extends`` is one of the games' shipped files."""
        return parse_ruleset(text, source, self, self.shipped_file)

    def load_ruleset_file(self, path: str | Path) -> Ruleset:
        return load_ruleset_file(path, self, self.shipped_file)

    def shipped_file(self, name: str) -> str | None:
        """The text of a shipped ruleset file (``<game>/rulesets/NAME``), or None."""
        for game in self._games.values():
            entry = resources.files(game.__name__).joinpath("rulesets", name)
            if "/" not in name and entry.is_file():
                return entry.read_text(encoding="utf-8")
        return None

    def rulesets(self) -> dict[str, Ruleset]:
        """Every game's shipped rulesets (``<game>/rulesets/*.toml``), by ruleset id."""
        found: dict[str, Ruleset] = {}
        for game in self._games.values():
            folder = resources.files(game.__name__).joinpath("rulesets")
            for entry in sorted(folder.iterdir(), key=lambda e: e.name):
                if not entry.name.endswith(".toml"):
                    continue
                ruleset = self.parse_ruleset(entry.read_text(encoding="utf-8"), entry.name)
                if ruleset.scorer != game.NAME:
                    raise RulesetError(entry.name, "scorer", f"must be {game.NAME!r} here")
                if ruleset.id in found:
                    raise RulesetError(entry.name, "id", f"{ruleset.id!r} is taken")
                found[ruleset.id] = ruleset
            if game.NAME not in found:
                raise RulesetError(game.NAME, "id", "no shipped ruleset has the game's name")
        return found

    def engine(self) -> Engine:
        """An engine over every shipped ruleset of every game."""
        return Engine(self.rulesets())

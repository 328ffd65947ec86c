"""The game registry: what every layer asks, so that no layer outside a game names one.

A game is a package (``ulti_ledger/games/<name>/``) that gives the required parts of
``contract.PARTS``, and a ``rulesets/`` folder of TOML files whose ``scorer`` key names the
game. The registry holds the games by name, in the style of python-chess's variant list,
each as a ``contract.Game`` that answers every part (an optional one the package leaves
out by the contract's default): the code that settles, stores or shows a hand asks the
registry for the hand's game and then asks the game, never which game it has, nor whether
it has a part. ``games/README.md`` is the written contract.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from importlib import resources
from pathlib import Path
from types import ModuleType

from .contract import PARTS, Game, Part
from .engine import Engine
from .errors import RulesetError
from .loader import Ruleset, load_ruleset_file, parse_ruleset
from .messages import REFUSAL_CONTEXT, add_game_words
from .words import RULE_CONTEXT, GameWords, package_words

__all__ = ["PARTS", "Game", "Part", "Registry"]


class Registry(Mapping[str, Game]):
    """The registered games by name, each checked to give every required part."""

    def __init__(self, packages: Iterable[ModuleType]) -> None:
        self._games: dict[str, Game] = {}
        for package in packages:
            game = Game(package)  # refuses a package that lacks a required part
            if game.NAME in self._games:
                raise ValueError(f"two games are called {game.NAME!r}")
            self._games[game.NAME] = game
            if getattr(package, "__file__", None):  # a package on disk: its refusals' words
                add_game_words(package_words(package, REFUSAL_CONTEXT))

    def __getitem__(self, name: str) -> Game:
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
        return package_words(self._games[name].package, RULE_CONTEXT)

    def parse_ruleset(self, text: str, source: str) -> Ruleset:
        """A ruleset from a file's text; its ``scorer`` must be one of these games, and a
        file it ``extends`` is one of the games' shipped files."""
        return parse_ruleset(text, source, self, self.shipped_file)

    def load_ruleset_file(self, path: str | Path) -> Ruleset:
        return load_ruleset_file(path, self, self.shipped_file)

    def shipped_file(self, name: str) -> str | None:
        """The text of a shipped ruleset file (``<game>/rulesets/NAME``), or None."""
        for game in self._games.values():
            entry = resources.files(game.package.__name__).joinpath("rulesets", name)
            if "/" not in name and entry.is_file():
                return entry.read_text(encoding="utf-8")
        return None

    def rulesets(self) -> dict[str, Ruleset]:
        """Every game's shipped rulesets (``<game>/rulesets/*.toml``), by ruleset id."""
        found: dict[str, Ruleset] = {}
        for game in self._games.values():
            folder = resources.files(game.package.__name__).joinpath("rulesets")
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

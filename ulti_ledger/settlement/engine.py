"""The engine's front door: find the ruleset, resolve options, parse and settle.

Each ruleset names its game (``scorer``), a package of ``ulti_ledger/games`` registered in
``registry.Registry``; the engine asks that game to parse, settle and explain a hand, and
never asks which game it is.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from .contract import Game
from .errors import HandError, Msg
from .loader import Ruleset
from .result import Settlement, result_extras
from .schema import suggestion


class ScorerRules(Protocol):
    """What the engine itself reads of a game's resolved rules; the rest is the game's."""

    id: str
    scorer: str


class Engine:
    """Rulesets by id, and the operations on hands that use them."""

    def __init__(self, rulesets: Mapping[str, Ruleset]) -> None:
        self.rulesets = dict(rulesets)
        self.games: dict[str, Game] = {r.scorer: r.scorer_module for r in rulesets.values()}
        self._settlers = {
            ruleset_id: (r.scorer_module.parse_hand, r.scorer_module.settle, r.rules)
            for ruleset_id, r in self.rulesets.items()
        }
        """Ruleset id -> what settles a hand of its defaults (`settle`'s short way)."""

    def game(self, name: str) -> Game:
        """The game (a registered package) that rules with ``scorer == name`` belong to."""
        return self.games[name]

    def ruleset(self, ruleset_id: Any) -> Ruleset:
        ruleset = self.rulesets.get(ruleset_id) if isinstance(ruleset_id, str) else None
        if ruleset is None:
            known = ", ".join(self.rulesets)
            hint = suggestion(ruleset_id, self.rulesets) if isinstance(ruleset_id, str) else Msg("")
            raise HandError(
                "ruleset",
                "unknown ruleset {value!r}{hint}; known: {known}",
                code="ruleset_unknown",
                value=ruleset_id,
                hint=hint,
                known=known,
            )
        return ruleset

    def parse(
        self, data: Any, defaults: Mapping[str, Any] | None = None
    ) -> tuple[Any, ScorerRules]:
        """Validate a hand; ``defaults`` (a session's ruleset and options) fill what it omits."""
        if type(data) is not dict:
            raise HandError("", "a hand must be a JSON object", code="not_an_object")
        ruleset_id = data.get("ruleset")
        if ruleset_id is None and defaults:
            ruleset_id = defaults.get("ruleset")
        ruleset = self.rulesets.get(ruleset_id) if type(ruleset_id) is str else None
        if ruleset is None:
            ruleset = self.ruleset(ruleset_id)  # raises the message that lists the known ones
        options = data.get("options")
        if options is not None and type(options) is not dict:
            raise HandError(
                "options",
                "must be an object of option names and values",
                code="options_not_an_object",
            )
        if defaults and defaults.get("options"):
            options = {**defaults["options"], **(options or {})}
        if options:
            rules = ruleset.resolve(options)  # checks every name and value
            given = {n: ruleset.options[n].normalize(v) for n, v in options.items()}
        else:
            rules, given = ruleset.rules, {}
        hand = ruleset.scorer_module.parse_hand(data, rules, given)
        return hand, rules

    def settle(self, data: Any, defaults: Mapping[str, Any] | None = None) -> Settlement:
        """Validate and settle one hand."""
        if type(data) is dict and not defaults and "options" not in data:
            ruleset_id = data.get("ruleset")
            # the common case, a call shorter (bench/engine.py): a known id, no options
            settler = self._settlers.get(ruleset_id) if type(ruleset_id) is str else None
            if settler is not None:
                parse_hand, settle, rules = settler
                return settle(parse_hand(data, rules, {}), rules)
        hand, rules = self.parse(data, defaults)
        return self.games[rules.scorer].settle(hand, rules)

    def describe(self, settlement: Settlement, scorer: str, lang: str = "en") -> list[str]:
        describe = self.games[scorer].describe
        return [describe(line, lang) for line in settlement.lines]

    def result_json(
        self, data: Any, defaults: Mapping[str, Any] | None = None, lang: str = "en"
    ) -> dict[str, Any]:
        """The result object of the hand format: payments, lines, and the amounts per line."""
        hand, rules = self.parse(data, defaults)
        game = self.games[rules.scorer]
        return settlement_json(game.settle(hand, rules), game, lang)


def settlement_json(settlement: Settlement, game: Game, lang: str = "en") -> dict[str, Any]:
    describe = game.describe
    return {
        "payments": dict(settlement.payments),
        "lines": [describe(line, lang) for line in settlement.lines],
        "breakdown": [
            {"text": describe(line, lang), "amounts": dict(line.amounts)}
            for line in settlement.lines
        ],
        **result_extras(settlement),
    }

"""A session's hand form, as its game describes it: what the form view asks, through here.

The pages never hold a game: the form view asks the ledger for a ``GameForm`` (``game_form``)
and asks it for the form's description (``describe``), a recorded hand's values
(``values_of``), the hand a posted form reads as (``hand_of``) and where the game puts a
refusal (``refusal``). STYLE's arrows: views -> ledger -> settlement <- games.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..models import GameSession
from ..settlement import Game
from .pinning import only_ruleset, session_engine


@dataclass(frozen=True, slots=True)
class GameForm:
    """One game's hand form under resolved rules."""

    game: Game
    """The game (its contract parts: ``hand_form``, ``form_values``, ``hand_from_form``)."""
    rules: Any
    """The resolved rules of the session (a hand's own house rules over the session's)."""

    def describe(self, lang: str) -> dict[str, Any]:
        """The form as data (``handform.generic`` draws it) in ``lang``."""
        return self.game.hand_form(self.rules, lang)

    def values_of(self, hand: Mapping[str, Any]) -> dict[str, Any]:
        """A recorded hand's facts as the form's values (for editing it)."""
        return self.game.form_values(hand, self.rules)

    def hand_of(self, values: Mapping[str, Any]) -> dict[str, Any]:
        """The hand (hand-format facts) that the form's ``values`` say."""
        return self.game.hand_from_form(values, self.rules)

    def refusal(
        self, key: str, code: str, hand: Mapping[str, Any], lang: str
    ) -> tuple[str | None, str | None]:
        """The game's own field and words for a refusal (its optional ``form_refusal``;
        the registry's default words none: (None, None))."""
        return self.game.form_refusal(key, code, hand, self.rules, lang)


def game_form(session: GameSession, options: dict[str, Any] | None = None) -> GameForm:
    """The session's hand form (``options``: a hand's own house rules over the session's)."""
    engine = session_engine(session)
    rules = only_ruleset(engine).resolve({**session.options, **(options or {})})
    return GameForm(engine.game(rules.scorer), rules)

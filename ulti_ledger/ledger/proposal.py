"""What the next hand's form proposes from the hands so far, for any game.

A game may give the optional part ``form_proposal(rows, rules)``: the drawn form's values
it proposes for the next hand, read from the hands as the scoreboard shows them (Skat:
``bock`` while a Bock round still has games to come). The form starts from them as the
scorer had tapped them, with the script or without; the game says what, never this module.
"""

from __future__ import annotations

from ..models import GameSession
from .pinning import only_ruleset, session_engine
from .summary import session_summary


def proposed_values(session: GameSession) -> dict[str, str]:
    """The form values the session's game proposes for its next hand ({} for none)."""
    ruleset = only_ruleset(session_engine(session))
    game = ruleset.scorer_module
    if not game.gives("form_proposal"):
        return {}  # the default proposes nothing: spare reading the hands
    rows = session_summary(session)["hands"]
    return dict(game.form_proposal(rows, ruleset.resolve(session.options)))

"""The game's words, from its own gettext domain (``locale/``): the explanation lines
(no context), the scoresheet's (``row``) and the hand form's (``form``)."""

from __future__ import annotations

from pathlib import Path

from ...settlement.words import GameWords

LOCALE = Path(__file__).parent / "locale"
LINES = GameWords(LOCALE, "tarokk", ("en", "hu"))
ROW = GameWords(LOCALE, "tarokk", ("en", "hu"), "row")
FORM = GameWords(LOCALE, "tarokk", ("en", "hu"), "form")

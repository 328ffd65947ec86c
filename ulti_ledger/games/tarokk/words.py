"""The game's words, from its own gettext domain (``locale/``): the explanation lines
(no context), the scoresheet's (``row``), the hand form's (``form``) and its refusals'
(``refusal``), in Hungarian,
English and German; `lang_of` says which one a page's language reads."""

from __future__ import annotations

from pathlib import Path

from ...settlement.words import GameWords

LOCALE = Path(__file__).parent / "locale"
LANGUAGES = ("hu", "en", "de")
LINES = GameWords(LOCALE, "tarokk", LANGUAGES)
ROW = GameWords(LOCALE, "tarokk", LANGUAGES, "row")
FORM = GameWords(LOCALE, "tarokk", LANGUAGES, "form")
REFUSAL = GameWords(LOCALE, "tarokk", LANGUAGES, "refusal")


def lang_of(lang: str, other: str = "en") -> str:
    """``lang`` where the game speaks it, else ``other``."""
    return lang if lang in LANGUAGES else other

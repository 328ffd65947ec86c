"""Skat's words for the engine's refusals of its own facts, beside the form's fields (the
``form_refusal`` part): a table read by ``settlement.form_rules.coded_refusal``."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ...settlement.form_rules import coded_refusal
from ...settlement.words import GameWords
from .build import Rules
from .explain import LANGUAGES, lang_of

REFUSAL = GameWords(Path(__file__).parent / "locale", "skat", LANGUAGES, "refusal")
REFUSALS = {
    "announced_missed_won@schneider": ("schneider", "schneider_announced_won"),
    "announced_missed_won@schwarz": ("schwarz", "schwarz_announced_won"),
    "schwarz_contradicts": ("schwarz", "schwarz_contradicts"),
    "game_missing": ("game", "game_missing"),
    "result_missing": ("declarer_points", "result_missing"),
    "won_missing": ("won", "won_missing"),
}
"""The engine's refusals the form words itself (``coded_refusal``): never a hand key."""


def form_refusal(
    key: str, code: str, hand: Mapping[str, Any], rules: Rules, lang: str
) -> tuple[str | None, str | None]:
    """The form's field for a refusal at ``key`` and its words for ``code`` in ``lang``."""
    return coded_refusal(REFUSALS, REFUSAL[lang_of(lang)], key, code, hand)

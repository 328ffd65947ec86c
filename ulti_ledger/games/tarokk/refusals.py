"""Tarokk's words for the engine's refusals of its own facts, beside the form's fields (the
``form_refusal`` part): a table read by ``settlement.form_rules.coded_refusal``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...settlement.form_rules import coded_refusal
from .build import Rules
from .words import REFUSAL, lang_of

REFUSALS = {
    "not_played@game": ("game_won", "not_played"),
    "game_missing": ("game_won", "game_won_missing"),
    "not_a_boolean@game.won": ("game_won", "game_won_missing"),
    "not_a_boolean@figures.won": ("fig{row}_won", "figure_won_missing"),
    "partner_missing": ("partner", "partner_missing"),
    "partner_is_declarer": ("partner", "partner_is_declarer"),
    "skart_alone": ("partner", "skart_alone"),
    "ruling_missing": ("ruling", "ruling_missing"),
}
"""The engine's refusals the form words itself (``coded_refusal``): never a hand key."""


def form_refusal(
    key: str, code: str, hand: Mapping[str, Any], rules: Rules, lang: str
) -> tuple[str | None, str | None]:
    """The form's field for a refusal at ``key`` and its words for ``code`` in ``lang``."""
    return coded_refusal(REFUSALS, REFUSAL[lang_of(lang, "hu")], key, code, hand)

"""Tarokk's words for the engine's refusals of its own facts, beside the form's fields (the
``form_refusal`` part): a table read by ``settlement.form_rules.FormRefusals``."""

from __future__ import annotations

from ...settlement.form_rules import FormRefusals
from .words import REFUSAL

REFUSALS = {
    "not_played@game": ("game_won", "not_played"),
    "game_missing": ("game_won", "game_won_missing"),
    "not_a_boolean@game.won": ("game_won", "game_won_missing"),
    "not_a_boolean@figures.won": ("fig{row}_won", "figure_won_missing"),
    "partner_missing": ("partner", "partner_missing"),
    "partner_is_declarer": ("partner", "partner_is_declarer"),
    "skart_alone": ("partner", "skart_alone"),
    "ruling_missing": ("ruling", "ruling_missing"),
    "one_card_twice": ("fig{row}_name", "one_card_twice"),
    "raise_silent": ("fig{row}_announced", "raise_silent"),
}
"""The engine's refusals the form words itself: never a hand key."""


form_refusal = FormRefusals(REFUSALS, REFUSAL, "hu")
"""The form's field for a refusal at ``key`` and its words for ``code`` in ``lang``."""

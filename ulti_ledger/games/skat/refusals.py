"""Skat's words for the engine's refusals of its own facts, beside the form's fields (the
``form_refusal`` part): a table read by ``settlement.form_rules.FormRefusals``."""

from __future__ import annotations

from pathlib import Path

from ...settlement.form_rules import FormRefusals
from ...settlement.words import GameWords
from .explain import LANGUAGES

REFUSAL = GameWords(Path(__file__).parent / "locale", "skat", LANGUAGES, "refusal")
REFUSALS = {
    "announced_missed_won@schneider": ("schneider", "schneider_announced_won"),
    "announced_missed_won@schwarz": ("schwarz", "schwarz_announced_won"),
    "schwarz_contradicts": ("schwarz", "schwarz_contradicts"),
    "game_missing": ("game", "game_missing"),
    "result_missing": ("declarer_points", "result_missing"),
    "won_missing": ("won", "won_missing"),
    "ramsch_alone_at_40": ("ramsch_points", "ramsch_alone_at_40"),
    "ramsch_two_at_40": ("ramsch_points", "ramsch_two_at_40"),
    "ramsch_jungfrau_alone": ("ramsch_points", "ramsch_jungfrau_alone"),
    "ramsch_only_grand_hand": ("game", "ramsch_only_grand_hand"),
    "ramsch_round_grand_hand": ("game", "ramsch_round_grand_hand"),
    "player_missing@ramsch.loser": ("ramsch_loser", "ramsch_loser_missing"),
}
"""The engine's refusals the form words itself: never a hand key."""


form_refusal = FormRefusals(REFUSALS, REFUSAL, "en")
"""The form's field for a refusal at ``key`` and its words for ``code`` in ``lang``."""

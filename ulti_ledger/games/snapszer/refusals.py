"""Snapszer's words for the engine's refusals of its own facts, beside the form's fields (the
``form_refusal`` part): a table read by ``settlement.form_rules.FormRefusals``."""

from __future__ import annotations

from pathlib import Path

from ...settlement.form_rules import FormRefusals
from ...settlement.words import GameWords

REFUSAL = GameWords(Path(__file__).parent / "locale", "snapszer", ("hu", "en", "de"), "refusal")
REFUSALS = {
    "partner_missing": ("partner", "partner_missing"),
    "partner_is_declarer": ("partner", "partner_is_declarer"),
    "won_missing": ("won", "won_missing"),
}
"""The engine's refusals the form words itself: never a hand key."""


form_refusal = FormRefusals(REFUSALS, REFUSAL, "hu")
"""The form's field for a refusal at ``key`` and its words for ``code`` in ``lang``."""

"""Doppelkopf's words for the engine's refusals of its own facts, beside the form's fields
(the ``form_refusal`` part): a table read by ``settlement.form_rules.FormRefusals``."""

from __future__ import annotations

from pathlib import Path

from ...settlement.form_rules import FormRefusals
from ...settlement.words import GameWords

REFUSAL = GameWords(Path(__file__).parent / "locale", "doppelkopf", ("hu", "en", "de"), "refusal")
REFUSALS = {
    "partner_missing": ("partner", "partner_missing"),
    "partner_is_declarer": ("partner", "partner_is_declarer"),
    "re_points_missing": ("re_points", "re_points_missing"),
    "not_in_range@re_points": ("re_points", "re_points_range"),
    "all_tricks_points": ("all_tricks", "all_tricks_points"),
    "extras_too_many@extras.kontra.fuchs": ("fuchs_kontra", "fuchs_too_many"),
    "extras_too_many@extras.kontra.doppelkopf": ("doppelkopf_kontra", "doppelkopf_too_many"),
    "suit_unknown": ("suit", "suit_missing"),
    "partner_in_solo": ("partner", "partner_in_solo"),
    "extras_in_solo": ("karlchen", "extras_in_solo"),
}
"""The engine's refusals the form words itself: never a hand key."""


form_refusal = FormRefusals(REFUSALS, REFUSAL, "hu")
"""The form's field for a refusal at ``key`` and its words for ``code`` in ``lang``."""

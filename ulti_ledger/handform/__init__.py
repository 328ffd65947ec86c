"""The hand-entry form's fields: what the scorer tapped, turned into a hand and back.

The form is plain HTML that works without a script: every field of every component and
silent result is in the page, and the ones that cannot apply are ``hidden``. Only what
applies to the chosen contract, outcome and declarer is read back (what is not shown is
not read), so a stale hidden value never sneaks into a hand. Whether the hand is valid
is left to the engine, through the ledger: this module never judges a hand, it only
says what is still missing (a declarer, a contract) before asking.

Field names (values are player names, levels and ids as the hand format has them):

    dealer, sitting_out (+ sitting_out_for: the dealer they were set for), declarer,
    outcome, contract, colour, won-<component> (1/0), kontra-<component> (common) or
    kontra-<component>-<seat index> (individual), silent-<name> ("", declarer,
    defenders, defenders:<player>), silent-<name>-won (1/0), renonsz, preset,
    js (1 when the script runs), shown (the layout the page showed, for the no-JS flow),
    proposed (the dealer the rotation proposed when the page was drawn)

With the script, the dealer and ``sitting_out_for`` change together; a posted form where
they differ was not filled in on this page (the browser restored an earlier page's
entries after Back), see ``restored``.
"""

from .build import chosen_preset, layout_key, missing, shown, to_hand
from .state import (
    ENDLESS,
    HandState,
    UnreadableOptions,
    apply_forces,
    apply_preset,
    deal_by,
    initial_state,
    restored,
    state_from_form,
    state_from_hand,
)
from .table import Table, presets

__all__ = [
    "ENDLESS",
    "HandState",
    "Table",
    "UnreadableOptions",
    "apply_forces",
    "apply_preset",
    "chosen_preset",
    "deal_by",
    "initial_state",
    "layout_key",
    "missing",
    "presets",
    "restored",
    "shown",
    "state_from_form",
    "state_from_hand",
    "to_hand",
]

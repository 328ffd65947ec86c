"""A seat's and a verdict's refusals in the page's words (``seat_err_<code>``), for the
seat's pages and the scorer's (``seats``, ``table``)."""

from __future__ import annotations

from .. import ledger
from ..words.i18n import t

REFUSALS = (
    "no_player",
    "bad_pin",
    "pin_needed",
    "stale",
    "not_yours",
    "no_reason",
    "long_reason",
    "bad_verdict",
    "bad_mode",
    "bad_answer",
    "not_your_dispute",
    "answered",
    "no_proposal",
)
"""The ``AgreementError`` codes, each with its words (tests/words: BUILT)."""


def refusal(exc: ledger.AgreementError) -> str:
    """An ``AgreementError`` in the page's words."""
    if exc.code in REFUSALS:
        return t(f"seat_err_{exc.code}", **exc.params)
    return str(exc)

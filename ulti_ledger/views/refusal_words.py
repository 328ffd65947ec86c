"""The ledger's refusals in the page's words, for every page that writes.

The ledger words its refusals in English, for the API (``api_errors.ledger_error``); a
page says them here, from the one shape every refusal has (``settlement.errors``): a
payment's and a group's by their ``code`` and ``params``, the common ones by the facts
of their ``problem`` (who, which hand, which character), and any other one as the ledger
said, in the page's language where the error carries one (the engine's ``message``).
A hand form's refusals go beside their field (``form_refusals``), from the same shape.
"""

from __future__ import annotations

import re

from .. import ledger
from ..words.i18n import current, t

CHAR = r"U\+[0-9A-F]{4,6}(?: \([A-Z0-9 -]*\))?"
"""A character as ``ledger.names.character_name`` names it."""
PROBLEMS = (
    (
        re.compile(r"^(?P<name>.+) is already a player of this evening: .* they look alike"),
        "problem_lookalike_player",
    ),
    (re.compile(r"^(?P<name>.+) is already a player of this evening"), "problem_already_player"),
    (re.compile(r"^'?(?P<name>.*?)'? is not a player of this evening"), "problem_not_player"),
    (re.compile(r"^must be a non-empty name"), "problem_empty_name"),
    (re.compile(r"^.+ is already called so"), "problem_same_name"),
    (re.compile(rf"(?P<char>{CHAR}) is a control character"), "err_hidden_control"),
    (re.compile(rf"(?P<char>{CHAR}) is a bidi control"), "err_hidden_bidi"),
    (re.compile(rf"(?P<char>{CHAR}) is an invisible character"), "err_hidden_invisible"),
    (re.compile(r"it has nothing visible"), "err_hidden_blank"),
    (re.compile(r"^(?P<n>\d+) play every hand: (?P<name>.+) cannot leave"), "problem_too_few"),
    (re.compile(r"^(?P<n>\d+) sit at the table already"), "problem_too_many"),
    (re.compile(r"is undone already"), "problem_undone_already"),
    (re.compile(r"(changed again since|not called so any more)"), "problem_changed_since"),
    (re.compile(r"recorded on this seating since hand (?P<n>\d+)"), "problem_hands_since"),
    (re.compile(r"^hand (?P<n>\d+) cannot be settled by the new rules"), "problem_hand_breaks"),
)


def problem_text(exc: ledger.LedgerError) -> str:
    """A ledger refusal in the page's words (the ledger's own words if none fit)."""
    problem = exc.problem
    for pattern, key in PROBLEMS:
        found = pattern.search(problem)
        if found:
            return t(key, **found.groupdict())
    return problem


def refusal_text(exc: ledger.LedgerError) -> str:
    """``problem_text`` where the page words the refusal itself, else the error's own
    text in the page's language (the engine's refusals have theirs). A write that kept
    meeting others (``ledger.Retry``) says so: try again."""
    if isinstance(exc, ledger.Retry):
        return t("flash_conflict")
    if any(pattern.search(exc.problem) for pattern, _ in PROBLEMS):
        return problem_text(exc)
    return exc.text(current())


def group_error_text(exc: ledger.LedgerError) -> str:
    """A refusal in the page's language: a group's by its code, others as the ledger says."""
    if exc.code:
        try:
            return t(f"grp_err_{exc.code}", **exc.params)
        except KeyError:  # not a group's refusal (a house rule's, say): the ledger's words
            pass
    return refusal_text(exc)


def payment_error_text(exc: ledger.LedgerError) -> str:
    """A payment's refusal in the page's language (by its code)."""
    code = exc.code
    if code:
        return t(f"pay_err_{code}", **exc.params)
    return refusal_text(exc)  # the evening changed while the payment was checked: try again

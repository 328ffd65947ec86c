"""Which way to settle up, as a page's URL asks it: ``?method=`` and ``&banker=``.

Shared by the exports (the PDF scoresheet, several evenings) and the scoreboard's "who
pays whom" card. ``method`` is one of ``ledger.METHODS`` (minimal by default); ``banker``
counts for the banker method only, and without it the ledger picks the biggest winner.
An unknown method is a 400 here; a banker who is not at the table is refused by the
ledger (``LedgerError``), which the views turn into a 400 as well.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any
from urllib.parse import urlencode

from flask import abort, request

from .. import ledger
from ..models import GameSession
from ..words.i18n import current, t


def requested_method() -> tuple[str, str | None]:
    """The method and banker the query string names, unchecked (the caller words a refusal)."""
    method = request.args.get("method", "minimal")
    banker = request.args.get("banker") or None
    return method, banker if method == "banker" else None


def method_from_args() -> tuple[str, str | None]:
    """The method and banker the query string names; 400 for a method not offered."""
    method, banker = requested_method()
    if method not in ledger.METHODS:
        abort(400, description=t("bad_method", method=method))
    return method, banker


def refusal(exc: ledger.LedgerError, banker: str | None) -> str:
    """The ledger's refusal of a settle request, for the error page in its language: a
    banker who is not at the table is said in the page's words, anything else as is."""
    problem = exc.problem
    if current() != "en" and exc.key == "banker" and "players: " in problem:
        return t("bad_banker", name=banker, players=problem.split("players: ", 1)[1])
    return str(exc)


def scoreboard_settle(session: GameSession, summary: Mapping[str, Any], own: str) -> dict[str, Any]:
    """What the scoreboard's "who pays whom" card shows, by the method the URL chose.

    Without ``?method=`` the page shows the summary's own fewest transfers (nothing is
    computed again: the default page stays as fast as it was). With it, the transfers
    come from ``ledger.session_settlement``, as in the PDF. Returns ``chosen`` (the URL
    named a method), ``method``, ``banker`` (the banker method's, named or the default),
    ``transfers``, ``methods`` (each method and the link that chooses it) and ``bankers``
    (for the banker method: each player and the link that makes him the banker); the
    links go to ``own``, the page's own path.
    """
    chosen = "method" in request.args
    if chosen:
        method, banker = method_from_args()
        try:
            settlement = ledger.session_settlement(session, method, banker, summary)
        except ledger.LedgerError as exc:
            abort(400, description=refusal(exc, banker))
        transfers, banker = settlement["transfers"], settlement["banker"]
    else:
        method, banker, transfers = "minimal", None, summary["totals"]["transfers"]
    bankers = summary["players"] if method == "banker" else []
    return {
        "chosen": chosen,
        "method": method,
        "banker": banker,
        "transfers": transfers,
        "methods": [(m, f"{own}?{urlencode({'method': m})}") for m in ledger.METHODS],
        "bankers": [(p, f"{own}?{urlencode({'method': 'banker', 'banker': p})}") for p in bankers],
    }

"""The groups that count an evening, as its payments are checked and shown against them.

An evening's payments and its groups' are one account (``ledger.shared_payments``): the
ledger needs each group's standings over all its evenings, which this family computes.
"""

from __future__ import annotations

import functools
from typing import Any

from ..ledger import Holder, evening_shares, groups_with_own_payments
from ..models import GameSession
from .period import Period
from .standings import group_standings
from .store import get_group, holding_groups

WHOLE = Period("all", None, None)
"""A group's payments count on its standings over all its evenings and games."""


def evening_holders(
    session: GameSession,
    method: str = "minimal",
    banker: str | None = None,
    paying_only: bool = True,
) -> list[Holder]:
    """Every group that counts the evening, with its standings by ``method``; with
    ``paying_only`` only those with payments of their own (what a page shows; a payment
    takes them all and finds those under its lock)."""
    ids = [h["id"] for h in holding_groups(session)]
    if paying_only:
        paying = groups_with_own_payments(ids)
        ids = [i for i in ids if i in paying]
    out = []
    for gid in ids:
        group = get_group(gid)
        read = functools.partial(group_standings, group, WHOLE, None, method, banker)
        out.append(Holder(group, read(), read))
    return out


def shares_of(session: GameSession) -> list[dict[str, Any]]:
    """What the groups' own payments paid of the evening (``ledger.evening_shares``)."""
    return evening_shares(session, evening_holders(session))

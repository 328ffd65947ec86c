"""The most work one request may ask for: hands in a session, evenings settled together,
evenings and members of a group.

Far above any evening at a real table (a long night is 60 to 100 hands), low enough
that every page, file and PDF of a session stays quick: ``bench/pdf.py`` times the PDF
of the largest session allowed. Both are settings (``MAX_HANDS``,
``MAX_GROUP_EVENINGS`` in ``instance/config.py``); every door that adds hands (the API,
the hand form, undo's restore, import, the command line) and every group settlement
(``/group``, ``settle-group``) refuses beyond them with a message naming the limit.

A group (társaság) holds at most ``MAX_GROUP_SIZE_EVENINGS`` evenings (500: ten years of
weekly evenings) and ``MAX_GROUP_SIZE_MEMBERS`` members (60): every add of an evening to
a group is refused past either (``groups.store.add_evening``), so its page, statistics
and season report have a worst case, which ``bench/pdf.py --season`` times.
"""

from __future__ import annotations

from typing import NamedTuple

from flask import current_app, has_app_context

from ..settlement.errors import Msg
from .errors import SessionError

MAX_HANDS = 2000
MAX_GROUP_EVENINGS = 20
MAX_GROUP_SIZE_EVENINGS = 500
MAX_GROUP_SIZE_MEMBERS = 60


class GroupSize(NamedTuple):
    """The most a group (társaság) holds."""

    evenings: int
    members: int


def max_hands() -> int:
    return int(current_app.config.get("MAX_HANDS", MAX_HANDS)) if has_app_context() else MAX_HANDS


def max_group_evenings() -> int:
    if not has_app_context():
        return MAX_GROUP_EVENINGS
    return int(current_app.config.get("MAX_GROUP_EVENINGS", MAX_GROUP_EVENINGS))


def max_group_size() -> GroupSize:
    """The group maximum of this app (settings ``MAX_GROUP_SIZE_EVENINGS``, ``_MEMBERS``)."""
    if not has_app_context():
        return GroupSize(MAX_GROUP_SIZE_EVENINGS, MAX_GROUP_SIZE_MEMBERS)
    config = current_app.config
    return GroupSize(
        int(config.get("MAX_GROUP_SIZE_EVENINGS", MAX_GROUP_SIZE_EVENINGS)),
        int(config.get("MAX_GROUP_SIZE_MEMBERS", MAX_GROUP_SIZE_MEMBERS)),
    )


def check_hand_count(count: int) -> None:
    """Refuse a session that would hold ``count`` live hands, beyond ``MAX_HANDS``."""
    limit = max_hands()
    if count > limit:
        raise SessionError(
            "hands",
            Msg(
                "a session holds at most {limit} hands; this one would have {count}: start a "
                "new evening for the next hands",
                {"limit": limit, "count": count},
            ),
        )


def check_group_size(count: int) -> None:
    """Refuse settling more than ``MAX_GROUP_EVENINGS`` evenings as one."""
    limit = max_group_evenings()
    if count > limit:
        raise SessionError(
            "sessions",
            Msg(
                "at most {limit} evenings are settled together, not {count}",
                {"limit": limit, "count": count},
            ),
        )

"""The most work one request may ask for: hands in a session, evenings settled together,
evenings and members of a group.

Far above any evening at a real table (a long night is 60 to 100 hands), low enough
that every page, file and PDF of a session stays quick: ``bench/pdf.py`` times the PDF
of the largest session allowed. Both are settings (``MAX_HANDS``,
``MAX_GROUP_EVENINGS`` in ``instance/config.py``), which the callers read and pass in
(``Limits.from_config``); every door that adds hands (the API,
the hand form, undo's restore, import, the command line) and every group settlement
(``/group``, ``settle-group``) refuses beyond them with a message naming the limit.

A group (társaság) holds at most ``MAX_GROUP_SIZE_EVENINGS`` evenings (500: ten years of
weekly evenings) and ``MAX_GROUP_SIZE_MEMBERS`` members (60): every add of an evening to
a group is refused past either (``groups.store.add_evening``), so its page, statistics
and season report have a worst case, which ``bench/pdf.py --season`` and
``bench/largest_group.py`` time (its pages read each evening's stored summary:
``summaries``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, NamedTuple

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


@dataclass(frozen=True, slots=True)
class Limits:
    """The limits an app runs with. The ledger reads no configuration: the web layer
    and the command line read theirs (``from_config``) and pass it to each write."""

    hands: int = MAX_HANDS
    """Live hands in one session."""
    group_evenings: int = MAX_GROUP_EVENINGS
    """Evenings settled together (``/group``, ``settle-group``)."""
    group_size: GroupSize = field(
        default_factory=lambda: GroupSize(MAX_GROUP_SIZE_EVENINGS, MAX_GROUP_SIZE_MEMBERS)
    )
    """Evenings and members a group holds."""

    @classmethod
    def from_config(cls, config: Mapping[str, Any]) -> Limits:
        """The limits an app's configuration sets (``MAX_HANDS``, ``MAX_GROUP_EVENINGS``,
        ``MAX_GROUP_SIZE_EVENINGS``, ``MAX_GROUP_SIZE_MEMBERS``), the defaults elsewhere."""
        return cls(
            int(config.get("MAX_HANDS", MAX_HANDS)),
            int(config.get("MAX_GROUP_EVENINGS", MAX_GROUP_EVENINGS)),
            GroupSize(
                int(config.get("MAX_GROUP_SIZE_EVENINGS", MAX_GROUP_SIZE_EVENINGS)),
                int(config.get("MAX_GROUP_SIZE_MEMBERS", MAX_GROUP_SIZE_MEMBERS)),
            ),
        )


DEFAULT_LIMITS = Limits()
"""The shipped limits: what a caller that passes none gets."""


def check_hand_count(count: int, limits: Limits | None = None) -> None:
    """Refuse a session that would hold ``count`` live hands, beyond ``MAX_HANDS``."""
    limit = (limits or DEFAULT_LIMITS).hands
    if count > limit:
        raise SessionError(
            "hands",
            Msg(
                "a session holds at most {limit} hands; this one would have {count}: start a "
                "new evening for the next hands",
                {"limit": limit, "count": count},
            ),
        )


def check_group_size(count: int, limits: Limits | None = None) -> None:
    """Refuse settling more than ``MAX_GROUP_EVENINGS`` evenings as one."""
    limit = (limits or DEFAULT_LIMITS).group_evenings
    if count > limit:
        raise SessionError(
            "sessions",
            Msg(
                "at most {limit} evenings are settled together, not {count}",
                {"limit": limit, "count": count},
            ),
        )

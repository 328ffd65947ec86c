"""The same hand entered twice: two scorers at one table who both recorded it.

Two phones that scored offline each send the hands of the same deals. The server puts
every hand it is sent at the end of the evening, so the second copy of a hand would be
recorded again one or two places further on. A copy is recognised the way a table would:
the same facts (declarer, game, what was made or lost, kontras) at a position next to the
one the phone meant. Who dealt and who sat out are not compared: they follow from the
position, and the copy was dealt by the phone's own reckoning.
"""

from __future__ import annotations

from typing import Any

from ..models import GameSession
from ..settlement import LedgerError
from .checks import check_hand
from .facts import hand_heads, hand_keys, stored
from .pinning import session_engine
from .seating import seating_of_hand

DEAL_KEYS = frozenset({"players", "sitting_out", "first_bidder"})
"""What the position of a hand decides, not the table: left out of the comparison."""

REACH = 1
"""How far from the meant position a copy is looked for (an adjacent hand)."""


def _comparable(facts: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in facts.items() if key not in DEAL_KEYS}


def twin_of(session: GameSession, data: Any, meant: int) -> int | None:
    """The number of a recorded hand at ``meant`` or next to it with the same facts as
    ``data`` (a hand dict as posted), or None. Each recorded hand is compared with
    ``data`` dealt as that hand was (its players and who sat out): only ``data`` is
    checked, once a neighbour, since a recorded hand's facts are already checked ones."""
    if not isinstance(data, dict):
        return None
    keys = hand_keys(session.id)
    near = [n for n in range(meant - REACH, meant + REACH + 1) if 1 <= n <= len(keys)]
    engine = session_engine(session)
    heads = hand_heads(session.id, [keys[n - 1][0] for n in near]) if near else {}
    for number in near:
        head = heads.get(keys[number - 1][0])
        if head is None:
            continue
        recorded = stored(head)
        seats = seating_of_hand(session, number)
        dealt = {k: v for k, v in data.items() if k not in DEAL_KEYS and k != "dealer"}
        dealt.update({k: recorded[k] for k in DEAL_KEYS if k in recorded})
        try:
            mine = check_hand(dealt, engine, session.options, seats)
        except LedgerError:  # not a hand of that deal
            continue
        # The recorded hand was checked when it was recorded, and its facts are stored as
        # the check left them (options, then the game's canonical form): compared as stored.
        if _comparable(mine.facts) == _comparable(recorded):
            return number
    return None

"""Who sits where in a tarokk hand: the players, the dealer sitting out, the declarer and
the called card's holder, and the two sides they make; checked, and remembered.

A table seats the same players all night and the same few pairs declare, so a seating
that passed every check is kept (``Rules.seats``, up to ``memo_size``) by its raw values:
names are strings, which equal only strings, ``skart`` is taken only when a boolean (``1``
is never taken for ``true``), and a missing ``partner`` is kept apart from ``null``. The
key lists the players, a ``None``, then those sitting out: flat, as it is built for every
hand.
"""

from __future__ import annotations

from typing import Any

from ...settlement.errors import HandError
from ...settlement.hand_checks import kind, names, not_one_of, other_player, player, sitting_out_of
from .build import Rules

OUTCOMES = ("played", "no_play", "redeal")
PLAYERS = 4
MEMO_NAME_CHARS = 400
"""Seatings whose names are longer together are checked every time, not kept."""
_MISSING = object()

Seating = tuple[
    tuple[str, ...], tuple[str, ...], str, str, bool, "str | None", tuple[str, ...], tuple[str, ...]
]
"""players, sitting_out, declarer, outcome, skart, partner, side, others."""


def seating_of(data: dict[str, Any], rules: Rules) -> Seating:
    """The hand's seating, checked in the hand format's order (or as checked before)."""
    get = data.get
    raw_players = get("players")
    raw_out = get("sitting_out")
    skart = get("skart", False)
    key = None
    if (
        type(raw_players) is list
        and (raw_out is None or type(raw_out) is list)
        and type(skart) is bool
    ):
        key = (
            *raw_players,
            None,  # where the players end (a kept key names players by strings, never None)
            *(raw_out or ()),
            get("declarer"),
            get("partner", _MISSING),
            get("outcome", "played"),
            skart,
        )
        try:
            found = rules.seats.get(key)
        except TypeError:  # an unhashable value: the long way says what is wrong
            found = key = None
        if found is not None:
            return found
    seating = _checked(data, rules)
    if (
        key is not None
        and len(rules.seats) < rules.memo_size
        and sum(map(len, seating[0] + seating[1])) <= MEMO_NAME_CHARS
    ):
        rules.seats[key] = seating
    return seating


def _checked(data: dict[str, Any], rules: Rules) -> Seating:
    get = data.get
    players = names(get("players"), "players", required=True)
    if len(players) != PLAYERS:
        raise HandError(
            "players",
            "tarokk is played by four, not {given}; at a table of five the dealer sits out "
            "(sitting_out)",
            code="tarokk_four_play",
            given=len(players),
        )
    sitting_out = sitting_out_of(data, players, rules.max_sitting_out)
    declarer = player(get("declarer"), "declarer", players, sitting_out)
    outcome = get("outcome", "played")
    if outcome not in OUTCOMES:
        raise HandError("outcome", not_one_of(outcome, OUTCOMES), code="outcome_unknown")
    skart = _skart(get("skart", False))
    partner = _partner(data, players, sitting_out, declarer, skart, outcome)
    if partner is not None:
        first = players.index(declarer) < players.index(partner)
        side = (declarer, partner) if first else (partner, declarer)
    else:
        side = (declarer,)
    others = tuple([p for p in players if p not in side])
    return players, sitting_out, declarer, outcome, skart, partner, side, others


def _skart(raw: Any) -> bool:
    if type(raw) is not bool:
        raise HandError(
            "skart", "must be true or false, not {kind}", code="not_a_boolean", kind=kind(raw)
        )
    return raw


def _partner(
    data: dict[str, Any],
    players: tuple[str, ...],
    sitting_out: tuple[str, ...],
    declarer: str,
    skart: bool,
    outcome: str,
) -> str | None:
    """The called card's holder; None when the declarer plays alone against three."""
    if "partner" not in data:
        if outcome == "redeal" or skart:
            return None
        raise HandError(
            "partner",
            "is required: the holder of the called card, or null when the declarer plays "
            "alone (he called himself)",
            code="partner_missing",
        )
    raw = data["partner"]
    if raw is None:
        return None
    if skart:
        raise HandError(
            "partner",
            "the called card lay in the skart, so the declarer plays alone: partner is null",
            code="skart_alone",
        )
    same = "{name} is the declarer; when he called himself, partner is null"
    return other_player(raw, "partner", players, sitting_out, declarer=declarer, same=same)

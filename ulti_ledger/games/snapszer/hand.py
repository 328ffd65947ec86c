"""A snapszer hand as recorded at the table (hand format, "Snapszer"), and its validation.

Parsing is where impossible hands are refused: every check raises a `HandError` that
names the key and says what is allowed, so nothing half-valid reaches the scorer. The
sides are worked out here, once: the starter alone (three players, or four when he held
the chosen card), the starter and the card's holder (two against two), or the player who
reached 66 before the chosen card was seen, alone against the other three.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from ...settlement.doubling import doubling_level
from ...settlement.errors import HandError, Msg
from ...settlement.hand_checks import (
    COMMON_FIELDS,
    COMMON_KEYS,
    check_keys,
    hand_object,
    kind,
    names,
    none_for_outcome,
    not_one_of,
    other_player,
    player,
    renonsz,
    sitting_out_of,
)
from .build import TIERS, Rules

HAND_KEYS = (
    *COMMON_KEYS,
    "partner",
    "won",
    "winner",
    "loser",
    "snapszer",
    "renonsz",
    "kontra",
)
_new = tuple.__new__
OUTCOMES = ("played", "redeal")
"""A snapszer hand is played or dealt again; nobody throws in and there is no auction."""


_FIELDS = [
    *COMMON_FIELDS,
    ("partner", str | None),
    ("won", bool | None),
    ("winner", str | None),
    ("loser", str | None),
    ("snapszer", str | None),
    ("renonsz", str | None),
    ("side", tuple[str, ...]),
    ("others", tuple[str, ...]),
    ("kontra", int),
]


class Hand(NamedTuple("Hand", _FIELDS)):  # type: ignore[misc]
    """The facts of one snapszer hand, validated against its ruleset.

    Beyond the common fields: ``partner``, at four players the chosen card's holder (None
    when the starter held it, and at three); ``won``, whether the starter's side won (None
    for a ``winner`` hand, a renonsz or a redeal); ``winner``, at four who reached 66 alone
    before the chosen card was seen; ``loser``, the losing side's cards (`TIERS`; None for
    a snapszer, a renonsz or a redeal); ``snapszer``, who announced one (``won`` says
    whether it was made); ``renonsz``, the offender. ``side`` is the starter's side (or
    the lone ``winner``), ``others`` the players against it. ``kontra``: 0, 1 the
    opponents doubled ("gspritzt"), 2 the starter redoubled ("retour").
    """

    __slots__ = ()


def parse_hand(data: Any, rules: Rules, options: Mapping[str, Any] | None = None) -> Hand:
    """Validate a snapszer hand (a decoded JSON object) against ``rules``."""
    hand_object(data, HAND_KEYS, Msg("a snapszer hand"))
    get = data.get
    players = names(get("players"), "players", required=True)
    if len(players) not in rules.sizes:
        raise HandError(
            "players",
            "{ruleset} is played by {n}, not {given}",
            code="players_count",
            ruleset=rules.label,
            n=_sizes(rules.sizes),
            given=len(players),
        )
    sitting_out = sitting_out_of(data, players, rules.max_sitting_out)
    declarer = get("declarer")
    if declarer not in players:
        player(declarer, "declarer", players, sitting_out)
    outcome = get("outcome", "played")
    if outcome not in OUTCOMES:
        raise HandError("outcome", not_one_of(outcome, OUTCOMES), code="outcome_unknown")
    offender = renonsz(get("renonsz"), players, sitting_out, outcome)
    winner = _winner(data, players, sitting_out, outcome, offender)
    partner = None if winner else _partner(data, players, sitting_out, declarer)
    kontra = _kontra(get("kontra"), rules, players)
    if outcome == "redeal":
        keys = ("won", "loser", "snapszer", "kontra")
        none_for_outcome(outcome, (k for k in keys if k in data and data[k] not in (None, 0)))
        won = loser = announcer = None
    elif offender is not None:
        for key in ("won", "loser", "snapszer"):
            if key in data:
                raise HandError(
                    key,
                    "a renonsz decides the hand: leave {key} out",
                    code="renonsz_decides",
                    key=key,
                )
        won = loser = announcer = None
    else:
        announcer = _snapszer(get("snapszer"), players, sitting_out, declarer, partner, winner)
        won = None if winner else _won(get("won"))
        loser = _loser(data, announcer)
    if winner is not None:
        side = (winner,)
    elif partner is not None:  # in seating order
        first = players.index(declarer) < players.index(partner)
        side = (declarer, partner) if first else (partner, declarer)
    else:
        side = (declarer,)
    others = tuple(p for p in players if p not in side)
    return _new(
        Hand,
        (
            rules.id,
            options or {},
            players,
            sitting_out,
            declarer,
            outcome,
            partner,
            won,
            winner,
            loser,
            announcer,
            offender,
            side,
            others,
            kontra,
        ),
    )


def _kontra(raw: Any, rules: Rules, players: tuple[str, ...]) -> int:
    """The doubling: 0, 1 "gspritzt" (the opponents), 2 "retour" (the starter)."""
    level = doubling_level(
        raw,
        "kontra",
        played=rules.kontra,
        off="doubling is not played at this table (house rule kontra is off)",
        levels="must be 1 (gspritzt) or 2 (retour), not {value!r}",
        most=2,
    )
    if level and len(players) != 3:
        raise HandError(
            "kontra",
            "only at three players: at four the sides are hidden until the chosen card is "
            "seen, so nobody can double",
            code="kontra_at_four",
        )
    return level


def _winner(
    data: dict[str, Any],
    players: tuple[str, ...],
    sitting_out: tuple[str, ...],
    outcome: str,
    offender: str | None,
) -> str | None:
    """The player who reached 66 before the chosen card was seen, where one did."""
    if "winner" not in data:
        return None
    if len(players) != 4:
        raise HandError(
            "winner",
            "only at four players: who reached 66 alone, before the chosen card was seen",
            code="winner_needs_four",
        )
    for key in ("won", "partner"):
        if key in data:
            raise HandError(
                key,
                "leave {key} out when winner is given: the winner played alone against the "
                "other three",
                code="winner_plays_alone",
                key=key,
            )
    if outcome != "played" or offender is not None:
        raise HandError(
            "winner", "a hand with a renonsz or a redeal has no winner", code="winner_not_played"
        )
    return player(data["winner"], "winner", players, sitting_out)


def _partner(
    data: dict[str, Any], players: tuple[str, ...], sitting_out: tuple[str, ...], declarer: str
) -> str | None:
    """The chosen card's holder at four players; None when the starter held it himself."""
    if len(players) == 3:
        if data.get("partner") is not None:
            raise HandError(
                "partner",
                "at three players the starting player plays alone: leave partner out",
                code="partner_at_three",
            )
        return None
    if "partner" not in data:
        raise HandError(
            "partner",
            "is required at four players: the holder of the chosen card, or null when the "
            "starting player held it himself",
            code="partner_missing",
        )
    raw = data["partner"]
    if raw is None:
        return None
    same = "{name} is the starting player; when he held the chosen card himself, partner is null"
    return other_player(raw, "partner", players, sitting_out, declarer=declarer, same=same)


def _snapszer(
    raw: Any,
    players: tuple[str, ...],
    sitting_out: tuple[str, ...],
    declarer: str,
    partner: str | None,
    winner: str | None,
) -> str | None:
    """Who announced a snapszer: the starter, or at four the chosen card's holder."""
    if raw is None:
        return None
    if not isinstance(raw, dict):
        raise HandError(
            "snapszer",
            'must be {{"by": NAME}} or null, not {kind}',
            code="not_a_snapszer",
            kind=kind(raw),
        )
    check_keys(raw, ("by",), "snapszer", Msg("a snapszer"))
    if winner is not None:
        raise HandError(
            "snapszer",
            "an announced snapszer is played by its side, not won alone with winner",
            code="snapszer_beside_winner",
        )
    by = player(raw.get("by"), "snapszer.by", players, sitting_out)
    if by != declarer and by != partner:
        allowed = declarer if partner is None else f"{declarer}, {partner}"
        raise HandError(
            "snapszer.by",
            "only the starting player or the chosen card's holder announces a snapszer "
            "({allowed}), not {name}",
            code="snapszer_not_on_side",
            allowed=allowed,
            name=by,
        )
    return by


def _won(raw: Any) -> bool:
    if type(raw) is bool:
        return raw
    if raw is None:
        raise HandError(
            "won", "is required: true when the starting player's side won", code="won_missing"
        )
    raise HandError(
        "won", "must be true or false, not {kind}", code="not_a_boolean", kind=kind(raw)
    )


def _loser(data: dict[str, Any], announcer: str | None) -> str | None:
    raw = data.get("loser")
    if announcer is not None:
        if "loser" in data:
            raise HandError(
                "loser",
                "a snapszer is worth the same however the losers played: leave loser out",
                code="snapszer_has_no_loser",
            )
        return None
    if raw is None:
        raise HandError(
            "loser",
            "is required: the losing side's cards, {allowed}",
            code="loser_missing",
            allowed=", ".join(TIERS),
        )
    if raw not in TIERS:
        raise HandError("loser", not_one_of(raw, TIERS), code="loser_unknown")
    return raw


def _sizes(sizes: tuple[int, ...]) -> int | Msg:
    """How many play, as the refusal says it: 3, or "3 or 4"."""
    if len(sizes) == 1:
        return sizes[0]
    return Msg("{first} or {last}", {"first": ", ".join(map(str, sizes[:-1])), "last": sizes[-1]})

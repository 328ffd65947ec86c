"""A Doppelkopf hand as recorded at the table (RULES.md here, "The hand"), and its validation.

Parsing is where impossible hands are refused: every check raises a `HandError` naming the
key. The parties are worked out here, once: Re is the ``declarer`` and his ``partner``
(a normal game, a Hochzeit with a partner, an Armut), or the soloist alone (a solo, a
Hochzeit that found nobody); Kontra is everyone else who plays.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

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
    sitting_out_of,
)
from .build import SOLOS, SUITS, Rules

HAND_KEYS = (
    *COMMON_KEYS,
    "contract",
    "partner",
    "suit",
    "re_points",
    "all_tricks",
    "announced",
    "extras",
    "bock",
    "schweinchen",
)
OUTCOMES = ("played", "redeal")
PARTIES = ("re", "kontra")
ABSAGEN = ("keine_90", "keine_60", "keine_30", "schwarz")


def levels(party: str) -> tuple[str, ...]:
    """A party's announcement steps, level 1 to 5: its own word (``re``, ``kontra``),
    then its "keine 90/60/30/schwarz" (an Absage holds the Ansage: TSR 6.3.2, 6.4.3)."""
    return (party, *ABSAGEN)


EXTRA_KEYS = ("doppelkopf", "fuchs", "karlchen")
MOST = {"doppelkopf": 6, "fuchs": 2}
"""At most six tricks of 40 card points or more (240 in all), two Füchse (Karo aces)."""
_new = tuple.__new__

_FIELDS = [
    *COMMON_FIELDS,
    ("contract", str),
    ("partner", str | None),
    ("suit", str | None),
    ("re_points", int | None),
    ("all_tricks", str | None),
    ("re_level", int),
    ("kontra_level", int),
    ("extras", tuple[tuple[int, int, bool], tuple[int, int, bool]]),
    ("bock", int),
    ("schweinchen", str | None),
    ("re", tuple[str, ...]),
    ("kontra", tuple[str, ...]),
]


class Hand(NamedTuple("Hand", _FIELDS)):  # type: ignore[misc]
    """The facts of one Doppelkopf hand, validated against its ruleset.

    Beyond the common fields: ``contract`` (build.CONTRACTS); ``partner``, the other Re
    player (None in a solo and a Hochzeit that found nobody); ``suit`` of a Farbsolo;
    ``re_points``, the Re party's card points (Augen, 0 to 240; None for a redeal);
    ``all_tricks``, the party that took every trick; ``re_level`` and ``kontra_level``,
    each party's highest announcement (0 none, 1 Re or Kontra, 2 keine 90 ... 5 schwarz);
    ``extras``, per party (Re, Kontra) its Doppelkopf tricks, Füchse caught and Karlchen;
    ``bock``, how many Bock rounds the hand was played in (each doubles); ``schweinchen``,
    who held both Karo aces. ``re`` and ``kontra`` are the parties in seating order.
    """

    __slots__ = ()

    @property
    def solo(self) -> bool:
        """One player against three: a solo, or a Hochzeit that found no partner."""
        return self.partner is None


def parse_hand(data: Any, rules: Rules, options: Mapping[str, Any] | None = None) -> Hand:
    """Validate a Doppelkopf hand (a decoded JSON object) against ``rules``."""
    hand_object(data, HAND_KEYS, Msg("a Doppelkopf hand"))
    get = data.get
    players = names(get("players"), "players", required=True)
    if len(players) not in rules.sizes:
        raise HandError(
            "players",
            "a Doppelkopf hand is played by four, not {given}",
            code="players_count",
            given=len(players),
        )
    outcome = get("outcome", "played")
    if outcome not in OUTCOMES:
        raise HandError("outcome", not_one_of(outcome, OUTCOMES), code="outcome_unknown")
    sitting_out = sitting_out_of(data, players, rules.max_sitting_out)
    declarer = player(get("declarer"), "declarer", players, sitting_out)
    if outcome == "redeal":  # a deal thrown in: no parties, nothing played
        keys = ("contract", "partner", "suit", "re_points", "all_tricks", "announced", "extras")
        none_for_outcome(outcome, (k for k in keys if data.get(k) not in (None, {})))
        contract, partner, suit = "normal", None, None
    else:
        contract = get("contract", "normal")
        if contract not in rules.contracts:
            raise HandError(
                "contract", not_one_of(contract, rules.contracts), code="contract_unknown"
            )
        partner = _partner(data, contract, players, sitting_out, declarer)
        suit = _suit(get("suit"), contract)
    schweinchen = None
    if get("schweinchen") is not None:
        if not rules.schweinchen:
            raise HandError(
                "schweinchen",
                "Schweinchen is not played at this table (house rule schweinchen is off)",
                code="schweinchen_off",
            )
        schweinchen = player(get("schweinchen"), "schweinchen", players, sitting_out)
    bock = _bock(get("bock"), rules)
    re = (declarer,) if partner is None else tuple(p for p in players if p in (declarer, partner))
    kontra = tuple(p for p in players if p not in re)
    if outcome == "redeal":
        fields = (None, None, 0, 0, ((0, 0, False), (0, 0, False)))
    else:
        points = _points(get("re_points"))
        tricks = _all_tricks(get("all_tricks"), points)
        levels = _announced(get("announced"))
        extras = _extras(get("extras"), rules, partner is None)
        fields = (points, tricks, *levels, extras)
    common = (rules.id, options or {}, players, sitting_out, declarer, outcome)
    return _new(
        Hand,
        (
            *common,
            contract,
            partner,
            suit,
            *fields,
            bock,
            schweinchen,
            re,
            kontra,
        ),
    )


def _partner(
    data: dict[str, Any],
    contract: str,
    players: tuple[str, ...],
    sitting_out: tuple[str, ...],
    declarer: str,
) -> str | None:
    """The other Re player: required in a normal game and an Armut, none in a solo, and
    in a Hochzeit the one who joined (null when nobody did: then a solo)."""
    raw = data.get("partner")
    if contract in SOLOS:
        if raw is not None:
            raise HandError(
                "partner",
                "a solo is played alone against three: leave partner out",
                code="partner_in_solo",
            )
        return None
    if raw is None:
        if contract == "hochzeit" and "partner" in data:
            return None
        raise HandError(
            "partner",
            "is required: the other player of the Re party",
            code="partner_missing",
        )
    same = "{name} is the declarer: the partner is the other player of the Re party"
    return other_player(raw, "partner", players, sitting_out, declarer=declarer, same=same)


def _suit(raw: Any, contract: str) -> str | None:
    if contract != "farbsolo":
        if raw is not None:
            raise HandError("suit", "only a Farbsolo names a trump suit", code="suit_not_farbsolo")
        return None
    if raw not in SUITS:
        raise HandError("suit", not_one_of(raw, SUITS), code="suit_unknown")
    return raw


def _whole(raw: Any, key: str, most: int) -> int:
    if type(raw) is not int or not 0 <= raw <= most:
        raise HandError(
            key,
            "must be a whole number from {minimum} to {maximum}, not {value!r}",
            code="not_in_range",
            minimum=0,
            maximum=most,
            value=raw,
        )
    return raw


def _points(raw: Any) -> int:
    if raw is None:
        raise HandError(
            "re_points",
            "is required: the Re party's card points, 0 to 240",
            code="re_points_missing",
        )
    return _whole(raw, "re_points", 240)


def _all_tricks(raw: Any, points: int) -> str | None:
    """The party that took every trick: it holds all 240 card points."""
    if raw is None:
        return None
    if raw not in PARTIES:
        raise HandError("all_tricks", not_one_of(raw, PARTIES), code="party_unknown")
    if points != (240 if raw == "re" else 0):
        raise HandError(
            "all_tricks",
            "a party that took every trick has all 240 card points, not {value}",
            code="all_tricks_points",
            value=points if raw == "re" else 240 - points,
        )
    return raw


def _announced(raw: Any) -> tuple[int, int]:
    """Each party's highest announcement, as a level (`levels`, 1 to 5; 0 none)."""
    if raw is None:
        return 0, 0
    if not isinstance(raw, dict):
        raise HandError(
            "announced", "must be an object, not {kind}", code="not_an_object", kind=kind(raw)
        )
    check_keys(raw, PARTIES, "announced", Msg("the announcements"))
    found: list[int] = []
    for party in PARTIES:
        value = raw.get(party)
        if value is None:
            found.append(0)
        elif value in levels(party):
            found.append(levels(party).index(value) + 1)
        else:
            raise HandError(
                f"announced.{party}", not_one_of(value, levels(party)), code="level_unknown"
            )
    return found[0], found[1]


def _extras(raw: Any, rules: Rules, solo: bool) -> tuple[tuple[int, int, bool], ...]:
    """Each party's extra points: Doppelkopf tricks, Füchse caught, Karlchen."""
    if raw is None or raw == {}:
        return ((0, 0, False), (0, 0, False))
    if not rules.extras:
        raise HandError(
            "extras",
            "the extra points are not counted at this table",
            code="extras_off",
        )
    if solo:
        raise HandError(
            "extras",
            "a solo counts no extra points (TSR 7.2.3): leave extras out",
            code="extras_in_solo",
        )
    if not isinstance(raw, dict):
        raise HandError(
            "extras", "must be an object, not {kind}", code="not_an_object", kind=kind(raw)
        )
    check_keys(raw, PARTIES, "extras", Msg("the extra points"))
    out = []
    for party in PARTIES:
        own = raw.get(party) or {}
        if not isinstance(own, dict):
            raise HandError(
                f"extras.{party}",
                "must be an object, not {kind}",
                code="not_an_object",
                kind=kind(own),
            )
        check_keys(own, EXTRA_KEYS, f"extras.{party}", Msg("the extra points"))
        dk = _whole(own.get("doppelkopf", 0), f"extras.{party}.doppelkopf", MOST["doppelkopf"])
        fuchs = _whole(own.get("fuchs", 0), f"extras.{party}.fuchs", MOST["fuchs"])
        karlchen = own.get("karlchen", False)
        if type(karlchen) is not bool:
            raise HandError(
                f"extras.{party}.karlchen",
                "must be true or false, not {kind}",
                code="not_a_boolean",
                kind=kind(karlchen),
            )
        out.append((dk, fuchs, karlchen))
    re, kontra = out
    for index, key in ((0, "doppelkopf"), (1, "fuchs")):
        if re[index] + kontra[index] > MOST[key]:
            raise HandError(
                f"extras.kontra.{key}",
                "both parties together: at most {most}, not {value}",
                code="extras_too_many",
                most=MOST[key],
                value=re[index] + kontra[index],
            )
    if re[2] and kontra[2]:
        raise HandError(
            "extras.kontra.karlchen",
            "only one party takes the last trick",
            code="karlchen_twice",
        )
    return (re, kontra)


def _bock(raw: Any, rules: Rules) -> int:
    """How many Bock rounds the hand was played in: each doubles its value."""
    if raw is None or raw == 0:
        return 0
    if not rules.bock:
        raise HandError(
            "bock",
            "Bock rounds are not played at this table (no house rule opens them)",
            code="bock_off",
        )
    return _whole(raw, "bock", 4)

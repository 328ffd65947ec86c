"""A Skat hand as recorded at the table (hand format, "Skat"), and its validation.

Parsing is where impossible hands are refused: every check raises a `HandError` that
names the key, says what is allowed and carries a ``code`` for the form's own words
(``matadors_range``: "ohne 5" in a Grand). The game's checks are in `facts_check`; the
all-pass hand (eingepasst, or Ramsch under the house rule) in `ramsch`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from ...settlement import hand_checks as checks
from ...settlement.doubling import doubling_level
from ...settlement.errors import HandError, Msg
from .build import Rules
from .facts_check import GAME_KEYS, game_facts
from .ramsch import Ramsch, ramsch_facts

HAND_KEYS = (
    *checks.COMMON_KEYS,
    *GAME_KEYS,
    "kontra",
    "bock",
    "renonsz",
    "ramsch",
    "ramsch_round",
)
OUTCOMES = ("played", "all_pass", "ramsch")
"""``ramsch``: a Ramsch played because the round or the evening says so (a Ramsch round
after Bock, house rule ``ramsch_after_bock``; an evening of Ramsch only, ``ramsch_only``),
not because all passed."""
_new = tuple.__new__
_WHAT = Msg("a Skat hand")

_FIELDS = [
    *checks.COMMON_FIELDS,
    ("game", str | None),
    ("mit", int | None),
    ("ohne", int | None),
    ("hand", bool),
    ("announced", str | None),
    ("ouvert", bool),
    ("bid", int | None),
    ("declarer_points", int | None),
    ("schwarz", str | None),
    ("won", bool | None),
    ("schneider", bool | None),
    ("kontra", int),
    ("bock", bool),
    ("renonsz", str | None),
    ("ramsch", Ramsch | None),
    ("ramsch_round", bool),
]


class Hand(NamedTuple("Hand", _FIELDS)):  # type: ignore[misc]
    """The facts of one Skat hand, validated against its ruleset.

    Beyond the common fields (``declarer`` is None in an all-pass hand): ``game`` (a suit,
    ``grand`` or ``null``), ``mit`` or ``ohne`` (the matadors, suit and Grand), ``hand``,
    ``announced`` (``schneider``, ``schwarz``), ``ouvert``, ``bid``, ``declarer_points``
    (suit and Grand, skat included), ``schwarz`` (``declarer``: the opponents took no
    trick; ``opponents``: the declarer took none), ``won`` (null games; or a suit game
    entered as won or lost without its card points, with ``schneider``: whether the
    losing side stayed at 30 or less), ``kontra`` (0, 1 Kontra, 2 Re), ``bock`` (a game of
    a Bock round), ``renonsz`` (the offender), ``ramsch`` (an all-pass hand played) and
    ``ramsch_round`` (a Grand Hand declared instead of a Ramsch round's game: it opens no
    Bock round, so its row and lines say none).
    """

    __slots__ = ()


def parse_hand(data: Any, rules: Rules, options: Mapping[str, Any] | None = None) -> Hand:
    """Validate a Skat hand (a decoded JSON object) against ``rules``."""
    get = checks.hand_object(data, HAND_KEYS, _WHAT).get
    players = checks.names(get("players"), "players", required=True)
    if len(players) != rules.active_players:
        raise HandError(
            "players",
            "Skat is played by {n}, not {given}; at four the dealer sits out",
            code="players_count",
            n=rules.active_players,
            given=len(players),
        )
    sitting_out = checks.sitting_out_of(data, players, rules.max_sitting_out)
    outcome = get("outcome", "played")
    if outcome not in OUTCOMES:
        raise HandError("outcome", checks.not_one_of(outcome, OUTCOMES), code="outcome_unknown")
    bock = _bock(get("bock"), rules)
    _round(outcome, rules)
    if outcome in ("all_pass", "ramsch"):
        for key in (*GAME_KEYS, "declarer", "kontra", "renonsz", "ramsch_round"):
            if key in data:
                raise HandError(
                    key,
                    "an all-pass hand (eingepasst) has no {key}"
                    if outcome == "all_pass"
                    else "a Ramsch has no {key}: everyone plays for himself",
                    code="all_pass_has",
                    key=key,
                )
        required = outcome == "ramsch"
        ramsch = ramsch_facts(get("ramsch"), rules, players, sitting_out, required)
        facts = (None, None, None, False, None, False, None, None, None, None, None, 0)
        head = (rules.id, options or {}, players, sitting_out)
        return _new(Hand, (*head, None, outcome, *facts, bock, None, ramsch, False))
    if "ramsch" in data:
        raise HandError(
            "ramsch",
            "only an all-pass hand, or a hand of a Ramsch round (outcome ramsch), is played "
            "as Ramsch",
            code="ramsch_not_all_pass",
        )
    declarer = get("declarer")
    if declarer not in players:
        declarer = checks.player(declarer, "declarer", players, sitting_out)
    offender = get("renonsz")
    if offender is not None:
        offender = checks.renonsz(offender, players, sitting_out, outcome)
    facts = game_facts(data, rules, offender is not None)
    _grand_hand(facts, rules)
    in_round = _ramsch_round(get("ramsch_round"), facts, rules)
    kontra = doubling_level(
        get("kontra"),
        "kontra",
        played=rules.kontra_re,
        off="Kontra and Re are not played at this table (house rule kontra_re is off)",
        levels="must be 1 (Kontra) or 2 (Re), not {value!r}",
        most=2,
    )
    head = (rules.id, options or {}, players, sitting_out)
    return _new(Hand, (*head, declarer, outcome, *facts, kontra, bock, offender, None, in_round))


def _round(outcome: str, rules: Rules) -> None:
    """A Ramsch round's hand only where Ramsch rounds are played; and in an evening of
    Ramsch only, nothing else."""
    if outcome == "ramsch" and not (rules.ramsch_rounds or rules.ramsch_only):
        raise HandError(
            "outcome",
            "Ramsch rounds are not played at this table (house rules ramsch_after_bock and "
            "ramsch_only are off)",
            code="ramsch_round_off",
        )
    if outcome == "played" and rules.ramsch_only and rules.ramsch_only_grand_hand:
        return  # a Grand Hand may be declared instead (`_grand_hand` checks the game)
    if outcome != "ramsch" and rules.ramsch_only:
        raise HandError(
            "outcome",
            "every deal is a Ramsch at this table (house rule ramsch_only): outcome is ramsch",
            code="ramsch_only",
        )


def _grand_hand(facts: tuple[Any, ...], rules: Rules) -> None:
    """In an evening of Ramsch only the one game that may be declared is a Grand Hand
    (house rule ``ramsch_only_grand_hand``, Andy4495 setup)."""
    game, hand_game = facts[0], facts[3]
    if rules.ramsch_only and (game != "grand" or not hand_game):
        raise HandError(
            "game",
            "every deal is a Ramsch at this table (house rule ramsch_only): the only game "
            "that may be declared instead is a Grand Hand",
            code="ramsch_only_grand_hand",
        )


def _ramsch_round(raw: Any, facts: tuple[Any, ...], rules: Rules) -> bool:
    """A game declared in a Ramsch round: only where Ramsch rounds are played, and only a
    Grand Hand (RULES.md, Skat decisions; Andy4495 README: "each player has a chance to
    bid a Grand Hand")."""
    if raw is None or raw is False:
        return False
    if raw is not True:
        raise HandError(
            "ramsch_round",
            "must be true or false, not {kind}",
            code="not_a_boolean",
            kind=checks.kind(raw),
        )
    if not rules.ramsch_rounds:
        raise HandError(
            "ramsch_round",
            "Ramsch rounds are not played at this table (house rule ramsch_after_bock is off)",
            code="ramsch_round_off",
        )
    game, hand_game = facts[0], facts[3]
    if game != "grand" or not hand_game:
        raise HandError(
            "game",
            "in a Ramsch round the only game that may be declared instead of the Ramsch is "
            "a Grand Hand",
            code="ramsch_round_grand_hand",
        )
    return True


def _bock(raw: Any, rules: Rules) -> bool:
    if raw is None or raw is False:
        return False
    if not rules.bock:
        raise HandError(
            "bock",
            "Bock rounds are not played at this table (house rule bock is off)",
            code="bock_off",
        )
    if raw is not True:
        raise HandError(
            "bock", "must be true or false, not {kind}", code="not_a_boolean", kind=checks.kind(raw)
        )
    return True

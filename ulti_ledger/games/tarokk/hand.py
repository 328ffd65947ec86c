"""A tarokk hand as recorded at the table (hand format, "Tarokk"), and its validation.

Parsing is where impossible hands are refused: every check raises a `HandError` that
names the key and says what is allowed, in the hand format's order. The seating and the
sides are ``seats.py``'s: the declarer and the called card's holder against the other two,
or the declarer alone against three (he called himself, or the called card lay in the
skart). The figures are checked in ``figures.py``, and the team part is summed (with the
checks only the figures together can fail) in ``team.py``.
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
    none_for_outcome,
    not_one_of,
)
from .build import CONTRACTS, Rules
from .figures import Fig, kontra_level, parse_figures
from .seats import seating_of
from .shown import renonsz_of, tarokkszam_of
from .team import team_part

HAND_KEYS = (
    *COMMON_KEYS,
    "partner",
    "skart",
    "contract",
    "game",
    "figures",
    "tarokkszam",
    "renonsz",
    "double",
)
A_HAND = Msg("a tarokk hand")
_HAND_KEYSET = frozenset(HAND_KEYS)
_GAME_KEYSET = frozenset(("won", "kontra"))
_new = tuple.__new__

_FIELDS = [
    *COMMON_FIELDS,
    ("partner", str | None),
    ("skart", bool),
    ("bid", str | None),
    ("g", int),
    ("game_won", bool | None),
    ("game_kontra", int),
    ("figures", tuple[Fig, ...]),
    ("tarokkszam", tuple[tuple[str, int], ...]),
    ("renonsz", str | None),
    ("ruling", str | None),
    ("side", tuple[str, ...]),
    ("others", tuple[str, ...]),
    ("team", int),
    ("pot", tuple["str | None", "str | None"]),
    ("tie", bool),
    ("double", bool),
]


class Hand(NamedTuple("Hand", _FIELDS)):  # type: ignore[misc]
    """The facts of one tarokk hand, validated against its ruleset.

    ``partner``: the called card's holder (None: the declarer alone against three);
    ``skart``: the called card lay in the skart (the declarer alone, and the game carries
    an automatic kontra: ``game_kontra`` is at least 1); ``bid`` the contract (the hand
    format's ``contract``) and ``g`` its base value;
    ``game_won`` whether the declarer's side won the parti (None where the hand was not
    played out); ``figures`` as `Fig`; ``tarokkszam`` (player, 8 or 9); ``renonsz`` the
    offender and ``ruling`` the others' vote (magas tarokk). ``side`` is the declarer's
    side in seating order, ``others`` the players against it; ``team`` the team part
    per player of the declarer's side (+ receives; 0 where the hand was not played out);
    ``pot`` the sides of the first made and the first failed announcement of the pagát
    kitty's (None: none; `figures.Tally`); ``tie`` the parti ended 47:47 (``game.tie``,
    which the opponents win); ``double`` the hand is of a double round after an annulled
    deal (option ``double_round``), every payment counting twice.
    """

    __slots__ = ()


def parse_hand(data: Any, rules: Rules, options: Mapping[str, Any] | None = None) -> Hand:
    """Validate a tarokk hand (a decoded JSON object) against ``rules``."""
    if type(data) is not dict or not data.keys() <= _HAND_KEYSET:
        hand_object(data, HAND_KEYS, A_HAND)  # refuses, naming the stranger key
    get = data.get
    players, sitting_out, declarer, outcome, skart, partner, side, others = seating_of(data, rules)
    offender = ruling = None
    raw = get("renonsz")
    if raw is not None:
        offender, ruling = renonsz_of(raw, players, sitting_out, outcome, rules)
    if outcome != "played":
        given = (k for k in ("game", "figures", "tarokkszam") if k in data)
        none_for_outcome(
            outcome, given, "a hand with outcome {outcome} has no {key}: nothing was played"
        )
    contract = get("contract")
    g = rules.base_values.get(contract) if type(contract) is str else None
    if g is None:
        contract = _contract(contract, outcome)
        g = rules.base_values[contract] if contract else 0
    if partner is None and contract and rules.lone_as_szolo:  # alone: valued as szóló
        g = rules.base_values["szolo"]
    played_out = outcome == "played" and (offender is None or ruling == "continue")
    game = get("game")
    if (  # the usual game, read here (a call fewer); anything else the long way
        played_out
        and type(game) is dict
        and game.keys() <= _GAME_KEYSET
        and type(game_won := game.get("won")) is bool
        and type(level := game.get("kontra", 0)) is int
        and 0 <= level <= rules.max_kontra
    ):
        game_kontra = 1 if skart and not level else level  # the skart's automatic kontra
        tie = False
    else:
        game_won, game_kontra, tie = _game(game, rules, played_out, skart)
    figures, tally = parse_figures(get("figures"), rules, played_out)
    parti_level = 0 if tie and rules.tie_kontra_single else game_kontra
    team = (
        team_part(g, game_won, game_kontra, figures, tally, rules, parti_level) if played_out else 0
    )
    double = _double(get("double"), rules)
    raw = get("tarokkszam")
    tarokkszam = () if raw is None else tarokkszam_of(raw, players, sitting_out)
    return _new(
        Hand,
        (
            rules.id,
            {} if options is None else options,
            players,
            sitting_out,
            declarer,
            outcome,
            partner,
            skart,
            contract,
            g,
            game_won,
            game_kontra,
            figures,
            tarokkszam,
            offender,
            ruling,
            side,
            others,
            team,
            tally[8],
            tie,
            double,
        ),
    )


def _double(raw: Any, rules: Rules) -> bool:
    """Whether the hand is of a double round after an annulled deal (option double_round)."""
    if raw is None or raw is False:
        return False
    if raw is not True:
        raise HandError("double", "must be true or false", code="not_a_boolean")
    if not rules.double_round:
        raise HandError(
            "double",
            "{ruleset} plays no double round after an annulled deal: leave double out",
            code="no_double_round",
            ruleset=rules.label,
        )
    return True


def _contract(raw: Any, outcome: str) -> str | None:
    if raw is None and outcome != "played":
        return None
    if raw is None:
        raise HandError(
            "contract",
            "is required: {allowed}",
            code="contract_missing",
            allowed=", ".join(CONTRACTS),
        )
    if raw not in CONTRACTS:
        raise HandError("contract", not_one_of(raw, CONTRACTS), code="contract_unknown")
    return raw


def _game(raw: Any, rules: Rules, played_out: bool, skart: bool) -> tuple[bool | None, int, bool]:
    """The parti: whether the declarer's side won it, its kontra level (at least the
    automatic kontra of a called card in the skart) and whether it ended 47:47; the usual
    game is read by `parse_hand` itself, and this says what is wrong with any other."""
    automatic = 1 if skart else 0
    if raw is None:
        if played_out:
            raise HandError(
                "game",
                'is required: {{"won": true}} when the declarer\'s side took 48 or more',
                code="game_missing",
            )
        return None, automatic, False
    if not isinstance(raw, dict):
        raise HandError(
            "game",
            'must be {{"won": ..., "kontra": N}}, not {kind}',
            code="not_an_object",
            kind=kind(raw),
        )
    check_keys(raw, ("won", "kontra", "tie"), "game", Msg("the game"))
    won = raw.get("won")
    if played_out and type(won) is not bool:
        raise HandError(
            "game.won",
            "must be true or false: whether the declarer's side took 48 or more",
            code="not_a_boolean",
        )
    if not played_out and won is not None:
        raise HandError(
            "game.won", "the hand was not played out (renonsz): leave won out", code="not_played"
        )
    level = kontra_level(raw.get("kontra", 0), "game.kontra", rules.max_kontra, rules)
    tie = raw.get("tie", False)
    if type(tie) is not bool:
        raise HandError(
            "game.tie", "must be true or false: whether it ended 47:47", code="not_a_boolean"
        )
    if tie and won is not False:
        raise HandError(
            "game.tie",
            "at 47:47 the opponents win the parti, kontra or not (ITVB 7.11): won is false",
            code="tie_won",
        )
    return won, max(level, automatic), tie

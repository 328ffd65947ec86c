"""A tarokk hand as recorded at the table (hand format, "Tarokk"), and its validation.

Parsing is where impossible hands are refused: every check raises a `HandError` that
names the key and says what is allowed. The sides are worked out here once: the
declarer and the called card's holder against the other two, or the declarer alone
against three (he called himself, or the called card lay in the skart). The figures are
checked in ``figures.py``.
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
    not_one_of,
    player,
    sitting_out_of,
)
from .build import CONTRACTS, Rules
from .consistency import check_consistent
from .figures import Fig, kontra_level, parse_figures
from .parti import team_value
from .shown import renonsz_of, tarokkszam_of

HAND_KEYS = (
    *COMMON_KEYS,
    "partner",
    "skart",
    "contract",
    "game",
    "figures",
    "tarokkszam",
    "renonsz",
)
OUTCOMES = ("played", "no_play", "redeal")
PLAYERS = 4
A_HAND = Msg("a tarokk hand")
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
    per player of the declarer's side (+ receives; 0 where the hand was not played out).
    """

    __slots__ = ()


def parse_hand(data: Any, rules: Rules, options: Mapping[str, Any] | None = None) -> Hand:
    """Validate a tarokk hand (a decoded JSON object) against ``rules``."""
    get = hand_object(data, HAND_KEYS, A_HAND).get
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
        raise HandError("outcome", not_one_of(outcome, OUTCOMES))
    skart = _skart(get("skart", False))
    partner = _partner(data, players, sitting_out, declarer, skart, outcome)
    if partner is not None:
        first = players.index(declarer) < players.index(partner)
        side = (declarer, partner) if first else (partner, declarer)
    else:
        side = (declarer,)
    others = tuple([p for p in players if p not in side])
    offender, ruling = renonsz_of(get("renonsz"), players, sitting_out, outcome, rules)
    if outcome != "played":
        for key in ("game", "figures", "tarokkszam"):
            if key in data:
                raise HandError(
                    key,
                    "a hand with outcome {outcome} has no {key}: nothing was played",
                    code="outcome_has_no",
                    outcome=outcome,
                    key=key,
                )
    contract = _contract(get("contract"), outcome)
    g = rules.base_values[contract] if contract else 0
    played_out = outcome == "played" and (offender is None or ruling == "continue")
    game_won, game_kontra, figures, team = _play(data, rules, played_out, outcome, skart, g)
    tarokkszam = tarokkszam_of(get("tarokkszam"), players, sitting_out)
    common = (rules.id, options or {}, players, sitting_out, declarer, outcome)
    hand = _new(
        Hand,
        (
            *common,
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
        ),
    )
    return hand


def _play(
    data: dict[str, Any], rules: Rules, played_out: bool, outcome: str, skart: bool, g: int
) -> tuple[bool | None, int, tuple[Fig, ...], int]:
    """The game, the figures and the team part, each checked. The consistency check and
    the team part come from the memo when this very game and figure list (as checked
    values, whose types are exact: no ``1`` passes for ``true``) were settled before."""
    game_won, game_kontra = _game(data.get("game"), rules, played_out, outcome, skart)
    figures = parse_figures(data.get("figures"), rules, played_out)
    if not played_out:
        return game_won, game_kontra, figures, 0
    memo = rules.memo
    key = (g, game_won, game_kontra, figures)
    team = memo.get(key)
    if team is None:
        check_consistent(figures, game_won, rules)
        team = team_value(g, game_won, game_kontra, figures, rules)
        if len(memo) < rules.memo_size:
            memo[key] = team
    return game_won, game_kontra, figures, team


def _skart(raw: Any) -> bool:
    if type(raw) is not bool:
        raise HandError("skart", "must be true or false, not {kind}", kind=kind(raw))
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
    if raw != declarer:
        return player(raw, "partner", players, sitting_out)
    raise HandError(
        "partner", "{name} is the declarer; when he called himself, partner is null", name=raw
    )


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
        raise HandError("contract", not_one_of(raw, CONTRACTS))
    return raw


def _game(
    raw: Any, rules: Rules, played_out: bool, outcome: str, skart: bool
) -> tuple[bool | None, int]:
    """The parti: whether the declarer's side won it, and its kontra level."""
    automatic = 1 if skart else 0
    if type(raw) is dict and played_out and raw.keys() <= _GAME_KEYSET:  # the usual game
        won, level = raw.get("won"), raw.get("kontra", 0)
        if type(won) is bool and type(level) is int and 0 <= level <= rules.max_kontra:
            return won, level if level > automatic else automatic
    if raw is None:
        if played_out:
            raise HandError(
                "game",
                'is required: {{"won": true}} when the declarer\'s side took 48 or more',
                code="game_missing",
            )
        return None, automatic
    if not isinstance(raw, dict):
        raise HandError("game", 'must be {{"won": ..., "kontra": N}}, not {kind}', kind=kind(raw))
    check_keys(raw, ("won", "kontra"), "game", Msg("the game"))
    won = raw.get("won")
    if played_out and type(won) is not bool:
        raise HandError(
            "game.won", "must be true or false: whether the declarer's side took 48 or more"
        )
    if not played_out and won is not None:
        raise HandError(
            "game.won", "the hand was not played out (renonsz): leave won out", code="not_played"
        )
    level = kontra_level(raw.get("kontra", 0), "game.kontra", rules.max_kontra, rules)
    return won, max(level, automatic)

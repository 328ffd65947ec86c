"""What every game's hand shares: the common keys, and the checks of names, players, keys
and values.

Each refusal is a `HandError` naming the key at fault, worded once here for every game,
so that a hand of any game says "players[2]: must be a non-empty name" the same way. The
common keys (spec "Other games": ruleset, options, players, sitting_out, declarer,
outcome, renonsz) are `COMMON_FIELDS`, and `common_json` writes them back.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from .errors import HandError, Msg
from .schema import suggestion

_STR = frozenset((str,))


COMMON_FIELDS: list[tuple[str, Any]] = [
    ("ruleset", str),
    ("options", Mapping[str, Any]),  # only what the hand (or its session) set
    ("players", tuple[str, ...]),
    ("sitting_out", tuple[str, ...]),
    ("declarer", str),
    ("outcome", str),
]
"""The fields every game's hand starts with, for ``NamedTuple("Hand", [*COMMON_FIELDS,
...])``: named tuples, as immutable as frozen dataclasses and twenty times cheaper to
build (a frozen dataclass of fourteen fields took half of a snapszer hand's parse)."""


COMMON_KEYS = tuple(name for name, _ in COMMON_FIELDS)
"""The hand-format keys every game's hand may hold first (``renonsz`` is the game's to place)."""


def common_json(hand: Any) -> dict[str, Any]:
    """The common keys of a hand in the format's order, minus ``ruleset`` and ``options``:
    ``sitting_out`` where somebody sits out, ``outcome`` where it is not ``played``."""
    out: dict[str, Any] = {"players": list(hand.players)}
    if hand.sitting_out:
        out["sitting_out"] = list(hand.sitting_out)
    out["declarer"] = hand.declarer
    if hand.outcome != "played":
        out["outcome"] = hand.outcome
    return out


_KEYSETS: dict[tuple[str, ...], frozenset[str]] = {}


def names(raw: Any, key: str, required: bool) -> tuple[str, ...]:
    """A list of distinct, non-blank player names (``players``, ``sitting_out``)."""
    # The happy path in three C-level passes: all strings, none blank, no repeats.
    if type(raw) is list and _STR.issuperset(map(type, raw)):
        if all(map(str.strip, raw)) and len(set(raw)) == len(raw):
            return tuple(raw)
    if raw is None:
        if required:
            raise HandError(
                key,
                "is required: the names of the players, in seating order",
                code="players_missing",
            )
        return ()
    if not isinstance(raw, list):
        raise HandError(
            key, "must be a list of names, not {kind}", code="not_a_list", kind=kind(raw)
        )
    seen: set[str] = set()
    for index, name in enumerate(raw):
        if not isinstance(name, str) or not name.strip():
            raise HandError(
                f"{key}[{index}]",
                "must be a non-empty name, not {value!r}",
                code="not_a_name",
                value=name,
            )
        if name in seen:
            raise HandError(key, "{name} is named twice", code="named_twice", name=name)
        seen.add(name)
    return tuple(raw)


def player(raw: Any, key: str, players: tuple[str, ...], sitting_out: tuple[str, ...]) -> str:
    """A name that must be one of the hand's players."""
    if raw is None:
        raise HandError(
            key, "is required: the name of a player of this hand", code="player_missing"
        )
    if raw in players:
        return raw
    if raw in sitting_out:
        raise HandError(key, "{name} sits out this hand", code="player_sits_out", name=raw)
    shown = raw if isinstance(raw, str) else repr(raw)
    raise HandError(
        key,
        "{name} is not playing this hand; players: {players}",
        code="player_not_playing",
        name=shown,
        players=", ".join(players),
    )


def other_player(
    raw: Any,
    key: str,
    players: tuple[str, ...],
    sitting_out: tuple[str, ...],
    *,
    declarer: str,
    same: str,
) -> str:
    """A player of the hand who is not its declarer (a partner: snapszer's chosen card's
    holder, Doppelkopf's other Re player, tarokk's called card's holder). ``same`` is the
    game's own refusal of the declarer named there (``{name}``), coded
    ``partner_is_declarer`` for the form's words."""
    if raw == declarer:
        raise HandError(key, same, code="partner_is_declarer", name=declarer)
    return player(raw, key, players, sitting_out)


def check_keys(obj: Mapping[str, Any], allowed: tuple[str, ...], where: str, what: Msg) -> None:
    """Refuse, naming it, the first key of ``obj`` that is not in ``allowed``."""
    keyset = _KEYSETS.get(allowed)
    if keyset is None:
        keyset = _KEYSETS.setdefault(allowed, frozenset(allowed))
    if obj.keys() <= keyset:
        return
    for key in obj:
        if key not in allowed:
            full = f"{where}.{key}" if where else str(key)
            raise HandError(
                full,
                "is not a key of {what}{hint}; allowed: {allowed}",
                code="unknown_key",
                what=what,
                hint=suggestion(str(key), allowed),
                allowed=", ".join(allowed),
            )


def not_one_of(value: Any, allowed: Iterable[str]) -> Msg:
    """'"x" is not allowed (did you mean ...); allowed: a, b'."""
    allowed = list(allowed)
    shown = f'"{value}"' if isinstance(value, str) else repr(value)
    hint = suggestion(value, allowed) if isinstance(value, str) else Msg("")
    return Msg(
        "{value} is not allowed{hint}; allowed: {allowed}",
        {"value": shown, "hint": hint, "allowed": ", ".join(allowed)},
    )


def kind(value: Any) -> Msg | str:
    """What a JSON value is, in the reader's language: a list, an object, null ..."""
    found = {
        list: "a list",
        dict: "an object",
        str: "a string",
        bool: "a boolean",
        int: "a number",
        float: "a number",
        type(None): "null",
    }.get(type(value))
    return Msg(found) if found else type(value).__name__


def hand_object(data: Any, allowed: tuple[str, ...], what: Msg) -> dict[str, Any]:
    """``data`` as a game's hand: a JSON object holding none but the game's keys
    (``what`` names the hand in the refusal of a stranger key)."""
    if type(data) is not dict:
        raise HandError(
            "", "a hand must be a JSON object, not {kind}", code="not_an_object", kind=kind(data)
        )
    check_keys(data, allowed, "", what)
    return data


def sitting_out_of(data: Mapping[str, Any], players: tuple[str, ...], most: int) -> tuple[str, ...]:
    """The hand's ``sitting_out``: distinct names, none of them playing, at most ``most``."""
    sitting_out = names(data.get("sitting_out"), "sitting_out", required=False)
    if sitting_out:
        check_sitting_out(players, sitting_out, most)
    return sitting_out


def check_sitting_out(players: tuple[str, ...], sitting_out: tuple[str, ...], most: int) -> None:
    """Nobody both plays and sits out, and no more sit out than the table allows."""
    for name in sitting_out:
        if name in players:
            raise HandError(
                "sitting_out",
                "{name} is named twice: playing and sitting out",
                code="sitting_out_plays",
                name=name,
            )
    if len(sitting_out) > most:
        raise HandError(
            "sitting_out",
            "at most {n} players sit out, not {given}",
            code="sitting_out_count",
            n=most,
            given=len(sitting_out),
        )


def none_for_outcome(
    outcome: str, given: Iterable[str], template: str = "a hand with outcome {outcome} has no {key}"
) -> None:
    """Refuse the first key of ``given`` (the keys a hand holds that its ``outcome`` rules
    out: a throw-in's components, a redeal's winner), naming the outcome and the key in
    ``template`` (a game may say why, in a template of its own)."""
    for key in given:
        raise HandError(
            key,
            template,
            code="outcome_has_no",
            outcome=outcome,
            key=key,
        )


def renonsz(
    raw: Any, players: tuple[str, ...], sitting_out: tuple[str, ...], outcome: str
) -> str | None:
    """The offender of a ``renonsz`` (``{"player": NAME}``), or None where there is none."""
    if raw is None:
        return None
    if not isinstance(raw, dict):
        raise HandError(
            "renonsz",
            'must be {{"player": NAME}} or null, not {kind}',
            code="not_a_renonsz",
            kind=kind(raw),
        )
    check_keys(raw, ("player",), "renonsz", Msg("a renonsz"))
    if outcome != "played":
        raise HandError(
            "renonsz",
            "a hand with outcome {outcome} has no renonsz",
            code="outcome_has_no",
            outcome=outcome,
        )
    return player(raw.get("player"), "renonsz.player", players, sitting_out)

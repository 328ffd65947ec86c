"""Settling a whole session (format ``ulti-ledger/session@1``): hands, totals, money.

A session is validated whole: one bad hand rejects it, naming the hand, because totals
over a partly valid evening would mislead the table.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from typing import Any

from .engine import Engine
from .errors import HandError
from .kitty import run_kitty
from .money import check_zero_sum
from .result import Settlement

SESSION_FORMAT = "ulti-ledger/session@1"
SESSION_KEYS = (
    "format",
    "ruleset",
    "options",
    "unit_value",
    "players",
    "hands",
    # the ledger's own additions: what the evening was, and its table settings
    "name",
    "date",
    "place",
    "settings",
    "seating",
    "kitty",
    "payments",
    "settle_up",
)
"""``seating`` (optional): the seating changes of the evening, ``[{"from_hand": 4,
"players": [...]}, ...]``; ``players`` is then the seating of the first hand. ``kitty``
(optional, written by an export where a hand moves a kitty): ``{"balance": N, "rule":
"stays"}``, what the evening left in it; it follows from the hands, so reading a file
recomputes it and never takes it from there. Its ``opening`` (written where the evening
opened with a balance, carried in from its group's previous evening) is read: the kitty
opens with it (`kitty_opening`). ``payments`` (optional; missing: none): the money handed
over after the night, ``[{"from", "to", "amount", "amount_minor", "paid_on"}, ...]``,
never part of the hands' settlement; ``settle_up`` (written beside them) is what they
paid of the transfers and what remains: it follows from the rest, so reading a file
recomputes it and never takes it from there."""


@dataclass(frozen=True, slots=True)
class UnitValue:
    """What one unit is worth at this table, in money."""

    amount: Decimal
    currency: str


@dataclass(frozen=True, slots=True)
class SessionResult:
    """Every hand's settlement, in order, and each player's total in units."""

    players: tuple[str, ...]
    unit_value: UnitValue
    hands: tuple[Settlement, ...]
    totals: Mapping[str, int]
    """Each player's payments summed: zero-sum, what the night's money settles."""
    scores: Mapping[str, int] | None = None
    """Each player's game score summed (Skat's list), beside ``totals``; None when no hand
    carries a score (a game without a score column, such as Ulti). Need not sum to zero."""
    kitty: tuple[Mapping[str, int] | None, ...] | None = None
    """Each hand's kitty entries (player -> units, + took, - put in; None: left alone),
    counted in order from an empty kitty; None when no hand moves a kitty."""
    kitty_balance: int | None = None
    """What is left in the kitty after the last hand: minus the sum of the entries."""


def is_session(data: Any) -> bool:
    return isinstance(data, Mapping) and "format" in data


def session_defaults(data: Mapping[str, Any]) -> dict[str, Any]:
    """The ruleset and options that the session's hands inherit."""
    return {"ruleset": data.get("ruleset"), "options": data.get("options") or {}}


def parse_unit_value(raw: Any) -> UnitValue:
    if raw is None:
        return UnitValue(Decimal(1), "")
    if not isinstance(raw, Mapping) or set(raw) - {"amount", "currency"}:
        raise HandError(
            "unit_value", 'must be {"amount": "10", "currency": "HUF"}', code="unit_value_object"
        )
    amount = raw.get("amount")
    if not isinstance(amount, str):
        raise HandError(
            "unit_value.amount",
            'must be a decimal string such as "10" or "0.5"',
            code="amount_not_a_string",
        )
    try:
        value = Decimal(amount)
    except InvalidOperation:
        raise HandError(
            "unit_value.amount",
            "{value!r} is not a decimal number",
            code="amount_not_a_number",
            value=amount,
        ) from None
    if not value.is_finite() or value < 0:
        raise HandError(
            "unit_value.amount", "must be a finite amount, zero or more", code="amount_range"
        )
    currency = raw.get("currency", "")
    if not isinstance(currency, str) or len(currency) > 8:
        raise HandError(
            "unit_value.currency",
            "must be a currency code such as HUF or EUR",
            code="currency_code",
        )
    return UnitValue(value, currency)


def parse_session_players(data: Mapping[str, Any]) -> tuple[str, ...]:
    players = data.get("players")
    if not isinstance(players, list) or not 3 <= len(players) <= 5:
        raise HandError(
            "players",
            "a session has 3, 4 or 5 players, in seating order",
            code="session_players_count",
        )
    for index, name in enumerate(players):
        if not isinstance(name, str) or not name.strip():
            raise HandError(
                f"players[{index}]",
                "must be a non-empty name, not {value!r}",
                code="not_a_name",
                value=name,
            )
    if len(set(players)) != len(players):
        twice = next(p for p in players if players.count(p) > 1)
        raise HandError("players", "{name} is named twice", code="named_twice", name=twice)
    return tuple(players)


def hand_seatings(data: Mapping[str, Any], count: int) -> list[tuple[str, ...]]:
    """The seating of each of ``count`` hands and of the next one (``count + 1`` entries).

    Without ``seating`` every hand has the session's ``players``. Each change names the
    hand it applies from (2 to ``count + 1``, rising) and the full seating from then on.
    """
    current = parse_session_players(data)
    changes = data.get("seating")
    if changes is None:
        return [current] * (count + 1)
    if not isinstance(changes, list):
        raise HandError(
            "seating",
            'must be a list of {"from_hand": N, "players": [...]}',
            code="seating_not_a_list",
        )
    starts: dict[int, tuple[str, ...]] = {}
    last = 1
    for index, change in enumerate(changes):
        key = f"seating[{index}]"
        if not isinstance(change, Mapping) or set(change) != {"from_hand", "players"}:
            raise HandError(
                key, 'must be {"from_hand": N, "players": [...]}', code="seating_change_object"
            )
        start = change["from_hand"]
        if isinstance(start, bool) or not isinstance(start, int) or not last < start <= count + 1:
            raise HandError(
                f"{key}.from_hand",
                "must be a hand number after {last} and at most {most}, not {value!r}",
                code="seating_from_hand",
                last=last,
                most=count + 1,
                value=start,
            )
        try:
            starts[start] = parse_session_players({"players": change["players"]})
        except HandError as exc:
            raise exc.at(f"{key}.{exc.key}") from None
        last = start
    out = []
    for number in range(1, count + 2):
        current = starts.get(number, current)
        out.append(current)
    return out


def check_session_header(data: Any) -> None:
    """A session is an object of the format's keys that names the format (session@1)."""
    if not isinstance(data, Mapping):
        raise HandError("", "a session must be a JSON object", code="session_not_an_object")
    for key in data:
        if key not in SESSION_KEYS:
            raise HandError(
                str(key),
                "is not a key of a session; allowed: {allowed}",
                code="unknown_key",
                allowed=", ".join(SESSION_KEYS),
            )
    if data.get("format") != SESSION_FORMAT:
        raise HandError(
            "format",
            'must be "{format}", not {value!r}',
            code="format_unknown",
            format=SESSION_FORMAT,
            value=data.get("format"),
        )


def seat_hand(hand: Any, players: tuple[str, ...]) -> Any:
    """A session hand with its sitting-out players filled in from the table.

    A session's hand may name its ``dealer`` (the ledger records who dealt); that is a
    fact of the table, not of the settlement, so it is checked here and set aside.
    """
    if not isinstance(hand, dict):
        raise HandError("", "a hand must be a JSON object", code="not_an_object")
    if "dealer" in hand:
        if hand["dealer"] not in players:
            raise HandError(
                "dealer",
                "{value!r} is not a player of this session",
                code="dealer_not_in_session",
                value=hand["dealer"],
            )
        hand = {k: v for k, v in hand.items() if k != "dealer"}
    for key in ("players", "sitting_out"):
        names = hand.get(key)
        for name in names if isinstance(names, list) else ():
            if isinstance(name, str) and name not in players:
                raise HandError(
                    key,
                    "{name} is not a player of this session",
                    code="name_not_in_session",
                    name=name,
                )
    if "sitting_out" in hand or not isinstance(hand.get("players"), list):
        return hand
    rest = [p for p in players if p not in hand["players"]]
    return {**hand, "sitting_out": rest} if rest else hand


KITTY_OPENING_MAX = 1_000_000_000
"""The largest opening a file may bring (docs/api.md): far above any kitty's cap, and
within what every supported database stores (``ledger.storable``)."""


def kitty_opening(data: Mapping[str, Any]) -> int:
    """The file's ``kitty.opening``: the units its kitty opened with, 0 without one."""
    kitty = data.get("kitty")
    if kitty is None:
        return 0
    if not isinstance(kitty, dict):
        raise HandError("kitty", "must be an object (its opening in units)", code="kitty_object")
    opening = kitty.get("opening", 0)
    whole = not isinstance(opening, bool) and isinstance(opening, int)
    if not whole or not 0 <= opening <= KITTY_OPENING_MAX:
        raise HandError(
            "kitty.opening",
            "must be a whole number of units from 0 to {most}, not {value!r}",
            code="kitty_opening",
            most=f"{KITTY_OPENING_MAX:,}",
            value=opening,
        )
    return opening


def settle_session(engine: Engine, data: Any) -> SessionResult:
    """Validate and settle every hand of a session; totals in units per player, and the
    scores summed per player where the game keeps a score column."""
    check_session_header(data)
    defaults = session_defaults(data)
    engine.ruleset(defaults["ruleset"]).normalize_options(defaults["options"])
    players = parse_session_players(data)
    unit_value = parse_unit_value(data.get("unit_value"))
    hands = data.get("hands", [])
    if not isinstance(hands, list):
        raise HandError("hands", "must be a list of hands", code="hands_not_a_list")
    seatings = hand_seatings(data, len(hands))
    players = tuple(dict.fromkeys(name for seating in seatings for name in seating))
    results = []
    totals = dict.fromkeys(players, 0)
    scores: dict[str, int] | None = None
    for index, raw in enumerate(hands):
        try:
            settlement = engine.settle(seat_hand(raw, seatings[index]), defaults)
        except HandError as exc:
            key = f"hands[{index}].{exc.key}" if exc.key else f"hands[{index}]"
            raise exc.at(key) from None
        check_zero_sum(settlement.payments, f"hands[{index}].payments")  # never the scores
        for name, amount in settlement.payments.items():
            totals[name] += amount
        if settlement.score is not None:
            scores = scores if scores is not None else dict.fromkeys(players, 0)
            for name, points in settlement.score.items():
                scores[name] += points
        results.append(settlement)
    kitty, balance = None, None
    if any(s.kitty is not None for s in results):
        entries, balance = run_kitty(s.kitty for s in results)
        kitty = tuple(entries)
    return SessionResult(players, unit_value, tuple(results), totals, scores, kitty, balance)

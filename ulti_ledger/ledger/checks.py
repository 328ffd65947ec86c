"""Validating what comes in (a session@1 body, a hand for a session) before anything is written.

Everything a hand means is checked by the engine; this module adds what only a session
knows: who sits at the table, the pinned ruleset, the stakes, the app's own keys
(``dealer`` on a hand, ``settings`` on a session) and who may throw in an all pass (the
engine does not know the dealer). Nothing here touches the database.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .. import rotation
from ..settlement import Engine, HandError, Ruleset
from ..settlement.seating import Seating
from ..settlement.session import check_session_header, kitty_opening
from ..words.money_input import MoneyInputError, parse_stake
from .errors import SessionError
from .names import UNPRINTABLE, check_players, name_key, refuse_hidden  # noqa: F401  (name_key: kept here too)
from .pinning import only_ruleset
from .seat_checks import SeatSpan, check_seatings, plan_seats
from .settings_option import with_settings

SETTINGS = ("last_declarer_deals",)
TEXT_LENGTH = 120
CHANGEABLE = ("name", "date", "place", "unit_value", "settings", "options", "resettle", "version")
"""What ``check_changes`` accepts; ``options`` are checked against the ruleset later
(``changes.plan_rules``), with ``resettle`` saying what the recorded hands do."""


@dataclass(frozen=True, slots=True)
class CheckedHand:
    """A hand the engine accepted for this session, in the form the ledger stores."""

    facts: dict[str, Any]
    """The canonical hand dict, session-relative: no ``ruleset``; ``options`` only if its own."""
    dealer: str | None
    """The dealer the input named, or None to let the rotation propose one."""
    hand: Any
    """The engine's parsed hand (its contract, effective kontra levels, ...)."""
    roles: dict[str, str] = field(default_factory=dict)
    """Each named player's role (the game's ``roles``): the hand's seat rows."""


@dataclass(frozen=True, slots=True)
class SessionPlan:
    """A session body that passed every check, ready to be written in one go."""

    ruleset: Ruleset
    options: dict[str, Any]
    amount: str
    currency: str
    players: tuple[str, ...]
    name: str = ""
    date: dt.date | None = None
    place: str = ""
    hands: tuple[tuple[CheckedHand, str], ...] = field(default=())
    """Each hand with its dealer (given, or proposed by the rotation)."""
    seatings: tuple[tuple[str, ...], ...] = field(default=())
    """The seating of each hand and of the next one; ``players`` is the first."""
    seats: tuple[SeatSpan, ...] = field(default=())
    """Everyone who plays that evening, in one seating order, with the hands he sits for."""
    kitty_opening: int = 0
    """What the evening's kitty opens with (a file's ``kitty.opening``; 0 without)."""


def check_hand(
    data: Any, engine: Engine, options: Mapping[str, Any], seats: Sequence[str]
) -> CheckedHand:
    """Validate a hand posted to a session seated ``seats`` that plays ``engine``'s ruleset."""
    if not isinstance(data, dict):
        raise HandError("", "a hand must be a JSON object", code="not_an_object")
    ruleset = only_ruleset(engine)
    data = dict(data)
    dealer = data.pop("dealer", None)
    if dealer is not None and dealer not in seats:
        raise HandError(
            "dealer",
            "{value!r} is not at this table; players: {players}",
            code="dealer_not_at_table",
            value=dealer,
            players=", ".join(seats),
        )
    if data.get("ruleset", ruleset.id) != ruleset.id:
        raise HandError(
            "ruleset",
            "this session plays {ruleset}; a hand cannot change the ruleset",
            code="ruleset_changed",
            ruleset=ruleset.id,
        )
    hand, rules = engine.parse(data, {"ruleset": ruleset.id, "options": options})
    game = engine.game(rules.scorer)
    for key in ("players", "sitting_out"):
        for name in getattr(hand, key):
            if name not in seats:
                raise HandError(
                    key,
                    "{name} is not at this table; players: {players}",
                    code="name_not_at_table",
                    name=name,
                    players=", ".join(seats),
                )
    own = {n: ruleset.options[n].normalize(v) for n, v in (data.get("options") or {}).items()}
    facts = {"options": own} if own else {}
    facts.update(game.canonical(hand))
    return CheckedHand(facts, dealer, hand, game.roles(hand))


def check_all_pass(
    checked: CheckedHand, seats: Sequence[str], dealer: str, seating: Seating
) -> None:
    """An all pass is thrown in by the first bidder of the deal (RULES.md §1.10), and only him.

    The first bidder is the first of the hand's own players on ``dealer``'s right, round
    the table (a scorer's override of who plays is respected). Checked on writes (and the
    preview) only: sessions and hands stored before this check are not re-checked, so an
    older all pass with another declarer still reads, settles and exports as it was.
    """
    declarer = checked.facts.get("declarer")
    if checked.hand.outcome != "all_pass" or declarer is None:
        return  # a game whose all pass names nobody (Skat's eingepasst) has no thrower-in
    first = seating.first_bidder(seats, dealer, checked.hand.players)
    if declarer != first:
        raise HandError(
            "declarer",
            "mindenki passz: only the first bidder ({first}) throws in, not {name}",
            code="all_pass_declarer",
            first=first,
            name=declarer,
        )


def dealer_named(
    checked: CheckedHand, seats: Sequence[str], proposed: str, seating: Seating
) -> str:
    """The dealer of a hand that names none: the one its sitting-out players name, if they
    do (at four the dealer sits out; at five he and the player on his left), else the
    rotation's ``proposed`` dealer. A hand recorded with another sitter-out than the
    rotation expected was dealt by him, so its all pass is thrown in by his first bidder.
    """
    named = seating.dealer_of(seats, checked.facts.get("sitting_out", ()))
    return named or proposed


def check_session(data: Any, engine: Engine) -> SessionPlan:
    """Validate a whole session@1 body, its hands included; the first problem is raised."""
    try:
        check_session_header(data)  # the format's own rules, as the engine's CLI reads them
    except HandError as exc:
        raise SessionError(exc.key, exc.message) from None
    ruleset = engine.ruleset(data.get("ruleset"))
    raw_options = data.get("options") or {}
    if not isinstance(raw_options, dict):
        raise SessionError("options", "must be an object of option names and values")
    raw_options = with_settings(raw_options, _settings(data.get("settings")), ruleset)
    ruleset.normalize_options(raw_options)  # names the unknown option or bad value
    options = {n: ruleset.options[n].normalize(v) for n, v in raw_options.items()}
    seating = ruleset.seating(options)
    fewest, most_out = seating.smallest, seating.largest - seating.smallest
    players = check_players(data.get("players"), fewest, most_out)
    seatings = check_seatings(data, players, fewest, most_out)
    amount, currency = _unit_value(data.get("unit_value"))
    opening = _kitty_opening(data, ruleset, options, len(seatings[0]) if seatings else fewest)
    plan = SessionPlan(
        ruleset=ruleset,
        options=options,
        amount=amount,
        currency=currency,
        players=players,
        name=_text(data, "name"),
        date=_date(data.get("date")),
        place=_text(data, "place"),
        seatings=seatings,
        seats=plan_seats(seatings),
        kitty_opening=opening,
    )
    hands = _hands(data.get("hands"), plan)
    return dataclasses.replace(plan, hands=hands)


def _hands(raw: Any, plan: SessionPlan) -> tuple[tuple[CheckedHand, str], ...]:
    if raw is None:
        return ()
    if not isinstance(raw, list):
        raise SessionError("hands", "must be a list of hand objects")
    engine = Engine({plan.ruleset.id: plan.ruleset})
    seating = plan.ruleset.seating(plan.options)
    checked: list[tuple[CheckedHand, str]] = []
    last: rotation.LastHand | None = None
    before: tuple[str, ...] = ()
    for index, item in enumerate(raw):
        seats = plan.seatings[index]
        try:
            hand = check_hand(item, engine, plan.options, seats)
        except HandError as exc:
            key = f"hands[{index}].{exc.key}" if exc.key else f"hands[{index}]"
            raise SessionError(key, exc.message) from None
        proposed = seating.next_dealer(seats, last, before)
        dealer = hand.dealer or dealer_named(hand, seats, proposed, seating)
        before = seats
        try:
            check_all_pass(hand, seats, dealer, seating)
        except HandError as exc:
            raise SessionError(f"hands[{index}].{exc.key}", exc.message) from None
        checked.append((hand, dealer))
        last = rotation.LastHand(dealer, hand.facts.get("declarer", ""), hand.hand.outcome)
    return tuple(checked)


def check_changes(data: Any) -> dict[str, Any]:
    """Validate a change of a session's settings: the keys given of ``CHANGEABLE``.

    Returns the new values by column (name, date, place, unit_amount, currency,
    last_declarer_deals), ``options`` and ``resettle`` as given, and ``version`` if
    given. The ruleset is fixed: a session with another one is a new session.
    """
    if not isinstance(data, dict) or not data:
        raise SessionError("", f"send an object with some of: {', '.join(CHANGEABLE[:-2])}")
    for key in data:
        if key not in CHANGEABLE:
            raise SessionError(
                str(key), f"cannot be changed; allowed: {', '.join(CHANGEABLE[:-1])}"
            )
    out: dict[str, Any] = {}
    for key in ("name", "place"):
        if key in data:
            out[key] = _text(data, key)
    if "date" in data:
        out["date"] = _date(data["date"])
    if "unit_value" in data:
        out["unit_amount"], out["currency"] = _unit_value(data["unit_value"])
    if "settings" in data:
        given = data["settings"]
        out["settings"] = {k: v for k, v in _settings(given).items() if k in (given or {})}
    if "options" in data:
        out["options"] = data["options"]
    if "resettle" in data:
        if not isinstance(data["resettle"], bool):
            raise SessionError("resettle", f"must be true or false, not {data['resettle']!r}")
        if "options" not in data:
            raise SessionError("resettle", "goes with options: the new house rules")
        out["resettle"] = data["resettle"]
    if "version" in data:
        out["version"] = check_version_value(data["version"])
    return out


def check_version_value(raw: Any, key: str = "version") -> int:
    """A version a writer sends back: a positive integer (JSON true is not one)."""
    if isinstance(raw, bool) or not isinstance(raw, int) or not 0 < raw < 2**62:
        raise SessionError(key, f"must be the positive integer version you read, not {raw!r}")
    return raw


def _unit_value(raw: Any) -> tuple[str, str]:
    """The stake as `money_input` reads it (``"1 000"``, ``"2,5"``; ``Ft`` is HUF)."""
    if not isinstance(raw, dict) or "amount" not in raw or set(raw) - {"amount", "currency"}:
        raise SessionError(
            "unit_value", 'is required: {"amount": "10", "currency": "HUF"} (amount a string)'
        )
    try:
        return parse_stake(raw["amount"], raw.get("currency", ""))
    except MoneyInputError as exc:
        raise SessionError(f"unit_value.{exc.key}", str(exc)) from None


def _settings(raw: Any) -> dict[str, Any]:
    settings: dict[str, Any] = {}
    if raw is None:
        return settings
    if not isinstance(raw, dict):
        raise SessionError("settings", 'must be an object such as {"last_declarer_deals": true}')
    for key, value in raw.items():
        if key not in SETTINGS:
            raise SessionError(
                f"settings.{key}", f"is not a session setting; allowed: {', '.join(SETTINGS)}"
            )
        if not isinstance(value, bool):
            raise SessionError(f"settings.{key}", f"must be true or false, not {value!r}")
        settings[key] = value
    return settings


def _text(data: dict[str, Any], key: str) -> str:
    value = data.get(key, "")
    if value is None:
        return ""
    if not isinstance(value, str) or len(value) > TEXT_LENGTH or UNPRINTABLE.search(value):
        raise SessionError(
            key, f"must be a text of at most {TEXT_LENGTH} characters, without control characters"
        )
    if value.strip():
        refuse_hidden(value.strip(), key, f"the {key}")
    return value.strip()


def _kitty_opening(data: dict[str, Any], ruleset: Ruleset, options: Any, table: int) -> int:
    """The file's ``kitty.opening`` (``settlement.session.kitty_opening``: a whole number
    in its range), only where the evening's rules keep a kitty at its table."""
    try:
        opening = kitty_opening(data)
    except HandError as exc:
        raise SessionError(exc.key, exc.message) from None
    account = ruleset.scorer_module.kitty_account  # every game answers (None: no kitty)
    if opening and account(ruleset.resolve(options), table) is None:
        raise SessionError(
            "kitty.opening",
            f"the rules of this evening ({ruleset.id}) keep no kitty, so it cannot open with "
            f"{opening} units; leave kitty out",
        )
    return opening


def _date(raw: Any) -> dt.date | None:
    if raw is None or raw == "":
        return None
    try:
        if not isinstance(raw, str):
            raise ValueError
        return dt.date.fromisoformat(raw)
    except ValueError:
        raise SessionError("date", f'must be a date such as "2024-11-29", not {raw!r}') from None

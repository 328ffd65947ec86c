"""Changing a session's own facts after it started: name, date, place, stakes, house rules.

Like every write it is serialized, audited (action ``settings``, the settings before and
after) and may name the session version the writer saw.

House rules (``options``) change the settlement, so the hands already recorded need a
decision (``resettle``): keep the rules they were settled with (``false``: each hand
that followed the session's rule for an option now changed keeps the old value as its
own option, so its result stays) or be settled again by the new rules (``true``: the
hands' own values of the changed options go, and every hand follows the new rule).
``rules_preview`` shows what re-settling would change, hand by hand and in the totals.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import select

from ..db import db
from ..models import GameSession, Hand
from ..settlement import HandError, LedgerError, Ruleset
from .checks import check_changes
from .errors import SessionError
from .journal import Actor, record, settings_state
from .pinning import only_ruleset, session_engine
from .reads import seat_names
from .results import hand_change_view
from .seating import current_seating
from .settings_option import with_settings
from .summary import session_json, session_summary
from .txn import bump_hands, lock, retried, transaction

COLUMNS = ("name", "date", "place", "unit_amount", "currency")


@retried
def update_session(
    session: GameSession,
    data: Any,
    expected_version: int | None = None,
    *,
    actor: Actor | None = None,
) -> dict[str, Any]:
    """Change the given keys of ``name``, ``date``, ``place``, ``unit_value``, ``settings``
    and ``options`` (with ``resettle``, see above).

    ``data`` may also carry ``version`` (the same as ``expected_version``). Raises a
    ``SessionError`` naming the key at fault, or a ``Conflict`` carrying the session as
    it is now (``session_json``) when it changed since the writer's version. Returns the
    settings as they are now (``settings_state``).
    """
    changes = check_changes(data)
    expected = changes.pop("version", expected_version)
    ruleset = only_ruleset(session_engine(session))
    if "settings" in changes:  # an earlier revision's settings: the seating option now
        given = changes["settings"]
        own = {n: v for n, v in (session.options or {}).items() if n not in given}
        base = changes.get("options", own)
        if not isinstance(base, dict):
            raise SessionError("options", "must be an object of option names and values")
        changes["options"] = with_settings(base, changes.pop("settings"), ruleset)
    with transaction(current=lambda: session_json(session)):
        version = lock(session, expected)
        before = settings_state(session)
        settling = _settling(ruleset, session.options)
        pins: dict[str, tuple[Any, Any]] = {}
        if "options" in changes:
            options, pins = plan_rules(session, changes["options"], changes.get("resettle"))
            session.options = options
            for hand_id, (_, own) in pins.items():
                db.session.get(Hand, int(hand_id)).options = own or None
        for column in COLUMNS:
            if column in changes:
                setattr(session, column, changes[column])
        db.session.flush()
        if settling != _settling(ruleset, session.options):
            version = bump_hands(session, version)  # every result may have moved
        after = settings_state(session)
        if pins or "resettle" in changes:
            after["resettle"] = bool(changes.get("resettle"))
            before["hand_options"] = {k: old for k, (old, _) in pins.items()}
            after["hand_options"] = {k: new for k, (_, new) in pins.items()}
        record(session, "settings", version, before=before, after=after, actor=actor)
    return settings_state(session)


def plan_rules(
    session: GameSession, raw: Any, resettle: bool | None
) -> tuple[dict[str, Any], dict[str, tuple[Any, Any]]]:
    """The session's new options, and each hand's own options that change (by hand id,
    as text: old and new); raises a ``SessionError`` naming the problem."""
    ruleset = only_ruleset(session_engine(session))
    if not isinstance(raw, dict):
        raise SessionError("options", "must be an object of option names and values")
    try:
        new_values = ruleset.normalize_options(raw)
        old_values = ruleset.normalize_options(session.options)
    except LedgerError as exc:  # every refusal has the one shape: read, not probed
        raise SessionError(exc.key or "options", exc.message or exc.problem) from None
    options = {name: ruleset.options[name].normalize(value) for name, value in raw.items()}
    ruleset.resolve(options)
    seating = ruleset.seating(options)
    seated = len(current_seating(session))
    if seated not in seating.tables:
        allowed = ", ".join(map(str, seating.sizes))
        raise SessionError("options", f"{seated} sit at the table; these rules seat {allowed}")
    changed = _changed(ruleset, old_values, new_values)
    rows = db.session.execute(
        select(Hand.id, Hand.options, Hand.deleted_at).where(Hand.session_id == session.id)
    ).all()
    if not changed or not rows:
        return options, {}
    if any(row.deleted_at is None for row in rows) and resettle is None:
        raise SessionError(
            "resettle",
            "the house rules change for the hands already recorded: say whether they keep"
            " the rules they were settled with (false) or are settled again (true)",
        )
    pins: dict[str, tuple[Any, Any]] = {}
    for hand_id, own, _ in rows:
        own = dict(own or {})
        if resettle:
            new = {n: v for n, v in own.items() if n not in changed}
        else:
            new = {**own, **{n: old_values[n] for n in changed if n not in own}}
        if new != own:
            pins[str(hand_id)] = (own or None, new or None)
    if resettle:
        _check_resettled(session, options, changed)
    return options, pins


def _changed(ruleset: Ruleset, old: dict[str, Any], new: dict[str, Any]) -> list[str]:
    """The options whose value changes and that settle hands: a seating option moves who
    deals next, never a recorded hand's result."""
    return [n for n in old if old[n] != new[n] and not ruleset.options[n].seating]


def _settling(ruleset: Ruleset, options: Any) -> dict[str, Any]:
    """The option values that settle hands (every option but the seating's)."""
    values = ruleset.normalize_options(options)
    return {name: v for name, v in values.items() if not ruleset.options[name].seating}


def _check_resettled(session: GameSession, options: dict[str, Any], changed: list[str]) -> None:
    """Every live hand must still be a valid hand under the new rules."""
    for hand in session_summary(session, "en")["hands"]:
        try:
            hand_change_view(session, options, _without(hand["hand"], changed), hand["dealer"])
        except HandError as exc:
            raise SessionError(
                "resettle",
                f"hand {hand['number']} cannot be settled by the new rules"
                f" ({exc.key}: {exc.problem}); keep the old rules for it, or edit it first",
            ) from None


def _without(facts: dict[str, Any], names: list[str]) -> dict[str, Any]:
    own = {n: v for n, v in (facts.get("options") or {}).items() if n not in names}
    out = {k: v for k, v in facts.items() if k != "options"}
    return {"options": own, **out} if own else out


def rules_preview(session: GameSession, raw: Any, lang: str = "hu") -> dict[str, Any]:
    """What the new house rules ``raw`` would do to the hands already recorded.

    ``changed``: the option names whose value changes. ``hands``: each hand whose units
    would move if re-settled (number, before, after: units per player). ``totals``:
    before and after per player, in units. ``error``: why re-settling is impossible
    (a hand the new rules refuse), else None. Keeping the old rules changes nothing.
    Raises ``SessionError`` for options that are not valid at all.
    """
    options, _ = plan_rules(session, raw, resettle=False)
    ruleset = only_ruleset(session_engine(session))
    old_values = ruleset.normalize_options(session.options)
    new_values = ruleset.normalize_options(options)
    changed = _changed(ruleset, old_values, new_values)
    summary = session_summary(session, lang)
    players = list(seat_names(session))
    before = dict(summary["totals"]["units"])
    after = dict.fromkeys(players, 0)
    hands, error = [], None
    for hand in summary["hands"]:
        try:
            view = hand_change_view(
                session, options, _without(hand["hand"], changed), hand["dealer"]
            )
        except HandError as exc:
            error = error or f"{hand['number']}: {exc.problem}"
            view = {"changes": hand["changes"]}
        for name in players:
            after[name] += view["changes"][name]
        if view["changes"] != hand["changes"]:
            hands.append(
                {"number": hand["number"], "before": hand["changes"], "after": view["changes"]}
            )
    return {
        "changed": changed,
        "options": options,
        "hands": hands,
        "totals": {"before": before, "after": after},
        "error": error,
    }

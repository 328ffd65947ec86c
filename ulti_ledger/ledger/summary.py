"""Everything a page or the API shows about a session, recomputed from the facts.

Results are never read from the database: each hand is settled by the session's pinned
engine, through the cache of ``results``. Running totals are summed afresh on every call.
The dicts returned are plain values for templates and JSON; treat them as read-only
(parts are shared with the cache).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from decimal import Decimal
from typing import Any

from ..models import GameSession
from ..settlement.money import balances
from ..settlement.seating import LastHand
from ..settlement.session import SESSION_FORMAT
from ..settlement.transfers import minimal_transfers
from ..words.messages import ruleset_text, text
from ..words.money_format import currency_code, rounding_moves
from .carry import kitty_start
from .checks import check_all_pass, check_hand, dealer_named
from .facts import hand_keys
from .history import edited_hand_ids, iso, was_edited
from .kitty import session_kitty, with_kitty
from .payments import payments_document, session_payments
from .pinning import only_ruleset, session_engine
from .reads import hand_key_at, last_hand, seat_names
from .results import hand_views, settled_view
from .seating import changed, current_seating, first_seating, last_seating, seating_changes
from .settings_option import legacy_settings
from .txn import read_again


@read_again
def session_summary(session: GameSession, lang: str = "hu") -> dict[str, Any]:
    """The scoreboard: every hand with its result and running totals, and the balances.

    Each hand: number, dealer, declarer, players, sitting_out, outcome, what the game's
    ``row`` gives (``notation``, "piros 40-100 ulti"; ``sheet``, the game column, tags and
    cells of the sheets; and the game's own keys: Ulti's contract, kontras, silent...),
    the hand dict, result (payments, lines, breakdown), changes (every seated player's
    units, 0 for those not named), totals (running), version (what an edit form sends back
    as ``expected_version``) and edited (changed after it was recorded: ``hand_history``).
    Where a hand moves a kitty, its result's ``kitty`` is what it put in or took in this
    evening, and ``kitty`` is the evening's (`kitty.session_kitty`; None without one).
    ``columns`` are the game's columns of the sheets (``sheet_columns``). Then totals in
    units and money, and ``next``: the rotation's proposal for the next hand.
    Where the game keeps a score column of its own (a hand's result has ``score``), each
    hand's ``score`` gives every seat's points (0 for those not named; None in a game that
    keeps none) and ``score_totals`` the running sums, and ``score`` is ``{"label",
    "totals"}`` (else None).
    ``players`` is everyone who played that evening (the totals' keys); ``seated`` who
    sits now, and ``seating`` the seating changes (``seating.seating_changes``).
    ``game_sheet``: the game's notices and tallies beside the hands (``game_sheet``).
    ``roles``: the game's own words for the dealer and the declarer (``role_words``).
    """
    seats = seat_names(session)
    keys = hand_keys(session.id)
    views = hand_views(session, keys, lang)
    start = kitty_start(session)
    entries, kitty = session_kitty(views, session.unit_amount, start, seat_names(session))
    if kitty is not None:
        views = [with_kitty(view, moved) for view, moved in zip(views, entries, strict=True)]
    edited = edited_hand_ids(session) if keys else set()
    running = dict.fromkeys(seats, 0)
    # the game's own score column, summed like the units, where a hand of the evening has one
    scores = dict.fromkeys(seats, 0) if any(v["score"] is not None for v in views) else None
    hands = []
    for number, ((hand_id, version), view) in enumerate(zip(keys, views, strict=True), start=1):
        for name, units in view["changes"].items():
            running[name] += units
        hand = {
            **view,
            "number": number,
            "version": version,
            "edited": hand_id in edited,
            "totals": running.copy(),
        }
        if scores is not None:
            for name, points in (view["score"] or {}).items():
                scores[name] = scores.get(name, 0) + points
            hand["score_totals"] = scores.copy()
        hands.append(hand)
    last = hands[-1] if hands else None
    return {
        **session_info(session, lang),
        "columns": sheet_columns(session, lang),
        "roles": role_words(session, lang),
        "hands": hands,
        "totals": totals(session, running),
        "score": None
        if scores is None
        else {"label": score_label(session, lang), "totals": scores},
        "kitty": kitty,
        "next": next_hand(session, last),
        # which way the deal goes round the listed seats ("right", "left"), for the drawing
        "deal_passes": only_ruleset(session_engine(session)).seating(session.options).deal_passes,
        "game_sheet": game_sheet(session, hands, lang),
    }


def score_label(session: GameSession, lang: str = "hu") -> str:
    """The header of the game's own score column: the game's ``score_label(rules, lang)``
    where it gives one (games/README.md), else the sheets' word for points."""
    ruleset = only_ruleset(session_engine(session))
    given = ruleset.scorer_module.score_label(ruleset.resolve(session.options), lang)
    return given or text("score_column", lang)


def session_json(session: GameSession, lang: str = "en") -> dict[str, Any]:
    """The API's view of a session: the session@1 body plus results and totals, and the
    payments made with what remains (always, as the session file has them when any)."""
    summary = session_summary(session, lang)
    info = {k: summary[k] for k in ("id", "name", "date", "place", "version", "created_at")}
    return {
        **info,
        "format": SESSION_FORMAT,
        "ruleset": summary["ruleset"]["id"],
        "ruleset_digest": summary["ruleset"]["digest"],
        "options": summary["options"],
        "unit_value": summary["unit_value"],
        "players": list(first_seating(session)),
        **({"seating": summary["seating"]} if summary["seating"] else {}),
        "settings": summary["settings"],
        "hands": [_hand_json(h) for h in summary["hands"]],
        "totals": summary["totals"]
        if summary["score"] is None
        else {**summary["totals"], "scores": summary["score"]["totals"]},
        **({"kitty": summary["kitty"]} if summary["kitty"] else {}),
        "next": summary["next"],
        **payments_document(summary, session_payments(session)),
    }


def hand_entry(session: GameSession, number: int, lang: str = "en") -> dict[str, Any]:
    """One recorded hand as the API shows it: number, version, edited, dealer, hand, result."""
    return _hand_json(hand_view(session, number, lang))


def hand_view(session: GameSession, number: int, lang: str = "hu") -> dict[str, Any]:
    """Hand ``number`` as ``session_summary`` shows it, but for the running totals.

    Reads that hand alone, so one hand's page costs the same in a session of any length;
    a hand that moves a kitty reads the hands before it too, as its entries depend on them.
    """
    key = hand_key_at(session, number)
    (view,) = hand_views(session, [key], lang)
    if view.get("kitty_move") is not None:
        keys = hand_keys(session.id)[:number]
        start = kitty_start(session)
        entries, _ = session_kitty(hand_views(session, keys, lang), session.unit_amount, start)
        view = with_kitty(view, entries[-1])
    return {**view, "number": number, "version": key[1], "edited": was_edited(session, key[0])}


def preview_hand(
    session: GameSession, data: Any, lang: str = "hu", seats: tuple[str, ...] | None = None
) -> dict[str, Any]:
    """Validate and settle a hand for ``session`` without recording it (the live preview).

    Raises the same errors as ``add_hand``; returns what ``session_summary`` shows per hand
    (no number or totals). ``seats``: another seating than today's (an earlier hand's).
    """
    engine = session_engine(session)
    seats = seats or current_seating(session)
    checked = check_hand(data, engine, session.options, seats)
    seating = only_ruleset(session_engine(session)).seating(session.options)
    dealer = checked.dealer or dealer_named(checked, seats, next_hand(session)["dealer"], seating)
    check_all_pass(checked, seats, dealer, seating)
    return settled_view(engine, session.options, checked.facts, dealer, lang, seat_names(session))


def next_hand(session: GameSession, last: dict[str, Any] | None = None) -> dict[str, Any]:
    """The rotation's proposal for the next hand: dealer, players, sitting_out, first_bidder.

    ``last`` is the previous hand as ``session_summary`` shows it; read when omitted
    (one row: the form and the preview ask for every hand added, at any length).
    """
    seats = current_seating(session)
    if last is None:
        previous = last_hand(session)
    else:
        previous = LastHand(last["dealer"], last["declarer"], last["outcome"])
    seating = only_ruleset(session_engine(session)).seating(session.options)
    before = last_seating(session) if changed(session) else ()
    deal = seating.next_deal(seats, previous, before)
    return {
        "dealer": deal.dealer,
        "players": list(deal.players),
        "sitting_out": list(deal.sitting_out),
        "first_bidder": deal.first_bidder,
    }


def dealers_after(session: GameSession) -> dict[str, dict[str, str]]:
    """Who deals after any next hand: ``[dealer][declarer]`` (``""``: nobody declared), for
    the phone's offline queue. The seating and the rotation are read once, not per pair."""
    seats = current_seating(session)
    seating = only_ruleset(session_engine(session)).seating(session.options)
    before = last_seating(session) if changed(session) else ()
    return {
        dealer: {
            declarer: seating.next_deal(
                seats, LastHand(dealer, declarer or None, None), before
            ).dealer
            for declarer in ("", *seats)
        }
        for dealer in seats
    }


def sheet_columns(session: GameSession, lang: str = "hu") -> list[dict[str, str]]:
    """The columns of the session's game on its sheets, after the game column (the game's
    ``columns``): each a key into a hand's ``sheet["cells"]``, a label and a kind."""
    ruleset = only_ruleset(session_engine(session))
    return ruleset.scorer_module.columns(ruleset.resolve(session.options), lang)


def role_words(session: GameSession, lang: str = "hu") -> dict[str, str]:
    """The sheets' headers for the dealer and the declarer, in the game's own words: the
    labels of its hand form's fields (snapszer's "Kezdőjátékos" / "Anfangsspieler", never
    a Skat "Alleinspieler"), the sheets' words where a form has no such field."""
    ruleset = only_ruleset(session_engine(session))
    key = (ruleset.digest, json.dumps(session.options or {}, sort_keys=True), lang)
    if key not in _ROLE_WORDS:  # a form is drawn in milliseconds; a board asks often
        form = ruleset.scorer_module.hand_form(ruleset.resolve(session.options), lang)
        labels = {field["name"]: field["label"] for field in form["fields"]}
        if len(_ROLE_WORDS) > 512:
            _ROLE_WORDS.clear()
        _ROLE_WORDS[key] = {r: labels.get(r) or text(r, lang) for r in ("dealer", "declarer")}
    return dict(_ROLE_WORDS[key])


_ROLE_WORDS: dict[tuple[str, str, str], dict[str, str]] = {}
"""``role_words`` by (ruleset digest, options, language): the words never change for them."""


def game_sheet(session: GameSession, hands: list[dict[str, Any]], lang: str = "hu") -> dict:
    """What the game shows beside the hands (its optional ``session_sheet`` part):
    ``notices``, texts over the sheet (Skat's Bock games still to come), and ``tallies``,
    None or ``{"title", "columns": [{"key", "label"}], "players": {name: {key: value}}}``."""
    ruleset = only_ruleset(session_engine(session))
    sheet = ruleset.scorer_module.session_sheet
    return sheet(hands, seat_names(session), ruleset.resolve(session.options), lang)


def session_info(session: GameSession, lang: str = "hu") -> dict[str, Any]:
    """The session's own facts: names, date, place, pinned ruleset, options and stakes."""
    ruleset = only_ruleset(session_engine(session))
    return {
        "id": session.id,
        "name": session.name,
        "date": session.date.isoformat() if session.date else None,
        "place": session.place,
        "created_at": iso(session.created_at),
        "version": session.version,
        "ruleset": {
            "id": ruleset.id,
            "label": ruleset_text(ruleset.label, ruleset.label_en, lang),
            "digest": ruleset.digest,
        },
        "options": dict(session.options or {}),
        "unit_value": {"amount": session.unit_amount, "currency": session.currency},
        "players": list(seat_names(session)),
        "seated": list(current_seating(session)),
        "seating": seating_changes(session),
        "settings": legacy_settings(ruleset.seating(session.options)),
    }


def totals(session: GameSession, units: dict[str, int]) -> dict[str, Any]:
    """Each player's total in units and in money, and the transfers that settle the night.

    ``money`` is exact (units x unit value); ``settled`` is rounded to the currency's
    smallest coin so that it still sums to zero (``settlement.money``), and ``transfers``
    (the fewest) move exactly those amounts; ``rounding`` is what the rounding moved, for
    the players it moved (settled − money). Money is always a decimal string.
    """
    value = Decimal(session.unit_amount)
    rounded = {b.player: b.money for b in balances(units, value, currency_code(session.currency))}
    money = {name: format(u * value, "f") for name, u in units.items()}
    settled = {name: format(rounded[name], "f") for name in units}
    return {
        "units": dict(units),
        "money": money,
        "settled": settled,
        "rounding": rounding_moves(money, settled),
        "currency": currency_code(session.currency),
        "transfers": [t.to_json() for t in minimal_transfers(rounded)],
    }


def _hand_json(view: dict[str, Any]) -> dict[str, Any]:
    out = {"number": view["number"], "version": view["version"], "edited": view["edited"]}
    out.update(dealer=view["dealer"], hand=view["hand"])
    out["result"] = view["result"]
    if "totals" in view:
        out["totals"] = view["totals"]
    if "score_totals" in view:
        out["score_totals"] = view["score_totals"]
    return out


def deal_by(session: GameSession, seats: Sequence[str], dealer: str) -> dict[str, Any] | None:
    """The hand ``dealer`` deals at ``seats`` by the session's seating (who plays, the
    starter first, and who sits out), or None when he is not seated there."""
    seating = only_ruleset(session_engine(session)).seating(session.options)
    try:
        deal = seating.deal(tuple(seats), dealer)
    except ValueError:
        return None
    return {
        "dealer": deal.dealer,
        "players": list(deal.players),
        "sitting_out": list(deal.sitting_out),
        "first_bidder": deal.first_bidder,
    }

"""The hand pages of a game drawn from its description (``handform.generic``).

The same addresses as ``hands`` (which hands a session over here when its game gives
``hand_from_form``): the form works without the script (a preset or Preview posts it and
the page comes back with the preset's values set and the fields that now apply), and
``form-conditions.js`` shows and hides the fields as the scorer taps. A refused hand comes
back with HTTP 422 and the engine's objection, in the page's language, beside its field.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from flask import abort, flash, redirect, render_template, request, url_for

from .. import i18n, ledger
from ..handform import generic
from ..i18n import t
from ..models import GameSession
from ..numbers import form_number


def drawn(session: GameSession) -> bool:
    """Whether ``session``'s hands are entered on this form (its game can be drawn)."""
    return generic.drawn(ledger.form_game(session)[0])


def new(session: GameSession, token: str):
    deal = _deal(ledger.next_hand(session))
    return _page(session, token, dict(deal), deal, None, session.version)


def edit(session: GameSession, token: str, entry: dict[str, Any]):
    game, rules = ledger.form_game(session, entry["hand"].get("options"))
    deal = _deal(entry["hand"], entry["dealer"])
    values = {**deal, **game.form_values(entry["hand"], rules)}
    if entry["hand"].get("options"):
        values["options"] = entry["hand"]["options"]
    return _page(session, token, values, deal, entry["number"], entry["version"])


def submit(session: GameSession, token: str, entry: dict[str, Any] | None):
    """Save the posted hand (a new one when ``entry`` is None), or show the form again."""
    number = entry["number"] if entry else None
    if entry is None:
        deal = _deal(ledger.next_hand(session))
    else:
        deal = _deal(entry["hand"], entry["dealer"])
    options = entry["hand"].get("options") if entry else None
    game, rules = ledger.form_game(session, options)
    form = game.hand_form(rules, i18n.current())
    posted = request.form
    names = {f["name"] for f in form["fields"]} | {"preset", "action", "expected_version"}
    if any(len(posted.getlist(name)) > 1 for name in names):
        abort(400, description=t("bad_form_twice"))
    known = {p["id"] for p in form["presets"]}
    if posted.get("preset") and posted["preset"] not in known:
        abort(400, description=t("bad_form_preset"))
    values = generic.read(form, posted.to_dict(), deal)
    if options:
        values["options"] = options
    expected = form_number("expected_version")
    if request.form.get("preset") or request.form.get("action") == "preview":
        return _page(session, token, values, deal, number, expected)
    hand = game.hand_from_form(values, rules)
    if options:
        hand["options"] = options
    try:
        saved = ledger.save_hand(session, number, hand, expected)
    except ledger.NotFound:
        abort(404)
    except ledger.Conflict as exc:
        version = (exc.current or {}).get("version", expected)
        notice = t("added_meanwhile") if entry is None else t("changed_meanwhile")
        return _page(session, token, values, deal, number, version, notice=notice), 409
    except ledger.LedgerError as exc:
        errors = {generic.error_field(form, exc.key): _said(exc)}
        return _page(session, token, values, deal, number, expected, errors=errors), 422
    flash(t("flash_saved", n=saved))
    return redirect(url_for("sessions.edit", token=token, _anchor=f"h{saved}"), 303)


def _said(exc: ledger.LedgerError) -> str:
    """The refusal in the page's language, without the JSON path."""
    message = getattr(exc, "message", None)
    return message.text(i18n.current()) if message is not None else str(exc)


def _deal(hand: dict[str, Any], dealer: str | None = None) -> dict[str, Any]:
    """Who play and sit out (fixed on the page), the dealer and the proposed starter."""
    deal = {"players": list(hand["players"]), "sitting_out": list(hand.get("sitting_out", []))}
    deal["dealer"] = dealer or hand.get("dealer", "")
    if hand.get("first_bidder"):
        deal["declarer"] = hand["first_bidder"]
    return deal


def _page(
    session: GameSession,
    token: str,
    values: dict[str, Any],
    deal: dict[str, Any],
    number: int | None,
    expected_version: int | None,
    errors: dict[str, str] | None = None,
    notice: str | None = None,
):
    lang = i18n.current()
    game, rules = ledger.form_game(session, values.get("options"))
    form = game.hand_form(rules, lang)
    seats = tuple(ledger.current_seating(session))
    fields = generic.draw(form, values, seats, t("nobody"))
    script = {"form": form, "fixed": {"players": deal["players"]}}
    return render_template(
        "hands/game_form.html",
        token=token,
        number=number,
        next_number=number or ledger.hand_count(session) + 1,
        fields=fields,
        presets=form["presets"],
        script=script,
        deal=deal,
        errors=errors or {},
        notice=notice,
        preview=_preview(session, game, rules, values, bool(errors)),
        session_name=session.name,
        expected_version=expected_version,
    )


def _preview(session: GameSession, game: Any, rules: Any, values: dict, refused: bool) -> dict:
    """The hand's result as the engine would settle it, once it is complete."""
    out: dict[str, Any] = {"view": None, "error": None, "hints": []}
    if refused:
        return out
    hand = game.hand_from_form(values, rules)
    if values.get("options"):
        hand["options"] = values["options"]
    try:
        view = ledger.preview_hand(session, hand, i18n.current())
    except ledger.LedgerError:
        return out
    value = Decimal(session.unit_amount)
    out["view"] = view
    out["amounts"] = [
        {
            "name": name,
            "units": units,
            "money": format(units * value, "f"),
            "role": "out" if name in view["sitting_out"] else "defender",
        }
        for name, units in view["changes"].items()
    ]
    out["currency"] = session.currency
    return out

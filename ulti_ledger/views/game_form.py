"""The hand pages of every game, drawn from its description (``handform.generic``).

The game is asked through the ledger (``ledger.game_form``: the form's description, the
reading of a posted form, a refusal's field): this module holds no game.

The form works without the script: a preset or Preview posts it and the page comes back
with the preset's values set and the fields that now apply, and a post whose fields
changed since the page was drawn (a contract chosen from the list) is shown before it is
saved. ``game-form.js`` shows and hides the fields as the scorer taps and asks for the
live preview. A refused hand comes back with HTTP 422 and the refusal in the form's words
beside its field (``form_refusals``). A form that is not what its page showed is not
saved but comes back with HTTP 409 and what happened: someone else saved this hand first
(the page now shows the version stored), the hand was deleted, another hand came first
(this is the next hand now, dealt as the rotation says), or the browser restored an
earlier page's entries after Back.
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from typing import Any
from urllib.parse import parse_qsl, urlencode

from flask import abort, flash, redirect, render_template, request, url_for

from .. import ledger
from ..audit import current_actor
from ..handform import generic
from ..models import GameSession
from ..words import i18n
from ..words.i18n import t
from . import form_refusals
from .common import app_limits, draw_ahead, form_number

CONTROLS = {"preset", "action", "expected_version", "sitting_out_for", "proposed", "shown", "js"}
CONTROLS |= {"proposal"}


def new(session: GameSession, token: str):
    seats = tuple(ledger.current_seating(session))
    deal = _deal(ledger.next_hand(session), seats)
    hand_form = ledger.game_form(session)
    # the defaults, and what the game proposes from the hands so far (Skat: a Bock game)
    proposal = ledger.proposed_values(session)
    values = generic.read(hand_form.describe(i18n.current()), proposal, deal)
    return _page(session, token, deal, values, None, session.version, proposal=proposal)


def edit(session: GameSession, token: str, entry: dict[str, Any]):
    hand_form = ledger.game_form(session, entry["hand"].get("options"))
    deal = _recorded(session, entry)
    values = {**deal, **hand_form.values_of(entry["hand"])}
    if entry["hand"].get("options"):
        values["options"] = entry["hand"]["options"]
    return _page(session, token, deal, values, entry["number"], entry["version"])


def submit(
    session: GameSession,
    token: str,
    entry: dict[str, Any] | None,
    keep: Callable[[dict[str, Any]], Any] | None = None,
):
    """Save the posted hand (a new one when ``entry`` is None), or show the form again.

    ``keep``: a seat's proposed correction (``seats``): the hand the engine accepts is
    handed to ``keep`` (whose answer is the page's) instead of being saved.
    """
    number = entry["number"] if entry else None
    if entry is None:
        seats = tuple(ledger.current_seating(session))
        drawn = _deal(ledger.next_hand(session), seats)
    else:
        drawn = _recorded(session, entry)
    options = entry["hand"].get("options") if entry else None
    hand_form = ledger.game_form(session, options)
    form = hand_form.describe(i18n.current())
    posted = request.form
    names = {f["name"] for f in form["fields"]} | CONTROLS
    if any(len(posted.getlist(name)) > 1 for name in names):
        abort(400, description=t("bad_form_twice"))
    known = {p["id"] for p in form["presets"]}
    if posted.get("preset") and posted["preset"] not in known:
        abort(400, description=t("bad_form_preset"))
    deal, restored = _posted_deal(session, drawn)
    values = generic.read(form, posted.to_dict(), deal)
    if options:
        values["options"] = options
    expected = form_number("expected_version")
    scripted = posted.get("js") == "1"
    if restored:
        values = generic.without_absent(form, {**values, "dealer": deal["dealer"]})
        return _page(session, token, deal, values, number, expected, notice=t("form_restored")), 409
    if posted.get("preset") or posted.get("action") == "preview":
        return _page(session, token, deal, values, number, expected)
    if not scripted and "shown" in posted and generic.unseen(form, values, posted["shown"]):
        # Without the script the fields of a newly chosen contract were never shown.
        return _page(session, token, deal, values, number, expected, notice=t("review_details"))
    hand = hand_form.hand_of(values)
    if options:
        hand["options"] = options
    if keep is not None:
        try:
            ledger.preview_hand(session, hand, i18n.current())
        except ledger.LedgerError as exc:
            field, said = form_refusals.explain(hand_form, form, values, hand, exc)
            page = _page(session, token, deal, values, number, expected, errors={field: said})
            return page, 422
        return keep(hand)
    try:
        saved = ledger.save_hand(
            session, number, hand, expected, actor=current_actor(), limits=app_limits()
        )
    except ledger.NotFound:
        abort(404)
    except ledger.Conflict as exc:
        return _conflict(session, token, form, deal, values, number, expected, exc)
    except ledger.LedgerError as exc:
        field, said = form_refusals.explain(hand_form, form, values, hand, exc)
        page = _page(session, token, deal, values, number, expected, errors={field: said})
        return page, 422
    draw_ahead(session)
    flash(t("flash_saved", n=saved))
    return redirect(url_for("sessions.edit", token=token, _anchor=f"h{saved}"), 303)


def _conflict(
    session: GameSession,
    token: str,
    form: dict[str, Any],
    deal: dict[str, Any],
    values: dict[str, Any],
    number: int | None,
    expected: int | None,
    exc: ledger.Conflict,
):
    """A 409 saying what happened meanwhile; the scorer's taps are kept, so saving again
    is a knowing choice (the page now carries the version stored)."""
    if not exc.stale:
        errors = {"form": t("flash_conflict")}
        return _page(session, token, deal, values, number, expected, errors=errors), 409
    if number is not None and not exc.current:
        errors = {"form": t("hand_gone")}  # deleted meanwhile: nothing to save over
        return _page(session, token, deal, values, number, expected, errors=errors), 409
    version = (exc.current or {}).get("version", expected)
    if number is not None:
        notice = t("changed_meanwhile")
        return _page(session, token, deal, values, number, version, notice=notice), 409
    # Another hand came first: this is the next hand now, dealt as the rotation says
    # unless the scorer chose the dealer; who no longer plays is asked for again.
    if deal["dealer"] == request.form.get("proposed", deal["dealer"]):
        fresh = _deal(ledger.next_hand(session), deal["seats"])
        values = generic.redealt(form, values, deal, fresh)
        deal = fresh
    proposal = ledger.proposed_values(session)  # Skat: a Bock round begun or ended meanwhile
    values = generic.reproposed(form, values, deal, _posted_proposal(form), proposal)
    notice = t("added_meanwhile")
    page = _page(session, token, deal, values, None, version, notice=notice, proposal=proposal)
    return page, 409


def _posted_proposal(form: dict[str, Any]) -> dict[str, str]:
    """What the game proposed when the posted page was drawn (its hidden ``proposal``)."""
    names = {f["name"] for f in form["fields"]}
    return {k: v for k, v in parse_qsl(request.form.get("proposal", "")) if k in names}


def preview(session: GameSession):
    """The live preview of the posted form: an HTML fragment, nothing saved.

    Always 200: the preview answered, whatever the hand. Its status (``X-Preview-Status``
    and the fragment's ``data-status``) says what it found: ``complete`` (settled),
    ``incomplete`` (a form still being filled: what is missing) or ``refused`` (a hand
    that cannot be recorded: why). A 4xx for every tap of a half-filled form filled the
    browser's console with errors; saving is where a refusal answers 422."""
    seats = tuple(ledger.current_seating(session))
    deal, _ = _posted_deal(session, _deal(ledger.next_hand(session), seats))
    hand_form = ledger.game_form(session)
    form = hand_form.describe(i18n.current())
    values = generic.read(form, request.form.to_dict(), deal)
    result = _preview(session, hand_form, form, values)
    page = render_template("hands/_preview.html", preview=result)
    return page, 200, {"X-Preview-Status": result["status"]}


def _deal(hand: dict[str, Any], seats: tuple[str, ...], dealer: str | None = None) -> dict:
    """Who play and sit out (fixed on the page), the seats, the dealer and the starter."""
    deal = {"players": list(hand["players"]), "sitting_out": list(hand.get("sitting_out", []))}
    deal["seats"] = list(seats)
    deal["dealer"] = dealer or hand.get("dealer", "")
    deal["first_bidder"] = hand.get("first_bidder") or (deal["players"] or [""])[0]
    return deal


def _recorded(session: GameSession, entry: dict[str, Any]) -> dict[str, Any]:
    seats = tuple(ledger.seating_of_hand(session, entry["number"]))
    return _deal(entry["hand"], seats, entry["dealer"])


def _posted_deal(session: GameSession, drawn: dict[str, Any]) -> tuple[dict[str, Any], bool]:
    """The deal the post describes, and whether the browser restored an earlier page's.

    The page says for which dealer its sitting-out boxes were set (``sitting_out_for``);
    the script changes both together. Without it a changed dealer deals his own hand; with
    it, the two part only when the browser put an earlier page's entries back after Back
    (the visible fields, not the hidden ones): then the page is shown as it was drawn.
    """
    posted, seats = request.form, tuple(drawn["seats"])
    dealer = posted.get("dealer") or drawn["dealer"]
    drawn_for = posted.get("sitting_out_for", drawn["dealer"])
    if dealer != drawn_for:
        if posted.get("js") == "1":
            return _deal(ledger.deal_by(session, seats, drawn_for) or drawn, seats), True
        own = ledger.deal_by(session, seats, dealer)
        return (_deal(own, seats) if own else {**drawn, "dealer": dealer}), False
    by = ledger.deal_by(session, seats, dealer)
    if dealer != drawn["dealer"]:  # the page was drawn for an earlier hand's deal
        drawn = _deal(by, seats) if by else {**drawn, "dealer": dealer}
    if "sitting_out_for" not in posted or len(seats) == len(drawn["players"]):
        return drawn, False
    out = posted.getlist("sitting_out")
    order = (by["players"] + by["sitting_out"]) if by else list(seats)
    players = [p for p in order if p not in out]
    deal = {**drawn, "dealer": dealer, "players": players, "sitting_out": list(out)}
    deal["first_bidder"] = players[0] if players else ""
    return deal, False


def _page(
    session: GameSession,
    token: str,
    deal: dict[str, Any],
    values: dict[str, Any],
    number: int | None,
    expected_version: int | None,
    errors: dict[str, str] | None = None,
    notice: str | None = None,
    proposal: dict[str, str] | None = None,
):
    """The hand page; ``proposal``: what the game proposed for a new hand (the posted
    page's again where None), carried so that a 409 can tell it from the scorer's taps."""
    lang = i18n.current()
    hand_form = ledger.game_form(session, values.get("options"))
    form = hand_form.describe(lang)
    if proposal is None:
        proposal = _posted_proposal(form) if number is None else {}
    seats = tuple(deal["seats"])
    fields = generic.draw(form, values, seats, t("nobody"))
    shown = {f["name"] for f in fields if f["shown"]}
    errors = {(k if k in shown else "form"): v for k, v in (errors or {}).items()}
    choose_out = len(seats) > len(deal["players"])
    deals = {d: ledger.deal_by(session, seats, d) for d in seats} if choose_out else {}
    script = {
        "form": generic.script_form(form),
        "fixed": {k: deal[k] for k in ("players", "seats")},
        "deals": deals,
    }
    result = _preview(session, hand_form, form, values, bool(errors))
    return render_template(
        "hands/game_form.html",
        token=token,
        number=number,
        next_number=number or ledger.hand_count(session) + 1,
        fields=fields,
        presets=form["presets"],
        chosen=generic.chosen_preset(form, values),
        layout=generic.layout(form, values),
        script=script,
        deal=deal,
        choose_out=choose_out,
        errors=errors,
        notice=notice,
        preview=result,
        session_name=session.name,
        expected_version=expected_version,
        proposal=urlencode(proposal),
    )


def _still_to_choose(form: dict[str, Any], field: str) -> str | None:
    """What a fresh form still needs, by the field's own label ("Still to choose:
    Partner"), not the engine's sentence for an API caller (which may say "null")."""
    label = next((f.get("label") for f in form["fields"] if f["name"] == field), None)
    return t("form_still_to_choose", label=label) if label else None


def _preview(
    session: GameSession,
    hand_form: ledger.GameForm,
    form: dict[str, Any],
    values: dict[str, Any],
    refused: bool = False,
) -> dict[str, Any]:
    """The hand's result as the engine would settle it, else what is missing or wrong."""
    out: dict[str, Any] = {"view": None, "error": None, "hints": [], "status": "incomplete"}
    if refused:
        return out
    hand = hand_form.hand_of(values)
    if values.get("options"):
        hand["options"] = values["options"]
    try:
        view = ledger.preview_hand(session, hand, i18n.current())
    except ledger.LedgerError as exc:
        # a field not chosen yet is what is missing, not a mistake
        code = exc.code

        def missing(field: str) -> bool:  # asked for (colour_needed), or left empty
            asked = any(word in code for word in ("missing", "needed", "required"))
            return asked or (field != "form" and values.get(field) in (None, ""))

        def still(field: str) -> str | None:
            return _still_to_choose(form, field) if missing(field) else None

        field, said = form_refusals.explain(hand_form, form, values, hand, exc, still)
        out["hints" if missing(field) else "error"] = [said] if missing(field) else said
        out["status"] = "incomplete" if missing(field) else "refused"
        return out
    out["view"], out["status"] = view, "complete"
    out["amounts"] = amounts(session, view)
    out["currency"] = session.currency
    out["seats"] = list(ledger.current_seating(session))  # the players' initials' order
    return out


def amounts(session: GameSession, view: dict[str, Any]) -> list[dict[str, Any]]:
    """A previewed hand's payments (``ledger.preview_hand``'s view), each player's units,
    money at the session's unit value and role: the form's preview and the offline
    queue's moved answer show the same figures."""
    value = Decimal(session.unit_amount)
    return [
        {
            "name": name,
            "units": units,
            "money": format(units * value, "f"),
            "role": "declarer"
            if name == view.get("declarer")
            else "out"
            if name in view["sitting_out"]
            else "defender",
        }
        for name, units in view["changes"].items()
    ]


# The offline queue's save (views/offline_edit.py) reads a posted hand as this form does.
deal_of = _deal
posted_deal = _posted_deal
posted_proposal = _posted_proposal

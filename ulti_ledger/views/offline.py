"""The installable app and the scorer's offline queue.

::

    GET  /manifest.webmanifest     the web app manifest (start_url "/": never a link's token)
    GET  /sw.js                    the service worker, at the root so that it may serve /e/ and /s/
    GET  /e/<t>/offline.json       what the phone needs to keep scoring offline: the next hand's
                                   number and dealer, the rotation after each possible hand, words
    POST /e/<t>/hands/queued       a new hand from the form, meant as hand ``queued_number``;
                                   answers JSON (201, or 4xx with the reason in the page's words)

The scripted hand form saves new hands here, whether the phone is online or sends its
queue later: one path, so a retry of a request whose answer was lost carries the same
method, path, body and ``Idempotency-Key`` and is answered from what was kept
(``idempotency.py``) instead of recording the hand twice. A queued hand names the number
it was meant to be; if another phone recorded that number meanwhile the answer is 409 and
the phone's queue stops there, for the scorer to look at. The server's engine stays the
one source of payments: the phone shows a queued hand as waiting, without payments.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, current_app, flash, jsonify, request, url_for

from .. import i18n, ledger
from ..audit import current_actor
from ..handform import generic
from ..i18n import t
from ..numbers import form_number
from . import form_refusals, game_form
from .sessions import get_session_or_404, private

bp = Blueprint("offline", __name__)
edit = Blueprint("offline_edit", __name__, url_prefix="/e/<token>")
edit.after_request(private)

WORDS = (
    "offline_as_of",
    "offline_waiting",
    "offline_waiting_hand",
    "offline_send_now",
    "offline_sending",
    "offline_refused",
    "offline_saved_later",
    "offline_no_payments",
    "offline_dealer",
    "offline_declarer",
)


@bp.get("/manifest.webmanifest")
def manifest() -> Response:
    """The manifest: the landing page starts the app; no link's token is ever in it."""
    body = {
        "name": t("app_name"),
        "short_name": t("app_name"),
        "start_url": "/",
        "scope": "/",
        "display": "standalone",
        "background_color": "#ffffff",
        "theme_color": "#1f6f43",
        "lang": i18n.current(),
        "icons": [
            {
                "src": url_for("static", filename=f"icons/icon-{size}.png"),
                "sizes": f"{size}x{size}",
                "type": "image/png",
                "purpose": "any maskable",
            }
            for size in (192, 512)
        ],
    }
    response = jsonify(body)
    response.content_type = "application/manifest+json"
    return response


@bp.get("/sw.js")
def service_worker() -> Response:
    """The worker's script from the root path (its scope is the folder it is served from);
    never cached by the browser's HTTP cache, so a new version is found at once."""
    response = current_app.send_static_file("js/sw.js")
    response.headers["Cache-Control"] = "no-cache"
    response.headers["Service-Worker-Allowed"] = "/"
    return response


@edit.get("/offline.json")
def offline_state(token: str) -> Response:
    """The next hand and the rotation after every possible hand, for the phone's queue."""
    session = get_session_or_404(token, "edit")
    seats = list(ledger.current_seating(session))
    upcoming = ledger.next_hand(session)
    after: dict[str, dict[str, str]] = {}
    for dealer in seats:
        after[dealer] = {}
        for declarer in ["", *seats]:
            last = {"dealer": dealer, "declarer": declarer or None, "outcome": None}
            after[dealer][declarer] = ledger.next_hand(session, last)["dealer"]
    return jsonify(
        {
            "number": ledger.hand_count(session) + 1,
            "version": session.version,
            "dealer": upcoming["dealer"],
            "seats": seats,
            "after": after,
            "board": url_for("sessions.edit", token=token),
            "queued_url": url_for("offline_edit.queued", token=token),
        }
    )


@edit.post("/hands/queued")
def queued(token: str):
    """Save a new hand meant as hand ``queued_number``, or say why not (JSON)."""
    session = get_session_or_404(token, "edit")
    meant = form_number("queued_number")
    number = ledger.hand_count(session) + 1
    if meant is None:
        return _refused(400, "queued_number", t("offline_no_number"))
    if meant != number:
        return _refused(409, "form", t("offline_out_of_order", n=meant, m=number))
    version = session.version
    seats = tuple(ledger.current_seating(session))
    drawn = game_form.deal_of(ledger.next_hand(session), seats)
    game, rules = ledger.form_game(session)
    form = game.hand_form(rules, i18n.current())
    deal, _ = game_form.posted_deal(session, drawn)
    values = generic.read(form, request.form.to_dict(), deal)
    hand = game.hand_from_form(values, rules)
    try:
        saved = ledger.save_hand(session, None, hand, version, actor=current_actor())
    except ledger.Conflict:
        number = ledger.hand_count(session) + 1
        return _refused(409, "form", t("offline_out_of_order", n=meant, m=number))
    except ledger.LedgerError as exc:
        field, said = form_refusals.explain(game, rules, form, values, hand, exc)
        return _refused(422, field, said)
    flash(t("flash_saved", n=saved))
    board = url_for("sessions.edit", token=token, _anchor=f"h{saved}")
    return jsonify({"number": saved, "dealer": hand.get("dealer"), "board": board}), 201


def _refused(status: int, field: str, text: str) -> tuple[Response, int]:
    return jsonify({"error": text, "field": field}), status


def offline_words() -> dict[str, str]:
    """The offline script's words in the page's language (its ``data-words``)."""
    return {key: t(key) for key in WORDS}


def register(app: Any) -> None:
    app.register_blueprint(bp)
    app.register_blueprint(edit)
    app.context_processor(lambda: {"offline_words": offline_words})

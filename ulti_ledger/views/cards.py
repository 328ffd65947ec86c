"""The result card as a PNG, reached by the links that show the transfers: URL rules.

- ``GET /s/<token>/card.png``: an evening's (its view or edit token), settled by the
  page's ``?method=&banker=`` as the PDF is.
- ``GET /g/<token>/card.png``: a group's period, with the group page's query (period,
  days, game, method, banker).

Read-only, so any link that shows the transfers opens it; its answer carries the privacy
headers of every token route (``security.PRIVATE``). The picture is drawn in the PDF pool
within its budget and cached by the state it shows (``pdf.pool.result_card``): the evening's
version, or the group's version and its evenings', and the language; past the budget, 503
with Retry-After. The page's share button (``partials/result_card.html``) fetches it.
"""

from __future__ import annotations

import io

from flask import Blueprint, abort, render_template, request, send_file

from .. import groups, ledger
from ..db import db
from ..models import Group
from ..pdf import pool as pdf_render
from ..pdf.card import card_png
from ..pdf.pool import REPORT_KEYS
from ..words import i18n
from .common import busy_page, get_group_or_404, get_session_or_404, group_today, page_reader
from .group_page import group_context
from .methods import method_from_args, refusal
from .refusal_words import group_error_text
from .result_card import card_rows, evening_values, group_card, shown

bp = Blueprint("cards", __name__)


@bp.get("/s/<token>/card.png")
def evening(token: str):
    session = get_session_or_404(token, "view")
    method, banker = method_from_args()
    lang = i18n.current()
    session_id = session.id

    def make() -> bytes:
        card = shown(evening_values(ledger.get_session(session_id), method, banker))
        html = render_template("pdf/card.html", card=card, lang=lang)
        return card_png(html, card_rows(card))

    key = ("evening", session.id, session.version, method, banker, lang)
    try:
        png = pdf_render.result_card(key, page_reader(), make)
    except ledger.LedgerError as exc:
        abort(400, description=refusal(exc, banker))
    except pdf_render.Busy as exc:
        return busy_page(exc)
    name = f"{ledger.session_game_name(session)}-{session.date or session.id}.png"
    return send_file(io.BytesIO(png), "image/png", download_name=name)


@bp.get("/g/<token>/card.png")
def group(token: str):
    found = get_group_or_404(token, "view")
    today, lang = group_today(), i18n.current()
    chosen = {k: request.args[k] for k in REPORT_KEYS if request.args.get(k)}
    group_id = found.id

    def make() -> bytes:
        context = group_context(db.session.get(Group, group_id), token, chosen, today)
        card = shown(group_card(context))
        html = render_template("pdf/card.html", card=card, lang=lang)
        return card_png(html, card_rows(card))

    stamp = groups.evenings_stamp(found)
    key = ("group", found.id, found.version, stamp, tuple(sorted(chosen.items())), lang, today)
    try:
        groups.parse_period(chosen, found, today)  # a bad query: 400 at once
        png = pdf_render.result_card(key, page_reader(), make)
    except ledger.LedgerError as exc:
        abort(400, description=group_error_text(exc))
    except pdf_render.Busy as exc:
        return busy_page(exc)
    return send_file(io.BytesIO(png), "image/png", download_name=f"group-{found.id}.png")

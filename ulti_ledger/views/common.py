"""Helpers the page modules share, one floor below them: no page module imports another.

Getting a session or a group by its capability link (404 else), their absolute links,
a pasted link's token, a form's whole number, the groups a new-evening form offers, a
refusal in the page's language, and the 503 of a PDF still being drawn. The API's own
helpers are in ``api_common``. The headers every capability page sends are applied once,
by route, in ``security`` (``PRIVATE``).
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable, Mapping
from decimal import Decimal
from functools import lru_cache
from typing import Any

from flask import (
    abort,
    current_app,
    flash,
    make_response,
    redirect,
    render_template,
    request,
    url_for,
)
from markupsafe import Markup
from sqlalchemy import select

from .. import groups, ledger
from ..audit import current_actor
from ..db import db
from ..drawings.qr import qr_svg
from ..ledger import result_cache
from ..models import GameSession, Group
from ..pdf import pool as pdf_render
from ..pdf.render import Reader
from ..stats import records_for, stats_with_money
from ..stats.table import IN_UNITS, money_rows, player_rows
from ..web.addresses import external_url, public_base
from ..web.numbers import MAX_ID, non_negative_int
from ..words import i18n
from ..words.i18n import t
from ..words.money_format import currency_code, money_text
from .remembered import group_ids, remember_group

LINK = re.compile(r"(?:^|/[se]/)([A-Za-z0-9_-]{16,64})(?:[/?#]|$)")
"""A pasted link's token: ``https://host/s/TOKEN`` (or ``/e/``, or the token alone)."""


def app_limits() -> ledger.Limits:
    """This app's limits (``MAX_HANDS``...), which the pages pass to the ledger's writes."""
    return ledger.Limits.from_config(current_app.config)


def links(session: GameSession) -> dict[str, str]:
    """The absolute URLs of the session's edit page (``url``) and view page (``view_url``)."""
    return {
        "url": external_url("sessions.edit", token=session.edit_token),
        "view_url": external_url("sessions.view", token=session.view_token),
    }


def get_session_or_404(token: str, kind: str) -> GameSession:
    """The evening this link opens for ``kind``; 404 else.

    A seat's link (docs/capabilities.md) reads what the view link reads; on a route that
    writes it is refused with 403, and says so: it answers for one player, never writes.
    """
    try:
        return ledger.session_by_token(token, kind)
    except ledger.NotFound:
        pass
    try:
        seat = ledger.seat_by_token(token)
    except ledger.NotFound:
        abort(404)
    if kind == "edit":
        abort(403, description=t("seat_err_cannot_write"))
    return ledger.get_session(seat.session_id)


def utc_text(at: str | None) -> str:
    """An audit time (ISO 8601, UTC) for reading: 2026-11-29 14:26 UTC."""
    if not at:
        return ""
    return f"{at[:10]} {at[11:16]} UTC"


@lru_cache(maxsize=256)
def view_qr(url: str, label: str) -> Markup:
    """The view link's QR code; drawing one takes ~20 ms, so each is drawn once."""
    return qr_svg(url, label)


def page_reader() -> Reader:
    """Who this request renders for: its language, the app's time zone, its links' base."""
    return Reader.of(current_app, i18n.current(), public_base() + "/")


def draw_ahead(session: GameSession) -> None:
    """After a hand is written: let the pool draw the evening's scoresheet while nobody
    waits (``pdf.pool.prepare``: one job per evening, only while the pool has room).
    The write is done: nothing here may fail it, so a refusal to draw is only logged."""
    try:
        pdf_render.prepare_scoresheet(session, page_reader())
    except Exception:  # noqa: BLE001  (a PDF drawn ahead is a nicety, the hand is saved)
        current_app.logger.exception("could not draw the evening's PDF ahead")


def group_today() -> dt.date:
    """Today, for "this month": the config's ``GROUP_TODAY`` (tests), or the date in the
    app's ``TIME_ZONE`` (else the server's), as the PDFs read it (``Reader.today``)."""
    return Reader.of(current_app, i18n.current()).today(current_app)


def group_links(group: Group) -> dict[str, str]:
    return {
        "url": external_url("groups.page", token=group.edit_token),
        "view_url": external_url("groups.page", token=group.view_token),
    }


def get_group_or_404(token: str, kind: str) -> Group:
    try:
        return groups.group_by_token(token, kind)
    except groups.GroupError:
        if kind == "edit" and ledger.is_seat_token(token):
            abort(403, description=t("seat_err_cannot_write"))
        abort(404)


def offered_groups() -> tuple[list[Group], int | None]:
    """The groups the new-evening form offers (this browser's), and the one chosen:
    ``?group=<edit token>`` (the group page's "new evening" link) remembers and picks it."""
    chosen = None
    token = request.args.get("group")
    if token:
        group = get_group_or_404(token, "edit")
        remember_group(group.id)
        chosen = group.id
    ids = group_ids()
    found = db.session.scalars(select(Group).where(Group.id.in_(ids))).all() if ids else []
    rank = {group_id: index for index, group_id in enumerate(ids)}
    return sorted(found, key=lambda g: rank[g.id]), chosen


def group_from_form() -> Group | None:
    """The group the new-evening form names: one of this browser's, or none (400 else)."""
    raw = request.form.get("group", "")
    if not raw:
        return None
    if not raw.isdigit() or int(raw) not in group_ids():
        abort(400, description=t("grp_err_bad_link"))
    return db.session.get(Group, int(raw))


def busy_page(exc: pdf_render.Busy, message: str = "pdf_busy"):
    """A PDF not ready within its budget: 503 with Retry-After, in the page's language
    (``message``: the catalogue key of what takes long)."""
    response = make_response(
        render_template(
            "errors/error.html", title=t("pdf_busy_title"), message=t(message), back=None
        ),
        503,
    )
    response.headers["Retry-After"] = str(exc.retry_after)
    # browsers ask again by themselves then: the retry is served from the cache
    response.headers["Refresh"] = str(exc.retry_after)
    return response


STATS = "group-stats-money"
"""The first part of a group's statistics' cache key."""


def group_stats_of(
    group: Group, args: Mapping[str, str], today: Any, with_records: bool = False
) -> tuple[dict[str, Any], list[Any], dict[str, Any]]:
    """The period's standings, the stats records of its evenings (only ``with_records``;
    else empty), and ``player_stats`` of them with ``money``: per player and currency, the
    money figures (``stats.stats_with_money``), of one state of the group
    (``groups.read_steady``)."""
    period = groups.parse_period(args, group, today)
    return groups.read_steady(group, lambda: _stats_of(group, args, period, with_records))


def _stats_of(
    group: Group, args: Mapping[str, str], period: groups.Period, with_records: bool
) -> tuple[dict[str, Any], list[Any], dict[str, Any]]:
    game = args.get("game") or None
    standings = groups.group_standings(group, period)
    if game is not None and game not in standings["games"]:
        raise groups.GroupError(
            "game", f"no evening of {game!r} in this period", "bad_game", game=game
        )
    ids = [e["id"] for e in standings["evenings"] if game is None or e["game"] == game]
    # the same evenings at the same versions give the same numbers: kept, like each
    # evening's line; after a write to one evening only its part is counted again
    versions = standings["versions"]
    key = (STATS, tuple((i, versions[i]) for i in ids), game)
    cache = result_cache()
    figures = cache.get(key)
    if figures is None:
        values = {e["id"]: e["unit_value"] for e in standings["evenings"]}
        stakes = {
            i: (Decimal(v["amount"]), currency_code(v["currency"])) for i, v in values.items()
        }
        figures = stats_with_money(ids, stakes, game=game)
        cache.put(key, figures)
    return standings, (records_for(ids) if with_records and ids else []), figures


def stats_rows(
    standings: Mapping[str, Any],
    figures: Mapping[str, Any],
    game: str | None,
    names: Mapping[int, str],
) -> tuple[Callable[[str], list[dict[str, Any]]], tuple[str, str] | None]:
    """How each member's statistics read (``group_stats_of``'s ``figures``), and the one
    stake (amount, currency) of the period's evenings of ``game``, None where they had
    several: then his unit-counted numbers are money per currency (``money_rows``), each
    record a link to its hand or evening, and his other numbers as they are."""
    counted = [e for e in standings["evenings"] if game is None or e["game"] == game]
    pools = list(dict.fromkeys(_stake_of(e) for e in counted))
    tokens = standings["view_tokens"]
    lang = i18n.current()

    def rows(name: str) -> list[dict[str, Any]]:
        mine = player_rows(figures["players"][name], lang, names)
        if len(pools) == 1:
            return mine
        moneys = money_rows(figures["money"].get(name, {}), lang, names)
        for row in moneys:
            if "session" in row:  # a link to the records' evenings only, not to all 500
                hand = f"#h{row['hand']}" if "hand" in row else ""
                row["url"] = url_for("sessions.view", token=tokens[row["session"]]) + hand
        return moneys + [row for row in mine if row["stat"] not in IN_UNITS]

    return rows, (pools[0] if len(pools) == 1 else None)


def _stake_of(evening: Mapping[str, Any]) -> tuple[str, str]:
    """An evening's stake and currency: units compare within one such pool only."""
    value = evening["unit_value"]
    return format(Decimal(value["amount"]), "f"), currency_code(value["currency"])


# Settling up (the evening's and the group's payments: sessions.py, groups.py, api_payments.py)

PAYMENT_KEPT = ("method", "banker")
"""The page's settle method, kept across the redirect back to it."""
WHOLE = groups.WHOLE


def payment_form() -> dict[str, Any]:
    """The payment the page's form sends."""
    return {k: request.form.get(k, "") for k in ("from", "to", "amount", "paid_on", "currency")}


def payment_back(endpoint: str, token: str) -> str:
    """Back to the page's settle-up card, with its settle method."""
    kept = {k: request.form[k] for k in PAYMENT_KEPT if request.form.get(k)}
    return url_for(endpoint, token=token, **kept) + "#settle"


def payment_recorded(payment: Mapping[str, Any]) -> None:
    """Say on the next page what was recorded."""
    money = money_text(payment["amount"], payment["currency"])
    flash(t("pay_recorded", payer=payment["from"], payee=payment["to"], money=money))


def undo_payment(owner: GameSession | Group, payment_id: int, back: str):
    """Undo a payment of an evening or a group, and go back to its page."""
    try:
        ledger.delete_payment(owner, payment_id, actor=current_actor())
    except ledger.NotFound:
        flash(t("pay_gone"), "error")
    else:
        flash(t("pay_undone"))
    return redirect(back, 303)


def method_transfers(
    session: GameSession, summary: Mapping[str, Any], sent: Mapping[str, Any]
) -> list[dict[str, Any]]:
    """The transfers of the method the payment was marked on (``method``, ``banker``);
    none named: the fewest, the summary's own. A bad method is the ledger's refusal."""
    method = sent.get("method") or "minimal"
    if method == "minimal":
        return summary["totals"]["transfers"]
    banker = sent.get("banker") or None
    return ledger.session_settlement(session, method, banker, summary)["transfers"]


def payment_holders(session: GameSession, sent: Mapping[str, Any]) -> list[ledger.Holder]:
    """Every group that counts the evening, by the method the payment was marked on: an
    evening's payment is checked against them too (``ledger.shared_payments``)."""
    method = sent.get("method") or "minimal"
    banker = sent.get("banker") or None
    return groups.evening_holders(session, method, banker, paying_only=False)


def whole_standings(group: Group, sent: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The group's standings over all its evenings, by the method the payment was marked
    on (``method``, ``banker``; the fewest by default): what it is checked against."""
    sent = sent or {}
    method = sent.get("method") or "minimal"
    banker = sent.get("banker") or None
    return groups.group_standings(group, WHOLE, None, method, banker)


def form_number(name: str, maximum: int = MAX_ID) -> int | None:
    """The form's (or query's) field ``name`` as a whole number; None when empty or absent.

    Anything else is no value a page of ours sends: a 400 that names the field, in the
    page's language, before anything is written.
    """
    raw = request.values.get(name, "")
    if raw == "":
        return None
    value = non_negative_int(raw, maximum)
    if value is None:
        shown = raw if len(raw) <= 20 else f"{raw[:20]}… ({len(raw)})"
        abort(400, description=t("bad_form_number", field=name, value=shown))
    return value

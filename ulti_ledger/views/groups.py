"""The group pages (társaság), reached by capability links like an evening's: URL rules.

- ``GET /groups/new``, ``POST /groups``: start a group (``s=`` view tokens: with those
  evenings, from the several-evenings page); the creator lands on its edit page.
- ``GET /g/<token>``: the group's page: the standings over a period (``?period=month|
  season|all`` or ``?from=&to=``, ``&game=``, ``&method=``, ``&banker=``), who pays whom,
  the chart across the evenings, its evenings. With the edit token it also shows both
  links (and the view link's QR code) and the forms below, all POST-redirect-GET:
- ``POST /g/<t>/evenings`` (a pasted evening link), ``POST /g/<t>/evenings/<id>/remove``,
  ``POST /g/<t>/rename`` (a member's new name, in every evening; a merge onto an existing
  one), ``POST /g/<t>/settings`` (name, season).
- ``GET /g/<token>/report.pdf``: the season report of the period the page shows.
- ``GET /g/<token>/ihatemoney.csv``: what remains owed over that period, as bills the
  expense apps import (``?currency=``: one currency's).
- ``POST /e/<evening edit token>/groups/<id>/remove``: the evening's scorer takes it out
  of a group that holds it (its edit page lists them).

A pasted evening link decides what the group may do (docs/capabilities.md): by its edit
link the group may change the evening (renames, merges, the kitty chain); by its view
link it shows and counts it, and never writes to it.

"This month" is the month of the server's today (``group_today``; tests set
``GROUP_TODAY`` in the config, never the clock).
"""

from __future__ import annotations

import io
from collections.abc import Mapping
from typing import Any

from flask import (
    Blueprint,
    abort,
    current_app,
    flash,
    redirect,
    render_template,
    request,
    send_file,
    url_for,
)

from .. import groups, ledger
from ..audit import current_actor
from ..db import db
from ..models import Group
from ..pdf import pool as pdf_render
from ..pdf.render import Reader
from ..words import i18n
from ..words.i18n import t
from .common import (
    LINK,
    busy_page,
    get_group_or_404,
    get_session_or_404,
    group_links,
    group_stats_of,
    group_today,
    page_reader,
    payment_back,
    payment_form,
    payment_recorded,
    stats_rows,
    undo_payment,
    view_qr,
    whole_standings,
)
from .group_page import group_context
from .refusal_words import group_error_text, payment_error_text
from .remembered import remember_group
from .result_card import group_card, share

bp = Blueprint("groups", __name__)


@bp.get("/groups/new")
def new():
    return render_template("groups/new.html", error=None, tokens=request.args.getlist("s"))


@bp.post("/groups")
def create():
    form = request.form
    tokens = form.getlist("s")
    try:
        found = [groups.evening_by_link(token) for token in tokens]
        group = groups.create_group(
            form.get("name"), form.get("season_start"), form.get("season_end"), commit=False
        )
        db.session.flush()
        for session, writable in found:  # an edit link lets the group change the evening
            groups.add_evening(group, session, commit=False, writable=writable)
        db.session.commit()
    except ledger.LedgerError as exc:
        db.session.rollback()
        return render_template("groups/new.html", error=group_error_text(exc), tokens=tokens), 422
    remember_group(group.id)
    flash(t("grp_created"))
    return redirect(url_for("groups.page", token=group.edit_token), 303)


@bp.get("/g/<token>")
def page(token: str):
    group = get_group_or_404(token, "view")
    editable = groups.store.group_token_grants(group, token, "edit")  # constant time
    return group_page(group, token, editable)


def group_page(group: Group, token: str, editable: bool, payment_error: str | None = None):
    """The group's page; ``payment_error``: a payment just sent was refused."""
    if editable:
        remember_group(group.id)
    try:
        context = group_context(group, token, request.args, group_today(), editable)
    except ledger.LedgerError as exc:
        abort(400, description=group_error_text(exc))
    links = group_links(group)
    return render_template(
        "groups/page.html",
        result_card=_result_card(group, context),
        editable=editable,
        payment_error=payment_error,
        today=group_today().isoformat(),
        links=links,
        view_qr=view_qr(links["view_url"], t("qr_label")),
        **context,
    )


def _result_card(group: Group, context: Mapping[str, Any]) -> dict[str, str]:
    """The result card's share buttons: its text, and its PNG under the view link, of the
    period, game and method the page shows, in its language (``views/cards.py``)."""
    url = url_for("cards.group", token=group.view_token, lang=i18n.current(), **context["query"])
    return share(group_card(context), url, f"group-{group.id}.png")


@bp.post("/g/<token>/payments")
def add_payment(token: str):
    """Mark a transfer of the group's standings paid, in whole or in part."""
    group = get_group_or_404(token, "edit")
    try:
        sent = payment_form()
        read = lambda: whole_standings(group, request.form)  # noqa: E731  (under the locks)
        payment = ledger.record_group_payment(group, read, sent, group_today())
    except ledger.LedgerError as exc:
        return group_page(group, token, True, payment_error=payment_error_text(exc)), 422
    payment_recorded(payment)
    return redirect(payment_back("groups.page", token), 303)


@bp.post("/g/<token>/payments/<int:payment_id>/delete")
def delete_payment(token: str, payment_id: int):
    """Undo a payment of the group."""
    group = get_group_or_404(token, "edit")
    return undo_payment(group, payment_id, payment_back("groups.page", token))


@bp.get("/g/<token>/report.pdf")
def report(token: str):
    """The season report: rendered in the PDF pool within its budget, once per version of
    the group and its evenings (``pdf_render.season_report``); past the budget, 503."""
    group = get_group_or_404(token, "view")
    try:
        groups.parse_period(request.args, group, group_today())  # a bad query: 400 at once
        pdf = pdf_render.season_report(
            group,
            token,
            request.args,
            page_reader(),
            report_context,
            groups.evenings_stamp(group),
        )
    except ledger.LedgerError as exc:
        abort(400, description=group_error_text(exc))
    except pdf_render.Busy as exc:  # rendering goes on; the retry is served from the cache
        return busy_page(exc, "pdf_busy_report")
    name = f"tarsasag-{group.id}.pdf"
    return send_file(io.BytesIO(pdf), "application/pdf", download_name=name)


@bp.get("/g/<token>/ihatemoney.csv")
def expense_csv(token: str):
    """What remains owed over the page's period, as bills ihatemoney and Cospend import
    (ledger/expense_csv.py); ``?currency=``: one currency's only (Cospend has no column
    for it and would add them up)."""
    group = get_group_or_404(token, "view")
    try:
        context = group_context(group, token, request.args, group_today())
    except ledger.LedgerError as exc:
        abort(400, description=group_error_text(exc))
    asked = request.args.get("currency")
    ups = [u for u in context["settle_up"] if not asked or u["currency"] == asked]
    evenings = context["standings"]["evenings"]
    day = evenings[-1]["date"] if evenings else group_today()
    text = ledger.expense_csv(group.name, day, ups)
    name = f"tarsasag-{group.id}-ihatemoney{'-' + asked if asked else ''}.csv"
    return send_file(io.BytesIO(text.encode()), "text/csv", as_attachment=True, download_name=name)


def report_context(
    group: Group, token: str, args: Mapping[str, str], reader: Reader
) -> dict[str, object]:
    """The season report's plain values: the page's, and each member's statistics (run by
    the PDF pool for ``reader``, in ``pdf.render.reading``, with no request)."""
    today = reader.today(current_app)
    context = group_context(group, token, args, today, charts=False)
    standings, _, figures = group_stats_of(group, args, today)
    names = {e["id"]: e["name"] or t("untitled_session") for e in context["standings"]["evenings"]}
    rows, _ = stats_rows(standings, figures, args.get("game") or None, names)
    context["member_stats"] = [{"name": name, "rows": rows(name)} for name in figures["players"]]
    return context


@bp.post("/g/<token>/evenings")
def add_evening(token: str):
    group = get_group_or_404(token, "edit")
    match = LINK.search((request.form.get("link") or "").strip())
    try:
        session, writable = groups.evening_by_link(match.group(1) if match else "")
        groups.add_evening(group, session, writable=writable)
    except ledger.NotFound:
        flash(t("grp_bad_link"), "error")
    except ledger.LedgerError as exc:
        db.session.rollback()
        flash(group_error_text(exc), "error")
    else:
        key = "grp_evening_added" if writable else "grp_evening_added_read_only"
        flash(t(key, name=session.name or t("untitled_session")))
    return redirect(url_for("groups.page", token=token), 303)


@bp.post("/g/<token>/evenings/<int:session_id>/remove")
def remove_evening(token: str, session_id: int):
    group = get_group_or_404(token, "edit")
    try:
        groups.remove_evening(group, ledger.get_session(session_id))
    except ledger.LedgerError as exc:
        flash(group_error_text(exc), "error")
    else:
        flash(t("grp_evening_removed"))
    return redirect(url_for("groups.page", token=token), 303)


@bp.post("/e/<token>/groups/<int:group_id>/remove")
def leave_group(token: str, group_id: int):
    """The evening's scorer takes it out of a group that holds it, from its edit page."""
    session = get_session_or_404(token, "edit")
    try:
        group = groups.get_group(group_id)
        groups.remove_evening(group, session)
    except ledger.LedgerError as exc:
        flash(group_error_text(exc), "error")
    else:
        flash(t("evening_left_group", group=group.name))
    return redirect(url_for("sessions.edit", token=token), 303)


@bp.post("/g/<token>/rename")
def rename(token: str):
    group = get_group_or_404(token, "edit")
    old, new = request.form.get("old", ""), (request.form.get("new") or "").strip()
    try:
        done = groups.rename_member(group, old, new, actor=current_actor())
    except ledger.LedgerError as exc:
        return refused(group, token, exc)
    key = "grp_merged" if done["merged"] else "grp_renamed"
    flash(t(key, old=old, new=new, n=len(done["evenings"])))
    if done["kept"]:  # evenings held by their view link: read, never changed
        flash(t("grp_rename_kept", n=len(done["kept"])))
    return redirect(url_for("groups.page", token=token), 303)


@bp.post("/g/<token>/settings")
def settings(token: str):
    group = get_group_or_404(token, "edit")
    fields = ("name", "season_start", "season_end")
    try:
        groups.update_group(group, {k: request.form.get(k, "") for k in fields})
    except ledger.LedgerError as exc:
        return refused(group, token, exc)
    flash(t("grp_saved"))
    return redirect(url_for("groups.page", token=token), 303)


def refused(group: Group, token: str, exc: ledger.LedgerError):
    """A refused rename or setting: the group's page again, saying why in its language,
    as a 422 (nothing was written)."""
    db.session.rollback()  # the group as stored: a refused name is not shown as its own
    flash(group_error_text(exc), "error")
    return group_page(group, token, True), 422

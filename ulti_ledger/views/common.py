"""Helpers the page modules share, one floor below them: no page module imports another.

Getting a session or a group by its capability link (404 else), their absolute links,
the headers every capability page sends (``private``), a pasted link's token, the groups
a new-evening form offers, a refusal in the page's language, and the 503 of a PDF still
being drawn. The API's own helpers are in ``api_common``.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from flask import abort, current_app, make_response, render_template, request
from markupsafe import Markup
from sqlalchemy import select

from .. import groups, i18n, ledger, pdf_render
from ..addresses import external_url
from ..db import db
from ..i18n import t
from ..ledger import result_cache
from ..models import GameSession, Group
from ..qr import qr_svg
from ..stats import records_for, stats_for
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
    try:
        return ledger.session_by_token(token, kind)
    except ledger.NotFound:
        abort(404)


def utc_text(at: str | None) -> str:
    """An audit time (ISO 8601, UTC) for reading: 2026-11-29 14:26 UTC."""
    if not at:
        return ""
    return f"{at[:10]} {at[11:16]} UTC"


@lru_cache(maxsize=256)
def view_qr(url: str, label: str) -> Markup:
    """The view link's QR code; drawing one takes ~20 ms, so each is drawn once."""
    return qr_svg(url, label)


def private(response):
    """Capability URLs must not travel in Referer headers, caches or search indexes."""
    response.headers["Referrer-Policy"] = "no-referrer"
    response.headers["Cache-Control"] = "no-store"
    response.headers["X-Robots-Tag"] = "noindex"
    return response


def group_today() -> dt.date:
    """Today, for "this month": the config's ``GROUP_TODAY`` (tests) or the server's date."""
    fixed = current_app.config.get("GROUP_TODAY")
    return dt.date.fromisoformat(fixed) if fixed else dt.date.today()


def group_links(group: Group) -> dict[str, str]:
    return {
        "url": external_url("groups.page", token=group.edit_token),
        "view_url": external_url("groups.page", token=group.view_token),
    }


def get_group_or_404(token: str, kind: str) -> Group:
    try:
        return groups.group_by_token(token, kind)
    except groups.GroupError:
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


def group_error_text(exc: Exception) -> str:
    """A refusal in the page's language: a group's by its code, others as the ledger says."""
    code = getattr(exc, "code", None)
    if code:
        try:
            return t(f"grp_err_{code}", **getattr(exc, "params", {}))
        except KeyError:  # not a group's refusal (a house rule's, say): the ledger's words
            pass
    text = getattr(exc, "text", None)
    return text(i18n.current()) if callable(text) else str(exc)


def busy_page(exc: pdf_render.Busy):
    """A PDF not ready within its budget: 503 with Retry-After, in the page's language."""
    response = make_response(
        render_template(
            "errors/error.html", title=t("pdf_busy_title"), message=t("pdf_busy"), back=None
        ),
        503,
    )
    response.headers["Retry-After"] = str(exc.retry_after)
    return response


STATS = "group-stats"
"""The first part of a group's statistics' cache key."""


def group_stats_of(
    group: Group, args: Mapping[str, str], today: Any, with_records: bool = False
) -> tuple[dict[str, Any], list[Any], dict[str, Any]]:
    """The period's standings, the stats records of its evenings (only ``with_records``;
    else empty), and ``player_stats`` of them."""
    period = groups.parse_period(args, group, today)
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
        figures = stats_for(ids, game=game)
        cache.put(key, figures)
    return standings, (records_for(ids) if with_records and ids else []), figures

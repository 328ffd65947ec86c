"""The JSON API of groups (társaság): a group's members, evenings and standings.

::

    GET /api/v1/groups/<id>         members, evenings, standings, who pays whom
        ?period=all|month|season, or ?from=YYYY-MM-DD&to=YYYY-MM-DD; &game=; &method=,
        &banker=
    GET /api/v1/groups/<id>/stats   the statistics of the period's evenings (the stats
        package's ``player_stats``: {"players": {NAME: {...}}}), same period and &game=
    POST /api/v1/groups/<id>/evenings   {"evening": TOKEN or link}, with the group's edit
        token: by the evening's edit token the group may change it, by its view token it
        only shows and counts it; past the group's maximum, 409

Reads take the group's edit or view token (``Authorization: Bearer`` or ``?token=``),
as an evening's do: no token is 401; a wrong one 403, and so is an id no group has (the
same answer: ids are sequential). A bad period, game or method is a 400 naming the query
key (``{"error", "key", "code", "params"}``). Money is a decimal string.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, request

from .. import groups, ledger
from ..ledger import LedgerError, group_kitty
from ..models import Group
from .api_common import ID, authorized_group
from .api_errors import json_body, ledger_error
from .common import LINK, group_links, group_stats_of, group_today

bp = Blueprint("api_groups", __name__, url_prefix="/api/v1")
CONFLICTS = ("too_many_evenings", "too_many_members", "other_group")
"""Refusals of an add that the group's (or the evening's) state causes: 409."""


@bp.errorhandler(LedgerError)
def _refused(exc: LedgerError):
    """A query the group cannot answer (period, game, method): 400 with its key and code."""
    if isinstance(exc, groups.GroupError):
        body = {"error": exc.problem, "key": exc.key, "code": exc.code, "params": exc.params}
        return body, 409 if exc.code in CONFLICTS else 400
    return ledger_error(exc)


@bp.get(f"/groups/<{ID}:group_id>")
def get_group(group_id: int):
    group = authorized_group(group_id)
    groups.parse_period(request.args, group, group_today())  # a bad query: 400 before reads

    def read() -> dict[str, Any]:  # of one state of the group (``groups.read_steady``)
        standings = standings_json(group)
        # what the kitty holds now (no evening's link: the standings give view links)
        held = group_kitty(group)
        kitty = [{k: v for k, v in one.items() if k != "view_token"} for one in held]
        return {**group_json(group), **standings, "kitty": kitty}

    return groups.read_steady(group, read)


@bp.get(f"/groups/<{ID}:group_id>/stats")
def get_group_stats(group_id: int):
    """``player_stats`` of the period's evenings (``?from=&to=`` or ``?period=``, ``&game=``)."""
    group = authorized_group(group_id)
    standings, records, figures = group_stats_of(group, request.args, group_today())
    game = request.args.get("game") or None
    evenings = [e["id"] for e in standings["evenings"] if game is None or e["game"] == game]
    return {"id": group.id, "period": standings["period"], "evenings": evenings, **figures}


@bp.post(f"/groups/<{ID}:group_id>/evenings")
def add_group_evening(group_id: int):
    """Add an evening by its token or link (``{"evening": ...}``), with the group's edit
    token. Its edit token lets the group change it; its view token only shows and counts
    it (docs/capabilities.md). 201 when added, 200 when the group held it already; past
    the group's maximum of evenings or members, 409 with the refusal's code."""
    group = authorized_group(group_id, "edit")
    body = json_body()
    pasted = body.get("evening") if isinstance(body, dict) else None
    if not isinstance(pasted, str):
        raise groups.GroupError(
            "evening", "send the evening's edit or view token (or link)", "evening_missing"
        )
    match = LINK.search(pasted.strip())
    session, writable = groups.evening_by_link(match.group(1) if match else "")
    before = groups.store.holds(group, session)
    groups.add_evening(group, session, writable=writable)
    held = groups.store.holds(group, session)
    body = {"id": session.id, "writable": held == "edit", "group_version": group.version}
    return body, 200 if before == held else 201


def group_json(group: Group) -> dict[str, Any]:
    return {
        "id": group.id,
        "name": group.name,
        "season": {
            "start": group.season_start.isoformat() if group.season_start else None,
            "end": group.season_end.isoformat() if group.season_end else None,
        },
        "view_url": group_links(group)["view_url"],
    }


def standings_json(group: Group) -> dict[str, Any]:
    """The standings of the period the query names (``groups.group_standings``)."""
    args = request.args
    period = groups.parse_period(args, group, group_today())
    method = args.get("method", "minimal")
    if method not in ledger.METHODS:
        raise groups.GroupError(
            "method",
            f"unknown method {method!r}; choose {', '.join(ledger.METHODS)}",
            "bad_method",
            method=method,
        )
    banker = args.get("banker") or None if method == "banker" else None
    game = args.get("game") or None
    found = groups.group_standings(group, period, game, method, banker)
    if game is not None and game not in found["games"]:
        raise groups.GroupError(
            "game", f"no evening of {game!r} in this period", "bad_game", game=game
        )
    return {
        "members": found["members"],
        "period": found["period"],
        "game": found["game"],
        "games": found["games"],
        "evenings": found["evenings"],
        "players": found["players"],
        "currencies": found["currencies"],
        "standings": found["standings"],
        "running": found["running"],
        "by_currency": found["by_currency"],
        "settlement": found["settlement"],
        "settlements": found["settlements"],
    }

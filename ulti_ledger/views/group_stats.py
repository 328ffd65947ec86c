"""A group's statistics over a period, and the hands behind each number: URL rules.

Read-only, by the group's link (view or edit token)::

    GET /g/<token>/stats            every member's numbers (?player=NAME: his), over the
                                    period the group's page chose (?period=, ?from=&to=,
                                    &game=)
    GET /g/<token>/stats/hands      the hands one number counts (&player=&stat=), each a
                                    link to its row on its evening's view page; a number
                                    counted in units, over evenings at several stakes or
                                    in several currencies, reads in money per currency

The numbers are the stats package's (``stats_for``, ``records_for``, ``hands_behind``)
over the evenings of the period; an unknown player or statistic is a 404 that says which.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask import Blueprint, abort, render_template, request, url_for

from .. import ledger
from ..stats import hands_behind
from ..stats.records import HandRecord
from ..stats.table import IN_UNITS, money_rows, player_rows
from ..words import i18n
from ..words.i18n import t
from .common import get_group_or_404, group_stats_of, group_today, stats_rows
from .refusal_words import group_error_text

KEPT = ("period", "from", "to", "game")
PLAYERS_PER_PAGE = 20
"""Everyone's numbers, this many players at a time: a group at its maximum of members
(``ledger.limits``) keeps its statistics page well under 1 MB."""
bp = Blueprint("group_stats", __name__)


@bp.get("/g/<token>/stats")
def stats_page(token: str):
    group = get_group_or_404(token, "view")
    try:
        standings, _, figures = group_stats_of(group, request.args, group_today())
    except ledger.LedgerError as exc:
        abort(400, description=group_error_text(exc))
    found = figures["players"]
    chosen = request.args.get("player")
    if chosen is not None and chosen not in found:
        abort(404, description=t("stats.unknown_player", player=chosen))
    kept = {k: request.args[k] for k in KEPT if request.args.get(k)}
    names = {e["id"]: e["name"] or t("untitled_session") for e in standings["evenings"]}
    everyone = [name for name in found if chosen is None or name == chosen]
    shown, paging = _player_page(everyone, request.args.get("page"), token, kept)
    rows, one_stake = stats_rows(standings, figures, kept.get("game"), names)
    players = [
        {
            "name": name,
            "rows": rows(name),
            "url": url_for("group_stats.stats_page", token=token, player=name, **kept),
        }
        for name in shown
    ]
    return render_template(
        "groups/stats.html",
        group=group,
        token=token,
        players=players,
        names=list(found),
        chosen=chosen,
        kept=kept,
        period=standings["period"],
        back_url=url_for("groups.page", token=token, **kept),
        one_stake=one_stake,
        **paging,
    )


def _player_page(
    names: list[str], asked: str | None, token: str, kept: Mapping[str, str]
) -> tuple[list[str], dict[str, Any]]:
    """The players whose numbers this page shows (``?page=``, ``PLAYERS_PER_PAGE`` at a
    time; the names above link each one's own), and the links to the pages beside it."""
    pages = max(1, -(-len(names) // PLAYERS_PER_PAGE))
    page = int(asked) if asked and asked.isdigit() and 0 < int(asked) <= pages else 1
    first = (page - 1) * PLAYERS_PER_PAGE
    shown = names[first : first + PLAYERS_PER_PAGE]

    def link(to: int) -> str:
        return url_for(
            "group_stats.stats_page", token=token, **kept, **({"page": to} if to > 1 else {})
        )

    return shown, {
        "page_range": (first + 1, first + len(shown), len(names)),
        "previous_url": link(page - 1) if page > 1 else None,
        "next_url": link(page + 1) if page < pages else None,
    }


@bp.get("/g/<token>/stats/hands")
def stats_hands(token: str):
    group = get_group_or_404(token, "view")
    player, stat = request.args.get("player", ""), request.args.get("stat", "")
    try:
        standings, records, figures = group_stats_of(
            group, request.args, group_today(), with_records=True
        )
    except ledger.LedgerError as exc:
        abort(400, description=group_error_text(exc))
    if player not in figures["players"]:
        abort(404, description=t("stats.unknown_player", player=player))
    evenings = {e["id"]: e for e in standings["evenings"]}
    names = {i: e["name"] or t("untitled_session") for i, e in evenings.items()}
    rows = {r["stat"]: r for r in player_rows(figures["players"][player], i18n.current(), names)}
    if stat not in rows:
        abort(404, description=t("stats.unknown_stat"))
    _, one_stake = stats_rows(standings, figures, request.args.get("game") or None, names)
    if one_stake is None and stat in IN_UNITS:
        money = figures["money"].get(player, {})
        row, behind = _in_money(money, records, player, stat, names)
    else:
        row, behind = rows[stat], hands_behind(records, player, stat)
    tokens = standings["view_tokens"]
    listed = [
        {
            "evening": names[session_id],
            "date": evenings[session_id]["date"],
            "number": number,
            "url": url_for("sessions.view", token=tokens[session_id]) + f"#h{number}",
            "testid": f"behind-{session_id}-{number}",
        }
        for session_id, number in behind
    ]
    kept = {k: request.args[k] for k in KEPT if request.args.get(k)}
    return render_template(
        "groups/stats_hands.html",
        group=group,
        player=player,
        row=row,
        hands=listed,
        back_url=url_for("group_stats.stats_page", token=token, player=player, **kept),
    )


def _in_money(
    money: Mapping[str, Mapping[str, Any]],
    records: list[HandRecord],
    player: str,
    stat: str,
    names: Mapping[int, str],
) -> tuple[dict[str, str], list[tuple[int, int]]]:
    """A number counted in units (``IN_UNITS``), for a period of several stakes or
    currencies: its label and its value in money per currency (``money``: the player's
    entry of ``stats_with_money``), as the statistics page shows it, and the hands behind
    it. A record's hands are its own hand, or its evening's, in each currency; a sum's are
    those it counts in every currency. A unit at 0.10 EUR is never ranked against one at
    10 HUF, so a typed link gives no units-only answer."""
    found = [r for r in money_rows(money, i18n.current(), names) if r["stat"].endswith(f".{stat}")]
    codes = [r["stat"].split(".")[1] for r in found]
    order = {(r.session_id, r.number): index for index, r in enumerate(records)}
    if stat in ("units", "as_declarer", "otherwise"):
        label = t(f"stats.money.{stat}", currency=", ".join(codes))
        behind = hands_behind(records, player, stat)
    else:
        label = t(f"stats.{stat}")
        keys = set()
        for r in found:
            if "hand" in r:
                keys.add((r["session"], r["hand"]))
            elif "session" in r:
                keys |= {k for k in order if k[0] == r["session"]}
        mine = {(r.session_id, r.number) for r in records if player in r.roles}
        behind = sorted(keys & mine, key=order.__getitem__)
    return {"label": label, "value": "; ".join(r["value"] for r in found)}, behind

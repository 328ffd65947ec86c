"""The statistics of one evening, and the hands behind each number: URL rules only.

Read-only, by the evening's link (the view token, or the edit token)::

    GET  /s/<token>/stats                        every player's numbers (?player=NAME: his)
    GET  /s/<token>/stats/hands?player=&stat=    the hands one number counts, each a link
                                                 to its row on the evening's view page

An unknown player or statistic is a 404 that says which.
"""

from __future__ import annotations

from flask import Blueprint, abort, render_template, request, url_for

from .. import ledger
from ..ledger import seat_names
from ..stats import hands_behind, player_stats, records_for
from ..stats.table import player_rows, signed
from ..words import i18n
from ..words.i18n import t
from .common import get_session_or_404

bp = Blueprint("stats", __name__)


@bp.get("/s/<token>/stats")
def evening(token: str):
    session = get_session_or_404(token, "view")
    found = player_stats(records_for([session.id]))["players"]
    seated = [name for name in seat_names(session) if name in found]  # the table's order
    figures = {name: found[name] for name in [*seated, *(n for n in found if n not in seated)]}
    chosen = request.args.get("player")
    if chosen is not None and chosen not in figures:
        abort(404, description=t("stats.unknown_player", player=chosen))
    lang = i18n.current()
    evenings = {session.id: session.name}
    players = [
        {
            "name": name,
            "rows": player_rows(mine, lang, evenings),
            "url": url_for("stats.evening", token=token, player=name),
        }
        for name, mine in figures.items()
        if chosen is None or name == chosen
    ]
    return render_template(
        "stats/evening.html",
        session=session,
        token=token,
        players=players,
        names=list(figures),
        chosen=chosen,
        view_url=url_for("sessions.view", token=session.view_token),
    )


@bp.get("/s/<token>/stats/hands")
def hands(token: str):
    session = get_session_or_404(token, "view")
    player, stat = request.args.get("player", ""), request.args.get("stat", "")
    records = records_for([session.id])
    figures = player_stats(records)["players"]
    if player not in figures:
        abort(404, description=t("stats.unknown_player", player=player))
    lang = i18n.current()
    rows = {r["stat"]: r for r in player_rows(figures[player], lang, {session.id: session.name})}
    if stat not in rows:
        abort(404, description=t("stats.unknown_stat"))
    numbers = [number for _, number in hands_behind(records, player, stat)]
    summary = ledger.session_summary(session, lang)
    view_url = url_for("sessions.view", token=session.view_token)
    listed = []
    for number in numbers:
        hand = summary["hands"][number - 1]
        listed.append(
            {
                "number": number,
                "url": f"{view_url}#h{number}",
                "declarer": hand["declarer"],
                "notation": hand.get("notation") or "",
                "units": signed(hand["changes"].get(player, 0)),
            }
        )
    return render_template(
        "stats/hands.html",
        session=session,
        player=player,
        row=rows[stat],
        hands=listed,
        back_url=url_for("stats.evening", token=token, player=player),
        view_url=view_url,
    )

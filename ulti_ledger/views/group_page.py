"""What the group's page (and its season report) shows, from ``groups.group_standings``.

Plain values for the templates: the period and its choices (links keep the page's other
choices), the standings rows, who pays whom with the method links, the chart, the
evenings with their links, and the members for the rename form.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from typing import Any
from urllib.parse import urlencode

from flask import url_for
from markupsafe import Markup

from .. import groups, ledger
from ..drawings.chart import balance_chart
from ..games import REGISTRY
from ..models import Group
from ..words import i18n
from ..words.i18n import t
from ..words.messages import ruleset_text
from .bank_words import transfer_codes

PERIODS = ("all", "month", "season")
EVENINGS_PER_PAGE = 50
"""The evenings table shows this many at once (the latest first): a group at its maximum
(``ledger.limits``: 500 evenings, 60 members) keeps a page well under 1 MB."""
NO_DAYS = {"from": "", "to": ""}
KEPT = ("period", "from", "to", "game", "method", "banker")
CHART = "group-chart"
"""The first part of a drawn chart's key in the result cache."""


def group_context(
    group: Group, token: str, args: Mapping[str, str], today: dt.date
) -> dict[str, Any]:
    """Everything ``groups/page.html`` and the report show; ledger refusals propagate."""
    period = groups.parse_period(args, group, today)
    game = args.get("game") or None
    method = args.get("method", "minimal")
    if method not in ledger.METHODS:
        raise groups.GroupError("method", f"unknown method {method!r}", "bad_method", method=method)
    banker = args.get("banker") or None if method == "banker" else None
    lang = i18n.current()
    standings = groups.group_standings(group, period, None, method, banker)
    labels = _game_labels(standings)
    if game is not None and game not in standings["games"]:
        raise groups.GroupError(
            "game", f"no evening of {game!r} in this period", "bad_game", game=game
        )
    if game is not None:
        standings = groups.group_standings(group, period, game, method, banker)
    own = url_for("groups.page", token=token)
    chosen = {k: args[k] for k in KEPT if args.get(k)}
    standings = _with_ruleset_labels(standings, lang)
    page = _evening_page(standings["evenings"], args.get("page"), own, chosen)
    # payments marked on the group settle all of it: a narrower page leaves them out
    whole = period.kind == "all" and game is None
    return {
        "group": group,
        "token": token,
        "period": standings["period"],
        "standings": standings,
        "game_labels": labels,
        "period_links": [(p, _link(own, chosen, period=p, **NO_DAYS)) for p in PERIODS],
        "game_links": [(g, _link(own, chosen, game=g)) for g in ["", *standings["games"]]],
        "method_links": [(m, _link(own, chosen, method=m, banker="")) for m in ledger.METHODS],
        "banker_links": [
            (p, _link(own, chosen, method="banker", banker=p))
            for p in (standings["players"] if method == "banker" else [])
        ],
        "chart": _chart(standings, lang),
        "members": standings["members"],
        "pdf_url": _link(url_for("groups.report", token=token), chosen),
        "stats_url": _link(
            url_for("group_stats.stats_page", token=token),
            {k: v for k, v in chosen.items() if k in ("period", "from", "to", "game")},
        ),
        "query": chosen,
        "kitty": _kitty(group, lang),
        "whole": whole,
        **_settle_up(group, standings, whole, today),
        **page,
        # view links only: adding an evening by its view link must not hand out its edit
        # link; only those of the evenings the page shows
        "evening_links": {
            e["id"]: url_for("sessions.view", token=standings["view_tokens"][e["id"]])
            for e in page["page_evenings"]
        },
    }


def _settle_up(
    group: Group, standings: Mapping[str, Any], whole: bool, today: dt.date
) -> dict[str, Any]:
    """Each currency's payments and what remains (``ledger.group_settle_up``), and
    ``after_payments``: each player's balance after them, per currency (empty where
    nothing was paid), the group's balance that the standings' money carries into;
    ``bank_qrs``: each currency's payment QR codes (views/bank_words.py)."""
    ups = ledger.group_settle_up(group, standings, own=whole)
    accounts = ledger.payee_accounts(group)
    prefix = f"{t('bank_remittance_prefix')} {group.name}"
    qrs = [transfer_codes(accounts, up, prefix, None, today) for up in ups]
    after: dict[str, dict[str, str]] = {}
    for up in ups:
        if up["payments"] or up["at_evenings"]:
            for name, money in up["balances"].items():
                after.setdefault(name, {})[up["currency"]] = money
    return {"settle_up": ups, "after_payments": after, "bank_qrs": qrs}


def _evening_page(
    evenings: list[dict[str, Any]], asked: str | None, own: str, chosen: Mapping[str, str]
) -> dict[str, Any]:
    """One page of the evenings table (``?page=``, 1 the latest ``EVENINGS_PER_PAGE``),
    the players who sat at them, and the links to the earlier and later page."""
    pages = max(1, -(-len(evenings) // EVENINGS_PER_PAGE))
    page = int(asked) if asked and asked.isdigit() and 0 < int(asked) <= pages else 1
    end = len(evenings) - (page - 1) * EVENINGS_PER_PAGE
    shown = evenings[max(0, end - EVENINGS_PER_PAGE) : end]
    return {
        "page_evenings": shown,
        "page_players": list(dict.fromkeys(p for e in shown for p in e["units"])),
        "page_range": (max(0, end - EVENINGS_PER_PAGE) + 1, end, len(evenings)),
        "earlier_url": _link(own, chosen, page=str(page + 1)) if page < pages else None,
        "later_url": _link(own, chosen, page=str(page - 1) if page > 2 else "")
        if page > 1
        else None,
    }


def _kitty(group: Group, lang: str) -> list[dict[str, Any]]:
    """What the group's kitty holds now, after its last evening of each kind of kitty,
    with that evening named and linked by its view link."""
    from ..ledger import group_kitty
    from ..words.kitty_words import evening_label

    return [
        {**k, "label": evening_label(k, lang), "link": url_for("sessions.view", token=tok)}
        for k in group_kitty(group)
        for tok in (k.pop("view_token"),)
    ]


def _link(path: str, chosen: Mapping[str, str], **change: str) -> str:
    query = {k: v for k, v in {**chosen, **change}.items() if v}
    if query.get("period") in ("all",):
        query.pop("period")
    return f"{path}?{urlencode(query)}" if query else path


def _game_labels(standings: Mapping[str, Any]) -> dict[str, str]:
    """Each game of the period by its name (``TITLE``: one name for all its rulesets)."""
    return {game: REGISTRY[game].TITLE for game in standings["games"]}


def _with_ruleset_labels(standings: Mapping[str, Any], lang: str) -> Mapping[str, Any]:
    """The standings with each evening's ruleset named in ``lang`` (``ruleset_label``)."""
    evenings = [
        {**e, "ruleset_label": ruleset_text(e["ruleset"]["hu"], e["ruleset"]["en"], lang)}
        for e in standings["evenings"]
    ]
    return {**standings, "evenings": evenings}


def _chart(standings: Mapping[str, Any], lang: str, **style: Any) -> Markup:
    """The chart, drawn once per state of the group and query (``stamp``) and language:
    500 evenings of 60 members are 30,000 points."""
    key = (CHART, standings["stamp"], lang, tuple(sorted(style.items())))
    cache = ledger.result_cache()
    drawn = cache.get(key)
    if drawn is None:
        drawn = _draw(standings, lang, **style)
        cache.put(key, drawn)
    return drawn


def _draw(standings: Mapping[str, Any], lang: str, **style: Any) -> Markup:
    return balance_chart(
        standings["players"],
        standings["running"],
        lang=lang,
        x_label=t("grp_chart_x"),
        **style,
    )

"""What the group's page (and its season report) shows, from ``groups.group_standings``.

Plain values for the templates: the period and its choices (links keep the page's other
choices), the standings rows, who pays whom with the method links, the chart, the
evenings with their links, and the members for the rename form.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from decimal import Decimal, InvalidOperation
from typing import Any
from urllib.parse import urlencode

from flask import url_for
from markupsafe import Markup

from .. import groups, ledger
from ..drawings.chart import money_chart
from ..games import REGISTRY
from ..models import Group
from ..words import i18n
from ..words.i18n import t
from ..words.messages import ruleset_text
from ..words.money_format import currency_code, money_text
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
    group: Group,
    token: str,
    args: Mapping[str, str],
    today: dt.date,
    editable: bool = False,
    charts: bool = True,
) -> dict[str, Any]:
    """Everything ``groups/page.html`` and the report show, of one state of the group
    (``groups.read_steady``); ledger refusals propagate. ``editable``: the page was opened
    by the edit link (its editor may convert); ``charts``: draw the page's charts (the
    report draws its own, for A4)."""
    period = groups.parse_period(args, group, today)  # a bad query: refused before reads
    return groups.read_steady(
        group, lambda: _group_context(group, token, args, period, today, editable, charts)
    )


def _group_context(
    group: Group,
    token: str,
    args: Mapping[str, str],
    period: groups.Period,
    today: dt.date,
    editable: bool,
    charts: bool,
) -> dict[str, Any]:
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
        "charts": [_chart(standings, part, lang) for part in standings["by_currency"]]
        if charts
        else [],
        "members": standings["members"],
        "pdf_url": _link(url_for("groups.report", token=token), chosen),
        "stats_url": _link(
            url_for("group_stats.stats_page", token=token),
            {k: v for k, v in chosen.items() if k in ("period", "from", "to", "game")},
        ),
        "query": chosen,
        "kitty": _kitty(group, lang),
        "whole": whole,
        **(settled := _settle_up(group, standings, whole, today)),
        **_conversion(standings, settled["settle_up"], args, editable),
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
    # once anything was paid, in any currency, every currency's balance is shown after
    # the payments (an EUR payment must not hide what is still owed in HUF)
    if any(up["payments"] or up["at_evenings"] for up in ups):
        for up in ups:
            for name, money in up["balances"].items():
                after.setdefault(name, {})[up["currency"]] = money
    return {"settle_up": ups, "after_payments": after, "bank_qrs": qrs}


def _conversion(
    standings: Mapping[str, Any],
    ups: list[dict[str, Any]],
    args: Mapping[str, str],
    editable: bool,
) -> dict[str, Any]:
    """The one settlement at a rate the group's editor typed (``?into=HUF&rate.EUR=400``):
    offered only by the edit link where the period has two currencies or more, shown only,
    never stored, so the currencies stay apart unless asked again. ``convert``: the
    currency asked for and each other's rate as typed; ``converted``: the settlement
    (``ledger.converted_settlement``), or None; ``convert_error``: a rate refused."""
    codes = list(standings["currencies"])
    if not editable or len(codes) < 2 or "" in codes:
        return {"convert": None, "converted": None, "convert_error": None}
    into = args.get("into") if args.get("into") in codes else codes[0]
    typed = {code: (args.get(f"rate.{code}") or "").strip() for code in codes if code != into}
    out = {"convert": {"into": into, "rates": typed}, "converted": None, "convert_error": None}
    if not any(typed.values()):
        return out
    try:
        rates = {code: _rate(text) for code, text in typed.items()}
        converted = ledger.converted_settlement(ups, into, rates)
        lang = i18n.current()
        converted["rates_text"] = ", ".join(
            f"1 {code} = {money_text(rate, into, lang)}"
            for code, rate in converted["rates"].items()
        )
        out["converted"] = converted
    except (ValueError, ledger.LedgerError):
        out["convert_error"] = t("grp_convert_bad_rate")
    return out


def _rate(text: str) -> Decimal:
    """A rate as people type it (``400``, ``400,5``, ``0.0025``): positive, or ValueError."""
    cleaned = text.replace("\u00a0", "").replace(" ", "").replace(",", ".")
    try:
        rate = Decimal(cleaned)
    except InvalidOperation:
        raise ValueError(text) from None
    if not rate.is_finite() or rate <= 0 or len(cleaned) > 20:
        raise ValueError(text)
    return rate


def _evening_page(
    evenings: list[dict[str, Any]], asked: str | None, own: str, chosen: Mapping[str, str]
) -> dict[str, Any]:
    """One page of the evenings table (``?page=``, 1 the latest ``EVENINGS_PER_PAGE``),
    the players who sat at them, and the links to the earlier and later page."""
    pages = max(1, -(-len(evenings) // EVENINGS_PER_PAGE))
    page = int(asked) if asked and asked.isdigit() and 0 < int(asked) <= pages else 1
    end = len(evenings) - (page - 1) * EVENINGS_PER_PAGE
    shown = [_with_money(e) for e in evenings[max(0, end - EVENINGS_PER_PAGE) : end]]
    return {
        "page_evenings": shown,
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


def _with_money(evening: Mapping[str, Any]) -> dict[str, Any]:
    """The evening with each player's money (``money``: his units times its stake, as
    the standings count it) and its currency code (``code``): its card shows money first,
    the units beside it, so no figure is read without its stake."""
    value = Decimal(evening["unit_value"]["amount"])
    money = {name: format(units * value, "f") for name, units in evening["units"].items()}
    return {**evening, "money": money, "code": currency_code(evening["unit_value"]["currency"])}


def _with_ruleset_labels(standings: Mapping[str, Any], lang: str) -> Mapping[str, Any]:
    """The standings with each evening's ruleset named in ``lang`` (``ruleset_label``)."""
    evenings = [
        {**e, "ruleset_label": ruleset_text(e["ruleset"]["hu"], e["ruleset"]["en"], lang)}
        for e in standings["evenings"]
    ]
    return {**standings, "evenings": evenings}


def _chart(standings: Mapping[str, Any], part: Mapping[str, Any], lang: str) -> Markup:
    """One currency's chart, drawn once per state of the group and query (``stamp``) and
    language: 500 evenings of 60 members are 30,000 points."""
    key = (CHART, standings["stamp"], part["currency"], lang)
    cache = ledger.result_cache()
    drawn = cache.get(key)
    if drawn is None:
        drawn = money_chart(part, lang=lang, x_label=t("grp_chart_x"))
        cache.put(key, drawn)
    return drawn

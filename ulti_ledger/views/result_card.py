"""The result card: an evening's or a group's totals and who pays whom, for the group chat.

One set of plain values (``evening_card``, ``group_card``) feeds both of the card's forms:
the picture (``templates/pdf/card.html``, drawn by WeasyPrint and rasterised by
``pdf.card``) and the text the Web Share API sends beside it, or that is copied where the
phone cannot share (``card_text``). So the picture says what the text says, in the page's
language: the names as the board writes them, the money per currency, the game. Needs a
request context (``t``, the page's language).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from decimal import Decimal
from typing import Any

from .. import groups, ledger
from ..games import REGISTRY
from ..words.i18n import current, day, money, signed, t
from .transfers_text import owed_text

MOST_ROWS = 8
"""A card lists at most this many players and as many transfers (shared out among its
currencies): the chat apps shrink a picture to about 1600 px on its longer side, and a card
kept to two or three times as tall as wide stays legible there (an evening's five players
with long names: twice). The rest are counted ("and 3 more"); the text form lists them all."""
LONGEST_WORD = 24
"""A word longer than this (a name of 80 letters without a space) may wrap after every this
many letters on the picture (a zero-width space), so that it never widens the card's table
past the picture's edge; the text form keeps it whole."""
WORD = re.compile(rf"\S{{{LONGEST_WORD}}}(?=\S)")


def evening_card(
    summary: Mapping[str, Any], game: str, settle: Mapping[str, Any], up: Mapping[str, Any]
) -> dict[str, Any]:
    """The card of an evening: ``summary`` (``ledger.session_summary``), its ``game`` (the
    registry's id), ``settle`` (``method``, ``banker``) and ``up``, its ``settle_up``."""
    totals = summary["totals"]
    currency = totals["currency"]
    players = sorted(summary["players"], key=lambda p: -totals["units"][p])  # stable: seats
    rows = [
        {
            "name": p,
            "units": signed(totals["units"][p]),
            "moneys": [_signed(totals["settled"][p], currency)],
            "sign": _sign(totals["units"][p]),
        }
        for p in players
    ]
    label = summary["ruleset"]["label"]
    title = REGISTRY[game].TITLE
    hands = t("hand_count", n=len(summary["hands"]))
    return {
        "title": summary["name"] or t("untitled_session"),
        "game": label if title.lower() in label.lower() else f"{title} · {label}",
        "facts": " · ".join(p for p in (day(summary["date"]), summary["place"], hands) if p),
        "rows": rows,
        "pays": [_pays(up, currency, settle["method"], settle.get("banker"), False)],
    }


def group_card(context: Mapping[str, Any]) -> dict[str, Any]:
    """The card of a group's period, from ``group_page.group_context``."""
    s = context["standings"]
    # ranked by the money of the period's first currency (money never mixed: units only
    # where the member's evenings shared one stake, groups.standings)
    first = s["by_currency"][0]["ranking"] if s["by_currency"] else []
    order = first + [p for p in s["players"] if p not in first]
    rows = []
    for p in order:
        entry = s["standings"][p]
        units, moneys = entry["units"], entry["moneys"]
        lead = units if units is not None else Decimal(next(iter(moneys.values()), 0))
        rows.append(
            {
                "name": p,
                "units": signed(units) if units is not None else "",
                "moneys": [_signed(a, c) for c, a in moneys.items()],
                "sign": _sign(lead),
            }
        )
    period = s["period"]
    when = t(f"grp_period_{period['kind']}")
    if period["from"] or period["to"]:
        when += f" ({day(period['from'])} – {day(period['to'])})"
    games = [context["game_labels"][g] for g in s["games"] if not s["game"] or g == s["game"]]
    several = len(s["settlements"]) > 1
    return {
        "title": context["group"].name,
        "game": ", ".join(games),
        "facts": f"{when} · {t('grp_evening_count', n=len(s['evenings']))}",
        "rows": rows,
        "pays": [
            _pays(up, st["currency"], st["method"], st["banker"], several)
            for st, up in zip(s["settlements"], context["settle_up"], strict=True)
        ],
    }


def _pays(
    up: Mapping[str, Any], currency: str | None, method: str, banker: str | None, apart: bool
) -> dict[str, Any]:
    """One currency's "who pays whom": each transfer with what is still owed of it;
    ``apart``: headed by its currency (a group's evenings played in several)."""
    paid = bool(up["payments"] or up.get("at_evenings"))
    how = t(f"settle_method_{method}")
    if method == "banker" and banker:
        how = t("transfers_text_banker", method=how, banker=banker)
    lines = [
        {"from": tr["from"], "to": tr["to"], "amount": owed_text(tr, currency, paid)}
        for tr in up["transfers"]
    ]
    return {
        "head": t("grp_in_currency", currency=currency or "–") if apart else "",
        "method": how,
        "lines": lines,
        "nobody": "" if lines else t("nobody_pays"),
        "settled": t("pay_settled") if paid and up["settled"] else "",
    }


def shown(card: Mapping[str, Any]) -> dict[str, Any]:
    """The card as the picture shows it: at most ``MOST_ROWS`` players, and as many
    transfers shared out among its currencies (two each at least), each list saying
    ``more`` (words) where some were left out, so that a season of 60 members in three
    currencies still fits one picture a chat shows legibly; names ``breakable``."""
    rows = [{**r, "name": breakable(r["name"])} for r in card["rows"][:MOST_ROWS]]
    left = len(card["rows"]) - MOST_ROWS
    room = max(2, MOST_ROWS // max(1, len(card["pays"])))
    pays = []
    for part in card["pays"]:
        hidden = len(part["lines"]) - room
        lines = [
            {**x, "from": breakable(x["from"]), "to": breakable(x["to"])}
            for x in part["lines"][:room]
        ]
        more = t("card.more", n=hidden) if hidden > 0 else ""
        pays.append({**part, "lines": lines, "more": more})
    more = t("card.more", n=left) if left > 0 else ""
    return {**card, "title": breakable(card["title"]), "rows": rows, "more": more, "pays": pays}


def breakable(text: str) -> str:
    """``text`` with a zero-width space after every ``LONGEST_WORD`` letters of a longer
    word: a place the picture's line may wrap, and nowhere else."""
    return WORD.sub(lambda m: m.group(0) + "\u200b", text)


def card_text(card: Mapping[str, Any]) -> str:
    """The card as plain text: what the Web Share API sends (or the phone copies)."""
    lines = [card["title"], card["game"], card["facts"], "", t("card.totals")]
    lines += [f"{r['name']}: {r['units']} · {' · '.join(r['moneys'])}" for r in card["rows"]]
    for part in card["pays"]:
        lines += ["", f"{part['head'] or t('who_pays_whom')} · {part['method']}"]
        lines += [f"{x['from']} → {x['to']}: {x['amount']}" for x in part["lines"]]
        lines += [x for x in (part["nobody"], part["settled"]) if x]
    return "\n".join(line.replace("\u00a0", " ").replace("\u202f", " ") for line in lines)


def card_rows(card: Mapping[str, Any]) -> int:
    """How many rows the card's tables have (``pdf.card`` sizes its page by them)."""
    return len(card["rows"]) + sum(len(p["lines"]) + 2 for p in card["pays"])


def _signed(amount: str | Decimal, currency: str | None) -> str:
    text = money(amount, currency or "")
    return f"+{text}" if Decimal(amount) > 0 else text


def _sign(units: int | Decimal) -> str:
    return "plus" if units > 0 else "minus" if units < 0 else "zero"


def evening_values(session: Any, method: str, banker: str | None) -> dict[str, Any]:
    """An evening's card, read from the ledger (``session``: a ``GameSession``), settled by
    ``method`` as the PDF is; a ``LedgerError`` (an unknown banker) propagates."""
    summary = ledger.session_summary(session, current())
    settlement = ledger.session_settlement(session, method, banker, summary)
    shares = groups.shares_of(session)
    up = ledger.evening_settle_up(session, summary, settlement["transfers"], shares)
    settle = {"method": settlement["method"], "banker": settlement["banker"]}
    return evening_card(summary, ledger.session_game_name(session), settle, up)


def share(card: Mapping[str, Any], url: str, filename: str) -> dict[str, str]:
    """What the page's share button needs: the PNG's ``url`` and ``filename``, the text
    form and the title the Web Share API sends."""
    return {"url": url, "filename": filename, "text": card_text(card), "title": card["title"]}

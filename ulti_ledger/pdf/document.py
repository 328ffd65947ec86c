"""The scoresheet as a PDF: an HTML string in, PDF bytes out (WeasyPrint, A4).

As in indico's receipts, the template gets plain values (never ORM rows), and WeasyPrint
may read nothing but the app's own ``static/`` folder: the URL fetcher refuses every
other file and every network URL, so no name typed at the table can make the server read
a file or call out. Names reach the page through Jinja's autoescaping, as text.

The font is bundled (``static/fonts``, DejaVu Sans Condensed, with its licence) and named
by ``@font-face``, so ő and ű render the same on any machine, whatever fonts the system
has installed.
"""

from __future__ import annotations

import datetime as dt
import mimetypes
from collections.abc import Callable, Mapping, Sequence
from decimal import Decimal
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit
from urllib.request import url2pathname

from ..config import STATIC
from ..drawings.chart import ChartStyle, balance_chart_svg
from ..words.dates import date_text
from ..words.kitty_words import kitty_words
from ..words.messages import plural, text, words
from ..words.money_format import money_text, rounding_moves, rounding_text, total_text
from ..words.name_labels import labels
from ..words.rule_words import choice_words
from ..words.rule_words import option_words as rule_option_words
from .hand_table import Columns, explanations, layout, rows, shortened, signed

CHART: ChartStyle = {"width": 900, "height": 330, "font_size": 13, "font_family": "Sheet Sans"}
"""The chart's viewBox for A4: 13 units of text come out at about 7.5 pt."""
LONG_NAME = 16
"""Names longer than this put "who pays whom" under the balances, at the page's width."""
LONG_TRANSFER = 40
"""Nor does a transfer longer than this (both names and the amount) fit beside them."""

WORDS = words("pdf")


def html_to_pdf(html: str, static_folder: Path = STATIC) -> bytes:
    """Render an HTML string to PDF; relative URLs resolve inside ``static_folder`` only."""
    from weasyprint import HTML

    root = Path(static_folder).resolve()
    document = HTML(string=html, base_url=root.as_uri() + "/", url_fetcher=static_fetcher(root))
    return document.write_pdf()


def static_fetcher(root: Path) -> Any:
    """A WeasyPrint URL fetcher that serves the files under ``root`` and refuses the rest."""
    from weasyprint.urls import URLFetcher, URLFetcherResponse

    class StaticFetcher(URLFetcher):
        def fetch(self, url: str, headers: Any = None) -> URLFetcherResponse:
            path = inside(root, url)
            if path is None:
                raise ValueError(f"refused: {url[:80]} is not a file of the app's static folder")
            kind = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
            return URLFetcherResponse(path.as_uri(), path.read_bytes(), {"Content-Type": kind})

    return StaticFetcher(allowed_protocols=("file",))


def inside(root: Path, url: str) -> Path | None:
    """The file ``url`` names if it is a ``file:`` URL of a file under ``root``, else None."""
    parts = urlsplit(url)
    if parts.scheme != "file" or parts.netloc not in ("", "localhost"):
        return None
    path = Path(url2pathname(parts.path)).resolve()
    return path if path.is_relative_to(root) and path.is_file() else None


def scoresheet_pdf(
    session: Any, method: str = "minimal", banker: str | None = None, lang: str = "hu"
) -> bytes:
    """The scoresheet of a ``GameSession`` (needs an app context for the template)."""
    return html_to_pdf(scoresheet_html(session, method, banker, lang))


def scoresheet_html(
    session: Any, method: str = "minimal", banker: str | None = None, lang: str = "hu"
) -> str:
    """The scoresheet's HTML, from the ledger's plain values."""
    from flask import current_app, render_template

    from .. import groups, ledger

    summary = ledger.session_summary(session, lang)
    settlement = ledger.session_settlement(session, method, banker, summary)
    summary = ledger.with_marks(session, summary, lang)  # each hand's agreement, if asked
    ruleset = ledger.session_ruleset_choice(session, lang)  # its scorer words its house rules
    shares = groups.shares_of(session)  # what its groups' own payments paid of it
    paid = ledger.evening_settle_up(session, summary, settlement["transfers"], shares)
    context = scoresheet_context(
        summary,
        settlement,
        [
            _in_players_words(rule, ruleset["scorer"], lang)
            for rule in ledger.house_rules(session, lang)
        ],
        lang,
        option_words(ruleset, lang),
        paid,
    )
    fixed = current_app.config.get("GROUP_TODAY")  # the tests' day; else the server's
    today = dt.date.fromisoformat(fixed) if fixed else dt.date.today()
    accounts = ledger.payee_accounts(session)
    context["transfers"] = with_bank_qrs(context["transfers"], paid, accounts, session, today, lang)
    context.update(agreement_words(ledger.agreement_counts(session), lang))
    return render_template("pdf/scoresheet.html", **context)


def agreement_words(counts: Mapping[str, Any], lang: str) -> dict[str, str | None]:
    """How many hands still wait for confirmation, and whether the settlement waits for
    them ("settle only agreed hands": no transfer and no code is printed until then)."""
    open_note = None
    if counts["pending"]:
        form = plural("hands_still_open", counts["pending"], lang) or ""
        open_note = form.format(n=counts["pending"])
    return {
        "open_note": open_note,
        "held_note": text("settle_held", lang) if counts["held"] else None,
    }


def with_bank_qrs(
    transfers: list[dict[str, Any]],
    paid: Mapping[str, Any],
    accounts: Mapping[str, Any],
    session: Any,
    today: dt.date,
    lang: str,
) -> list[dict[str, Any]]:
    """Each transfer with its payee's bank QR code (``qr``, an inline SVG) where one
    can carry it, or ``qr_reason``: the same codes the page shows."""
    from ..drawings.qr import qr_svg
    from ..payqr import remittance_text, transfer_qr

    out = []
    for t, up in zip(transfers, paid["transfers"], strict=True):
        account = accounts.get(t["to"])
        t = dict(t)
        if account is not None and up["remaining_minor"] > 0:
            prefix = said("bank_remittance_prefix", lang)
            text = remittance_text(prefix, session.date, t["from"], t["to"])
            made = transfer_qr(account, paid["currency"], up["remaining_minor"], text, today)
            if made.code is not None:
                label = said("bank_qr_label", lang, payer=t["from"], payee=t["to"])
                t["qr"] = qr_svg(made.code, label, css="qr-print")
                t["qr_note"] = f"{account.holder} · {account.spaced}"
            else:
                key = f"bank_qr_none_{made.reason}"
                t["qr_reason"] = said(key, lang, currency=paid["currency"] or "–")
        out.append(t)
    return out


def _in_players_words(rule: Mapping[str, Any], game: str, lang: str) -> dict[str, Any]:
    """A house rule of the header, its meaning in the words of ``game`` (the session's)."""
    words = choice_words(game, rule["name"], rule["value"], lang)
    return {**rule, "help": words} if words else dict(rule)


def option_words(ruleset: Mapping[str, Any], lang: str = "hu") -> Callable[[str, Any], str]:
    """A hand's own house rule in the players' words (`rule_words`), for its row mark."""
    return lambda name, value: rule_option_words(ruleset, name, value, lang)


def scoresheet_context(
    summary: Mapping[str, Any],
    settlement: Mapping[str, Any],
    house_rules: Sequence[Mapping[str, Any]],
    lang: str = "hu",
    option_text: Callable[[str, Any], str] | None = None,
    paid: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """Everything the template shows, as strings and lists: no logic left for Jinja.

    ``paid``: the evening's ``payments.settle_up`` for the same transfers; where payments
    were made, each transfer says what was paid and what remains, and they are listed."""
    words = {**WORDS[lang if lang in WORDS else "hu"], **(summary.get("roles") or {})}
    summary = with_score_column(summary)
    score = summary.get("score")
    players = list(summary["players"])
    currency = summary["unit_value"]["currency"]
    cash = lambda amount: money_text(amount, currency, lang)  # noqa: E731
    short = labels(players)
    columns = Columns.of(summary, words, short)
    table = layout(
        columns,
        len(players),
        [c["label"] for c in summary["columns"]],
        [
            [shortened(h["sheet"]["cells"][c["key"]], short) for h in summary["hands"]]
            for c in summary["columns"]
        ],
        [h["sheet"]["game"] for h in summary["hands"]],
        words["game"],
    )
    transfers = [
        {"from": t["from"], "to": t["to"], "amount": cash(t["amount"])}
        for t in settlement["transfers"]
    ]
    payments = paid_words(paid, cash, lang) if paid and paid["payments"] else None
    if payments:
        for t, up in zip(transfers, paid["transfers"], strict=True):
            t["paid"] = said("pay_paid", lang, money=cash(up["paid"]))
            t["remaining"] = said("pay_remaining", lang, money=cash(up["remaining"]))
    return {
        "lang": lang if lang in WORDS else "hu",
        "w": words,
        "title": summary["name"] or words["untitled"],
        "date": date_text(summary["date"], lang),
        "place": summary["place"] or "",
        "players": players,
        "ruleset": summary["ruleset"]["label"],
        "unit": cash(summary["unit_value"]["amount"]),
        "house_rules": list(house_rules),
        "hands": rows(summary, columns, short, option_text),
        "labels": [short[p] for p in players],
        "legend": [(short[p], p) for p in players if short[p] != p],
        "landscape": table.landscape,
        "table_parts": _table_parts(table.split, words),
        "note_widths": table.notes,
        "note_columns": summary["columns"],
        "stacked": any(len(p) > LONG_NAME for p in players)
        or any(len(t["from"] + t["to"] + t["amount"]) > LONG_TRANSFER for t in transfers),
        "any_edited": any(h["edited"] for h in summary["hands"]),
        "explanations": explanations(summary, lang if lang in WORDS else "hu"),
        "lead_header": columns.lead(words["number"], words["dealer"], words["declarer"]),
        "player_header": columns.player(words["change"], words["total"]),
        "lead_width": columns.lead_width(),
        "player_width": columns.player_width(),
        "balances": [
            {
                "player": b["player"],
                "units": signed(b["units"]) if b["units"] is not None else "",
                "exact": cash(b["exact"]),
                "money": cash(b["money"]),
                "sign": _sign(Decimal(b["money"])),
                "score": total_text(score["totals"].get(b["player"], 0)) if score else "",
            }
            for b in settlement["balances"]
        ],
        "score_label": score["label"] if score else "",
        "rounded": settlement["rounded"],
        "rounding_note": _rounding_note(settlement, currency, words, lang),
        "method_note": words[settlement["method"]].format(banker=settlement["banker"]),
        "transfers": transfers,
        "payments": payments,
        "chart": balance_chart_svg(summary, lang=lang, **CHART),
        "game_sheet": summary.get("game_sheet") or {"notices": [], "tallies": None},
        "kitty": kitty_words(summary["kitty"], currency, lang) if summary.get("kitty") else None,
    }


def said(key: str, lang: str, **params: Any) -> str:
    """A catalogue text in ``lang`` with its fields filled."""
    return text(key, lang).format(**params)


def paid_words(paid: Mapping[str, Any], cash: Callable[[str], str], lang: str) -> dict[str, Any]:
    """The payments made and the totals, in words (the scoresheet and the season report)."""
    return {
        "title": said("pay_payments", lang),
        "lines": [
            said(
                "pay_line",
                lang,
                payer=p["from"],
                payee=p["to"],
                money=cash(p["amount"]),
                date=date_text(p["paid_on"], lang),
            )
            for p in paid["payments"]
        ],
        "totals": said(
            "pay_totals",
            lang,
            owed=cash(paid["owed"]),
            paid=cash(paid["paid"]),
            remaining=cash(paid["remaining"]),
        ),
        "settled": said("pay_settled", lang) if paid["settled"] else "",
    }


def _table_parts(split: bool, words: Mapping[str, str]) -> list[dict[str, Any]]:
    """The hand table as one table, or as two (``pdf_table.layout``): the game's columns,
    then the players' numbers, each titled."""
    if not split:
        return [{"title": "", "notes": True, "players": True}]
    return [
        {"title": words["split_notes"], "notes": True, "players": False},
        {"title": words["split_players"], "notes": False, "players": True},
    ]


def with_score_column(summary: Mapping[str, Any]) -> Mapping[str, Any]:
    """``summary`` with the game's own score column (where it keeps one) as one more of the
    game's columns: per hand each scoring player's points and running sum ("Anna +2 (8)"),
    each joined by no-break spaces, so the column wraps between players, not inside one.

    A copy: the summary's hands are shared with the results' cache."""
    score = summary.get("score")
    if score is None:
        return summary
    column = {"key": "score", "label": score["label"], "kind": "note"}
    hands = []
    for hand in summary["hands"]:
        points, totals = hand["score"] or {}, hand["score_totals"]
        text = ", ".join(  # one player's entry never wraps inside itself
            f"{p}\u00a0{signed(n)}\u00a0({total_text(totals[p])})" for p, n in points.items() if n
        )
        sheet = hand["sheet"]
        hands.append({**hand, "sheet": {**sheet, "cells": {**sheet["cells"], "score": text}}})
    return {**summary, "columns": [*summary["columns"], column], "hands": hands}


def _rounding_note(
    settlement: Mapping[str, Any], currency: str, words: Mapping[str, str], lang: str
) -> str:
    """Who absorbed the rounding to the coin (``Kerekítés: Anna +2 HUF, Béla −2 HUF.``)."""
    exact = {b["player"]: b["exact"] for b in settlement["balances"]}
    rounded = {b["player"]: b["money"] for b in settlement["balances"]}
    moves = rounding_moves(exact, rounded)
    return words["rounding"].format(moves=rounding_text(moves, currency, lang)) if moves else ""


def _sign(value: int | Decimal) -> str:
    return "plus" if value > 0 else "minus" if value < 0 else "zero"

"""The kitty in words: the sentences the PDF and the command line write about an evening's
kitty (``ledger.session_summary``'s ``kitty``), and the CSV's kitty columns, in the
reader's language.

The ledger works the kitty out (``ledger/kitty.py``); how it is said lives here, beside
the other words modules, so the ledger hands out values and a page or a file words them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .dates import date_text
from .messages import text
from .money_format import money_text


def entries_text(entries: Mapping[str, int]) -> str:
    """``Anna 10, Béla 5``: who and how many units, for a sheet's cell."""
    return ", ".join(f"{name} {units}" for name, units in entries.items())


def kitty_words(kitty: Mapping[str, Any], currency: str, lang: str) -> dict[str, Any]:
    """The kitty as the PDF and the command line write it: plain strings in ``lang``.

    ``title``, ``opening`` (the opening balance and the evening it came from; None when
    the kitty opened empty), ``held`` (what the cap kept out for a later evening; None),
    ``balance`` (units and money), ``rule`` (what happens to what is left), ``header``
    (hand, put in, took, balance after) and ``rows`` (the same, per hand)."""
    money = money_text(kitty["money"], currency, lang)
    left = money_text(kitty.get("group_money", kitty["money"]), currency, lang)
    rule = "kitty_rule_stays" if kitty.get("group", kitty["balance"]) else "kitty_empty"
    if kitty.get("shared"):
        left, rule = money_text(kitty["shared_money"], currency, lang), "kitty_rule_shared"
    return {
        "title": text("kitty_title", lang),
        "opening": opening_text(kitty, currency, lang),
        "held": held_text(kitty, currency, lang),
        "balance": text("kitty_balance", lang).format(units=kitty["balance"], money=money),
        "rule": text(rule, lang).format(money=left, shares=entries_text(kitty.get("shared", {}))),
        "header": ["#", *(text(k, lang) for k in ("kitty_put_in", "kitty_took", "kitty_after"))],
        "rows": [
            [f"{h['number']}.", entries_text(h["put_in"]), entries_text(h["took"]), h["balance"]]
            for h in kitty["hands"]
        ],
    }


def opening_text(kitty: Mapping[str, Any], currency: str, lang: str) -> str | None:
    """ "Nyitó egyenleg: 40 (200 HUF), a társaság előző estéjéről (Kedd, 2026. 11. 24.)";
    None when the kitty opened empty and nothing was carried in."""
    if not kitty.get("opening") and not kitty.get("source"):
        return None
    money = money_text(kitty["opening_money"], currency, lang)
    source = kitty.get("source")
    if source is None:
        return text("kitty_opening", lang).format(units=kitty["opening"], money=money)
    said = text("kitty_opening_from", lang)
    return said.format(units=kitty["opening"], money=money, evening=evening_label(source, lang))


def held_text(kitty: Mapping[str, Any], currency: str, lang: str) -> str | None:
    """What this evening's cap kept out of the kitty, which the group keeps; None: nothing."""
    if not kitty.get("held"):
        return None
    money = money_text(kitty["held_money"], currency, lang)
    cap = kitty["opening"]
    return text("kitty_held", lang).format(cap=cap, units=kitty["held"], money=money)


def evening_label(evening: Mapping[str, Any], lang: str) -> str:
    """An evening as the kitty's lines name it: its name and its date in ``lang``."""
    name = evening.get("name") or text("untitled_session", lang)
    return ", ".join(p for p in (name, date_text(evening.get("date"), lang)) if p)


def kitty_columns(
    summary: Mapping[str, Any], lang: str
) -> tuple[list[str], list[list[Any]]] | None:
    """The CSV's last columns where the evening has a kitty: their headers (put in, took,
    the balance after, then per player what the hand moved between him and the kitty:
    + what he took, − what he put in), then one row per hand (a hand that left it alone:
    "", "", the balance as it was, 0 each). The per-player columns are numbers a
    spreadsheet sums; the first two say the same for reading. None without a kitty, so
    other files stay as they were."""
    kitty = summary.get("kitty")
    if not kitty:
        return None
    players = list(summary["players"])
    moved = {h["number"]: h for h in kitty["hands"]}
    rows, balance = [], kitty.get("opening", 0)
    for number in range(1, len(summary["hands"]) + 1):
        hand = moved.get(number)
        if hand is None:
            rows.append(["", "", balance, *(0 for _ in players)])
            continue
        balance = hand["balance"]
        put, took = hand["put_in"], hand["took"]
        net = [took.get(p, 0) - put.get(p, 0) for p in players]
        rows.append([entries_text(put), entries_text(took), balance, *net])
    keys = ("kitty_csv_put_in", "kitty_csv_took", "kitty_csv_after")
    own = text("kitty_csv_player", lang)
    return [*(text(k, lang) for k in keys), *(f"{p} {own}" for p in players)], rows

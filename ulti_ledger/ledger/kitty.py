"""The kitty of an evening, for the pages, the files and the end-of-night settlement.

A hand's settled view carries what it does to the kitty (``kitty_move``, the game's
`settlement.kitty.KittyMove`, or None); only the session knows the balance, so the
entries of each hand are worked out here, in order, from an empty kitty (carrying a
balance from an earlier evening is not built: see games/tarokk/rulesets/README.md). No
game is named: any game whose settlement moves a kitty gets it on every sheet.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import Decimal
from typing import Any

from ..messages import text
from ..money_format import money_text
from ..settlement.kitty import run_kitty

KITTY_RULE = "stays"
"""What happens to a balance left at the end of the evening (the shipped reading): it
stays in the kitty for the group's next evening, outside the players' payments."""


def session_kitty(
    views: Sequence[Mapping[str, Any]], unit_amount: str | Decimal
) -> tuple[list[dict[str, int] | None], dict[str, Any] | None]:
    """Each hand's kitty entries (None: it leaves the kitty alone) and the evening's kitty.

    The kitty is None when no hand moves one; else ``balance`` (units), ``money`` (its
    exact value, a decimal string), ``rule`` (`KITTY_RULE`) and ``hands``: one row per
    hand that put in or took, ``{"number", "put_in": {name: units}, "took": {name:
    units}, "balance"}`` (the balance after it; both dicts hold positive units).
    """
    moves = [view.get("kitty_move") for view in views]
    if all(move is None for move in moves):
        return [None] * len(views), None
    entries, balance = run_kitty(moves)
    history = []
    running = 0
    for number, hand in enumerate(entries, start=1):
        if not hand:
            continue
        running -= sum(hand.values())
        history.append(
            {
                "number": number,
                "put_in": {name: -units for name, units in hand.items() if units < 0},
                "took": {name: units for name, units in hand.items() if units > 0},
                "balance": running,
            }
        )
    money = format(balance * Decimal(unit_amount), "f")
    kitty = {"balance": balance, "money": money, "rule": KITTY_RULE, "hands": history}
    return entries, kitty


def with_kitty(view: Mapping[str, Any], entries: dict[str, int] | None) -> Mapping[str, Any]:
    """A hand's view whose result says what this hand put in or took in this evening
    (the cached result counts from an empty kitty); the view itself is left as it is."""
    if entries is None or "kitty" not in view["result"]:
        return view  # shared with the cache, as every view is: read-only
    return {**view, "result": {**view["result"], "kitty": dict(entries)}}


def entries_text(entries: Mapping[str, int]) -> str:
    """``Anna 10, Béla 5``: who and how many units, for a sheet's cell."""
    return ", ".join(f"{name} {units}" for name, units in entries.items())


def kitty_words(kitty: Mapping[str, Any], currency: str, lang: str) -> dict[str, Any]:
    """The kitty as the PDF and the command line write it: plain strings in ``lang``.

    ``title``, ``balance`` (units and money), ``rule`` (what happens to what is left),
    ``header`` (hand, put in, took, balance after) and ``rows`` (the same, per hand)."""
    money = money_text(kitty["money"], currency, lang)
    rule = "kitty_rule_stays" if kitty["balance"] else "kitty_empty"
    return {
        "title": text("kitty_title", lang),
        "balance": text("kitty_balance", lang).format(units=kitty["balance"], money=money),
        "rule": text(rule, lang).format(money=money),
        "header": ["#", *(text(k, lang) for k in ("kitty_put_in", "kitty_took", "kitty_after"))],
        "rows": [
            [f"{h['number']}.", entries_text(h["put_in"]), entries_text(h["took"]), h["balance"]]
            for h in kitty["hands"]
        ],
    }


def kitty_columns(
    summary: Mapping[str, Any], lang: str
) -> tuple[list[str], list[list[Any]]] | None:
    """The CSV's last columns where the evening has a kitty: their headers (put in, took,
    the balance after), then one row per hand (a hand that left it alone: "", "", the
    balance as it was). None without a kitty, so other files stay as they were."""
    kitty = summary.get("kitty")
    if not kitty:
        return None
    moved = {h["number"]: h for h in kitty["hands"]}
    rows, balance = [], 0
    for number in range(1, len(summary["hands"]) + 1):
        hand = moved.get(number)
        if hand is None:
            rows.append(["", "", balance])
            continue
        balance = hand["balance"]
        rows.append([entries_text(hand["put_in"]), entries_text(hand["took"]), balance])
    keys = ("kitty_csv_put_in", "kitty_csv_took", "kitty_csv_after")
    return [text(k, lang) for k in keys], rows

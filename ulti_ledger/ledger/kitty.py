"""The kitty of an evening, for the pages, the files and the end-of-night settlement.

A hand's settled view carries what it does to the kitty (``kitty_move``, the game's
`settlement.kitty.KittyMove`, or None); only the session knows the balance, so the
entries of each hand are worked out here, in order, from the evening's opening balance:
in a group, what its previous evening of the same kitty left (``carry.kitty_start``),
else 0 or what an imported file said. No game is named: any game whose settlement moves
a kitty gets it on every sheet. The sentences the PDF and the command line write about
it are ``ulti_ledger.words.kitty_words``'.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import Decimal
from typing import Any

from ..settlement.kitty import open_kitty, run_kitty, share_out
from ..words.kitty_words import entries_text

KITTY_RULE = "stays"
"""What happens to a balance left at the end of the evening (the shipped reading): it
stays in the kitty for the group's next evening, outside the players' payments."""


def kitty_start_of(
    ruleset: Any, options: Mapping[str, Any] | None, table: int, carried: int, source: Any = None
) -> dict[str, Any] | None:
    """How an evening of ``ruleset`` at a table of ``table`` opens its kitty with
    ``carried`` units brought in (from ``source``, the evening they came from, or None):
    ``carried``, ``opening`` (at most the cap), ``held`` (the rest, kept by the group),
    ``cap``, ``end`` (what the balance left does: ``stays``, ``shared``) and ``source``;
    None where these rules keep no kitty (the game's ``kitty_account``)."""
    account = ruleset.scorer_module.kitty_account(ruleset.resolve(options), table)
    if account is None:
        return None
    opening, held = open_kitty(carried, account.cap)
    return {
        "carried": carried,
        "opening": opening,
        "held": held,
        "cap": account.cap,
        "end": account.end,
        "source": source,
    }


def session_kitty(
    views: Sequence[Mapping[str, Any]],
    unit_amount: str | Decimal,
    start: Mapping[str, Any] | None = None,
    players: Sequence[str] = (),
) -> tuple[list[dict[str, int] | None], dict[str, Any] | None]:
    """Each hand's kitty entries (None: it leaves the kitty alone) and the evening's kitty.

    ``start`` is how the kitty opens (``carry.kitty_start``: ``carried``, ``opening``,
    ``held``, ``source``); None: empty. The kitty is None when no hand moves one and
    nothing was carried in; else ``balance`` (units, the closing), ``money`` (its exact
    value, a decimal string), ``rule`` (`KITTY_RULE`), ``opening`` and ``opening_money``,
    ``held`` and ``held_money`` (what the cap kept out, still the group's), ``source``
    (the evening it came from, or None), ``group`` and ``group_money`` (what the group
    holds after the evening: the closing and what was held), and ``hands``: one row per
    hand that put in or took, ``{"number", "put_in": {name: units}, "took": {name:
    units}, "balance"}`` (the balance after it; both dicts hold positive units).
    Where the rules share the balance out at the end (``start["end"]`` ``shared``),
    ``rule`` is ``shared``, ``shared`` says who takes what (``players``, the evening's, in
    seating order: `settlement.kitty.share_out`) and the group holds nothing after it.
    """
    opening = int(start["opening"]) if start else 0
    held = int(start["held"]) if start else 0
    moves = [view.get("kitty_move") for view in views]
    if all(move is None for move in moves) and not (opening or held):
        return [None] * len(views), None
    entries, balance = run_kitty(moves, opening)
    history = []
    running = opening
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
    value = Decimal(unit_amount)
    kitty = {
        "balance": balance,
        "money": format(balance * value, "f"),
        "rule": KITTY_RULE,
        "opening": opening,
        "opening_money": format(opening * value, "f"),
        "held": held,
        "held_money": format(held * value, "f"),
        "source": start["source"] if start else None,
        "group": balance + held,
        "group_money": format((balance + held) * value, "f"),
        "hands": history,
    }
    if start and start.get("end") == "shared" and players:
        kitty["rule"] = "shared"
        kitty["shared"] = share_out(balance + held, tuple(players))
        kitty["shared_money"] = kitty["group_money"]
        kitty["shared_text"] = entries_text(kitty["shared"])
        kitty["group"], kitty["group_money"] = 0, "0"
    return entries, kitty


def with_kitty(view: Mapping[str, Any], entries: dict[str, int] | None) -> Mapping[str, Any]:
    """A hand's view whose result says what this hand put in or took in this evening
    (the cached result counts from an empty kitty); the view itself is left as it is."""
    if entries is None or "kitty" not in view["result"]:
        return view  # shared with the cache, as every view is: read-only
    return {**view, "result": {**view["result"], "kitty": dict(entries)}}

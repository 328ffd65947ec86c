"""``ulti-ledger settle --format text``: a settlement for people, hand by hand, then totals.

Each hand: its number, the dealer (when the file names him), the declarer, what was played
(the game's ``row`` notation, as the scoresheet writes it), every player's change and the
explanation lines; then the totals in units and in money and who pays whom. In English or
Hungarian; money as the pages write it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..settlement import Engine, Settlement
from ..settlement.hungarian import with_article
from ..settlement.pairs import hand_pairs, plural_sides
from ..settlement.who_pays import pairs_line
from ..words.dates import date_text
from ..words.messages import ruleset_text, words
from ..words.money_format import MINUS, money_text

WORDS = words("cli")


def hand_text(
    engine: Engine,
    data: Mapping[str, Any],
    lang: str,
    number: int | None = None,
    dealer: str | None = None,
    defaults: Mapping[str, Any] | None = None,
) -> tuple[list[str], Settlement]:
    """The lines of one hand (raises the engine's error for a hand it refuses)."""
    w = WORDS[lang if lang in WORDS else "en"]
    hand, rules = engine.parse(data, defaults)
    game = engine.game(rules.scorer)
    settlement = game.settle(hand, rules)
    head = []
    if number is not None:
        head.append(w["hand"].format(n=number, A_n=with_article(number, capital=True)))
    if dealer:
        head.append(w["dealer"].format(name=dealer))
    if hand.declarer is not None:  # an all pass may name nobody (Skat's eingepasst)
        head.append(w["declarer"].format(name=hand.declarer))
    head.append(game.row(game.canonical(hand), hand, rules, lang)["notation"])
    changes = ", ".join(f"{p} {signed(u)}" for p, u in settlement.payments.items())
    describe = game.describe
    out = [" · ".join(h for h in head if h), f"   {changes}"]
    out += [f"   {describe(line, lang)}" for line in settlement.lines]
    if plural_sides(settlement.payments):
        out.append(f"   {pairs_line(hand_pairs(settlement.payments), lang)}")
    return out, settlement


def totals_text(
    totals: Mapping[str, int],
    money: Mapping[str, Any],
    currency: str,
    transfers: Sequence[Mapping[str, str]],
    lang: str,
) -> list[str]:
    """The evening's end: units, money, and who pays whom."""
    w = WORDS[lang if lang in WORDS else "en"]
    out = [w["totals"], "   " + ", ".join(f"{p} {signed(u)}" for p, u in totals.items())]
    out += [
        w["money"],
        "   " + ", ".join(f"{p} {money_text(m, currency, lang)}" for p, m in money.items()),
    ]
    out.append(w["transfers"])
    for t in transfers:
        out.append(f"   {t['from']} → {t['to']}: {money_text(t['amount'], currency, lang)}")
    if not transfers:
        out.append(f"   {w['nobody_pays']}")
    return out


def kitty_text(kitty: Mapping[str, Any] | None, currency: str, lang: str) -> list[str]:
    """The evening's kitty, where it has one: its balance, what happens to what is left,
    and each hand that put in or took (``kitty_words.kitty_words``)."""
    if not kitty:
        return []
    from ..words.kitty_words import kitty_words

    said = kitty_words(kitty, currency, lang)
    opening = [said[k] for k in ("opening", "held") if said[k]]
    out = ["", said["title"], *("   " + line for line in opening)]
    out += ["   " + said["balance"], "   " + said["rule"]]
    if said["rows"]:
        rows = [said["header"], *said["rows"]]
        out += ["   " + " | ".join(str(cell) for cell in row) for row in rows]
    return out


def session_head(data: Mapping[str, Any], engine: Engine, lang: str) -> list[str]:
    """The evening's name, date, place, ruleset and stake."""
    w = WORDS[lang if lang in WORDS else "en"]
    ruleset = engine.ruleset(data.get("ruleset"))
    facts = [data.get("name") or "", date_text(data.get("date"), lang), data.get("place") or ""]
    unit = data.get("unit_value") or {}
    stake = ""
    if unit.get("amount"):
        stake = w["unit"].format(money=money_text(unit["amount"], unit.get("currency"), lang))
    label = ruleset_text(ruleset.label, ruleset.label_en, lang)
    lines = [" · ".join(f for f in facts if f), " · ".join(f for f in (label, stake) if f)]
    return [line for line in lines if line]


def signed(units: int) -> str:
    """Units as the scoresheet writes them: +4, −2, 0."""
    return f"+{units}" if units > 0 else f"{MINUS}{-units}" if units < 0 else "0"

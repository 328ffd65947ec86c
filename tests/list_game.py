"""A toy game with its own score column, for the tests of a result's ``score``.

Shaped like Skat's classic list (RULES.md §4.2): the declarer alone scores +V for a won
game and -2V for a lost one, and the list is turned into money pair by pair
(``result.score_payments``). It is a real scorer of the engine's contract, only small:
no Skat rules, just a value and whether the game was won. A ``partner`` scores as the
declarer does, so that at four the hand is 2 v 2.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ulti_ledger.settlement.errors import HandError
from ulti_ledger.settlement.result import Line, Settlement, score_payments

SECTIONS = ("list",)
NAME = "list-test"
TITLE = "List test"
RULESET = f"""
format = 1
id = "{NAME}"
label = "Lista (teszt)"
scorer = "{NAME}"

[list]
lost_factor = 2

[seating.tables]
3 = {{ play = 3 }}
4 = {{ play = 4 }}
"""


@dataclass(frozen=True)
class Rules:
    id: str
    scorer: str
    lost_factor: int


@dataclass(frozen=True)
class Hand:
    players: tuple[str, ...]
    table: tuple[str, ...]
    declarer: str
    partner: str | None
    value: int
    won: bool
    # what `cli_text` still reads of every hand (it words Ulti's contract line)
    outcome: str = "played"
    colour: None = None
    contract: None = None


def build_rules(raw: dict[str, Any], source: str) -> Rules:
    return Rules(raw["id"], raw["scorer"], int(raw["list"]["lost_factor"]))


def parse_hand(data: dict[str, Any], rules: Rules, options: dict[str, Any]) -> Hand:
    players = tuple(data.get("players", ()))
    table = players + tuple(data.get("sitting_out", ()))
    if data.get("declarer") not in players:
        raise HandError("declarer", "must be one of the players")
    partner = data.get("partner")
    if partner is not None and (partner not in players or partner == data["declarer"]):
        raise HandError("partner", "must be another of the players")
    value = data.get("value")
    if type(value) is not int or value <= 0:
        raise HandError("value", "must be a positive whole number")
    return Hand(players, table, data["declarer"], partner, value, data.get("won") is True)


def settle(hand: Hand, rules: Rules) -> Settlement:
    points = hand.value if hand.won else -rules.lost_factor * hand.value
    scores = {p: points for p in (hand.declarer, hand.partner) if p is not None}
    payments = score_payments(scores, hand.table)
    line = Line("list", {"players": sorted(scores), "points": points}, payments)
    return Settlement(payments, lines=(line,), score=scores)


def describe(line: Line, lang: str) -> str:
    return f"{' + '.join(line.params['players'])}: {line.params['points']:+d}"


def hand_form(rules: Rules, lang: str) -> dict[str, Any]:
    """The smallest form: who declared, with whom, the value and whether it was won."""
    return {
        "fields": [
            {"name": "declarer", "kind": "player", "of": "players", "label": "declarer"},
            {"name": "partner", "kind": "player", "of": "players", "label": "partner"},
            {"name": "value", "kind": "number", "label": "value"},
            {"name": "won", "kind": "toggle", "label": "won"},
        ],
        "presets": [],
        "forces": [],
    }


def hand_from_form(values: dict[str, Any], rules: Rules) -> dict[str, Any]:
    """The hand of the form's values: a value that is no number is passed on as posted."""
    hand = {k: values[k] for k in ("players", "declarer", "partner") if values.get(k)}
    raw = values.get("value")
    hand["value"] = int(raw) if isinstance(raw, str) and raw.isdigit() else raw
    hand["won"] = values.get("won") == "true"
    return hand


def form_values(facts: dict[str, Any], rules: Rules) -> dict[str, str]:
    out = {"declarer": facts["declarer"], "value": str(facts["value"])}
    out["won"] = "true" if facts["won"] else ""
    if facts.get("partner"):
        out["partner"] = facts["partner"]
    return out


def canonical(hand: Hand) -> dict[str, Any]:
    out: dict[str, Any] = {"players": list(hand.players), "declarer": hand.declarer}
    if hand.partner is not None:
        out["partner"] = hand.partner
    return {**out, "value": hand.value, "won": hand.won}


def roles(hand: Hand) -> dict[str, str]:
    side = {hand.declarer, hand.partner}
    return {
        p: "declarer" if p == hand.declarer else "partner" if p in side else "opponent"
        for p in hand.players
    }


def random_hand(rng: Any, rules: Rules, players: Any) -> dict[str, Any]:
    table = list(players)
    declarer, partner = rng.sample(table, 2)
    return {"players": table, "declarer": declarer, "partner": partner, "value": 9, "won": True}


def columns(rules: Rules, lang: str = "hu") -> list[dict[str, str]]:
    return [{"key": "value", "label": "value", "kind": "note"}]


def row(facts: dict[str, Any], hand: Hand, rules: Rules, lang: str = "hu") -> dict[str, Any]:
    game = f"{hand.value} {'won' if hand.won else 'lost'}"
    return {"notation": game, "sheet": {"game": game, "tags": [], "cells": {"value": game}}}


def hand_schema() -> dict[str, Any]:
    return {"type": "object", "examples": []}


def rules_table(rules: Rules, lang: str = "en") -> dict[str, Any]:
    return {"table": {"lost_factor": rules.lost_factor}, "text": [], "summary": "a list game"}

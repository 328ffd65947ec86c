"""What the sheets show of a Skat hand (the Skatliste), and ``rules show``.

A Skat scorer's list: each game's value at the declarer, whether he won or lost it,
and under Seeger–Fabian that list's entry too. The game column says the game and its
value as a Skat player does and what the list enters for it ("Grand Hand mit 2,
Schneider: 5 × 24 = 120; bid 48 covered; won, Kontra, Bock → +480"), which the hand
form's preview shows as its first line; tags mark a renonsz and a game that opens a Bock
round (with the doubled games to come).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ...settlement.words import GameWords
from .build import GAMES, NULLS, Rules
from .explain import LANGUAGES, TEXT, lang_of, signed, value_text
from .hand import Hand
from .score import ramsch_score, value_params
from .value import bock_triggers, game_value

WORDS = GameWords(Path(__file__).parent / "locale", "skat", LANGUAGES, "row")
LIST_NAMES = {"isko": "ISkO", "seeger_fabian": "Seeger–Fabian"}
"""The lists by the names Skat players give them, the same in every language."""


def columns(rules: Rules, lang: str = "hu") -> list[dict[str, str]]:
    """The Skatliste's columns after the game column: whom the entry is for (the declarer,
    or a Ramsch's losers: so not keyed ``declarer``, which the sheets head with the form's
    word for him), won or lost with the card points, the game's list entry, and the
    Seeger–Fabian entry where it is played."""
    w = WORDS[lang_of(lang)]
    out = [
        {"key": "entered", "label": w["declarer"], "kind": "name"},
        {"key": "result", "label": w["result"], "kind": "note"},
        {"key": "value", "label": w["value"], "kind": "note"},
    ]
    if rules.list_mode == "seeger_fabian":
        out.append({"key": "seeger_fabian", "label": "Seeger–Fabian", "kind": "note"})
    return out


def row(facts: dict[str, Any], hand: Hand, rules: Rules, lang: str = "hu") -> dict[str, Any]:
    """The hand's notation and its sheet cells (games/README.md, part ``row``)."""
    key = lang_of(lang)
    w, t = WORDS[key], TEXT[key]
    sf = rules.list_mode == "seeger_fabian"
    cells = dict.fromkeys(("entered", "result", "value"), "")
    if sf:
        cells["seeger_fabian"] = ""
    tags: list[tuple[str, str]] = []
    if hand.bock and hand.outcome == "all_pass":
        tags.append(("tag tag-bock", "Bock"))
    if hand.outcome != "played":
        notation = "Ramsch" if hand.ramsch is not None else "eingepasst"
        if hand.ramsch is not None:
            who = hand.ramsch.durchmarsch or ", ".join(hand.ramsch.losers)
            cells["entered"] = who
            cells["result"] = "Durchmarsch" if hand.ramsch.durchmarsch else str(hand.ramsch.points)
            cells["value"] = _ramsch_value(hand, rules)
        return {
            "notation": notation,
            "sheet": {"game": notation, "tags": tags, "cells": cells},
            "skat_list": {"won": None, "opens": 0, **_round_facts(hand, ())},
        }
    value = game_value(hand, rules)
    notation = value_text(value_params(hand, value), t)
    if hand.bid is not None:  # whether the bid is covered, as the preview's title says it
        covered = w["bid_not_covered" if value.overbid else "bid_covered"]
        notation = f"{notation}; {covered.format(bid=hand.bid)}"
    cells["entered"] = hand.declarer
    result = w["won"] if value.won else w["lost"]
    entry = value.value if value.won else -rules.lost_factor * value.value
    # what decided the entry, as the preview's title says it: "lost, Re, Bock → −288"
    reasons = [result]
    if hand.kontra:
        reasons.append("Kontra" if hand.kontra == 1 else "Re")
    if hand.bock:
        reasons.append("Bock")
    notation = f"{notation}; {', '.join(reasons)} → {signed(entry)}"
    if hand.declarer_points is not None:
        result = f"{result} {hand.declarer_points}"
    cells["result"] = result
    cells["value"] = signed(entry)
    numbers = {"value": entry}  # the files' numbers (games/README.md, part ``row``)
    if sf:
        cells["seeger_fabian"] = _sf(
            entry, value.won, rules, len(hand.players) + len(hand.sitting_out), w
        )
        numbers["seeger_fabian"] = entry + (rules.sf_won if value.won else -rules.sf_lost)
    if hand.renonsz is not None:
        tags.append(("tag tag-renonsz", f"{w['renonsz']}: {hand.renonsz}"))
    opens = 0
    fired = bock_triggers(hand, rules)
    if fired:
        opens = len(hand.players) + len(hand.sitting_out)
        tags.append(("tag tag-bock-round", w["bock_round"].format(n=opens)))
    return {
        "notation": notation,
        "sheet": {"game": notation, "tags": tags, "cells": cells, "numbers": numbers},
        # for ``tally``: the Bock round this hand opens by itself, and what the evening's
        # own triggers need (a Schneider, how many sit at the table)
        "skat_list": {"won": value.won, "opens": opens, **_round_facts(hand, fired)},
    }


def _round_facts(hand: Hand, fired: tuple[str, ...]) -> dict[str, Any]:
    """What the evening's Bock and Ramsch rounds read of a hand (``tally.rounds``)."""
    return {
        "table": len(hand.players) + len(hand.sitting_out),
        "bock": hand.bock,
        "triggers": list(fired),
        "grand_hand": hand.game == "grand" and hand.hand,
        "ramsch": hand.outcome == "ramsch",
    }


def _sf(entry: int, won: bool, rules: Rules, size: int, w: Any) -> str:
    if won:
        return signed(entry + rules.sf_won)
    others = w["others"].format(n=rules.sf_others[size])
    return f"{signed(entry - rules.sf_lost)}, {others}"


def _ramsch_value(hand: Hand, rules: Rules) -> str:
    score = ramsch_score(hand, rules, (*hand.players, *hand.sitting_out))
    return signed(next(v for v in score.values() if v))


def score_label(rules: Rules, lang: str = "hu") -> str:
    """The header of the sheets' score column: the Skatliste's own word ("Liste")."""
    return WORDS[lang_of(lang)]["list"]


def rules_table(rules: Rules, lang: str = "en") -> dict[str, Any]:
    """The game's part of ``rules show``: the base values, the Null table and the list."""
    w = WORDS[lang_of(lang)]
    base = {game: rules.base[game] for game in GAMES if game != "null"}
    null = {kind: rules.null[kind] for kind in NULLS}
    names = {"plain": "Null", "hand": "Null Hand", "ouvert": "Null Ouvert"}
    names["ouvert_hand"] = "Null Ouvert Hand"
    text = [f"{w['base_values']}:"]
    text += [f"  {game.capitalize():<18} {value}" for game, value in base.items()]
    text.append(f"{w['null_values']}:")
    text += [f"  {names[kind]:<18} {value}" for kind, value in null.items()]
    text.append(f"{w['list']}: {LIST_NAMES[rules.list_mode]}")
    return {
        "table": {
            "values": base,
            "null": null,
            "max_matadors": dict(rules.max_matadors),
            "list": rules.list_mode,
        },
        "text": text,
        "summary": w["summary"].format(n=len(base) + len(null)),
    }

"""What the scoresheets show of a snapszer hand, the API's hand schema, and ``rules show``.

The game column says how the hand ended ("nyert, 33 alatt (2)", "snapszer"); the game's
own columns name the partner and a renonsz offender.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ...settlement.words import GameWords
from .build import TIERS, Rules
from .hand import Hand

COLUMNS = (("partner", "name"), ("renonsz", "name"))
WORDS = GameWords(Path(__file__).parent / "locale", "snapszer", ("hu", "en", "de"), "row")


def columns(rules: Rules, lang: str = "hu") -> list[dict[str, str]]:
    """The sheets' snapszer columns after the game column: the partner and a renonsz."""
    w = WORDS[lang if lang in WORDS else "hu"]
    return [{"key": key, "label": w[key], "kind": kind} for key, kind in COLUMNS]


def score_label(rules: Rules, lang: str = "hu") -> str | None:
    """The score column's header where the rules keep one (``scoresheet``: game points)."""
    w = WORDS[lang if lang in WORDS else "hu"]
    return w["score"] if rules.mode == "scoresheet" else None


def row(facts: dict[str, Any], hand: Hand, rules: Rules, lang: str = "hu") -> dict[str, Any]:
    """The hand's notation and its sheet cells (games/README.md, part ``row``)."""
    w = WORDS[lang if lang in WORDS else "hu"]
    game = _notation(hand, rules, w)
    partner = hand.partner or ("" if len(hand.players) < 4 or hand.winner else w["alone"])
    tags = [("tag tag-renonsz", f"renonsz: {hand.renonsz}")] if hand.renonsz else []
    if hand.kontra:  # game terms: the opponents doubled, the starter redoubled
        tags.append(("tag tag-kontra", "gspritzt" if hand.kontra == 1 else "retour"))
    return {
        "notation": game,
        "sheet": {
            "game": game,
            "tags": tags,
            "marks": [text for cls, text in tags if cls == "tag tag-kontra"],  # renonsz: a column
            "cells": {"partner": partner, "renonsz": hand.renonsz or ""},
        },
    }


def _notation(hand: Hand, rules: Rules, w: dict[str, str]) -> str:
    if hand.outcome == "redeal":
        return w["redeal"]
    if hand.renonsz is not None:
        return f"renonsz ({rules.renonsz})"
    if hand.snapszer is not None:
        made = w["snapszer_made"] if hand.won else w["snapszer_failed"]
        value = rules.snapszer if hand.won else rules.failed_snapszer
        return f"{made} ({value})"
    tier = f"{w[hand.loser]} ({rules.tiers[hand.loser]})"
    if hand.winner is not None:
        return f"{w['alone_66'].format(name=hand.winner)}, {tier}"
    return f"{w['won' if hand.won else 'lost']}, {tier}"


def rules_table(rules: Rules, lang: str = "en") -> dict[str, Any]:
    """The game's part of ``rules show``: its game points and settlement mode."""
    w = WORDS[lang if lang in WORDS else "en"]
    points = {**{t: rules.tiers[t] for t in TIERS}, "snapszer": rules.snapszer}
    points |= {"failed_snapszer": rules.failed_snapszer, "renonsz": rules.renonsz}
    names = {**{t: w[t] for t in TIERS}, "snapszer": w["snapszer_made"]}
    names |= {"failed_snapszer": w["snapszer_failed"], "renonsz": w["renonsz"]}
    text = [f"{w['points']}:"]
    text += [f"  {names[key]:<20} {value}" for key, value in points.items()]
    text.append(f"{w['settlement']}: {w[f'mode_{rules.mode}']}")
    return {
        "table": {"points": points, "settlement": rules.mode},
        "text": text,
        "summary": w["summary"].format(n=len(points)),
    }

"""Snapszer's hand form as data: the fields, the one-tap presets, and when each applies.

A common hand is: the starter, at four the partner (the chosen card's holder), who won,
and the losers' tier. Rarer facts (an announced snapszer, a 66 reached alone before the
chosen card was seen, a renonsz) are fields that apply only where they can happen.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ...settlement.form_rules import all_of, leaf, show
from ...settlement.words import GamePairs, GameWords
from .build import TIERS, Rules

WORDS = GamePairs(GameWords(Path(__file__).parent / "locale", "snapszer", ("hu", "en"), "form"))


def hand_form(rules: Rules, lang: str) -> dict[str, Any]:
    """The hand form of ``rules`` in ``lang`` ("hu" or "en"), as data for any renderer."""
    say = _say(lang)
    four = leaf("players", {"minItems": 4})
    plain = all_of(leaf("renonsz", {"const": ""}), leaf("winner", {"const": ""}))
    tiers = [{"value": t, "label": say(t)} for t in TIERS]
    fields: list[dict[str, Any]] = [
        {"name": "dealer", "kind": "player", "of": "seats", "label": say("dealer")},
        {"name": "declarer", "kind": "player", "of": "players", "label": say("declarer")},
        {
            "name": "partner",
            "kind": "player",
            "of": "players",
            "label": say("partner"),
            "options": [{"value": "", "label": say("alone")}],
            "rule": show(all_of(four, leaf("winner", {"const": ""}))),
        },
        {
            "name": "won",
            "kind": "side",
            "label": say("won"),
            "options": [
                {"value": "true", "label": say("side_won")},
                {"value": "false", "label": say("side_lost")},
            ],
            "rule": show(leaf("renonsz", {"const": ""})),
        },
        {
            "name": "loser",
            "kind": "choice",
            "label": say("loser"),
            "options": tiers,
            "rule": show(all_of(leaf("renonsz", {"const": ""}), leaf("snapszer", {"const": ""}))),
        },
        {
            "name": "snapszer",
            "kind": "player",
            "of": "players",
            "label": say("snapszer"),
            "rule": show(plain),
        },
        {
            "name": "winner",
            "kind": "player",
            "of": "players",
            "label": say("winner"),
            "rule": show(all_of(four, leaf("renonsz", {"const": ""}))),
        },
        {"name": "renonsz", "kind": "player", "of": "players", "label": say("renonsz")},
    ]
    return {"fields": fields, "presets": presets(rules, lang), "forces": []}


def presets(rules: Rules, lang: str) -> list[dict[str, Any]]:
    """One tap for the most common results: the starter's side won or lost, at each tier."""
    say = _say(lang)
    out = []
    for won in (True, False):
        for tier in TIERS:
            word = say("preset_won" if won else "preset_lost")
            out.append(
                {
                    "id": f"{'won' if won else 'lost'}-{tier}",
                    "label": f"{word}, {say(tier)}",
                    "set": {"won": "true" if won else "false", "loser": tier},
                }
            )
    return out


def _say(lang: str) -> Any:
    return lambda key: WORDS[key][1 if lang == "en" else 0]

"""Snapszer's hand form as data: the fields, the one-tap presets, and when each applies.

A common hand is: the starter, at four the partner (the chosen card's holder), who won,
and the losers' tier. Rarer facts (an announced snapszer, a 66 reached alone before the
chosen card was seen, a renonsz, a new deal) are fields that apply only where they can
happen; a new deal (``outcome`` redeal) hides every result field.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ...settlement.form_rules import (
    all_of,
    choices,
    deal_fields,
    leaf,
    outcome_field,
    renonsz_field,
    show,
    steps,
)
from ...settlement.words import GamePairs, GameWords
from .build import TIERS, Rules
from .hand import OUTCOMES

WORDS = GamePairs(
    GameWords(Path(__file__).parent / "locale", "snapszer", ("hu", "en", "de"), "form")
)


def hand_form(rules: Rules, lang: str) -> dict[str, Any]:
    """The hand form of ``rules`` in ``lang`` ("hu" or "en"), as data for any renderer."""
    say = _say(lang)
    four = leaf("players", {"minItems": 4})
    played = leaf("outcome", {"enum": ["", "played"]})
    no_renonsz = all_of(played, leaf("renonsz", {"const": ""}))
    plain = all_of(no_renonsz, leaf("winner", {"const": ""}))
    tiers = [{"value": t, "label": say(t)} for t in TIERS]
    fields: list[dict[str, Any]] = [
        *deal_fields(say("dealer"), say("declarer")),  # the declarer: the rotation's starter
        {
            "name": "partner",
            "kind": "player",
            "of": "defenders",  # never the declarer: he cannot call himself
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
            "rule": show(no_renonsz),
        },
        {
            "name": "loser",
            "kind": "choice",
            "label": say("loser"),
            "options": tiers,
            "rule": show(all_of(no_renonsz, leaf("snapszer", {"const": ""}))),
        },
        {
            "name": "snapszer",
            "kind": "player",
            "of": "players",
            "label": say("snapszer"),
            "optional": True,
            "rule": show(plain),
        },
        {
            "name": "winner",
            "kind": "player",
            "of": "players",
            "label": say("winner"),
            "optional": True,
            "rule": show(all_of(four, no_renonsz)),
        },
        renonsz_field(say("renonsz"), played),
        outcome_field(say("outcome"), choices((o, say(o)) for o in OUTCOMES), "played"),
    ]
    if rules.kontra:  # at three only: at four nobody knows whom he would double
        three = leaf("players", {"maxItems": 3})
        fields.insert(
            -1,
            {
                "name": "kontra",
                "kind": "choice",
                "label": say("kontra"),
                "options": steps("gspritzt", "retour"),
                "rule": show(all_of(played, three)),
            },
        )
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
    return lambda key: WORDS.words[lang if lang in WORDS.words else "hu"][key]

"""Snapszer's hand form as data: the fields, the one-tap presets, and when each applies.

A common hand is: the starter, at four the partner (the chosen card's holder), who won,
and the losers' tier. Rarer facts (an announced snapszer, a 66 reached alone before the
chosen card was seen, a renonsz, a new deal) are fields that apply only where they can
happen; a new deal (``outcome`` redeal) hides every result field.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ...settlement.form_rules import FormRefusals, all_of, leaf, seated_hand, show
from ...settlement.words import GamePairs, GameWords
from .build import TIERS, Rules
from .hand import OUTCOMES

WORDS = GamePairs(
    GameWords(Path(__file__).parent / "locale", "snapszer", ("hu", "en", "de"), "form")
)
REFUSAL = GameWords(Path(__file__).parent / "locale", "snapszer", ("hu", "en", "de"), "refusal")
form_refusal = FormRefusals(
    {
        "partner_missing": ("partner", "partner_missing"),
        "partner_is_declarer": ("partner", "partner_is_declarer"),
        "won_missing": ("won", "won_missing"),
    },
    REFUSAL,
    "hu",
)
"""The engine's refusals the form words itself: never a hand key."""


def hand_form(rules: Rules, lang: str) -> dict[str, Any]:
    """The hand form of ``rules`` in ``lang`` ("hu" or "en"), as data for any renderer."""
    say = _say(lang)
    four = leaf("players", {"minItems": 4})
    played = leaf("outcome", {"enum": ["", "played"]})
    no_renonsz = all_of(played, leaf("renonsz", {"const": ""}))
    plain = all_of(no_renonsz, leaf("winner", {"const": ""}))
    tiers = [{"value": t, "label": say(t)} for t in TIERS]
    fields: list[dict[str, Any]] = [
        {"name": "dealer", "kind": "player", "of": "seats", "label": say("dealer")},
        {
            "name": "declarer",
            "kind": "player",
            "of": "players",
            "label": say("declarer"),
            "default": {"scope": "first_bidder"},  # the rotation's starter
        },
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
        {
            "name": "renonsz",
            "kind": "player",
            "of": "players",
            "label": say("renonsz"),
            "optional": True,
            "rule": show(played),
        },
        {
            "name": "outcome",
            "kind": "choice",
            "label": say("outcome"),
            "options": [{"value": o, "label": say(o)} for o in OUTCOMES],
            "default": "played",
        },
    ]
    if rules.kontra:  # at three only: at four nobody knows whom he would double
        three = leaf("players", {"maxItems": 3})
        fields.insert(
            -1,
            {
                "name": "kontra",
                "kind": "choice",
                "label": say("kontra"),
                "options": [
                    {"value": "", "label": "—"},
                    {"value": "1", "label": "gspritzt"},
                    {"value": "2", "label": "retour"},
                ],
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


def hand_from_form(values: Mapping[str, Any], rules: Rules) -> dict[str, Any]:
    """The hand (hand format, and the ``dealer``) that the form's ``values`` describe.

    ``values`` holds only the fields that apply (and ``players``, ``sitting_out``); a field
    left out stays out of the hand, so that the engine names it; a value that is not one
    of the form's options is passed on as it came, for the engine to refuse.
    """
    hand = seated_hand(values, "dealer", "declarer", "winner", "loser")
    if values.get("outcome") and values["outcome"] != "played":
        hand["outcome"] = values["outcome"]
    if values.get("renonsz"):
        hand["renonsz"] = {"player": values["renonsz"]}
    if "partner" in values and "winner" not in hand:
        hand["partner"] = values["partner"] or None
    if values.get("won") and "winner" not in hand:
        won = values["won"]
        hand["won"] = {"true": True, "false": False}.get(won, won)
    if values.get("snapszer"):
        hand["snapszer"] = {"by": values["snapszer"]}
        hand.pop("loser", None)
    if values.get("kontra"):
        kontra = str(values["kontra"])
        hand["kontra"] = int(kontra) if kontra in ("1", "2") else kontra
    return hand


def form_values(facts: Mapping[str, Any], rules: Rules) -> dict[str, str]:
    """The form's values of a recorded hand (its hand-format ``facts``): the edit page.

    Snapszer's fields are its facts' own keys, so ``rules`` are not needed here."""
    out = {"declarer": facts["declarer"], "outcome": facts.get("outcome", "played")}
    if len(facts["players"]) == 4 and "winner" not in facts:
        out["partner"] = facts.get("partner") or ""
    if "won" in facts:
        out["won"] = "true" if facts["won"] else "false"
    for key in ("loser", "winner"):
        if facts.get(key):
            out[key] = facts[key]
    if facts.get("renonsz"):
        out["renonsz"] = facts["renonsz"]["player"]
    if facts.get("snapszer"):
        out["snapszer"] = facts["snapszer"]["by"]
    if facts.get("kontra"):
        out["kontra"] = str(facts["kontra"])
    return out


def _say(lang: str) -> Any:
    return lambda key: WORDS.words[lang if lang in WORDS.words else "hu"][key]

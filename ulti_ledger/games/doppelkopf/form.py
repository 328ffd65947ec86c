"""Doppelkopf's hand form as data: the fields, the one-tap presets, and when each applies.

A common hand is: who played Re (the declarer and his partner), Re's card points, and
what each party announced; the winner, the value and the payments follow. A solo names
the soloist alone; a Farbsolo its trump suit. The extra points are per party, shown in a
game that counts them (never a solo). The game's words stay German in every language.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ...settlement.form_rules import (
    all_of,
    any_of,
    choices,
    deal_fields,
    leaf,
    none_or,
    outcome_field,
    show,
    steps,
)
from ...settlement.words import GameWords
from .build import SOLOS, SUITS, Rules
from .hand import MOST, OUTCOMES, levels

WORDS = GameWords(Path(__file__).parent / "locale", "doppelkopf", ("hu", "en", "de"), "form")
CONTRACT_NAMES = {
    "hochzeit": "Hochzeit",
    "armut": "Armut",
    "damensolo": "Damensolo",
    "bubensolo": "Bubensolo",
    "farbsolo": "Farbsolo",
    "fleischlos": "Fleischlos",
}
"""The contracts' own names: German in every language (a normal game is worded)."""
SAID = {"re": "Re", "kontra": "Kontra"}
LEVEL_NAMES = {"keine_90": "keine 90", "keine_60": "keine 60", "keine_30": "keine 30"}
SUIT_NAMES = {"kreuz": "Kreuz", "pik": "Pik", "herz": "Herz", "karo": "Karo"}
_PLAYED = leaf("outcome", {"enum": ["", "played"]})
_TEAM = leaf("contract", {"enum": ["", "normal", "hochzeit", "armut"]})


def _w(lang: str) -> Any:
    return WORDS[lang if lang in WORDS else "hu"]


def contract_name(contract: str, lang: str) -> str:
    """A contract as players say it: "Damensolo" everywhere, a normal game in ``lang``."""
    return CONTRACT_NAMES.get(contract) or _w(lang)["normal"]


def level_options(party: str) -> list[dict[str, str]]:
    """A party's announcement steps: its own word, then keine 90, 60, 30, schwarz."""
    names = {party: SAID[party], **LEVEL_NAMES, "schwarz": "schwarz"}
    return none_or((v, names[v]) for v in levels(party))


def hand_form(rules: Rules, lang: str) -> dict[str, Any]:
    """The hand form of ``rules`` in ``lang``, as data for any renderer."""
    w = _w(lang)
    team = all_of(_PLAYED, _TEAM)
    fields: list[dict[str, Any]] = [
        *deal_fields(w["dealer"], w["declarer"], rule=show(_PLAYED)),
        {
            "name": "contract",
            "kind": "choice",
            "label": w["contract"],
            "default": "normal",
            "rule": show(_PLAYED),
            "options": [{"value": c, "label": contract_name(c, lang)} for c in rules.contracts],
        },
        {
            "name": "partner",
            "kind": "player",
            "of": "defenders",  # never the declarer
            "label": w["partner"],
            "rule": show(team),
            "options": [
                {
                    "value": "",
                    "label": w["nobody"],
                    "rule": show(leaf("contract", {"const": "hochzeit"})),
                }
            ],
        },
        {
            "name": "suit",
            "kind": "choice",
            "label": w["suit"],
            "rule": show(all_of(_PLAYED, leaf("contract", {"const": "farbsolo"}))),
            "options": [{"value": s, "label": SUIT_NAMES[s]} for s in SUITS],
        },
        {
            "name": "re_points",
            "kind": "number",
            "label": w["re_points"],
            "min": 0,
            "max": 240,
            "rule": show(_PLAYED),
        },
        {
            "name": "announced_re",
            "kind": "choice",
            "label": w["announced_re"],
            "rule": show(_PLAYED),
            "options": level_options("re"),
            "keys": ["announced"],
        },
        {
            "name": "announced_kontra",
            "kind": "choice",
            "label": w["announced_kontra"],
            "rule": show(_PLAYED),
            "options": level_options("kontra"),
            "keys": ["announced"],
        },
        {
            "name": "all_tricks",
            "kind": "choice",
            "label": w["all_tricks"],
            "rule": show(all_of(_PLAYED, leaf("re_points", {"enum": ["0", "240"]}))),
            "options": none_or(SAID.items()),
        },
    ]
    if rules.extras:
        fields += _extra_fields(w, team)
    if rules.bock:
        fields.append(
            {
                "name": "bock",
                "kind": "choice",
                "label": "Bock",
                "rule": show(_PLAYED),
                "options": steps("Bock", "Doppelbock", "Bock ×3"),
            }
        )
    if rules.schweinchen:
        fields.append(
            {
                "name": "schweinchen",
                "kind": "player",
                "of": "players",
                "label": "Schweinchen",
                "optional": True,
                "rule": show(_PLAYED),
            }
        )
    fields.append(outcome_field(w["outcome"], choices((o, w[o]) for o in OUTCOMES), "played"))
    return {"fields": fields, "presets": presets(rules, lang), "forces": []}


def _extra_fields(w: Any, team: dict[str, Any]) -> list[dict[str, Any]]:
    """Each party's extra points: Doppelkopf tricks, Füchse caught, who made Karlchen.
    Not in a Hochzeit that found nobody: that is a solo."""
    counted = all_of(
        team,
        any_of(
            leaf("contract", {"not": {"const": "hochzeit"}}),
            leaf("partner", {"not": {"const": ""}}),
        ),
    )
    out: list[dict[str, Any]] = []
    for party in ("re", "kontra"):
        out += [
            {
                "name": f"doppelkopf_{party}",
                "kind": "choice",
                "label": f"Doppelkopf ({SAID[party]})",
                "rule": show(counted),
                "options": steps(*map(str, range(1, MOST["doppelkopf"] + 1))),
                "keys": ["extras"],
            },
            {
                "name": f"fuchs_{party}",
                "kind": "choice",
                "label": f"Fuchs gefangen ({SAID[party]})",
                "rule": show(counted),
                "options": steps(*map(str, range(1, MOST["fuchs"] + 1))),
                "keys": ["extras"],
            },
        ]
    out.append(
        {
            "name": "karlchen",
            "kind": "choice",
            "label": "Karlchen",
            "rule": show(counted),
            "options": none_or(SAID.items()),
            "keys": ["extras"],
        }
    )
    return out


def presets(rules: Rules, lang: str) -> list[dict[str, Any]]:
    """One tap for the common results: a normal game won by Re or by Kontra, with or
    without keine 90 played, and each solo (the card points are then typed)."""
    w = _w(lang)
    out = [
        {
            "id": "re-121",
            "label": w["preset_re"],
            "set": {"contract": "normal", "re_points": "121"},
        },
        {
            "id": "kontra-120",
            "label": w["preset_kontra"],
            "set": {"contract": "normal", "re_points": "120"},
        },
        {
            "id": "re-keine-90",
            "label": f"{w['preset_re']}, keine 90",
            "set": {"contract": "normal", "re_points": "151"},
        },
        {
            "id": "kontra-keine-90",
            "label": f"{w['preset_kontra']}, keine 90",
            "set": {"contract": "normal", "re_points": "89"},
        },
    ]
    for solo in SOLOS:
        out.append(
            {
                "id": solo,
                "label": CONTRACT_NAMES[solo],
                "set": {"contract": solo, "partner": ""},
                "style": "solo",
            }
        )
    return out

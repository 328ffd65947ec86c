"""Skat's hand form as data: a game-value calculator, drawn by the generic form.

The scorer taps the game, the matadors (mit or ohne, and how many), Hand, an
announcement, and types the card points (or taps won or lost, with Schneider); the
preview's first line says the value as a Skat player does. Vorhand is the proposed
declarer, so a common suit game with its card points is four taps with the save.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ...settlement.form_rules import all_of, leaf, show
from ...settlement.words import GameWords
from .build import GAMES, SUITS, Rules
from .explain import GAME_NAMES, LANGUAGES, lang_of

WORDS = GameWords(Path(__file__).parent / "locale", "skat", LANGUAGES, "form")
_NUMBER = re.compile(r"[0-9]{1,4}")
_TRUMP = {"enum": [*SUITS, "grand"]}
_PLAYED = leaf("outcome", {"not": {"const": "all_pass"}})


def hand_form(rules: Rules, lang: str) -> dict[str, Any]:
    """The hand form of ``rules`` in ``lang``, as data for any renderer."""
    w = WORDS[lang_of(lang)]
    trump = all_of(_PLAYED, leaf("game", _TRUMP))
    no_points = leaf("declarer_points", {"const": ""})
    matadors = [
        {
            "value": f"{word}-{n}",
            "label": f"{word} {n}",
            **({"rule": show(leaf("game", {"not": {"const": "grand"}}))} if n > 4 else {}),
        }
        for word in ("mit", "ohne")
        for n in range(1, max(rules.max_matadors.values()) + 1)
    ]
    fields: list[dict[str, Any]] = [
        {"name": "dealer", "kind": "player", "of": "seats", "label": w["dealer"]},
        {
            "name": "declarer",
            "kind": "player",
            "of": "players",
            "label": w["declarer"],
            "rule": show(_PLAYED),
        },
        {
            "name": "game",
            "kind": "choice",
            "label": w["game"],
            "rule": show(_PLAYED),
            "options": [{"value": g, "label": GAME_NAMES[g]} for g in GAMES],
        },
        {
            "name": "matadors",
            "kind": "choice",
            "label": w["matadors"],
            "options": matadors,
            "rule": show(trump),
        },
        {
            "name": "hand",
            "kind": "toggle",
            "label": "Hand",
            "rule": show(_PLAYED),
            "options": [{"value": "", "label": "—"}, {"value": "true", "label": "Hand"}],
        },
        {
            "name": "announced",
            "kind": "choice",
            "label": w["announced"],
            "rule": show(all_of(trump, leaf("hand", {"const": "true"}))),
            "options": [
                {"value": "", "label": "—"},
                {"value": "schneider", "label": "Schneider"},
                {"value": "schwarz", "label": "Schwarz"},
            ],
        },
        {
            "name": "ouvert",
            "kind": "toggle",
            "label": "Ouvert",
            "rule": show(_PLAYED),
            "options": [{"value": "", "label": "—"}, {"value": "true", "label": "Ouvert"}],
        },
        {
            "name": "declarer_points",
            "kind": "number",
            "label": w["declarer_points"],
            "min": 0,
            "max": 120,
            "rule": show(trump),
        },
        {
            "name": "won",
            "kind": "side",
            "label": w["won"],
            "rule": show(
                all_of(
                    _PLAYED,
                    {
                        "type": "OR",
                        "conditions": [
                            leaf("game", {"const": "null"}),
                            all_of(leaf("game", _TRUMP), no_points),
                        ],
                    },
                )
            ),
            "options": [
                {"value": "true", "label": w["side_won"]},
                {"value": "false", "label": w["side_lost"]},
            ],
        },
        {
            "name": "schneider",
            "kind": "toggle",
            "label": "Schneider",
            "rule": show(all_of(trump, no_points, leaf("won", {"enum": ["true", "false"]}))),
            "options": [{"value": "", "label": "—"}, {"value": "true", "label": "Schneider"}],
        },
        {
            "name": "schwarz",
            "kind": "choice",
            "label": "Schwarz",
            "rule": show(trump),
            "options": [
                {"value": "", "label": "—"},
                {"value": "declarer", "label": w["schwarz_declarer"]},
                {"value": "opponents", "label": w["schwarz_opponents"]},
            ],
        },
        {
            "name": "bid",
            "kind": "number",
            "label": w["bid"],
            "min": 18,
            "max": 999,
            "rule": show(_PLAYED),
        },
    ]
    if rules.kontra_re:
        fields.append(
            {
                "name": "kontra",
                "kind": "choice",
                "label": "Kontra",
                "rule": show(_PLAYED),
                "options": [
                    {"value": "", "label": "—"},
                    {"value": "1", "label": "Kontra"},
                    {"value": "2", "label": "Re"},
                ],
            }
        )
    if rules.bock:
        fields.append(
            {
                "name": "bock",
                "kind": "toggle",
                "label": "Bock",
                "options": [{"value": "", "label": "—"}, {"value": "true", "label": "Bock"}],
            }
        )
    fields.append(
        {
            "name": "renonsz",
            "kind": "player",
            "of": "players",
            "label": "renonsz",
            "optional": True,
            "rule": show(_PLAYED),
        }
    )
    fields.append(
        {
            "name": "outcome",
            "kind": "choice",
            "label": w["outcome"],
            "options": [
                {"value": "", "label": w["played"]},
                {"value": "all_pass", "label": "eingepasst"},
            ],
        }
    )
    if rules.all_pass == "ramsch":
        fields += _ramsch_fields(rules, w)
    presets = [{"id": "all_pass", "label": "eingepasst", "set": {"outcome": "all_pass"}}]
    return {"fields": fields, "presets": presets, "forces": []}


def _ramsch_fields(rules: Rules, w: Any) -> list[dict[str, Any]]:
    ramsch = leaf("outcome", {"const": "all_pass"})
    plain = all_of(ramsch, leaf("durchmarsch", {"const": ""}))
    out: list[dict[str, Any]] = [
        {
            "name": "ramsch_loser",
            "kind": "player",
            "of": "players",
            "label": w["ramsch_loser"],
            "rule": show(plain),
        },
        {
            "name": "ramsch_points",
            "kind": "number",
            "label": w["ramsch_points"],
            "min": 40,
            "max": 120,
            "rule": show(plain),
        },
    ]
    if rules.jungfrau:
        out.append(
            {
                "name": "jungfrau",
                "kind": "player",
                "of": "players",
                "label": "Jungfrau",
                "optional": True,
                "rule": show(plain),
            }
        )
    if rules.durchmarsch:
        out.append(
            {
                "name": "durchmarsch",
                "kind": "player",
                "of": "players",
                "label": "Durchmarsch",
                "optional": True,
                "rule": show(ramsch),
            }
        )
    return out


def hand_from_form(values: Mapping[str, Any], rules: Rules) -> dict[str, Any]:
    """The hand (hand format, and the ``dealer``) that the form's ``values`` describe.

    A field left out stays out of the hand, so that the engine names it; a value that
    is not one of the form's (a typed "12a") is passed on for the engine to refuse. An
    ouvert suit or Grand game is a hand game with Schwarz announced: the form says so.
    """
    get = values.get
    hand: dict[str, Any] = {"players": list(values["players"])}
    if get("sitting_out"):
        hand["sitting_out"] = list(values["sitting_out"])
    if get("dealer"):
        hand["dealer"] = values["dealer"]
    if get("bock") == "true":
        hand["bock"] = True
    if get("outcome") == "all_pass":
        hand["outcome"] = "all_pass"
        if rules.all_pass == "ramsch":
            hand["ramsch"] = _ramsch(values)
        return hand
    for key in ("declarer", "game", "announced", "schwarz"):
        if get(key):
            hand[key] = values[key]
    matadors = str(get("matadors") or "")
    word, _, n = matadors.partition("-")
    if word in ("mit", "ohne"):
        hand[word] = _number(n)
    hand["hand"] = get("hand") == "true"
    if get("ouvert") == "true":
        hand["ouvert"] = True
        if hand.get("game") != "null":
            hand["hand"], hand["announced"] = True, "schwarz"
    for key in ("declarer_points", "bid", "kontra"):
        if get(key):
            hand[key] = _number(values[key])
    if get("won"):
        hand["won"] = {"true": True, "false": False}.get(values["won"], values["won"])
        if get("schneider") == "true":
            hand["schneider"] = True
    if get("renonsz"):
        hand["renonsz"] = {"player": values["renonsz"]}
    return hand


def _ramsch(values: Mapping[str, Any]) -> dict[str, Any]:
    if values.get("durchmarsch"):
        return {"durchmarsch": values["durchmarsch"]}
    out: dict[str, Any] = {}
    if values.get("ramsch_loser"):
        out["loser"] = values["ramsch_loser"]
    if values.get("ramsch_points"):
        out["points"] = _number(values["ramsch_points"])
    if values.get("jungfrau"):
        out["jungfrau"] = [values["jungfrau"]]
    return out


def _number(raw: Any) -> Any:
    text = str(raw).strip()
    return int(text) if _NUMBER.fullmatch(text) else raw


def form_values(facts: Mapping[str, Any]) -> dict[str, str]:
    """The form's values of a recorded hand (its hand-format ``facts``): the edit page."""
    if facts.get("outcome") == "all_pass":
        out = {"outcome": "all_pass"}
        ramsch = facts.get("ramsch") or {}
        if ramsch.get("durchmarsch"):
            out["durchmarsch"] = ramsch["durchmarsch"]
        if ramsch.get("loser"):
            out["ramsch_loser"] = ramsch["loser"]
            out["ramsch_points"] = str(ramsch["points"])
        if ramsch.get("jungfrau"):
            out["jungfrau"] = ramsch["jungfrau"][0]
        if facts.get("bock"):
            out["bock"] = "true"
        return out
    out = {"declarer": facts["declarer"], "game": facts["game"], "outcome": ""}
    for word in ("mit", "ohne"):
        if facts.get(word):
            out["matadors"] = f"{word}-{facts[word]}"
    for key in ("hand", "ouvert", "bock", "schneider"):
        out[key] = "true" if facts.get(key) else ""
    for key in ("announced", "schwarz"):
        out[key] = facts.get(key) or ""
    for key in ("declarer_points", "bid", "kontra"):
        if facts.get(key) is not None:
            out[key] = str(facts[key])
    if "won" in facts:
        out["won"] = "true" if facts["won"] else "false"
    if facts.get("renonsz"):
        out["renonsz"] = facts["renonsz"]["player"]
    return out

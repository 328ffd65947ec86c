"""Skat's hand form as data: a game-value calculator, drawn by the generic form.

The scorer taps the game, the matadors (mit or ohne, and how many), Hand, an
announcement, and types the card points (or taps won or lost, with Schneider); the
preview's first line says the value as a Skat player does. Vorhand is the proposed
declarer, so a common suit game with its card points is four taps with the save.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ...settlement.form_rules import (
    all_of,
    deal_fields,
    leaf,
    none_or,
    outcome_field,
    renonsz_field,
    show,
    steps,
)
from ...settlement.words import GameWords
from .build import GAMES, SUITS, Rules
from .explain import GAME_NAMES, LANGUAGES, lang_of

WORDS = GameWords(Path(__file__).parent / "locale", "skat", LANGUAGES, "form")
_TRUMP = {"enum": [*SUITS, "grand"]}
_PLAYED = leaf("outcome", {"not": {"enum": ["all_pass", "ramsch"]}})


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
        # the declarer proposed: Vorhand, at the dealer's left
        *deal_fields(w["dealer"], w["declarer"], rule=show(_PLAYED)),
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
            "keys": ["mit", "ohne"],  # the hand's keys this field posts: refusals show here
        },
        {
            "name": "hand",
            "kind": "toggle",
            "label": "Hand",
            "rule": show(_PLAYED),
            "options": none_or([("true", "Hand")]),
        },
        {
            "name": "announced",
            "kind": "choice",
            "label": w["announced"],
            "rule": show(all_of(trump, leaf("hand", {"const": "true"}))),
            "options": none_or([("schneider", "Schneider"), ("schwarz", "Schwarz")]),
        },
        {
            "name": "ouvert",
            "kind": "toggle",
            "label": "Ouvert",
            "rule": show(_PLAYED),
            "options": none_or([("true", "Ouvert")]),
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
            "options": none_or([("true", "Schneider")]),
        },
        {
            "name": "schwarz",
            "kind": "choice",
            "label": "Schwarz",
            "rule": show(trump),
            "options": none_or(
                [("declarer", w["schwarz_declarer"]), ("opponents", w["schwarz_opponents"])]
            ),
        },
        {
            "name": "bid",
            "kind": "number",
            "label": w["bid"],
            "min": 18,
            "max": 999,
            # left blank, the bid is the game's value as entered: the common hand types none
            "blank": w["bid_blank"],
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
                "options": steps("Kontra", "Re"),
            }
        )
    if rules.bock:
        fields.append(
            {
                "name": "bock",
                "kind": "toggle",
                "label": "Bock",
                "options": none_or([("true", "Bock")]),
            }
        )
    fields.append(renonsz_field(w["renonsz"], _PLAYED))
    if rules.ramsch_rounds:  # a Grand Hand declared in a Ramsch round (proposed there)
        fields.append(
            {
                "name": "ramsch_round",
                "kind": "toggle",
                "label": w["ramsch_round"],
                "rule": show(_PLAYED),
                "options": none_or([("true", w["ramsch_round"])]),
            }
        )
    rounds = rules.ramsch_rounds or rules.ramsch_only
    outcomes = [{"value": "", "label": w["played"]}, {"value": "all_pass", "label": "eingepasst"}]
    if rules.ramsch_only:  # every deal a Ramsch: nobody bids, but a Grand Hand may be declared
        grand_hand = rules.ramsch_only_grand_hand
        outcomes = [{"value": "", "label": "Grand Hand"}] if grand_hand else []
    if rounds:
        outcomes.append({"value": "ramsch", "label": "Ramsch"})
    fields.append(outcome_field(w["outcome"], outcomes, "ramsch" if rules.ramsch_only else None))
    if rules.all_pass == "ramsch" or rounds:
        fields += _ramsch_fields(rules, w)
    presets = (
        []
        if rules.ramsch_only
        else [{"id": "all_pass", "label": "eingepasst", "set": {"outcome": "all_pass"}}]
    )
    if rules.ramsch_rounds and not rules.ramsch_only:
        presets.append({"id": "ramsch", "label": "Ramsch", "set": {"outcome": "ramsch"}})
    return {"fields": fields, "presets": presets, "forces": []}


def _ramsch_fields(rules: Rules, w: Any) -> list[dict[str, Any]]:
    kinds = ["ramsch"] + (["all_pass"] if rules.all_pass == "ramsch" else [])
    ramsch = leaf("outcome", {"enum": kinds})
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
        {  # two or three tied for the most card points: each of them loses
            "name": "ramsch_tie",
            "kind": "player",
            "of": "players",
            "label": w["ramsch_tie"],
            "optional": True,
            "rule": show(plain),
        },
        {
            "name": "ramsch_tie2",
            "kind": "player",
            "of": "players",
            "label": w["ramsch_tie"],
            "optional": True,
            "rule": show(all_of(plain, leaf("ramsch_tie", {"not": {"const": ""}}))),
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

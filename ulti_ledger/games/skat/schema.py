"""A Skat hand as JSON Schema (spec "Skat"), for the API's OpenAPI description."""

from __future__ import annotations

from typing import Any

from .build import GAMES


def hand_schema() -> dict[str, Any]:
    name = {"$ref": "#/components/schemas/Name"}
    names = {"type": "array", "items": name}
    count = {"type": "integer", "minimum": 1, "maximum": 11}
    flag = {"type": "boolean"}
    return {
        "type": "object",
        "additionalProperties": False,
        "required": ["ruleset", "players"],
        "properties": {
            "ruleset": {"type": "string"},
            "options": {"type": "object"},
            "players": {**names, "minItems": 3, "maxItems": 3},
            "sitting_out": {**names, "maxItems": 1},
            "declarer": name,
            "outcome": {"enum": ["played", "all_pass", "ramsch"]},
            "game": {"enum": list(GAMES)},
            "mit": count,
            "ohne": count,
            "hand": flag,
            "announced": {"anyOf": [{"enum": ["schneider", "schwarz"]}, {"type": "null"}]},
            "ouvert": flag,
            "bid": {"anyOf": [{"type": "integer", "minimum": 18}, {"type": "null"}]},
            "declarer_points": {"type": "integer", "minimum": 0, "maximum": 120},
            "schwarz": {"anyOf": [{"enum": ["declarer", "opponents"]}, {"type": "null"}]},
            "won": flag,
            "schneider": flag,
            "kontra": {"enum": [0, 1, 2]},
            "bock": flag,
            "ramsch_round": flag,
            "renonsz": {
                "anyOf": [
                    {"type": "null"},
                    {"type": "object", "properties": {"player": name}, "required": ["player"]},
                ]
            },
            "ramsch": {
                "type": "object",
                "additionalProperties": False,
                "properties": {
                    "loser": {"anyOf": [name, {**names, "minItems": 1, "maxItems": 3}]},
                    "points": {"type": "integer", "minimum": 40, "maximum": 120},
                    "jungfrau": names,
                    "durchmarsch": name,
                },
            },
        },
        "examples": [
            {
                "ruleset": "skat",
                "players": ["Anna", "Béla", "Csaba"],
                "sitting_out": ["Dóra"],
                "declarer": "Anna",
                "game": "grand",
                "mit": 2,
                "hand": True,
                "bid": 48,
                "declarer_points": 94,
                "schwarz": None,
            }
        ],
    }

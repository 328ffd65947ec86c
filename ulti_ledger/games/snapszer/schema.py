"""The JSON Schema of a snapszer hand (spec "Snapszer"), for the API's OpenAPI description
(the ``hand_schema`` part)."""

from __future__ import annotations

from typing import Any

from .build import TIERS


def hand_schema() -> dict[str, Any]:
    """A snapszer hand as JSON Schema (spec "Snapszer"), for the API description."""
    name = {"$ref": "#/components/schemas/Name"}
    names = {"type": "array", "items": name}
    return {
        "type": "object",
        "additionalProperties": False,
        "required": ["ruleset", "players", "declarer"],
        "properties": {
            "ruleset": {"type": "string"},
            "options": {"type": "object"},
            "players": {**names, "minItems": 3, "maxItems": 4},
            "sitting_out": {**names, "maxItems": 1},
            "declarer": name,
            "outcome": {"enum": ["played", "redeal"]},
            "partner": {"anyOf": [name, {"type": "null"}]},
            "won": {"type": "boolean"},
            "winner": name,
            "loser": {"enum": list(TIERS)},
            "snapszer": {
                "anyOf": [
                    {
                        "type": "object",
                        "additionalProperties": False,
                        "required": ["by"],
                        "properties": {"by": name},
                    },
                    {"type": "null"},
                ]
            },
            "renonsz": {
                "anyOf": [
                    {
                        "type": "object",
                        "additionalProperties": False,
                        "required": ["player"],
                        "properties": {"player": name},
                    },
                    {"type": "null"},
                ]
            },
            "kontra": {"enum": [0, 1, 2]},
        },
        "examples": [
            {
                "ruleset": "snapszer",
                "players": ["Anna", "Béla", "Csaba", "Dóra"],
                "declarer": "Anna",
                "partner": "Csaba",
                "won": True,
                "loser": "below_33",
            }
        ],
    }

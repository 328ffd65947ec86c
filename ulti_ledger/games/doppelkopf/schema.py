"""The JSON Schema of a Doppelkopf hand (RULES.md here, "The hand"), for the API's OpenAPI
description (the ``hand_schema`` part)."""

from __future__ import annotations

from typing import Any

from .build import CONTRACTS, SUITS
from .hand import MOST, levels


def hand_schema() -> dict[str, Any]:
    """A Doppelkopf hand as JSON Schema, for the API description."""
    name = {"$ref": "#/components/schemas/Name"}
    names = {"type": "array", "items": name}
    extras = {
        "type": "object",
        "additionalProperties": False,
        "properties": {
            "doppelkopf": {"type": "integer", "minimum": 0, "maximum": MOST["doppelkopf"]},
            "fuchs": {"type": "integer", "minimum": 0, "maximum": MOST["fuchs"]},
            "karlchen": {"type": "boolean"},
        },
    }

    return {
        "type": "object",
        "required": ["ruleset", "players", "declarer"],
        "additionalProperties": False,
        "properties": {
            "ruleset": {"type": "string"},
            "players": {**names, "minItems": 4, "maxItems": 4},
            "options": {"type": "object"},
            "sitting_out": {**names, "maxItems": 1},
            "declarer": name,
            "outcome": {"enum": ["played", "redeal"]},
            "contract": {"enum": list(CONTRACTS)},
            "partner": {"anyOf": [name, {"type": "null"}]},
            "suit": {"enum": list(SUITS)},
            "re_points": {"type": "integer", "minimum": 0, "maximum": 240},
            "all_tricks": {"enum": ["re", "kontra"]},
            "announced": {
                "type": "object",
                "additionalProperties": False,
                "properties": {p: {"enum": list(levels(p))} for p in ("re", "kontra")},
            },
            "extras": {
                "type": "object",
                "additionalProperties": False,
                "properties": {"re": extras, "kontra": extras},
            },
            "bock": {"type": "integer", "minimum": 0, "maximum": 4},
            "schweinchen": name,
        },
        "examples": [
            {
                "ruleset": "doppelkopf",
                "players": ["Anna", "Béla", "Csaba", "Dóra"],
                "declarer": "Anna",
                "partner": "Csaba",
                "re_points": 151,
                "announced": {"re": "re"},
            }
        ],
    }

"""The JSON Schema of an Ulti hand (the hand format, spec "A hand"), for the API's OpenAPI
description: a part of the game contract (``hand_schema``), so that ``openapi/schemas.py`` names
no game and describes every registered game's hands.

It says what the API takes and answers; the engine still decides what a hand means (a
kontra over the table's ceiling is valid JSON here and refused there, with its message).
"""

from __future__ import annotations

import copy
from typing import Any

PLAYER = {"$ref": "#/components/schemas/Name"}
"""A player's name: the API's one name schema (``openapi.SCHEMAS["Name"]``)."""
PLAYERS = {"type": "array", "items": PLAYER}


def _obj(required: list[str], **properties: Any) -> dict[str, Any]:
    return {
        "type": "object",
        "properties": properties,
        "required": required,
        "additionalProperties": False,
    }


COMPONENT = _obj(
    ["name"],
    name={"type": "string", "maxLength": 32},
    open={"type": "boolean"},
    won={"type": "boolean"},
    kontra={
        "oneOf": [
            {"type": "integer", "minimum": 0, "maximum": 4},
            {
                "type": "object",
                "propertyNames": PLAYER,
                "additionalProperties": {"type": "integer"},
            },
        ]
    },
)
SILENT = _obj(
    ["name", "side"],
    name={"type": "string", "maxLength": 32},
    side={"enum": ["declarer", "defenders"]},
    won={"type": "boolean"},
    player=PLAYER,
)
HAND = _obj(
    ["players", "declarer"],
    ruleset={"type": "string", "maxLength": 64},
    options={"type": "object", "additionalProperties": {"type": ["string", "integer", "boolean"]}},
    players={**PLAYERS, "maxItems": 7},
    sitting_out={**PLAYERS, "maxItems": 7},
    declarer=PLAYER,
    outcome={"enum": ["played", "conceded", "all_pass", "redeal"]},
    colour={"enum": ["makk", "zold", "tok", "piros"]},
    components={"type": "array", "items": COMPONENT, "maxItems": 8},
    silent={"type": "array", "items": SILENT, "maxItems": 8},
    renonsz={"oneOf": [{"type": "null"}, _obj(["player"], player=PLAYER)]},
)


EXAMPLE = {
    "ruleset": "ulti",
    "players": ["Béla", "Csaba", "Dóra"],
    "sitting_out": ["Anna"],
    "declarer": "Béla",
    "colour": "piros",
    "components": [{"name": "parti", "won": True}],
}
"""A piros passz made at a table of four (Anna deals): the API description's example."""


def hand_schema() -> dict[str, Any]:
    """An Ulti hand as JSON Schema: a closed object, with one hand in ``examples`` (a
    fresh copy: callers may change it)."""
    return copy.deepcopy({**HAND, "examples": [EXAMPLE]})

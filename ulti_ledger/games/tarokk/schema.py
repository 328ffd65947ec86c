"""The JSON Schema of a tarokk hand (spec "Tarokk"), for the API's OpenAPI description
(the ``hand_schema`` part)."""

from __future__ import annotations

from typing import Any

from .build import CONTRACTS, RULINGS
from .figures import FIGURE_KEYS, SIDES, SUITS
from .seats import OUTCOMES


def _closed(required: list[str], **properties: Any) -> dict[str, Any]:
    """A JSON Schema object that holds only ``properties``."""
    return {"type": "object", "additionalProperties": False, "required": required} | {
        "properties": properties
    }


def hand_schema() -> dict[str, Any]:
    """A tarokk hand as JSON Schema (spec "Tarokk"), for the API description."""
    who = {"$ref": "#/components/schemas/Name"}
    level = {"type": "integer", "minimum": 0, "maximum": 5}
    boolean = {"type": "boolean"}
    figure = _closed(
        ["name", "side", "announced"],
        name={"type": "string"},
        side={"enum": list(SIDES)},
        announced=boolean,
        won=boolean,
        kontra=level,
        card={"enum": list(SUITS)},
        raised_from={"type": "string"},
    )
    assert set(figure["properties"]) == set(FIGURE_KEYS)
    schema = _closed(
        ["ruleset", "players", "declarer"],
        ruleset={"type": "string"},
        options={"type": "object"},
        players={"type": "array", "items": who, "minItems": 4, "maxItems": 4},
        sitting_out={"type": "array", "items": who, "maxItems": 1},
        declarer=who,
        outcome={"enum": list(OUTCOMES)},
        partner={"anyOf": [who, {"type": "null"}]},
        skart=boolean,
        contract={"enum": list(CONTRACTS)},
        game=_closed([], won=boolean, kontra=level, tie=boolean),
        figures={"type": "array", "items": figure},
        tarokkszam={
            "type": "array",
            "items": _closed(["player", "count"], player=who, count={"enum": [8, 9]}),
        },
        renonsz={
            "anyOf": [
                _closed(["player"], player=who, ruling={"enum": list(RULINGS)}),
                {"type": "null"},
            ]
        },
        double=boolean,
    )
    example = {
        "ruleset": "tarokk",
        "players": ["Anna", "Béla", "Csaba", "Dóra"],
        "declarer": "Anna",
        "partner": "Csaba",
        "contract": "ketto",
        "game": {"won": True},
        "figures": [
            {
                "name": "pagat-ultimo",
                "side": "declarer",
                "announced": True,
                "won": True,
                "kontra": 1,
            }
        ],
        "tarokkszam": [{"player": "Anna", "count": 8}],
    }
    return {**schema, "examples": [example]}

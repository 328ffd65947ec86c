"""The conditions of a hand form described as data (JSON Forms' UI-schema rules).

Every game's ``hand_form`` says when a field applies with these shapes; the server
(``handform/conditions.py``) and the browser (``static/js/form-conditions.js``) evaluate
them, so a game builds them here instead of spelling the dicts itself.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def leaf(scope: str, schema: dict[str, Any]) -> dict[str, Any]:
    """Holds when field ``scope``'s value satisfies the JSON Schema ``schema``."""
    return {"scope": scope, "schema": schema}


def all_of(*conditions: dict[str, Any]) -> dict[str, Any]:
    return {"type": "AND", "conditions": list(conditions)}


def show(condition: dict[str, Any]) -> dict[str, Any]:
    """The field shows (and applies) only while ``condition`` holds."""
    return {"effect": "SHOW", "condition": condition}


def deal_fields(dealer: str, declarer: str, **declarer_extra: Any) -> list[dict[str, Any]]:
    """The two fields every drawn form opens with: the dealer (any seat) and the declarer
    (one who plays), the declarer proposed as the deal's first bidder, so that the common
    hand costs no tap there. ``declarer_extra`` adds to the declarer's field (a ``rule``)."""
    return [
        {"name": "dealer", "kind": "player", "of": "seats", "label": dealer},
        {
            "name": "declarer",
            "kind": "player",
            "of": "players",
            "label": declarer,
            "default": {"scope": "first_bidder"},
            **declarer_extra,
        },
    ]


def renonsz_field(label: str, condition: dict[str, Any]) -> dict[str, Any]:
    """The renonsz every game's hand may have: who revoked (nobody first), shown while
    ``condition`` holds (a hand that was played)."""
    return {
        "name": "renonsz",
        "kind": "player",
        "of": "players",
        "label": label,
        "optional": True,
        "rule": show(condition),
    }


def seated_hand(values: Mapping[str, Any], *keys: str) -> dict[str, Any]:
    """The opening of the hand that every form's ``values`` describe: the players, who
    sits out, and each of ``keys`` that has a value. A key left empty stays out of the
    hand, so that the engine names it if the hand needs it."""
    hand: dict[str, Any] = {"players": list(values["players"])}
    if values.get("sitting_out"):
        hand["sitting_out"] = list(values["sitting_out"])
    for key in keys:
        if values.get(key):
            hand[key] = values[key]
    return hand

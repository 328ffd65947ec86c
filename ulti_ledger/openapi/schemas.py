"""The API's schemas (``components.schemas``) and the request examples: the hand's schema
is each registered game's own, asked of the registry."""

from __future__ import annotations

from typing import Any

from ..games import REGISTRY

NAME = {"type": "string", "minLength": 1, "maxLength": 80}
NAMES = {"type": "array", "items": {"$ref": "#/components/schemas/Name"}}
UNITS = {"type": "object", "additionalProperties": {"type": "integer"}}
MONEY = {"type": "object", "additionalProperties": {"type": "string"}}
OPTIONS = {"type": "object", "additionalProperties": {"type": ["string", "integer", "boolean"]}}
UNIT_VALUE = {
    "type": "object",
    "properties": {
        "amount": {"type": "string", "pattern": r"^\d{1,12}(\.\d{1,6})?$"},
        "currency": {"type": "string", "minLength": 1, "maxLength": 8},
    },
    "required": ["amount", "currency"],
    "additionalProperties": False,
}
SETTINGS = {
    "type": "object",
    "properties": {"last_declarer_deals": {"type": "boolean"}},
    "additionalProperties": False,
}
TEXT = {"type": ["string", "null"], "maxLength": 120}
DATE = {"type": ["string", "null"], "format": "date"}
VERSION = {"type": "integer", "minimum": 1, "description": "what a writer sends back"}


def ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{name}"}


def obj(required: list[str], closed: bool = False, **properties: Any) -> dict[str, Any]:
    out: dict[str, Any] = {"type": "object", "properties": properties, "required": required}
    if closed:
        out["additionalProperties"] = False
    return out


def hand_schema() -> dict[str, Any]:
    """A hand of any registered game (each game's ``hand_schema``), plus its dealer.

    ``anyOf``, not ``oneOf``: the games' hands share their common keys, so a hand of
    one game with only those (``players``, ``declarer``, an ``all_pass``) is also a
    valid hand of another, and ``oneOf`` would refuse it.
    """
    games = []
    for name in REGISTRY:
        schema = REGISTRY[name].hand_schema()
        schema.pop("examples", None)
        schema["properties"]["dealer"] = ref("Name")
        games.append({"title": name, **schema})
    return {
        "anyOf": games,
        "description": "A hand in the hand format (docs/hand-format.md), plus its dealer.",
    }


def example_hand() -> dict[str, Any]:
    """The first registered game's example hand (its ``hand_schema``'s ``examples``)."""
    return REGISTRY[next(iter(REGISTRY))].hand_schema()["examples"][0]


HAND = hand_schema()
RESULT = obj(
    ["payments", "lines"],
    payments=UNITS,
    lines={"type": "array", "items": {"type": "string"}},
    breakdown={
        "type": "array",
        "items": obj(["text", "amounts"], text={"type": "string"}, amounts=UNITS),
    },
    # only in some games' results (settlement.result.result_extras); never in Ulti's
    score={**UNITS, "description": "the game's own score column (a Skat list): not zero-sum"},
    pairs={
        "type": "array",
        "description": "who pays whom, in units; only where two or more pay and receive",
        "items": obj(
            ["from", "to", "amount"],
            **{"from": ref("Name"), "to": ref("Name"), "amount": {"type": "integer"}},
        ),
    },
)
HAND_ENTRY = obj(
    ["number", "version", "edited", "dealer", "hand", "result"],
    number={"type": "integer", "minimum": 1},
    version={"type": "integer"},
    edited={"type": "boolean"},
    dealer=ref("Name"),
    hand=ref("Hand"),
    result=ref("Result"),
    totals=UNITS,
)
TRANSFER = obj(["from", "to", "amount"], **{"from": NAME, "to": NAME, "amount": {"type": "string"}})
TOTALS = obj(
    ["units", "money", "settled", "rounding", "currency", "transfers"],
    units=UNITS,
    money=MONEY,
    settled=MONEY,
    rounding=MONEY,  # settled − money, only for the players rounding moved
    currency={"type": "string"},
    transfers={"type": "array", "items": ref("Transfer")},
)
SESSION_BODY = obj(
    ["format", "ruleset", "unit_value", "players"],
    closed=True,
    format={"const": "ulti-ledger/session@1"},
    ruleset={"type": "string", "maxLength": 64},
    options=OPTIONS,
    unit_value=UNIT_VALUE,
    players={**NAMES, "minItems": 3, "maxItems": 7},
    hands={"type": "array", "items": ref("Hand")},
    name=TEXT,
    date=DATE,
    place=TEXT,
    settings=SETTINGS,
    seating={"type": "array", "items": ref("SeatingChange")},
)
SEATING_CHANGE = obj(
    ["from_hand", "players"],
    closed=True,
    from_hand={"type": "integer", "minimum": 2},
    players={**NAMES, "minItems": 3, "maxItems": 7},
)
STATE = {
    "name": {"type": "string"},
    "date": DATE,
    "place": {"type": "string"},
    "unit_value": UNIT_VALUE,
    "settings": SETTINGS,
    "options": OPTIONS,
}
SESSION = obj(
    ["id", "version", "format", "ruleset", "players", "hands", "totals", "next"]
    + ["payments", "settle_up"],
    id={"type": "integer"},
    version={"type": "integer"},
    created_at={"type": "string"},
    format={"const": "ulti-ledger/session@1"},
    ruleset={"type": "string"},
    ruleset_digest={"type": "string"},
    players=NAMES,
    seating={"type": "array", "items": ref("SeatingChange")},
    hands={"type": "array", "items": ref("HandEntry")},
    totals=ref("Totals"),
    next=obj(["dealer", "players", "sitting_out", "first_bidder"], dealer=NAME),
    payments={"type": "array", "items": ref("PaymentMade")},
    settle_up=ref("EveningSettleUp"),
    **STATE,
)
HISTORY_ENTRY = obj(
    ["id", "action", "version", "via", "at", "before", "after"],
    id={"type": "integer"},
    action={
        "enum": ["create", "edit", "delete", "restore", "settings", "import", "rename", "join"]
        + ["leave", "undo", "pay", "unpay"]
    },
    hand_id={"type": ["integer", "null"]},
    number={"type": ["integer", "null"]},
    version={"type": "integer"},
    via={"enum": ["api", "web", "admin", "cli"]},
    token_id={"type": ["string", "null"]},
    at={"type": "string"},
    before={"type": ["object", "null"]},
    after={"type": ["object", "null"]},
)
DELETED_HAND = obj(
    ["hand_id", "audit_id", "number", "deleted_at", "hand"],
    hand_id={"type": "integer"},
    audit_id={"type": "integer"},
    number={"type": "integer"},
    deleted_at={"type": "string"},
    via={"type": "string"},
    hand={"type": "object"},
)
ERROR = obj(
    ["error"],
    error={"type": "string"},
    key={"type": "string"},
    code={"type": "string"},
    params={"type": "object"},
)
CONFLICT = obj(
    ["error"],
    error={"type": "string"},
    current={"type": ["object", "null"]},
    key={"type": "string"},
)
SCHEMAS = {
    "Name": NAME,
    "Hand": HAND,
    "Result": RESULT,
    "HandEntry": HAND_ENTRY,
    "Transfer": TRANSFER,
    "Totals": TOTALS,
    "SessionBody": SESSION_BODY,
    "Session": SESSION,
    "SettingsChange": {
        **obj(
            [],
            closed=True,
            **STATE,
            resettle={
                "type": "boolean",
                "description": "with options: false, the recorded hands keep their rules;"
                " true, they are settled again by the new ones",
            },
            version=VERSION,
        ),
        "minProperties": 1,
    },
    "Settings": obj(["version"], version={"type": "integer"}, **STATE),
    "SeatingChange": SEATING_CHANGE,
    "PlayersChange": {
        "type": "object",
        "description": "exactly one of rename, add, remove (and version)",
        "properties": {
            "rename": {"type": "object", "additionalProperties": NAME, "minProperties": 1},
            "add": obj(
                ["name"],
                closed=True,
                name=NAME,
                seat={"type": "integer", "minimum": 1, "description": "1-based, from then on"},
                from_hand={"type": "integer", "minimum": 1, "description": "default: the next"},
            ),
            "remove": obj(
                ["name"], closed=True, name=NAME, from_hand={"type": "integer", "minimum": 1}
            ),
            "version": VERSION,
        },
        "additionalProperties": False,
        "minProperties": 1,
    },
    "Players": obj(
        ["version", "players", "seating", "seats"],
        version={"type": "integer"},
        players=NAMES,
        seating={"type": "array", "items": ref("SeatingChange")},
        seats={"type": "array", "items": {"type": "object"}},
    ),
    "OptionsPreviewBody": obj(["options"], closed=True, options=OPTIONS),
    "OptionsPreview": obj(
        ["changed", "options", "hands", "totals", "error"],
        changed={"type": "array", "items": {"type": "string"}},
        options={"type": "object"},
        hands={
            "type": "array",
            "items": obj(
                ["number", "before", "after"], number={"type": "integer"}, before=UNITS, after=UNITS
            ),
        },
        totals=obj(["before", "after"], before=UNITS, after=UNITS),
        error={"type": ["string", "null"]},
    ),
    "Undone": obj(["version", "undoes"], version={"type": "integer"}, undoes={"type": "integer"}),
    "Created": obj(
        ["id", "edit_token", "url", "view_url"],
        id={"type": "integer"},
        edit_token={"type": "string"},
        url={"type": "string"},
        view_url={"type": "string"},
    ),
    "HistoryEntry": HISTORY_ENTRY,
    "DeletedHand": DELETED_HAND,
    "Error": ERROR,
    "Conflict": CONFLICT,
}

EXAMPLE = example_hand()
PARTI = {key: value for key, value in EXAMPLE.items() if key != "ruleset"}
EXAMPLES = {
    "Hand": PARTI,
    "SessionBody": {
        "format": "ulti-ledger/session@1",
        "ruleset": EXAMPLE["ruleset"],
        "options": {},
        "unit_value": {"amount": "10", "currency": "HUF"},
        "players": ["Anna", "Béla", "Csaba", "Dóra"],
        "name": "Péntek este",
        "hands": [PARTI],
    },
    "SettingsChange": {"place": "Pécs"},
    "PlayersChange": {"add": {"name": "Ede", "seat": 5}},
    "OptionsPreviewBody": {"options": {"four_player_dealer": "pays_as_defender"}},
}

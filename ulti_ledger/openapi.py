"""The JSON API described in OpenAPI 3.1, written by hand next to the views it describes.

Served at ``/api/v1/openapi.json``. A test checks that every API route of the app is
described here, and a fuzzing test (schemathesis) drives the API from this description
and checks the answers against it, so the two cannot drift apart quietly. The schemas
describe what the API takes and answers; the ledger still decides what a hand means.
"""

from __future__ import annotations

import copy
from typing import Any

from .games import REGISTRY

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


def _ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{name}"}


def _obj(required: list[str], closed: bool = False, **properties: Any) -> dict[str, Any]:
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
        schema["properties"]["dealer"] = _ref("Name")
        games.append({"title": name, **schema})
    return {
        "anyOf": games,
        "description": "A hand in the hand format (docs/hand-format.md), plus its dealer.",
    }


def example_hand() -> dict[str, Any]:
    """The first registered game's example hand (its ``hand_schema``'s ``examples``)."""
    return REGISTRY[next(iter(REGISTRY))].hand_schema()["examples"][0]


HAND = hand_schema()
RESULT = _obj(
    ["payments", "lines"],
    payments=UNITS,
    lines={"type": "array", "items": {"type": "string"}},
    breakdown={
        "type": "array",
        "items": _obj(["text", "amounts"], text={"type": "string"}, amounts=UNITS),
    },
    # only in some games' results (settlement.result.result_extras); never in Ulti's
    score={**UNITS, "description": "the game's own score column (a Skat list): not zero-sum"},
    pairs={
        "type": "array",
        "description": "who pays whom, in units; only where two or more pay and receive",
        "items": _obj(
            ["from", "to", "amount"],
            **{"from": _ref("Name"), "to": _ref("Name"), "amount": {"type": "integer"}},
        ),
    },
)
HAND_ENTRY = _obj(
    ["number", "version", "edited", "dealer", "hand", "result"],
    number={"type": "integer", "minimum": 1},
    version={"type": "integer"},
    edited={"type": "boolean"},
    dealer=_ref("Name"),
    hand=_ref("Hand"),
    result=_ref("Result"),
    totals=UNITS,
)
TRANSFER = _obj(
    ["from", "to", "amount"], **{"from": NAME, "to": NAME, "amount": {"type": "string"}}
)
TOTALS = _obj(
    ["units", "money", "settled", "rounding", "currency", "transfers"],
    units=UNITS,
    money=MONEY,
    settled=MONEY,
    rounding=MONEY,  # settled − money, only for the players rounding moved
    currency={"type": "string"},
    transfers={"type": "array", "items": _ref("Transfer")},
)
SESSION_BODY = _obj(
    ["format", "ruleset", "unit_value", "players"],
    closed=True,
    format={"const": "ulti-ledger/session@1"},
    ruleset={"type": "string", "maxLength": 64},
    options=OPTIONS,
    unit_value=UNIT_VALUE,
    players={**NAMES, "minItems": 3, "maxItems": 7},
    hands={"type": "array", "items": _ref("Hand")},
    name=TEXT,
    date=DATE,
    place=TEXT,
    settings=SETTINGS,
    seating={"type": "array", "items": _ref("SeatingChange")},
)
SEATING_CHANGE = _obj(
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
SESSION = _obj(
    ["id", "version", "format", "ruleset", "players", "hands", "totals", "next"],
    id={"type": "integer"},
    version={"type": "integer"},
    created_at={"type": "string"},
    format={"const": "ulti-ledger/session@1"},
    ruleset={"type": "string"},
    ruleset_digest={"type": "string"},
    players=NAMES,
    seating={"type": "array", "items": _ref("SeatingChange")},
    hands={"type": "array", "items": _ref("HandEntry")},
    totals=_ref("Totals"),
    next=_obj(["dealer", "players", "sitting_out", "first_bidder"], dealer=NAME),
    **STATE,
)
HISTORY_ENTRY = _obj(
    ["id", "action", "version", "via", "at", "before", "after"],
    id={"type": "integer"},
    action={
        "enum": ["create", "edit", "delete", "restore", "settings", "import", "rename", "join"]
        + ["leave", "undo"]
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
DELETED_HAND = _obj(
    ["hand_id", "audit_id", "number", "deleted_at", "hand"],
    hand_id={"type": "integer"},
    audit_id={"type": "integer"},
    number={"type": "integer"},
    deleted_at={"type": "string"},
    via={"type": "string"},
    hand={"type": "object"},
)
ERROR = _obj(
    ["error"],
    error={"type": "string"},
    key={"type": "string"},
    code={"type": "string"},
    params={"type": "object"},
)
CONFLICT = _obj(
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
        **_obj(
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
    "Settings": _obj(["version"], version={"type": "integer"}, **STATE),
    "SeatingChange": SEATING_CHANGE,
    "PlayersChange": {
        "type": "object",
        "description": "exactly one of rename, add, remove (and version)",
        "properties": {
            "rename": {"type": "object", "additionalProperties": NAME, "minProperties": 1},
            "add": _obj(
                ["name"],
                closed=True,
                name=NAME,
                seat={"type": "integer", "minimum": 1, "description": "1-based, from then on"},
                from_hand={"type": "integer", "minimum": 1, "description": "default: the next"},
            ),
            "remove": _obj(
                ["name"], closed=True, name=NAME, from_hand={"type": "integer", "minimum": 1}
            ),
            "version": VERSION,
        },
        "additionalProperties": False,
        "minProperties": 1,
    },
    "Players": _obj(
        ["version", "players", "seating", "seats"],
        version={"type": "integer"},
        players=NAMES,
        seating={"type": "array", "items": _ref("SeatingChange")},
        seats={"type": "array", "items": {"type": "object"}},
    ),
    "OptionsPreviewBody": _obj(["options"], closed=True, options=OPTIONS),
    "OptionsPreview": _obj(
        ["changed", "options", "hands", "totals", "error"],
        changed={"type": "array", "items": {"type": "string"}},
        options={"type": "object"},
        hands={
            "type": "array",
            "items": _obj(
                ["number", "before", "after"], number={"type": "integer"}, before=UNITS, after=UNITS
            ),
        },
        totals=_obj(["before", "after"], before=UNITS, after=UNITS),
        error={"type": ["string", "null"]},
    ),
    "Undone": _obj(["version", "undoes"], version={"type": "integer"}, undoes={"type": "integer"}),
    "Created": _obj(
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
MESSAGES = {
    "304": "not modified: the ETag sent in If-None-Match is still current",
    "400": "malformed: not JSON, unstorable text, a bad If-Match or version",
    "401": "no token was sent",
    "403": "the token does not open this session (an id no session has answers so too),"
    " or only reads it",
    "404": "no such hand or history entry",
    "409": "changed meanwhile (the current state is in `current`), or a clash: try again",
    "413": "the body is larger than the limit",
    "415": "the body is not sent as application/json",
    "422": "the body is JSON but not an acceptable session or hand; `key` names the place",
    "503": "the database is busy; try again in a moment",
}
READ_ERRORS = ("400", "401", "403", "404", "503")
WRITE_ERRORS = ("400", "401", "403", "404", "409", "413", "415", "422", "503")
ID_SCHEMA = {"type": "integer", "minimum": 0, "maximum": 2147483647}


def _path(name: str) -> dict[str, Any]:
    return {"name": name, "in": "path", "required": True, "schema": ID_SCHEMA}


def _query(name: str, schema: dict[str, Any], description: str) -> dict[str, Any]:
    return {
        "name": name,
        "in": "query",
        "required": False,
        "schema": schema,
        "description": description,
    }


IF_MATCH = {
    "name": "If-Match",
    "in": "header",
    "required": False,
    "schema": {"type": "string", "pattern": r'^"v[1-9][0-9]{0,8}"$'},
    "description": "the version the writer saw, as the ETag gave it; 409 if it moved on",
}
IF_NONE_MATCH = {
    "name": "If-None-Match",
    "in": "header",
    "required": False,
    "schema": {"type": "string"},
}
LANG = _query(
    "lang",
    {"type": "string"},
    "hu, de: explanations and refusals in Hungarian, German (default en)",
)
TOKEN = _query("token", {"type": "string"}, "the view (or edit) token, for reading")


def _json(schema: dict[str, Any]) -> dict[str, Any]:
    return {"content": {"application/json": {"schema": schema}}}


def _op(
    summary: str,
    ok: dict[str, Any],
    errors: tuple[str, ...],
    params: tuple[dict[str, Any], ...] = (),
    body: str | None = None,
    edit: bool = True,
) -> dict[str, Any]:
    responses = dict(ok)
    for code in errors:
        schema = _ref("Conflict" if code == "409" else "Error")
        responses[code] = {"description": MESSAGES[code], **_json(schema)}
    out: dict[str, Any] = {"summary": summary, "parameters": list(params), "responses": responses}
    out["security"] = [{"edit": []}] if edit else [{"edit": []}, {"view": []}, {"viewQuery": []}]
    if body:
        content = _json(_ref(body))
        if body in EXAMPLES:
            content["content"]["application/json"]["example"] = EXAMPLES[body]
        out["requestBody"] = {"required": True, **content}
    return out


def _answer(description: str, schema: str | dict, code: str = "200") -> dict[str, Any]:
    """One answer: a schema by name (a component) or given in place."""
    return {
        code: {
            "description": description,
            **_json(_ref(schema) if isinstance(schema, str) else schema),
        }
    }


def _list(key: str, item: str, **more: Any) -> dict[str, Any]:
    return _obj([key, *more], **{key: {"type": "array", "items": _ref(item)}}, **more)


S = (_path("session_id"),)
H = (*S, _path("number"))
NOT_MODIFIED = {"304": {"description": MESSAGES["304"]}}
PATHS = {
    "/api/v1/openapi.json": {
        "get": {
            "summary": "this description",
            "security": [],
            "responses": {"200": {"description": "OpenAPI 3.1", **_json({"type": "object"})}},
        }
    },
    "/api/v1/sessions": {
        "post": {
            **_op(
                "start a session (hands included)",
                _answer("created", "Created", "201"),
                ("400", "409", "413", "415", "422", "503"),
                body="SessionBody",
            ),
            "security": [],
        }
    },
    "/api/v1/sessions/{session_id}": {
        "get": _op(
            "the session, its hands, results and totals",
            {**_answer("the session", "Session"), **NOT_MODIFIED},
            READ_ERRORS,
            (*S, LANG, TOKEN, IF_NONE_MATCH),
            edit=False,
        ),
        "patch": _op(
            "change name, date, place, stakes, settings or house rules (options, resettle)",
            _answer("the settings now", "Settings"),
            WRITE_ERRORS,
            (*S, IF_MATCH),
            body="SettingsChange",
        ),
    },
    "/api/v1/sessions/{session_id}/hands": {
        "post": _op(
            "record a hand (If-Match: the session's version)",
            _answer("recorded", "HandEntry", "201"),
            WRITE_ERRORS,
            (*S, LANG, IF_MATCH),
            body="Hand",
        ),
    },
    "/api/v1/sessions/{session_id}/preview": {
        "post": _op(
            "settle a hand without recording it",
            _answer("the hand settled", {"type": "object", "required": ["result"]}),
            ("400", "401", "403", "404", "413", "415", "422", "503"),
            (*S, LANG),
            body="Hand",
        ),
    },
    "/api/v1/sessions/{session_id}/hands/{number}": {
        "get": _op(
            "one hand and its result",
            {**_answer("the hand", "HandEntry"), **NOT_MODIFIED},
            READ_ERRORS,
            (*H, LANG, TOKEN, IF_NONE_MATCH),
            edit=False,
        ),
        "put": _op(
            "replace hand n (If-Match or body version: the hand's)",
            _answer("the hand now", "HandEntry"),
            WRITE_ERRORS,
            (*H, LANG, IF_MATCH),
            body="Hand",
        ),
        "delete": _op(
            "delete hand n (kept: it can be restored)",
            {"204": {"description": "deleted; later hands move up one number"}},
            WRITE_ERRORS,
            (*H, IF_MATCH, _query("version", VERSION, "the hand's version you saw")),
        ),
    },
    "/api/v1/sessions/{session_id}/hands/{number}/history": {
        "get": _op(
            "every change of hand n, oldest first",
            _answer("its history", _list("history", "HistoryEntry", number={"type": "integer"})),
            READ_ERRORS,
            (*H, TOKEN),
            edit=False,
        ),
    },
    "/api/v1/sessions/{session_id}/history": {
        "get": _op(
            "every change of the session and its hands, oldest first",
            _answer("the history", _list("history", "HistoryEntry")),
            READ_ERRORS,
            (*S, TOKEN),
            edit=False,
        ),
    },
    "/api/v1/sessions/{session_id}/deleted-hands": {
        "get": _op(
            "the deleted hands, most recently deleted first",
            _answer("deleted hands", _list("deleted_hands", "DeletedHand")),
            READ_ERRORS,
            (*S, TOKEN),
            edit=False,
        ),
    },
    "/api/v1/sessions/{session_id}/deleted-hands/{hand_id}/restore": {
        "post": _op(
            "bring a deleted hand back to its place",
            _answer("the hand, at its number", "HandEntry"),
            ("401", "403", "404", "409", "503"),
            (*S, _path("hand_id")),
        ),
    },
    "/api/v1/sessions/{session_id}/players": {
        "patch": _op(
            "rename a player, seat a late arrival, let a player leave (one at a time)",
            _answer("the players now", "Players"),
            WRITE_ERRORS,
            (*S, IF_MATCH),
            body="PlayersChange",
        ),
    },
    "/api/v1/sessions/{session_id}/options/preview": {
        "post": _op(
            "what new house rules would change if the recorded hands were re-settled",
            _answer("the difference", "OptionsPreview"),
            ("400", "401", "403", "404", "413", "415", "422", "503"),
            (*S, LANG),
            body="OptionsPreviewBody",
        ),
    },
    "/api/v1/sessions/{session_id}/history/{entry_id}/undo": {
        "post": _op(
            "undo a change of the evening: settings, house rules, rename, join, leave",
            _answer("what the undo recorded", "Undone"),
            ("401", "403", "404", "409", "503"),
            (*S, _path("entry_id")),
        ),
    },
    "/api/v1/sessions/{session_id}/history/{entry_id}/restore": {
        "post": _op(
            "bring back the deleted hand a history entry is about",
            _answer("the hand, at its number", "HandEntry"),
            ("401", "403", "404", "409", "503"),
            (*S, _path("entry_id")),
        ),
    },
}
G = (_path("group_id"),)
GROUP_QUERY = (
    _query("period", {"enum": ["all", "month", "season"]}, "which evenings count (default all)"),
    _query("from", {"type": "string", "format": "date"}, "the first day counted"),
    _query("to", {"type": "string", "format": "date"}, "the last day counted"),
    _query(
        "game", {"type": "string"}, "one game only (the game its rulesets name as their scorer)"
    ),
    _query("method", {"enum": ["minimal", "banker", "pairwise"]}, "how to settle up"),
    _query("banker", {"type": "string"}, "the banker, for method=banker"),
)
STANDING = _obj(
    ["units", "money", "evenings", "hands"],
    units={"type": "integer"},
    money={"type": "string", "description": "exact, a decimal string"},
    evenings={"type": "integer"},
    hands={"type": "integer", "description": "hands played, sitting out excluded"},
    games={"type": "object", "description": "the same, per game"},
)
SCHEMAS["Group"] = _obj(
    ["id", "name", "season", "members", "period", "evenings", "players", "standings"],
    id={"type": "integer"},
    name={"type": "string"},
    season=_obj(["start", "end"], start=DATE, end=DATE),
    view_url={"type": "string"},
    members={"type": "array", "items": {"type": "string"}},
    period=_obj(["kind", "from", "to"], kind={"type": "string"}, **{"from": DATE, "to": DATE}),
    game={"type": ["string", "null"]},
    games={"type": "array", "items": {"type": "string"}},
    evenings={"type": "array", "items": {"type": "object"}},
    players={"type": "array", "items": {"type": "string"}},
    standings={"type": "object", "additionalProperties": STANDING},
    running={"type": "array", "items": {"type": "object"}, "description": "cumulative units"},
    settlement={"type": ["object", "null"], "description": "balances and transfers"},
)
GROUP_ERRORS = {
    "400": "a bad period, game or method in the query; `key` names it",
    "401": "no token",
    "403": "the token does not open this group (an id no group has answers so too)",
    "404": "not a group's address (an id beyond 32 bits)",
    "503": "the database is busy; try again in a moment",
}
PATHS["/api/v1/groups/{group_id}/stats"] = {
    "get": {
        **_op(
            "the statistics of a group's evenings over a period (every player's numbers)",
            _answer("the statistics", "GroupStats"),
            (),
            (*G, *GROUP_QUERY[:4], TOKEN),
            edit=False,
        ),
        "responses": {
            **_answer("the statistics", "GroupStats"),
            **{c: {"description": d, **_json(_ref("Error"))} for c, d in GROUP_ERRORS.items()},
        },
    }
}
SCHEMAS["GroupStats"] = _obj(
    ["id", "period", "evenings", "players"],
    id={"type": "integer"},
    period={"type": "object"},
    evenings={"type": "array", "items": {"type": "integer"}, "description": "session ids"},
    players={
        "type": "object",
        "description": "per player: hands, sat_out, declared, declared_won, units, "
        "as_declarer, otherwise, biggest_win, biggest_loss, best_evening, worst_evening, "
        "streaks, games (each game's own)",
    },
)
PATHS["/api/v1/groups/{group_id}"] = {
    "get": {
        **_op(
            "a group: its members, evenings, standings over a period, who pays whom",
            _answer("the group", "Group"),
            (),
            (*G, *GROUP_QUERY, TOKEN),
            edit=False,
        ),
        "responses": {
            **_answer("the group", "Group"),
            **{c: {"description": d, **_json(_ref("Error"))} for c, d in GROUP_ERRORS.items()},
        },
    }
}
SECURITY_SCHEMES = {
    "edit": {"type": "http", "scheme": "bearer", "description": "the edit token"},
    "view": {"type": "http", "scheme": "bearer", "description": "the view token"},
    "viewQuery": {"type": "apiKey", "in": "query", "name": "token"},
}
DOCUMENT = {
    "openapi": "3.1.0",
    "info": {
        "title": "Card ledger API",
        "version": "1",
        "description": (
            "Sessions and hands of every registered game in the hand format. Writes need the "
            "edit token; reads take the view token too. A write may name the version it saw "
            "(If-Match, or `version` in the body); when it moved on the answer is 409 with the "
            "current state. Without a version the last writer wins."
        ),
    },
    "paths": PATHS,
    "components": {"schemas": SCHEMAS, "securitySchemes": SECURITY_SCHEMES},
}


def document() -> dict[str, Any]:
    """The OpenAPI document (a fresh copy: callers may change it)."""
    return copy.deepcopy(DOCUMENT)

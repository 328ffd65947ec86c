"""The sessions' and hands' operations (``paths``), each with its answers and errors."""

from __future__ import annotations

from typing import Any

from .schemas import EXAMPLES, VERSION, obj, ref

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


def path_param(name: str) -> dict[str, Any]:
    return {"name": name, "in": "path", "required": True, "schema": ID_SCHEMA}


def query_param(name: str, schema: dict[str, Any], description: str) -> dict[str, Any]:
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
LANG = query_param(
    "lang",
    {"type": "string"},
    "hu, de: explanations and refusals in Hungarian, German (default en)",
)
TOKEN = query_param("token", {"type": "string"}, "the view (or edit) token, for reading")


def as_json(schema: dict[str, Any]) -> dict[str, Any]:
    return {"content": {"application/json": {"schema": schema}}}


def operation(
    summary: str,
    ok: dict[str, Any],
    errors: tuple[str, ...],
    params: tuple[dict[str, Any], ...] = (),
    body: str | None = None,
    edit: bool = True,
) -> dict[str, Any]:
    responses = dict(ok)
    for code in errors:
        schema = ref("Conflict" if code == "409" else "Error")
        responses[code] = {"description": MESSAGES[code], **as_json(schema)}
    out: dict[str, Any] = {"summary": summary, "parameters": list(params), "responses": responses}
    out["security"] = [{"edit": []}] if edit else [{"edit": []}, {"view": []}, {"viewQuery": []}]
    if body:
        content = as_json(ref(body))
        if body in EXAMPLES:
            content["content"]["application/json"]["example"] = EXAMPLES[body]
        out["requestBody"] = {"required": True, **content}
    return out


def answer(description: str, schema: str | dict, code: str = "200") -> dict[str, Any]:
    """One answer: a schema by name (a component) or given in place."""
    return {
        code: {
            "description": description,
            **as_json(ref(schema) if isinstance(schema, str) else schema),
        }
    }


def listing(key: str, item: str, **more: Any) -> dict[str, Any]:
    return obj([key, *more], **{key: {"type": "array", "items": ref(item)}}, **more)


S = (path_param("session_id"),)
H = (*S, path_param("number"))
NOT_MODIFIED = {"304": {"description": MESSAGES["304"]}}
PATHS = {
    "/api/v1/openapi.json": {
        "get": {
            "summary": "this description",
            "security": [],
            "responses": {"200": {"description": "OpenAPI 3.1", **as_json({"type": "object"})}},
        }
    },
    "/api/v1/catalogue": {
        "get": {
            "summary": "every ruleset: its house rules, its game's contracts and hand form",
            "security": [],
            "parameters": [LANG],
            "responses": {
                "200": {
                    "description": "the rulesets, each with `options`, `contracts` and `form`",
                    **as_json(
                        {
                            "type": "object",
                            "required": ["rulesets"],
                            "properties": {
                                "rulesets": {
                                    "type": "array",
                                    "items": {
                                        "type": "object",
                                        "required": ["id", "scorer", "options", "contracts"],
                                    },
                                }
                            },
                        }
                    ),
                },
                "503": {"description": MESSAGES["503"], **as_json(ref("Error"))},
            },
        }
    },
    "/api/v1/sessions/{session_id}/catalogue": {
        "get": operation(
            "what a hand of the session may hold: its game's contracts and hand form",
            answer(
                "the game's `form_catalogue` keys and the form as data (`description`)",
                {"type": "object", "required": ["description"]},
            ),
            READ_ERRORS,
            (*S, LANG, TOKEN),
            edit=False,
        )
    },
    "/api/v1/sessions": {
        "post": {
            **operation(
                "start a session (hands included)",
                answer("created", "Created", "201"),
                ("400", "409", "413", "415", "422", "503"),
                body="SessionBody",
            ),
            "security": [],
        }
    },
    "/api/v1/sessions/{session_id}": {
        "get": operation(
            "the session, its hands, results and totals",
            {**answer("the session", "Session"), **NOT_MODIFIED},
            READ_ERRORS,
            (*S, LANG, TOKEN, IF_NONE_MATCH),
            edit=False,
        ),
        "patch": operation(
            "change name, date, place, stakes, settings or house rules (options, resettle)",
            answer("the settings now", "Settings"),
            WRITE_ERRORS,
            (*S, IF_MATCH),
            body="SettingsChange",
        ),
    },
    "/api/v1/sessions/{session_id}/hands": {
        "post": operation(
            "record a hand (If-Match: the session's version)",
            answer("recorded", "HandEntry", "201"),
            WRITE_ERRORS,
            (*S, LANG, IF_MATCH),
            body="Hand",
        ),
    },
    "/api/v1/sessions/{session_id}/preview": {
        "post": operation(
            "settle a hand without recording it",
            answer("the hand settled", {"type": "object", "required": ["result"]}),
            ("400", "401", "403", "404", "413", "415", "422", "503"),
            (*S, LANG),
            body="Hand",
        ),
    },
    "/api/v1/sessions/{session_id}/hands/{number}": {
        "get": operation(
            "one hand and its result",
            {**answer("the hand", "HandEntry"), **NOT_MODIFIED},
            READ_ERRORS,
            (*H, LANG, TOKEN, IF_NONE_MATCH),
            edit=False,
        ),
        "put": operation(
            "replace hand n (If-Match or body version: the hand's)",
            answer("the hand now", "HandEntry"),
            WRITE_ERRORS,
            (*H, LANG, IF_MATCH),
            body="Hand",
        ),
        "delete": operation(
            "delete hand n (kept: it can be restored)",
            {"204": {"description": "deleted; later hands move up one number"}},
            WRITE_ERRORS,
            (*H, IF_MATCH, query_param("version", VERSION, "the hand's version you saw")),
        ),
    },
    "/api/v1/sessions/{session_id}/hands/{number}/history": {
        "get": operation(
            "every change of hand n, oldest first",
            answer("its history", listing("history", "HistoryEntry", number={"type": "integer"})),
            READ_ERRORS,
            (*H, TOKEN),
            edit=False,
        ),
    },
    "/api/v1/sessions/{session_id}/history": {
        "get": operation(
            "every change of the session and its hands, oldest first",
            answer("the history", listing("history", "HistoryEntry")),
            READ_ERRORS,
            (*S, TOKEN),
            edit=False,
        ),
    },
    "/api/v1/sessions/{session_id}/deleted-hands": {
        "get": operation(
            "the deleted hands, most recently deleted first",
            answer("deleted hands", listing("deleted_hands", "DeletedHand")),
            READ_ERRORS,
            (*S, TOKEN),
            edit=False,
        ),
    },
    "/api/v1/sessions/{session_id}/deleted-hands/{hand_id}/restore": {
        "post": operation(
            "bring a deleted hand back to its place",
            answer("the hand, at its number", "HandEntry"),
            ("401", "403", "404", "409", "503"),
            (*S, path_param("hand_id")),
        ),
    },
    "/api/v1/sessions/{session_id}/players": {
        "patch": operation(
            "rename a player, seat a late arrival, let a player leave (one at a time)",
            answer("the players now", "Players"),
            WRITE_ERRORS,
            (*S, IF_MATCH),
            body="PlayersChange",
        ),
    },
    "/api/v1/sessions/{session_id}/options/preview": {
        "post": operation(
            "what new house rules would change if the recorded hands were re-settled",
            answer("the difference", "OptionsPreview"),
            ("400", "401", "403", "404", "413", "415", "422", "503"),
            (*S, LANG),
            body="OptionsPreviewBody",
        ),
    },
    "/api/v1/sessions/{session_id}/history/{entry_id}/undo": {
        "post": operation(
            "undo a change of the evening: settings, house rules, rename, join, leave",
            answer("what the undo recorded", "Undone"),
            ("401", "403", "404", "409", "503"),
            (*S, path_param("entry_id")),
        ),
    },
    "/api/v1/sessions/{session_id}/history/{entry_id}/restore": {
        "post": operation(
            "bring back the deleted hand a history entry is about",
            answer("the hand, at its number", "HandEntry"),
            ("401", "403", "404", "409", "503"),
            (*S, path_param("entry_id")),
        ),
    },
}

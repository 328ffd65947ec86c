"""The table agrees: seats on the players' phones, their verdicts, the scorer's answers."""

from __future__ import annotations

from typing import Any

from .paths import LANG, PATHS, READ_ERRORS, TOKEN, WRITE_ERRORS, answer, operation, path_param
from .schemas import NAME, SCHEMAS, obj

SEAT_ONLY = [{"seat": []}]
MODE = {"type": "string", "enum": ["one", "all", "off"]}
SCHEMAS["SeatClaim"] = obj(
    ["player"],
    player=NAME,
    pin={"type": "string", "description": "4 to 8 digits: no second phone takes the seat"},
    old_pin={"type": "string", "description": "the PIN of a seat kept by one"},
)
SCHEMAS["SeatClaimed"] = obj(
    ["player", "token"],
    player=NAME,
    token={"type": "string", "description": "the seat token: reads, and answers for him"},
)
SCHEMAS["Seats"] = obj(
    ["seats", "confirm_mode", "effective_mode", "settle_agreed"],
    seats={
        "type": "array",
        "items": obj(
            ["player", "claimed", "pin"],
            player=NAME,
            claimed={"type": "boolean"},
            pin={"type": "boolean"},
        ),
    },
    confirm_mode=MODE,
    effective_mode=MODE,
    settle_agreed={"type": "boolean"},
)
SCHEMAS["AgreementRules"] = obj(
    [],
    confirm_mode={**MODE, "description": "one player of the other side, all of them, or off"},
    settle_agreed={"type": "boolean", "description": "hold who pays whom until all agree"},
)
DISPUTE = obj(
    ["id", "player", "reason", "at"],
    id={"type": "integer"},
    player=NAME,
    reason={"type": "string"},
    proposal={"type": ["object", "null"]},
    at={"type": "string", "format": "date-time"},
)
SCHEMAS["Agreement"] = obj(
    ["confirm_mode", "effective_mode", "settle_agreed", "open", "disputed", "confirmed"]
    + ["pending", "held", "hands", "version"],
    confirm_mode=MODE,
    effective_mode=MODE,
    mode=MODE,
    settle_agreed={"type": "boolean"},
    open={"type": "integer"},
    disputed={"type": "integer"},
    confirmed={"type": "integer"},
    pending={"type": "integer", "description": "hands not yet agreed"},
    held={"type": "boolean", "description": "the settlement waits for the open hands"},
    version={"type": "integer"},
    hands={
        "type": "array",
        "items": obj(
            ["number", "status", "answered_by", "waiting", "disputes"],
            number={"type": "integer"},
            status={"type": "string", "enum": ["open", "confirmed", "disputed"]},
            answered_by={"type": "array", "items": NAME},
            waiting={"type": "array", "items": NAME},
            disputes={"type": "array", "items": DISPUTE},
        ),
    },
)
SCHEMAS["VerdictNew"] = obj(
    ["verdict"],
    verdict={"type": "string", "enum": ["confirm", "dispute"]},
    version={"type": "integer", "description": "the hand's version as the player saw it"},
    reason={"type": "string", "maxLength": 200},
    proposal={"type": "object", "description": "the hand as the player says it was"},
)
SCHEMAS["Verdict"] = obj(
    ["id", "number", "player", "verdict"],
    id={"type": "integer"},
    number={"type": "integer"},
    player=NAME,
    verdict={"type": "string"},
)
SCHEMAS["Verdicts"] = obj(
    ["number", "verdicts"],
    number={"type": "integer"},
    verdicts={"type": "array", "items": {"type": "object"}},
)
SCHEMAS["DisputeAnswer"] = obj(
    ["answer"],
    answer={"type": "string", "enum": ["kept", "accepted"]},
    text={"type": "string", "maxLength": 200},
)
S = (path_param("session_id"),)
H = (*S, path_param("number"))


def _seat(op: dict[str, Any]) -> dict[str, Any]:
    op["security"] = SEAT_ONLY
    return op


def _seat_or_view(op: dict[str, Any]) -> dict[str, Any]:
    op["security"] = [*op["security"], {"seat": []}]
    return op


PATHS["/api/v1/sessions/{session_id}/seats"] = {
    "get": operation(
        "who claimed which seat", answer("the seats", "Seats"), READ_ERRORS, (*S, LANG)
    ),
    "post": _seat_or_view(
        operation(
            "claim a seat on this phone (the view token); answers the seat token",
            answer("claimed", "SeatClaimed", "201"),
            WRITE_ERRORS,
            S,
            body="SeatClaim",
            edit=False,
        )
    ),
}
PATHS["/api/v1/sessions/{session_id}/seats/{player}"] = {
    "delete": operation(
        "free a seat: its token opens nothing any more",
        answer("freed", {"type": "object"}),
        ("401", "403", "404", "409", "503"),
        (*S, path_param("player") | {"schema": NAME}),
    ),
}
PATHS["/api/v1/sessions/{session_id}/agreement"] = {
    "get": _seat_or_view(
        operation(
            "each hand's mark: open, confirmed (by whom) or disputed",
            answer("the marks", "Agreement"),
            READ_ERRORS,
            (*S, TOKEN),
            edit=False,
        )
    ),
    "put": operation(
        "who confirms a hand, and whether the settlement waits for all",
        answer("the marks", "Agreement"),
        WRITE_ERRORS,
        S,
        body="AgreementRules",
    ),
}
PATHS["/api/v1/sessions/{session_id}/hands/{number}/verdicts"] = {
    "get": _seat_or_view(
        operation(
            "who confirmed, disputed and answered the hand, and when",
            answer("its history", "Verdicts"),
            READ_ERRORS,
            (*H, TOKEN),
            edit=False,
        )
    ),
    "post": _seat(
        operation(
            "confirm or dispute the hand as it is now (a seat token of its other side)",
            answer("given", "Verdict", "201"),
            WRITE_ERRORS,
            H,
            body="VerdictNew",
        )
    ),
}
PATHS["/api/v1/sessions/{session_id}/disputes/{dispute_id}/answer"] = {
    "post": operation(
        "answer a dispute: the hand stands (kept), or becomes the proposal (accepted: the"
        " edit and the answer in one transaction; 404 if the seat replaced or withdrew the"
        " dispute meanwhile, 409 with code no_proposal where it proposes no hand)",
        answer("answered", {"type": "object"}),
        WRITE_ERRORS,
        (*S, path_param("dispute_id")),
        body="DisputeAnswer",
    ),
}
SCHEMAS["DisputeAmend"] = obj(
    [],
    reason={"type": "string", "maxLength": 200, "description": "absent: the old one stays"},
    proposal={
        "type": ["object", "null"],
        "description": "the hand as the player says it was; null takes the proposal back;"
        " absent: the old one stays",
    },
)
SCHEMAS["DisputeStep"] = obj(
    ["id", "number", "player", "verdict", "reason", "proposal"],
    id={"type": "integer", "description": "the new row: the dispute's id from now on"},
    number={"type": "integer"},
    player=NAME,
    verdict={"type": "string", "enum": ["dispute", "withdraw"]},
    reason={"type": "string"},
    proposal={"type": ["object", "null"]},
)
OWN_DISPUTE_ERRORS = ("400", "401", "403", "404", "409", "413", "415", "422", "503")
PATHS["/api/v1/sessions/{session_id}/disputes/{dispute_id}"] = {
    "put": _seat(
        operation(
            "say the seat's own open dispute again (a new reason or proposal) until the"
            " scorer answers it; another player's: 403, answered or the hand edited: 409",
            answer("the dispute as it now stands", "DisputeStep"),
            OWN_DISPUTE_ERRORS,
            (*S, path_param("dispute_id")),
            body="DisputeAmend",
        )
    ),
    "delete": _seat(
        operation(
            "withdraw the seat's own open dispute: the hand waits for its word again",
            answer("withdrawn", "DisputeStep"),
            ("401", "403", "404", "409", "503"),
            (*S, path_param("dispute_id")),
        )
    ),
}

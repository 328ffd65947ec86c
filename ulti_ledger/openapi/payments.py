"""Settling up: the payments of an evening or a group, and what remains owed."""

from __future__ import annotations

from .paths import PATHS, READ_ERRORS, TOKEN, WRITE_ERRORS, answer, operation, path_param
from .schemas import NAME, SCHEMAS, obj, ref

MONEY_TEXT = {"type": "string", "description": "exact, a decimal string in the currency"}
SCHEMAS["Payment"] = obj(
    ["id", "from", "to", "amount", "amount_minor", "currency", "paid_on"],
    id={"type": "integer"},
    **{"from": NAME, "to": NAME},
    amount=MONEY_TEXT,
    amount_minor={
        "type": "integer",
        "description": "the exact amount in the currency's minor unit (HUF: forint, EUR: cent)",
    },
    currency={"type": "string"},
    paid_on={"type": "string", "format": "date"},
    session_id={"type": ["integer", "null"], "description": "the evening it was marked on"},
    group_id={"type": ["integer", "null"], "description": "the group it was marked on"},
)
SCHEMAS["PaymentNew"] = obj(
    ["from", "to", "amount"],
    **{"from": NAME, "to": NAME},
    amount={
        "type": ["string", "integer"],
        "description": 'what was paid, such as "3000" or "2,50"; at most what the payer '
        "still owes and the payee is still owed",
    },
    paid_on={"type": "string", "format": "date", "description": "default: today"},
    currency={"type": "string", "description": "a group's: which of its currencies"},
)


def transfers_paid(**extra: dict) -> dict:
    """The fewest transfers, each with what was paid and what remains (and ``extra``)."""
    item = obj(
        ["from", "to", "amount", "paid", "remaining"],
        **{"from": NAME, "to": NAME},
        amount=MONEY_TEXT,
        paid=MONEY_TEXT,
        remaining=MONEY_TEXT,
        **extra,
    )
    return {
        "type": "array",
        "items": item,
        "description": "the fewest transfers, each with what was paid and what remains",
    }


SCHEMAS["SettleUp"] = obj(
    ["currency", "transfers", "payments", "owed", "paid", "remaining", "balances", "settled"],
    currency={"type": "string"},
    transfers=transfers_paid(remaining_minor={"type": "integer"}),
    payments={"type": "array", "items": ref("Payment")},
    other={"type": "array", "items": {"type": "object"}, "description": "paid on no transfer"},
    owed=MONEY_TEXT,
    paid=MONEY_TEXT,
    remaining=MONEY_TEXT,
    owed_minor={"type": "integer", "description": "owed_minor = paid_minor + remaining_minor"},
    paid_minor={"type": "integer"},
    remaining_minor={"type": "integer"},
    balances={
        "type": "object",
        "additionalProperties": {"type": "string"},
        "description": "each player's balance after the payments",
    },
    settled={"type": "boolean", "description": "something was owed, and all of it is paid"},
)
SCHEMAS["PaymentMade"] = obj(
    ["from", "to", "amount", "amount_minor", "currency", "paid_on"],
    **{"from": NAME, "to": NAME},
    amount=MONEY_TEXT,
    amount_minor={"type": "integer"},
    currency={"type": "string"},
    paid_on={"type": "string", "format": "date"},
)
SCHEMAS["EveningSettleUp"] = obj(
    ["owed", "paid", "remaining", "settled", "transfers"],
    owed=MONEY_TEXT,
    paid=MONEY_TEXT,
    remaining=MONEY_TEXT,
    settled={"type": "boolean", "description": "something was owed, and all of it is paid"},
    transfers=transfers_paid(),
)
SCHEMAS["SessionPayments"] = {
    "allOf": [
        ref("SettleUp"),
        obj(["session_id", "version"], session_id={"type": "integer"}, version={"type": "integer"}),
    ]
}
SCHEMAS["GroupPayments"] = obj(
    ["group_id", "settlements"],
    group_id={"type": "integer"},
    settlements={"type": "array", "items": ref("SettleUp"), "description": "per currency"},
)
S = (path_param("session_id"),)
G = (path_param("group_id"),)
P = (path_param("payment_id"),)
ERRORS_404 = tuple(c for c in WRITE_ERRORS if c != "409")
PATHS["/api/v1/sessions/{session_id}/payments"] = {
    "get": operation(
        "the evening's payments, and per transfer what was paid and what remains",
        answer("paid and remaining", "SessionPayments"),
        READ_ERRORS,
        (*S, TOKEN),
        edit=False,
    ),
    "post": operation(
        "mark a transfer paid, in whole or in part (the edit token)",
        answer("recorded", {"type": "object"}, "201"),
        WRITE_ERRORS,
        S,
        body="PaymentNew",
    ),
}
PATHS["/api/v1/sessions/{session_id}/payments/{payment_id}"] = {
    "delete": operation(
        "undo a payment: what it paid is owed again",
        answer("undone", {"type": "object"}),
        ("401", "403", "404", "409", "503"),
        (*S, *P),
    ),
}
PATHS["/api/v1/groups/{group_id}/payments"] = {
    "get": operation(
        "the group's payments (its own and its evenings'), and what remains",
        answer("paid and remaining", "GroupPayments"),
        READ_ERRORS,
        (*G, TOKEN),
        edit=False,
    ),
    "post": operation(
        "mark a transfer of the group's standings paid (the group's edit token)",
        answer("recorded", {"type": "object"}, "201"),
        WRITE_ERRORS,
        G,
        body="PaymentNew",
    ),
}
PATHS["/api/v1/groups/{group_id}/payments/{payment_id}"] = {
    "delete": operation(
        "undo a payment marked on the group",
        answer("undone", {"type": "object"}),
        ("401", "403", "404", "409", "503"),
        (*G, *P),
    ),
}

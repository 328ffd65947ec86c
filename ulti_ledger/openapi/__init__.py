"""The JSON API described in OpenAPI 3.1, written by hand next to the views it describes.

Served at ``/api/v1/openapi.json``. A test checks that every API route of the app is
described here, and a fuzzing test (schemathesis) drives the API from this description
and checks the answers against it, so the two cannot drift apart quietly. The schemas
describe what the API takes and answers; the ledger still decides what a hand means.
"""

from __future__ import annotations

import copy
from typing import Any

from . import payments as _payments  # noqa: F401  (its paths and schemas)
from . import seats as _seats  # noqa: F401  (its paths and schemas)
from .groups import PATHS, SCHEMAS
from .paths import as_json
from .schemas import ref

SECURITY_SCHEMES = {
    "edit": {"type": "http", "scheme": "bearer", "description": "the edit token"},
    "view": {"type": "http", "scheme": "bearer", "description": "the view token"},
    "viewQuery": {"type": "apiKey", "in": "query", "name": "token"},
    "seat": {"type": "http", "scheme": "bearer", "description": "a seat token (a player's)"},
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
            "current state. Without a version the last writer wins. Every write honours "
            "Idempotency-Key (the IETF draft's semantics), kept 24 hours and scoped by the "
            "bearer token that sent it: the same request sent again with the same key is "
            "answered as the first was, with Idempotent-Replayed: true, and writes nothing "
            "more. The same request means the same method, path, query and parsed body (JSON "
            "key order and spacing do not matter). The key with another request is 422 "
            "`idempotency_key_reused`; while the first request's answer is still being made, "
            "409 `idempotency_key_in_progress` (try again); if its worker died after the write "
            'was recorded, the retry gets a rebuilt answer, `{"recorded": true}` with the '
            "hand's `number` or the created `id`. A key sent without a token (POST /sessions) "
            "is never replayed: its answer holds the edit token, so the retry is 409 "
            "`idempotency_key_replayed_without_capability` with the created `id` only."
        ),
    },
    "paths": PATHS,
    "components": {"schemas": SCHEMAS, "securitySchemes": SECURITY_SCHEMES},
}


IDEMPOTENCY_KEY = {
    "name": "Idempotency-Key",
    "in": "header",
    "required": False,
    "schema": {"type": "string", "minLength": 1, "maxLength": 257, "pattern": "^[ -~]+$"},
    "description": (
        "a key unique to this request (a UUID); a retry with the same key and request gets "
        "the first answer again (Idempotent-Replayed: true) and writes nothing more; scoped "
        "by the bearer token, kept 24 hours"
    ),
}
WRITES = ("post", "put", "patch", "delete")
KEY_ANSWERS = {
    "400": "a malformed Idempotency-Key",
    "409": (
        "a request with this Idempotency-Key is still being answered "
        "(`idempotency_key_in_progress`), or it was answered without a token and is not "
        "replayed (`idempotency_key_replayed_without_capability`, with the created `id`)"
    ),
    "422": "this Idempotency-Key was used for another request",
}


def _with_idempotency(paths: dict[str, Any]) -> dict[str, Any]:
    """Every write takes Idempotency-Key (``idempotency.py`` honours it app-wide)."""
    for item in paths.values():
        for method in WRITES:
            if method in item:
                params = item[method].setdefault("parameters", [])
                if IDEMPOTENCY_KEY not in params:
                    params.append(IDEMPOTENCY_KEY)
                answers = item[method]["responses"]
                for code, text in KEY_ANSWERS.items():
                    answers.setdefault(code, {"description": text, **as_json(ref("Error"))})
    return paths


_with_idempotency(DOCUMENT["paths"])


def document() -> dict[str, Any]:
    """The OpenAPI document (a fresh copy: callers may change it)."""
    return copy.deepcopy(DOCUMENT)

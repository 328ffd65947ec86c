"""The JSON API described in OpenAPI 3.1, written by hand next to the views it describes.

Served at ``/api/v1/openapi.json``. A test checks that every API route of the app is
described here, and a fuzzing test (schemathesis) drives the API from this description
and checks the answers against it, so the two cannot drift apart quietly. The schemas
describe what the API takes and answers; the ledger still decides what a hand means.
"""

from __future__ import annotations

import copy
from typing import Any

from .groups import PATHS, SCHEMAS

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

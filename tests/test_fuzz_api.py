"""The API against its own OpenAPI description: every route described, no 5xx under fuzzing.

schemathesis generates requests from ``ulti_ledger.openapi`` (valid ones, and in the
negative mode invalid ones) and sends them to the app in-process (WSGI). Each answer
must be a documented status with a documented content type and match its schema; no
answer may be a 5xx. Path parameters and the token are fixed to a real session, so the
requests get past authentication into the ledger. Derandomized: the same cases each run.
"""

import re

import pytest
import schemathesis
from hypothesis import HealthCheck, Phase, given, settings
from schemathesis import GenerationMode
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from ulti_ledger.openapi import document

EXAMPLES = 25
CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
]


def described_path(rule: str) -> str:
    """``/sessions/<int(max=9):session_id>`` as OpenAPI writes it: ``/sessions/{session_id}``."""
    return re.sub(r"<(?:[^:>]+:)?([^>]+)>", r"{\1}", rule)


def test_every_api_route_is_described_and_nothing_else(app):
    paths = document()["paths"]
    routes = {}
    for rule in app.url_map.iter_rules():
        if rule.rule.startswith("/api/"):
            methods = {m.lower() for m in rule.methods - {"HEAD", "OPTIONS"}}
            routes.setdefault(described_path(rule.rule), set()).update(methods)
    assert routes == {path: set(operations) for path, operations in paths.items()}


def test_the_description_is_served_and_valid_openapi(client):
    response = client.get("/api/v1/openapi.json")
    assert response.status_code == 200
    assert response.get_json() == document()
    schemathesis.openapi.from_dict(document()).validate()


@pytest.mark.parametrize("mode", [GenerationMode.POSITIVE, GenerationMode.NEGATIVE])
def test_fuzzing_from_the_description_finds_no_server_error(app, session_body, hand, mode):
    client = app.test_client()
    created = client.post("/api/v1/sessions", json={**session_body, "hands": [hand(), hand()]})
    session = created.get_json()
    schema = schemathesis.openapi.from_wsgi("/api/v1/openapi.json", app)
    headers = {"Authorization": f"Bearer {session['edit_token']}"}
    fixed = {"session_id": session["id"], "number": 1}
    for result in schema.get_all_operations():
        operation = result.ok()
        names = {p.name for p in operation.path_parameters}
        strategy = operation.as_strategy(
            generation_mode=mode,
            path_parameters={k: v for k, v in fixed.items() if k in names},
            headers=headers,
        )
        _drive(strategy)


def _drive(strategy) -> None:
    @settings(
        max_examples=EXAMPLES,
        derandomize=True,
        deadline=None,
        database=None,
        phases=[Phase.explicit, Phase.generate],
        suppress_health_check=list(HealthCheck),
    )
    @given(case=strategy)
    def run(case):
        response = case.call()
        case.validate_response(response, checks=CHECKS)

    run()

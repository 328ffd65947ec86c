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

from ulti_ledger import groups
from ulti_ledger.openapi import document

EXAMPLES = 25
GROUP_EXAMPLES = 20
"""Per operation and mode: the group's standings and statistics settle every evening."""
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
    for operation in _operations(schema, groups=False):
        names = {p.name for p in operation.path_parameters}
        strategy = operation.as_strategy(
            generation_mode=mode,
            path_parameters={k: v for k, v in fixed.items() if k in names},
            headers=headers,
        )
        _drive(strategy)


@pytest.mark.parametrize("mode", [GenerationMode.POSITIVE, GenerationMode.NEGATIVE])
def test_fuzzing_the_groups_and_their_statistics_finds_no_server_error(
    app, session_body, hand, mode
):
    """The group, its statistics, adding an evening and its payments, with the group's
    edit token and a group of two evenings (one it may change, one it reads), so that the
    requests get past authentication into the standings, the periods, the statistics and
    the settling up."""
    client = app.test_client()
    evenings = [
        client.post("/api/v1/sessions", json={**session_body, "hands": [hand(), hand()]})
        for _ in range(2)
    ]
    with app.app_context():
        group = groups.create_group("Kör", "2020-01-01", "2030-12-31")
        group_id, token = group.id, group.edit_token
    headers = {"Authorization": f"Bearer {token}"}
    for made, key in zip(evenings, ("edit_token", "view_url"), strict=True):
        pasted = made.get_json()[key]
        added = client.post(
            f"/api/v1/groups/{group_id}/evenings", json={"evening": pasted}, headers=headers
        )
        assert added.status_code == 201
    schema = schemathesis.openapi.from_wsgi("/api/v1/openapi.json", app)
    fixed = {"group_id": group_id, "payment_id": 1}
    for operation in _operations(schema, groups=True):
        names = {p.name for p in operation.path_parameters}
        strategy = operation.as_strategy(
            generation_mode=mode,
            path_parameters={k: v for k, v in fixed.items() if k in names},
            headers=headers,
        )
        statuses = _drive(strategy, GROUP_EXAMPLES)
        reads = operation.method.upper() == "GET"  # a made-up evening token opens nothing
        if mode == GenerationMode.POSITIVE and reads:  # past the token, into the group's work
            assert any(s < 300 for s in statuses), (operation.label, statuses)


def _operations(schema, groups: bool) -> list:
    """The described operations on a group (``groups``), or all the others."""
    found = [result.ok() for result in schema.get_all_operations()]
    on_group = [o for o in found if "group_id" in {p.name for p in o.path_parameters}]
    # the group, its statistics, adding an evening, its payments (read, add, delete one)
    assert not groups or len(on_group) == 6
    return on_group if groups else [o for o in found if o not in on_group]


def _drive(strategy, examples: int = EXAMPLES) -> set[int]:
    """Send the strategy's cases; the statuses answered."""

    @settings(
        max_examples=examples,
        derandomize=True,
        deadline=None,
        database=None,
        phases=[Phase.explicit, Phase.generate],
        suppress_health_check=list(HealthCheck),
    )
    @given(case=strategy)
    def run(case):
        response = case.call()
        statuses.add(response.status_code)
        case.validate_response(response, checks=CHECKS)

    statuses: set[int] = set()
    run()
    return statuses

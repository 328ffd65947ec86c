"""A download's file name and the API's title name the evening's game, not always Ulti."""

from __future__ import annotations

import pytest

SEATS = ["Anna", "Béla", "Csaba", "Dóra"]


def _view_path(client, ruleset):
    body = {
        "format": "ulti-ledger/session@1",
        "ruleset": ruleset,
        "players": SEATS,
        "name": "Péntek este",
        "date": "2026-12-04",
        "unit_value": {"amount": "10", "currency": "HUF"},
    }
    created = client.post("/api/v1/sessions", json=body)
    assert created.status_code == 201, created.get_json()
    return created.get_json()["view_url"].split("//", 1)[1].split("/", 1)[1]


def _filename(response):
    disposition = response.headers["Content-Disposition"]
    assert "attachment" in disposition or "inline" in disposition
    return disposition.split("filename=", 1)[1].strip('"')


@pytest.mark.db
@pytest.mark.parametrize(("ruleset", "game"), [("snapszer", "snapszer"), ("ulti", "ulti")])
def test_each_download_is_named_after_the_evenings_game(client, ruleset, game):
    path = _view_path(client, ruleset)
    for page, extension in (
        ("scoresheet.pdf", "pdf"),
        ("hands.csv", "csv"),
        ("session.json", "json"),
    ):
        response = client.get(f"/{path}/{page}")
        assert response.status_code == 200
        assert _filename(response) == f"{game}-2026-12-04-pentek-este.{extension}"


def test_the_api_title_names_no_game(client):
    info = client.get("/api/v1/openapi.json").get_json()["info"]
    assert info["title"] == "Card ledger API"
    assert "ulti" not in info["title"].lower()

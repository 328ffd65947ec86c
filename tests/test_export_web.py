"""The pages and downloads of the exports blueprint: scoresheet PDF, CSV, JSON, the import
form (CSRF-protected, rejecting a bad file whole) and the group settlement page."""

from __future__ import annotations

import io
import json
import re

import pytest
from pypdf import PdfReader

from tests.test_export import row_counts
from ulti_ledger import ledger


@pytest.fixture
def tokens(client, session_body, hand_kinds):
    body = {**session_body, "name": "Péntek este", "hands": list(hand_kinds.values())}
    created = client.post("/api/v1/sessions", json=body).get_json()
    return created["edit_token"], created["view_url"].rsplit("/", 1)[1]


def test_the_json_and_csv_downloads(client, tokens):
    _, view = tokens
    response = client.get(f"/s/{view}/session.json")
    assert response.status_code == 200
    assert response.mimetype == "application/json"
    assert "attachment" in response.headers["Content-Disposition"]
    assert "ulti-" in response.headers["Content-Disposition"]
    assert response.headers["Referrer-Policy"] == "no-referrer"
    assert json.loads(response.data)["name"] == "Péntek este"
    sheet = client.get(f"/s/{view}/hands.csv")
    assert sheet.status_code == 200 and sheet.mimetype == "text/csv"
    assert sheet.data.startswith("\ufeffLeosztás;".encode("utf-8"))
    assert client.get("/s/nope/session.json").status_code == 404


def test_the_edit_token_opens_the_downloads_too(client, tokens):
    edit, _ = tokens
    assert client.get(f"/s/{edit}/session.json").status_code == 200


def csrf_token(client) -> str:
    page = client.get("/import").get_data(as_text=True)
    return re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)


def test_importing_a_file_through_the_form(app, client, tokens):
    _, view = tokens
    exported = client.get(f"/s/{view}/session.json").data
    response = client.post(
        "/import",
        data={"csrf_token": csrf_token(client), "file": (io.BytesIO(exported), "este.json")},
        content_type="multipart/form-data",
    )
    assert response.status_code == 303
    assert response.headers["Location"].startswith("/e/")
    with app.app_context():
        new = ledger.session_by_token(response.headers["Location"].rsplit("/", 1)[1], "edit")
        assert ledger.session_export_json(new).encode() == exported


def test_a_bad_upload_shows_the_problem_and_writes_nothing(app, client, tokens):
    _, view = tokens
    document = json.loads(client.get(f"/s/{view}/session.json").data)
    document["hands"][2]["components"][0]["kontra"] = 9
    with app.app_context():
        before = row_counts()
    response = client.post(
        "/import",
        data={
            "csrf_token": csrf_token(client),
            "file": (io.BytesIO(json.dumps(document).encode()), "rossz.json"),
        },
        content_type="multipart/form-data",
    )
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert "hands[2].components[0].kontra: kontra level 9 is above" in page
    with app.app_context():
        assert row_counts() == before


def test_the_import_form_needs_its_csrf_token_and_a_file(client):
    without = client.post("/import", data={}, content_type="multipart/form-data")
    assert without.status_code == 400
    empty = client.post("/import", data={"csrf_token": csrf_token(client)})
    assert empty.status_code == 400 and "Válassz ki egy fájlt" in empty.get_data(as_text=True)


def test_the_group_page_settles_two_evenings(client, tokens, session_body, hand):
    _, view = tokens
    other = client.post("/api/v1/sessions", json={**session_body, "hands": [hand()]}).get_json()
    second = other["view_url"].rsplit("/", 1)[1]
    page = client.get(f"/group?s={view}&s={second}&method=banker")
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    assert "Közös elszámolás" in html and "Bank:" in html
    assert "Péntek este" in html
    assert client.get("/group").status_code == 400
    assert client.get(f"/group?s={view}&method=nope").status_code == 400
    assert client.get(f"/group?s={view}&s=nope").status_code == 404


def test_the_scoreboard_download(client, session_body, hand):
    created = client.post(
        "/api/v1/sessions", json={**session_body, "name": "Szerda", "hands": [hand()]}
    ).get_json()
    view = created["view_url"].rsplit("/", 1)[1]
    response = client.get(f"/s/{view}/scoresheet.pdf")
    assert response.status_code == 200
    assert response.mimetype == "application/pdf"
    assert response.data.startswith(b"%PDF")
    assert "Szerda" in PdfReader(io.BytesIO(response.data)).pages[0].extract_text()
    assert response.headers["Cache-Control"] == "no-store"
    by_edit = client.get(f"/s/{created['edit_token']}/scoresheet.pdf?method=banker")
    assert by_edit.status_code == 200
    assert client.get(f"/s/{view}/scoresheet.pdf?method=greedy").status_code == 400
    assert client.get(f"/s/{view}/scoresheet.pdf?method=banker&banker=Zoli").status_code == 400
    assert client.get("/s/nope/scoresheet.pdf").status_code == 404


def test_the_scoreboard_links_the_downloads(client, tokens):
    edit, view = tokens
    for token in (edit, view):
        page = client.get(f"/s/{view}" if token == view else f"/e/{edit}")
        html = page.get_data(as_text=True)
        assert f"/s/{token}/scoresheet.pdf" in html
        assert f"/s/{token}/hands.csv" in html and f"/s/{token}/session.json" in html
        assert 'name="method"' in html


def test_the_landing_page_links_the_import_form(client):
    html = client.get("/").get_data(as_text=True)
    assert 'href="/import"' in html and "Este betöltése fájlból" in html
    english = client.get("/import?lang=en").get_data(as_text=True)
    assert "Load an evening from a file" in english


def test_downloads_follow_the_page_language(client, tokens):
    _, view = tokens
    pdf = client.get(f"/s/{view}/scoresheet.pdf?lang=en").data
    assert "Who pays whom" in PdfReader(io.BytesIO(pdf)).pages[0].extract_text()
    sheet = client.get(f"/s/{view}/hands.csv?lang=en").data
    assert sheet.startswith("\ufeffHand;Dealer;".encode())

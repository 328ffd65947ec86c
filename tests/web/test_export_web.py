"""The pages and downloads of the exports blueprint: scoresheet PDF, CSV, JSON, the import
form (CSRF-protected, rejecting a bad file whole) and the group settlement page."""

from __future__ import annotations

import io
import json
import re

import pytest
from pypdf import PdfReader

from tests.web.test_export import row_counts
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
    assert sheet.headers["Content-Type"] == "text/csv; charset=utf-8"  # the charset once
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
    # in the page's language: Hungarian by default, English on request
    assert "hands[2].components[0].kontra: ez a kontrafok (9) több" in page
    response = client.post(
        "/import?lang=en",
        data={
            "csrf_token": csrf_token(client),
            "file": (io.BytesIO(json.dumps(document).encode()), "rossz.json"),
        },
        content_type="multipart/form-data",
    )
    assert response.status_code == 422
    assert "hands[2].components[0].kontra: kontra level 9 is above" in response.get_data(
        as_text=True
    )
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


def error_page(response, status):
    """The app's own error page (never Werkzeug's): its message, and where it leads back."""
    assert response.status_code == status
    html = response.get_data(as_text=True)
    assert 'data-testid="error"' in html and "Werkzeug" not in html
    assert 'data-testid="error-home"' in html and '<html lang="' in html
    back = re.search(r'href="([^"]+)" data-testid="error-back"', html)
    message = re.search(r'class="error-message" role="alert">([^<]+)<', html).group(1)
    return message, (back.group(1).replace("&amp;", "&") if back else None)


def test_the_group_pages_refusals_are_the_apps_own_pages(client, tokens, session_body, hand):
    _, view = tokens
    other = client.post("/api/v1/sessions", json={**session_body, "hands": [hand()]}).get_json()
    second = other["view_url"].rsplit("/", 1)[1]
    message, back = error_page(client.get("/group"), 400)
    assert message == "Nincs megadva egy este sem." and back is None
    message, back = error_page(client.get(f"/group?s={view}&s={'x' * 43}"), 404)
    assert message.startswith("A 2. link egyik estét sem nyitja meg")
    assert back == f"/group?s={view}"  # back to the evenings that were fine
    message, back = error_page(client.get(f"/group?s={view}&s={second}&s={view}"), 400)
    assert message == "„Péntek este” kétszer szerepel; minden este csak egyszer számít."
    assert back == f"/group?s={view}&s={second}"
    message, _ = error_page(client.get(f"/group?s={view}&method=nope"), 400)
    assert message == "Ismeretlen elszámolási mód."
    euro = {**session_body, "unit_value": {"amount": "1", "currency": "EUR"}}
    third = client.post("/api/v1/sessions", json=euro).get_json()["view_url"].rsplit("/", 1)[1]
    # evenings in two currencies are settled, each currency on its own (before: a 400)
    both = client.get(f"/group?s={view}&s={third}").get_data(as_text=True)
    assert (
        'data-testid="settle-currency-HUF"' in both and 'data-testid="settle-currency-EUR"' in both
    )
    message, back = error_page(client.get(f"/group?s={view}&s={view}&lang=en"), 400)
    assert message == "“Péntek este” is named twice; each evening counts once."
    message, _ = error_page(client.get("/group?lang=en"), 400)
    assert message == "No evening is named."


def test_the_group_page_adds_evenings_by_their_links_and_keeps_view_links_only(
    client, tokens, session_body, hand
):
    edit, view = tokens
    other = client.post("/api/v1/sessions", json={**session_body, "hands": [hand()]}).get_json()
    second = other["view_url"].rsplit("/", 1)[1]
    # an edit link pasted (whole, as copied): the address gets the evening's view link
    response = client.get("/group", query_string={"s": view, "add": other["url"] + "\n"})
    assert response.status_code == 303
    assert response.headers["Location"] == f"/group?s={view}&s={second}"
    assert other["edit_token"] not in response.headers["Location"]
    response = client.get("/group", query_string={"s": view, "add": second})  # a bare token
    assert response.headers["Location"] == f"/group?s={view}&s={second}"
    message, back = error_page(
        client.get("/group", query_string={"s": view, "add": "https://x/s/nope"}), 404
    )
    assert message.startswith("A bemásolt link") and back == f"/group?s={view}"
    # an edit token in the address itself is replaced by the view token
    response = client.get(f"/group?s={edit}&method=banker")
    assert response.status_code == 303
    assert response.headers["Location"] == f"/group?s={view}&method=banker"


def test_the_group_page_writes_numbers_as_the_scoreboard_does(client, tokens, session_body):
    _, view = tokens
    html = client.get(f"/group?s={view}").get_data(as_text=True)
    cells = re.findall(r'<td class="num">([^<]*)</td>', html)
    cells += re.findall(r'class="member-money[^"]*"[^>]*>([^<]*)<', html)  # each member's
    assert cells and not [c for c in cells if "-" in c]  # a real minus sign, never "-"
    assert any(c.startswith("\u2212") for c in cells) and any(c.startswith("+") for c in cells)
    assert any(c.endswith("\u00a0HUF") for c in cells)  # money in one format
    assert 'class="balances' not in html  # (that class draws the scoreboard's cards)
    assert 'name="add"' in html  # and a way to add the next evening


def test_the_scoreboard_leads_to_the_group_page_with_its_view_link(client, tokens):
    edit, view = tokens
    for token in (edit, view):
        prefix = "/e/" if token == edit else "/s/"
        html = client.get(prefix + token).get_data(as_text=True)
        assert f'href="/group?s={view}" data-testid="group-link">Több este együtt</a>' in html
        assert f"/group?s={edit}" not in html


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
    """Both pages link the downloads under the view token (tests/pdf/test_pdf_links.py)."""
    edit, view = tokens
    for path in (f"/s/{view}", f"/e/{edit}"):
        html = client.get(path).get_data(as_text=True)
        assert f'href="/s/{view}/scoresheet.pdf"' in html
        assert f"/s/{view}/hands.csv" in html and f"/s/{view}/session.json" in html
        assert f"/s/{edit}/" not in html


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
    assert sheet.startswith("\ufeffHand,Dealer,".encode())

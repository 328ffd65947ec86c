"""The capability-link pages (placeholders for the UI) and the QR code helper."""

import xml.etree.ElementTree as ET

import pytest

from ulti_ledger.drawings.qr import qr_svg


@pytest.fixture
def links(client, session_body, hand):
    response = client.post("/api/v1/sessions", json={**session_body, "hands": [hand()]})
    return response.get_json()


def test_the_view_link_shows_the_scoreboard_read_only(client, links):
    response = client.get(links["view_url"])
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert "piros passz" in html
    assert "<svg" in html and 'class="qr"' in html
    assert links["view_url"] in html
    assert links["url"] not in html  # the edit link stays with the scorer
    assert response.headers["Referrer-Policy"] == "no-referrer"
    assert response.headers["Cache-Control"] == "no-store"


def test_the_edit_link_shows_both_links(client, links):
    response = client.get(links["url"])
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert links["url"] in html and links["view_url"] in html


def test_a_view_token_does_not_open_the_edit_page(client, links):
    view_token = links["view_url"].rsplit("/", 1)[1]
    assert client.get(f"/e/{view_token}").status_code == 404


@pytest.mark.parametrize("path", ["/s/nope", "/e/nope", "/s/", "/e/"])
def test_unknown_links_are_404(client, path):
    assert client.get(path).status_code == 404


def test_csrf_protection_is_on_for_forms(app):
    assert "csrf" in app.extensions
    assert app.config.get("WTF_CSRF_ENABLED", True)


def test_qr_svg_is_an_inline_scalable_svg():
    svg = qr_svg("http://127.0.0.1:5000/s/abc", 'Anna "link" <b>')
    root = ET.fromstring(str(svg))
    assert root.tag.endswith("svg")
    assert root.get("class") == "qr"
    assert root.get("aria-label") == 'Anna "link" <b>'
    assert root.get("width") is None and root.get("viewBox")
    assert not str(svg).startswith("<?xml")


def test_a_row_says_what_the_declarer_lost(client, session_body):
    """ "zöld ulti" reads the same made or lost: the row's tag says which part failed."""
    ulti = {
        "players": ["Anna", "Béla", "Csaba"],
        "sitting_out": ["Dóra"],
        "declarer": "Anna",
        "colour": "zold",
        "components": [{"name": "ulti", "won": True}, {"name": "parti", "won": False}],
    }
    lost = {**ulti, "components": [{"name": "ulti", "won": False}, {"name": "parti", "won": False}]}
    made = {**ulti, "components": [{"name": "ulti", "won": True}, {"name": "parti", "won": True}]}
    body = {**session_body, "hands": [ulti, lost, made]}
    created = client.post("/api/v1/sessions", json=body).get_json()
    html = client.get(created["view_url"]).get_data(as_text=True)
    assert html.count('class="tag tag-lost"') == 2
    assert '<em class="tag tag-lost">bukott: parti</em>' in html
    assert '<em class="tag tag-lost">bukott</em>' in html
    english = client.get(created["view_url"] + "?lang=en").get_data(as_text=True)
    assert '<em class="tag tag-lost">failed: parti</em>' in english

"""An evening's date as each language writes it: pages, PDF, group page."""

from __future__ import annotations

import datetime as dt

import pytest

from ulti_ledger.words.dates import date_text


@pytest.mark.parametrize(
    ("value", "hu", "en"),
    [
        ("2026-12-01", "2026. 12. 01.", "1 Dec 2026"),
        (dt.date(2026, 1, 9), "2026. 01. 09.", "9 Jan 2026"),
        ("2024-12-05", "2024. 12. 05.", "5 Dec 2024"),
    ],
)
def test_hungarian_and_english_forms(value, hu, en):
    assert date_text(value, "hu") == hu
    assert date_text(value, "en") == en


def test_no_date_is_empty():
    assert date_text(None) == "" and date_text("", "en") == ""


def test_the_scoreboard_writes_the_date_in_the_readers_language(client, session_body):
    created = client.post(
        "/api/v1/sessions", json={**session_body, "date": "2026-12-01"}
    ).get_json()
    hu = client.get(created["view_url"] + "?lang=hu").get_data(as_text=True)
    en = client.get(created["view_url"] + "?lang=en").get_data(as_text=True)
    assert "<span>2026. 12. 01.</span>" in hu
    assert "<span>1 Dec 2026</span>" in en


def test_the_pdf_writes_the_date_in_its_language(client, session_body):
    from tests.pdf.test_pdf import pages_text

    created = client.post(
        "/api/v1/sessions", json={**session_body, "date": "2026-12-01"}
    ).get_json()
    view = created["view_url"]
    hu = pages_text(client.get(f"{view}/scoresheet.pdf?lang=hu").data)[0]
    en = pages_text(client.get(f"{view}/scoresheet.pdf?lang=en").data)[0]
    assert "2026. 12. 01." in hu and "2026-12-01" not in hu
    assert "1 Dec 2026" in en


def test_the_group_page_writes_the_dates_too(client, session_body):
    created = client.post(
        "/api/v1/sessions", json={**session_body, "date": "2026-12-01"}
    ).get_json()
    token = created["view_url"].rsplit("/", 1)[1]
    html = client.get(f"/group?s={token}&lang=hu").get_data(as_text=True)
    assert "2026. 12. 01." in html

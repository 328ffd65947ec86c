"""The stake as typed, through the new-evening form, the API and import (one reading)."""

from __future__ import annotations

import io
import json
import re

import pytest

from tests.ui_helpers import counts
from tests.web.test_ui_sessions import session_form_data
from ulti_ledger import ledger
from ulti_ledger.db import db


def test_the_form_takes_1_000_ft(client, app):
    data = session_form_data(client, unit_amount="1\u00a0000", currency="Ft")
    response = client.post("/sessions", data=data)
    assert response.status_code == 303
    with app.app_context():
        session = ledger.session_by_token(response.headers["Location"].rsplit("/", 1)[1], "edit")
        assert (session.unit_amount, session.currency) == ("1000", "HUF")


def test_the_form_takes_a_decimal_comma_where_the_currency_has_cents(client, app):
    data = session_form_data(client, unit_amount="1\u202f000,50", currency="eur")
    response = client.post("/sessions", data=data)
    assert response.status_code == 303
    with app.app_context():
        session = ledger.session_by_token(response.headers["Location"].rsplit("/", 1)[1], "edit")
        assert (session.unit_amount, session.currency) == ("1000.50", "EUR")


@pytest.mark.parametrize(
    ("lang", "message"),
    [
        ("hu", "HUF esetén egész összeget adj meg"),
        ("en", "HUF has no minor units: give a whole amount"),
    ],
)
def test_the_form_names_a_fraction_of_a_forint(client, app, lang, message):
    before = counts(app)
    data = session_form_data(client, unit_amount="1 000,50", currency="ft.")
    response = client.post(f"/sessions?lang={lang}", data=data)
    assert response.status_code == 422
    assert message in response.get_data(as_text=True)
    assert counts(app) == before


def test_the_api_reads_the_stake_the_same_way(client, session_body):
    body = {**session_body, "unit_value": {"amount": "1 000,50", "currency": "eur"}}
    created = client.post("/api/v1/sessions", json=body)
    assert created.status_code == 201, created.get_json()
    token = created.get_json()["edit_token"]
    got = client.get(f"/api/v1/sessions/{created.get_json()['id']}?token={token}").get_json()
    assert got["unit_value"] == {"amount": "1000.50", "currency": "EUR"}
    refused = client.post(
        "/api/v1/sessions", json={**session_body, "unit_value": {"amount": "0,5", "currency": "Ft"}}
    )
    assert refused.status_code == 422
    assert refused.get_json()["key"] == "unit_value.amount"
    assert "HUF has no minor units" in refused.get_json()["error"]


def test_import_reads_ft_as_huf(client, app, session_body):
    document = {**session_body, "unit_value": {"amount": "1 000", "currency": "ft"}}
    page = client.get("/import").get_data(as_text=True)
    csrf = re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)
    response = client.post(
        "/import",
        data={"csrf_token": csrf, "file": (io.BytesIO(json.dumps(document).encode()), "e.json")},
        content_type="multipart/form-data",
    )
    assert response.status_code == 303
    with app.app_context():
        session = ledger.session_by_token(response.headers["Location"].rsplit("/", 1)[1], "edit")
        assert (session.unit_amount, session.currency) == ("1000", "HUF")


def test_an_old_lower_case_code_shows_in_capitals(client, app, session_body):
    created = client.post("/api/v1/sessions", json=session_body).get_json()
    with app.app_context():
        session = ledger.session_by_token(created["edit_token"], "edit")
        session.currency = "huf"  # as an evening recorded before codes were read
        db.session.commit()
    html = client.get(created["view_url"]).get_data(as_text=True)
    assert "HUF" in html and "huf" not in html

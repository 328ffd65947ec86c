"""The API's evening (``GET /api/v1/sessions/<id>``) carries its payments and what
remains, in the JSON export's shape, and a payment or its undo is a new version of it."""

from __future__ import annotations

from decimal import Decimal

import pytest

from tests.ledger.test_payments import app, night  # noqa: F401  (the app at a fixed today)
from ulti_ledger import ledger

pytestmark = pytest.mark.db


def test_the_sessions_json_has_the_payments_and_what_remains_as_the_export(app, client):  # noqa: F811
    with app.app_context():
        session = night()
        sid, edit = session.id, session.edit_token
        transfers = ledger.session_summary(session)["totals"]["transfers"]
    auth = {"Authorization": f"Bearer {edit}"}
    url = f"/api/v1/sessions/{sid}"
    before = client.get(url, headers=auth)
    up = before.get_json()["settle_up"]
    assert before.get_json()["payments"] == [] and up["paid"] == "0"
    assert [(t["from"], t["to"], t["amount"]) for t in up["transfers"]] == [
        (t["from"], t["to"], t["amount"]) for t in transfers
    ]
    assert up["remaining"] == up["owed"] and up["settled"] is False

    t = transfers[0]
    body = {"from": t["from"], "to": t["to"], "amount": "30", "paid_on": "2026-11-20"}
    made = client.post(f"{url}/payments", json=body, headers=auth).get_json()["payment"]
    etag = {"If-None-Match": before.headers["ETag"]}
    after = client.get(url, headers={**auth, **etag})
    assert after.status_code == 200  # a payment is a new version: no stale 304
    answer = after.get_json()
    with app.app_context():
        document = ledger.session_document(ledger.session_by_token(edit))
    assert answer["payments"] == document["payments"]
    assert answer["settle_up"] == document["settle_up"]
    first = answer["settle_up"]["transfers"][0]
    assert (first["paid"], Decimal(first["remaining"])) == ("30", Decimal(t["amount"]) - 30)
    assert Decimal(answer["settle_up"]["owed"]) - Decimal(answer["settle_up"]["remaining"]) == 30

    client.delete(f"{url}/payments/{made['id']}", headers=auth)
    again = client.get(url, headers=auth).get_json()
    assert again["payments"] == [] and again["settle_up"] == up

"""A payment marked paid and its undo are both in the evening's history, with who did
it (the door and the link's fingerprint), and the evening's list of changes says both."""

from __future__ import annotations

import pytest

from tests.ledger.test_payments import app, night  # noqa: F401  (the app at a fixed today)
from tests.ui_helpers import csrf_token
from ulti_ledger import ledger
from ulti_ledger.audit import fingerprint

pytestmark = pytest.mark.db


def payments_in_history(client, sid, token):
    answer = client.get(
        f"/api/v1/sessions/{sid}/history", headers={"Authorization": f"Bearer {token}"}
    )
    return [e for e in answer.get_json()["history"] if e["action"] in ("pay", "unpay")]


def test_marking_and_undoing_a_payment_are_in_the_history_with_the_actor(app, client):  # noqa: F811
    with app.app_context():
        session = night()
        sid, edit = session.id, session.edit_token
        t = ledger.session_summary(session)["totals"]["transfers"][0]
    csrf = csrf_token(client.get(f"/e/{edit}").get_data(as_text=True))
    form = {"csrf_token": csrf, "from": t["from"], "to": t["to"], "amount": "100"}
    assert client.post(f"/e/{edit}/payments", data=form).status_code == 303
    ((made,),) = [payments_in_history(client, sid, edit)]
    undo = client.post(
        f"/e/{edit}/payments/{made['after']['id']}/delete", data={"csrf_token": csrf}
    )
    assert undo.status_code == 303

    pay, unpay = payments_in_history(client, sid, edit)
    who = {"via": "web", "token_id": fingerprint(edit)}
    assert {k: pay[k] for k in who} == who == {k: unpay[k] for k in who}
    assert unpay["before"] == pay["after"] and unpay["after"] is None
    assert (unpay["before"]["from"], unpay["before"]["amount"]) == (t["from"], "100")
    assert unpay["version"] > pay["version"]

    # through the API, the door is the API's
    auth = {"Authorization": f"Bearer {edit}"}
    body = {"from": t["from"], "to": t["to"], "amount": "40"}
    paid = client.post(f"/api/v1/sessions/{sid}/payments", json=body, headers=auth).get_json()
    client.delete(f"/api/v1/sessions/{sid}/payments/{paid['payment']['id']}", headers=auth)
    *_, api_pay, api_unpay = payments_in_history(client, sid, edit)
    assert (api_pay["via"], api_unpay["via"]) == ("api", "api")
    assert api_unpay["before"]["amount_minor"] == 40

    page = client.get(f"/e/{edit}/evening?lang=en").get_data(as_text=True).replace("\u00a0", " ")
    assert f"Paid: {t['from']} → {t['to']}, 100 HUF" in page
    assert f"Payment undone: {t['from']} → {t['to']}, 100 HUF" in page
    assert f"Payment undone: {t['from']} → {t['to']}, 40 HUF" in page

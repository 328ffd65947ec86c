"""A group payment of the whole debt sent at the moment the hand that made it is deleted,
or its payer renamed across the group, against a real running server (issue 35): no
request answers 5xx, and no payment is left naming someone the group does not have.
Short (``PAYMENT_SERVER_ROUNDS``, 12 by default); the exact interleavings are
tests/ledger/test_payment_races.py. ``-m db`` under scripts/with-postgres.sh runs it on
PostgreSQL."""

from __future__ import annotations

import json
import os
import threading
from collections import Counter

import pytest
from sqlalchemy import select

from testkit import samples
from tests.conftest import parti
from tests.ledger.test_group_race import call, server  # noqa: F401  (the fixture)
from ulti_ledger import groups
from ulti_ledger.db import db
from ulti_ledger.models import Payment

pytestmark = pytest.mark.db
ROUNDS = int(os.environ.get("PAYMENT_SERVER_ROUNDS", "12"))


def new_round(app, port):
    """A group (by its edit link) of one evening of one hand that Anna won."""
    body = samples.session_body(hands=[parti(declarer="Anna", won=True)], date="2026-11-10")
    status, out = call(port, "POST", "/api/v1/sessions", body)
    assert status == 201, out
    made = json.loads(out)
    with app.app_context():
        group = groups.create_group("Kör")
        gid, token = group.id, group.edit_token
    auth = {"Authorization": f"Bearer {token}"}
    link = {"evening": made["edit_token"]}
    status, out = call(port, "POST", f"/api/v1/groups/{gid}/evenings", link, auth)
    assert status == 201, out
    status, out = call(port, "GET", f"/api/v1/groups/{gid}/payments", headers=auth)
    (settlement,) = json.loads(out)["settlements"]
    (t,) = [t for t in settlement["transfers"] if t["from"] == "Béla"]
    return made, gid, token, {"from": "Béla", "to": "Anna", "amount": t["amount"]}


def test_payments_racing_deletes_and_renames_answer_no_5xx_and_orphan_nothing(server):  # noqa: F811
    app, port = server
    statuses: Counter[tuple[str, int]] = Counter()
    failures: list[bytes] = []
    for number in range(ROUNDS):
        made, gid, token, payment = new_round(app, port)
        auth = {"Authorization": f"Bearer {token}"}
        scorer = {"Authorization": f"Bearer {made['edit_token']}"}
        barrier = threading.Barrier(2)

        def send(kind, *request, barrier=barrier):
            barrier.wait(10)
            status, out = call(port, *request)
            statuses[(kind, status)] += 1
            if status >= 500:
                failures.append(out[:500])

        pay = ("POST", f"/api/v1/groups/{gid}/payments", payment, auth)
        if number % 2:
            other = ("DELETE", f"/api/v1/sessions/{made['id']}/hands/1", None, scorer)
            kind = "delete"
        else:
            rename = {"old": "Béla", "new": "Zsófi"}
            other = ("POST", f"/g/{token}/rename", None, None, rename)
            kind = "rename"
        threads = [
            threading.Thread(target=send, args=("pay", *pay)),
            threading.Thread(target=send, args=(kind, *other)),
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(60)
        with app.app_context():
            group = groups.get_group(gid)
            members = set(groups.members(group))
            rows = db.session.scalars(select(Payment).where(Payment.group_id == gid))
            assert all({p.payer_name, p.payee_name} <= members for p in rows), members
    assert not failures, (statuses, failures[:3])
    assert statuses[("pay", 201)], statuses

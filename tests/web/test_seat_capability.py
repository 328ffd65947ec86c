"""A seat's link writes no hand, no setting and no other seat (docs/capabilities.md).

Every write route of the app that takes a link (``<token>``, or an id with a bearer
token in the API) is tried with a claimed seat's token, with bodies that ask for a hand,
a rename, a payment, a seat: each is refused with 403, and nothing of the evening moves.
Only the seat's own routes (``/t/<seat>/…``, the API's verdicts) take it; the admin's
routes take the admin's password, not a link.
"""

from __future__ import annotations

import re

import pytest
from sqlalchemy import select

from tests.conftest import close_app, make_app, parti
from ulti_ledger import groups, ledger
from ulti_ledger.db import db
from ulti_ledger.models import GameSession, Hand, PayeeAccount, Payment, TableSeat

pytestmark = pytest.mark.db

WRITES = {"POST", "PUT", "PATCH", "DELETE"}
ID = "<int(max=2147483647):{}>"
SEAT_OWN = ("/t/<token>",)
"""The seat's own page routes: its verdicts, proposal, disputes, preview and payee details
(tried below for what they must refuse: another player's word)."""
SEAT_OWN_API = {
    f"/api/v1/sessions/{ID.format('session_id')}/hands/{ID.format('number')}/verdicts",
    f"/api/v1/sessions/{ID.format('session_id')}/disputes/{ID.format('dispute_id')}",
}
"""The API's routes a seat token writes: its verdicts, its own dispute's change (tried
below); every other route under them (the scorer's hands, the answer) is walked."""


@pytest.fixture
def app(tmp_path):
    # CSRF off: every form route then reads its fields, so only the capability refuses
    made = make_app(tmp_path, WTF_CSRF_ENABLED=False)
    yield made
    close_app(made)


@pytest.fixture
def table(app):
    with app.app_context():
        session = ledger.create_session(
            {
                "format": "ulti-ledger/session@1",
                "ruleset": "ulti",
                "players": ["Anna", "Béla", "Csaba", "Dóra"],
                "unit_value": {"amount": "10", "currency": "HUF"},
                "hands": [parti(declarer="Anna"), parti(declarer="Béla")],
            }
        )
        group = groups.create_group("Keddi kör")
        groups.add_evening(group, session)
        ledger.claim_seat(session, "Csaba", pin="1357")
        seat = ledger.claim_seat(session, "Béla")
        return {"session": session.id, "group": group.id, "seat": seat}


def state(app, session_id):
    """Everything of the evening a write could move (but the seat's own verdicts)."""
    with app.app_context():
        session = db.session.get(GameSession, session_id)
        hands = db.session.execute(
            select(Hand.id, Hand.version, Hand.facts, Hand.deleted_at).order_by(Hand.id)
        ).all()
        seats = db.session.execute(select(TableSeat.player, TableSeat.token)).all()
        return {
            "version": session.version,
            "name": session.name,
            "options": session.options,
            "mode": (session.confirm_mode, session.settle_agreed),
            "players": ledger.seat_names(session),
            "hands": [tuple(map(str, h)) for h in hands],
            "seats": sorted(seats),
            "payments": db.session.scalars(select(Payment.id)).all(),
            "accounts": db.session.scalars(select(PayeeAccount.player)).all(),
            "group": groups.get_group(
                db.session.scalar(select(GameSession.group_id).where(GameSession.id == session_id))
            ).version,
        }


def _urls(rule, values):
    urls = [rule]
    for name in re.findall(r"<(?:[^:>]+:)?([^>]+)>", rule):
        pattern = re.compile(r"<(?:[^:>]+:)?" + name + ">")
        urls = [pattern.sub(str(v), url) for url in urls for v in values.get(name, [1])]
    return urls


def test_a_seat_token_is_refused_on_every_write_route(app, table):
    before = state(app, table["session"])
    seat = table["seat"]
    values = {
        "token": [seat],
        "session_id": [table["session"]],
        "group_id": [table["group"]],
        "number": [1, 2],
        "hand_id": [1],
        "entry_id": [1],
        "payment_id": [1],
        "dispute_id": [1],
        "player": ["Csaba"],
    }
    hand = parti(declarer="Béla", won=False)
    form = {
        "player": "Csaba",
        "old": "Anna",
        "new": "Pwned",
        "name": "Pwned",
        "from": "Anna",
        "to": "Béla",
        "amount": "5",
        "confirm_mode": "off",
        "declarer": "Béla",
        "holder": "Pwned",
        "iban": "DE89370400440532013000",
    }
    body = {**form, **hand, "rename": {"Anna": "Pwned"}, "settle_agreed": True, "answer": "kept"}
    client = app.test_client()
    answers, tried = [], set()
    for rule in app.url_map.iter_rules():
        takes_a_link = {"token", "session_id", "group_id"} & set(rule.arguments)
        if not takes_a_link or rule.rule.startswith((*SEAT_OWN, "/admin/")):
            continue
        if rule.rule in SEAT_OWN_API:
            continue
        for method in sorted(rule.methods & WRITES):
            tried.add((method, rule.rule))
            for url in _urls(rule.rule, values):
                if url.startswith("/api/"):
                    headers = {"Authorization": f"Bearer {seat}"}
                    got = client.open(url, method=method, json=body, headers=headers)
                else:
                    got = client.open(url, method=method, data=form)
                answers.append((method, url, got.status_code))
    assert len(tried) > 40
    refused = [a for a in answers if a[2] != 403]
    assert refused == [], refused
    assert state(app, table["session"]) == before


def test_a_seat_answers_only_for_its_own_player(app, table):
    """Its own routes take its word, never another player's: the hand Béla declared
    (hand 2) is not his to confirm, and nothing else moved."""
    client = app.test_client()
    seat, sid = table["seat"], table["session"]
    headers = {"Authorization": f"Bearer {seat}"}
    api = f"/api/v1/sessions/{sid}/hands"
    assert (
        client.post(f"{api}/2/verdicts", json={"verdict": "confirm"}, headers=headers).status_code
        == 422
    )
    assert (
        client.post(f"{api}/1/verdicts", json={"verdict": "confirm"}, headers=headers).status_code
        == 201
    )
    bank = {"holder": "Kovács Béla", "iban": "DE89370400440532013000", "player": "Csaba"}
    assert client.post(f"/t/{seat}/bank", data=bank).status_code == 303
    with app.app_context():
        assert db.session.scalars(select(PayeeAccount.player)).all() == ["Béla"]  # his own


def test_a_seat_changes_no_other_players_dispute(app, table):
    """Csaba's dispute of hand 1 is his: Béla's seat can neither say it again nor take
    it back, by the API (403) nor by the page (403); a dispute of no one is 404."""
    sid = table["session"]
    with app.app_context():
        session = db.session.get(GameSession, sid)
        csaba = ledger.seat_by_token(ledger.claim_seat(session, "Csaba", old_pin="1357"))
        dispute = ledger.give_verdict(session, csaba, 1, "dispute", reason="nem így").id
    before = state(app, sid)
    client, seat = app.test_client(), table["seat"]
    headers = {"Authorization": f"Bearer {seat}"}
    url = f"/api/v1/sessions/{sid}/disputes/{dispute}"
    assert client.put(url, json={"reason": "Béla írja"}, headers=headers).status_code == 403
    assert client.delete(url, headers=headers).status_code == 403
    assert client.post(f"/t/{seat}/disputes/{dispute}", data={"reason": "x"}).status_code == 403
    assert client.post(f"/t/{seat}/disputes/{dispute}/withdraw").status_code == 403
    assert client.post(f"/t/{seat}/disputes/{dispute + 1}/withdraw").status_code == 404
    assert state(app, sid) == before
    with app.app_context():
        session = db.session.get(GameSession, sid)
        (mark,) = [m for m in ledger.marks(session).values() if m.disputes]
        assert [(d["id"], d["reason"]) for d in mark.disputes] == [(dispute, "nem így")]

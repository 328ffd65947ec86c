"""Audit history: every change is kept with who and when; deleted hands come back."""

import pytest

from tests.web.test_api import Api, bearer
from ulti_ledger import ledger
from ulti_ledger.ledger import Conflict, NotFound


@pytest.fixture
def api(client, session_body):
    return Api(client, session_body)


def test_every_change_of_a_hand_is_in_its_history(ctx, session_body, hand):
    session = ledger.create_session(session_body)
    ledger.add_hand(session, hand("Anna"))
    ledger.replace_hand(session, 1, hand("Anna", won=False))
    history = ledger.hand_history(session, 1)
    assert [e["action"] for e in history] == ["create", "edit"]
    create, edit = history
    assert create["before"] is None and create["after"]["declarer"] == "Anna"
    assert create["after"]["dealer"] == "Dóra"  # the hand says Dóra sat out: she dealt
    assert edit["before"] == create["after"]
    assert edit["after"]["components"] == [{"name": "parti", "won": False}]
    assert edit["via"] == "cli" and edit["token_id"] is None  # no request: the command line
    assert edit["version"] > create["version"]
    assert edit["at"].endswith("+00:00")


def test_delete_keeps_the_hand_and_restore_puts_it_back_in_place(ctx, session_body, hand):
    session = ledger.create_session(
        {**session_body, "hands": [hand("Anna"), hand("Béla"), hand("Csaba")]}
    )
    before = ledger.session_summary(session)["totals"]
    ledger.delete_hand(session, 2)
    assert [h["declarer"] for h in ledger.session_summary(session)["hands"]] == ["Anna", "Csaba"]
    (gone,) = ledger.deleted_hands(session)
    assert gone["number"] == 2 and gone["hand"]["declarer"] == "Béla"
    assert ledger.restore_hand(session, gone["hand_id"]) == 2
    summary = ledger.session_summary(session)
    assert [h["declarer"] for h in summary["hands"]] == ["Anna", "Béla", "Csaba"]
    assert summary["totals"] == before
    assert ledger.deleted_hands(session) == []
    with pytest.raises(Conflict, match="not deleted: it is hand 2"):
        ledger.restore_hand(session, gone["hand_id"])
    actions = [e["action"] for e in ledger.session_history(session)]
    assert actions == ["create", "create", "create", "create", "delete", "restore"]


def test_undo_and_restore_by_history_entry(ctx, session_body, hand):
    session = ledger.create_session(session_body)
    ledger.add_hand(session, hand("Anna"))
    ledger.add_hand(session, hand("Béla"))
    assert ledger.undo_last(session) == 2
    (gone,) = ledger.deleted_hands(session)
    ledger.add_hand(session, hand("Csaba"))  # a new hand 2; the restored one goes before it
    assert ledger.restore_hand(session, audit_id=gone["audit_id"]) == 2
    declarers = [h["declarer"] for h in ledger.session_summary(session)["hands"]]
    assert declarers == ["Anna", "Béla", "Csaba"]
    with pytest.raises(NotFound):
        ledger.restore_hand(session, audit_id=10_000)


def test_restore_refuses_another_sessions_hand(ctx, session_body, hand):
    one = ledger.create_session({**session_body, "hands": [hand()]})
    other = ledger.create_session(session_body)
    ledger.delete_hand(one, 1)
    (gone,) = ledger.deleted_hands(one)
    with pytest.raises(NotFound):
        ledger.restore_hand(other, gone["hand_id"])


def test_summary_marks_edited_hands(ctx, session_body, hand):
    session = ledger.create_session({**session_body, "hands": [hand(), hand()]})
    ledger.replace_hand(session, 2, hand(won=False))
    assert [h["edited"] for h in ledger.session_summary(session)["hands"]] == [False, True]
    assert ledger.hand_entry(session, 2)["edited"] is True


def test_session_settings_changes_are_audited(ctx, session_body):
    session = ledger.create_session(session_body)
    stakes = {"amount": "5", "currency": "EUR"}
    after = ledger.update_session(session, {"name": "Péntek", "unit_value": stakes})
    assert after["name"] == "Péntek" and after["unit_value"] == stakes
    entry = ledger.session_history(session)[-1]
    assert entry["action"] == "settings"
    assert entry["before"]["unit_value"] == {"amount": "10", "currency": "HUF"}
    assert entry["after"]["name"] == "Péntek"
    with pytest.raises(ledger.SessionError, match="players: cannot be changed"):
        ledger.update_session(session, {"players": ["A", "B", "C"]})


def test_history_through_the_api_names_the_link(api, hand):
    api.start(hands=[hand()])
    api.client.put(api.url("/hands/1"), json=hand(won=False), headers=bearer(api.edit))
    response = api.client.get(api.url(f"/hands/1/history?token={api.view}"))
    assert response.status_code == 200
    history = response.get_json()["history"]
    assert [e["action"] for e in history] == ["create", "edit"]
    assert history[1]["via"] == "api" and len(history[1]["token_id"]) == 12
    assert api.edit not in response.get_data(as_text=True)  # a fingerprint, not the token
    whole = api.client.get(api.url("/history"), headers=bearer(api.view)).get_json()
    assert [e["action"] for e in whole["history"]] == ["create", "create", "edit"]


def test_delete_and_restore_through_the_api(api, hand):
    api.start(hands=[hand("Anna"), hand("Béla")])
    assert api.client.delete(api.url("/hands/1"), headers=bearer(api.edit)).status_code == 204
    listed = api.client.get(api.url("/deleted-hands"), headers=bearer(api.view)).get_json()
    (gone,) = listed["deleted_hands"]
    url = api.url(f"/deleted-hands/{gone['hand_id']}/restore")
    assert api.client.post(url, headers=bearer(api.view)).status_code == 403
    response = api.client.post(url, headers=bearer(api.edit))
    assert response.status_code == 200
    assert response.get_json()["number"] == 1
    assert response.headers["Location"].endswith("/hands/1")
    again = api.client.post(url, headers=bearer(api.edit))
    assert again.status_code == 409
    by_entry = api.client.post(api.url("/history/99999/restore"), headers=bearer(api.edit))
    assert by_entry.status_code == 404


def test_patch_changes_the_session_settings(api):
    api.start()
    response = api.client.patch(
        api.url(),
        json={"place": "Pécs", "settings": {"last_declarer_deals": True}},
        headers=bearer(api.edit),
    )
    assert response.status_code == 200, response.get_json()
    assert response.get_json()["place"] == "Pécs"
    data = api.get().get_json()
    assert data["place"] == "Pécs" and data["settings"] == {"last_declarer_deals": True}
    bad = api.client.patch(api.url(), json={"date": "tomorrow"}, headers=bearer(api.edit))
    assert bad.status_code == 422 and bad.get_json()["key"] == "date"

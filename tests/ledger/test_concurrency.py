"""Concurrent scorers: a stale write is refused with the current state; nothing is lost."""

import threading

import pytest

from tests.web.test_api import Api, bearer
from ulti_ledger import ledger
from ulti_ledger.ledger import Conflict


@pytest.fixture
def api(client, session_body):
    return Api(client, session_body)


def test_a_stale_replace_raises_conflict_with_the_current_hand(ctx, session_body, hand):
    session = ledger.create_session({**session_body, "hands": [hand()]})
    seen = ledger.hand_entry(session, 1)["version"]
    ledger.replace_hand(session, 1, hand(won=False), expected_version=seen)
    with pytest.raises(Conflict) as info:
        ledger.replace_hand(session, 1, hand("Béla"), expected_version=seen)
    assert info.value.stale and info.value.problem == "changed meanwhile"
    current = info.value.current
    assert current["hand"]["components"] == [{"name": "parti", "won": False}]
    assert current["version"] > seen
    assert ledger.hand_entry(session, 1)["hand"]["declarer"] == "Anna"  # nothing written
    assert [e["action"] for e in ledger.hand_history(session, 1)] == ["create", "edit"]


def test_a_version_names_one_hand_so_a_renumbered_hand_is_never_overwritten(
    ctx, session_body, hand
):
    session = ledger.create_session({**session_body, "hands": [hand("Anna"), hand("Béla")]})
    seen = ledger.hand_entry(session, 2)["version"]  # Béla's hand, in someone's form
    ledger.delete_hand(session, 1)  # Béla's hand is number 1 now; there is no hand 2
    with pytest.raises(Conflict) as info:
        ledger.replace_hand(session, 2, hand("Csaba"), expected_version=seen)
    assert info.value.current is None
    ledger.add_hand(session, hand("Dóra", players=["Béla", "Csaba", "Dóra"], out=["Anna"]))
    with pytest.raises(Conflict):  # a new hand 2, at another version
        ledger.delete_hand(session, 2, expected_version=seen)
    versions = [h["version"] for h in ledger.session_summary(session)["hands"]]
    assert len(set(versions)) == len(versions)


def test_a_stale_add_raises_conflict_with_the_session(ctx, session_body, hand):
    session = ledger.create_session(session_body)
    seen = ledger.session_summary(session)["version"]
    ledger.add_hand(session, hand(), expected_version=seen)
    with pytest.raises(Conflict) as info:
        ledger.add_hand(session, hand(), expected_version=seen)
    assert len(info.value.current["hands"]) == 1
    assert ledger.hand_count(session) == 1


def test_two_clients_racing_the_second_gets_409_and_nothing_is_lost(api, hand):
    api.start(hands=[hand()])
    first = api.client.get(api.url("/hands/1"), headers=bearer(api.edit))
    etag = first.headers["ETag"]
    assert etag == f'"v{first.get_json()["version"]}"'
    phone_a = api.client.put(
        api.url("/hands/1"), json=hand(won=False), headers={**bearer(api.edit), "If-Match": etag}
    )
    assert phone_a.status_code == 200
    phone_b = api.client.put(
        api.url("/hands/1"),
        json={**hand("Béla"), "version": first.get_json()["version"]},
        headers=bearer(api.edit),
    )
    assert phone_b.status_code == 409
    body = phone_b.get_json()
    assert body["error"] == "changed meanwhile"
    assert body["current"] == phone_a.get_json()
    assert api.get().get_json()["hands"][0]["hand"]["declarer"] == "Anna"
    stale_delete = api.client.delete(
        api.url("/hands/1"),
        json={"version": first.get_json()["version"]},
        headers=bearer(api.edit),
    )
    assert stale_delete.status_code == 409
    assert (
        api.client.delete(
            api.url(f"/hands/1?version={phone_a.get_json()['version']}"), headers=bearer(api.edit)
        ).status_code
        == 204
    )


def test_writes_without_a_version_keep_working_last_writer_wins(api, hand):
    api.start(hands=[hand()])
    for declarer in ("Béla", "Csaba"):
        response = api.client.put(
            api.url("/hands/1"), json=hand(declarer), headers=bearer(api.edit)
        )
        assert response.status_code == 200
    assert api.get().get_json()["hands"][0]["hand"]["declarer"] == "Csaba"


def test_post_with_a_stale_session_version_is_409(api, hand):
    api.start()
    etag = api.get().headers["ETag"]
    headers = {**bearer(api.edit), "If-Match": etag}
    assert api.client.post(api.url("/hands"), json=hand(), headers=headers).status_code == 201
    again = api.client.post(api.url("/hands"), json=hand(), headers=headers)
    assert again.status_code == 409
    assert len(again.get_json()["current"]["hands"]) == 1
    bad = api.client.post(api.url("/hands"), json=hand(), headers={**headers, "If-Match": "x"})
    assert bad.status_code == 400


def test_if_none_match_answers_304_until_the_session_changes(api, hand):
    api.start()
    etag = api.get().headers["ETag"]
    headers = {**bearer(api.view), "If-None-Match": etag}
    assert api.client.get(api.url(), headers=headers).status_code == 304
    api.post_hand(hand())
    assert api.client.get(api.url(), headers=headers).status_code == 200


def test_racing_threads_one_wins_the_others_are_told(app, session_body, hand):
    clients = [app.test_client() for _ in range(4)]
    created = clients[0].post("/api/v1/sessions", json={**session_body, "hands": [hand()]})
    data = created.get_json()
    url = f"/api/v1/sessions/{data['id']}/hands/1"
    version = clients[0].get(url, headers=bearer(data["edit_token"])).get_json()["version"]
    headers = {**bearer(data["edit_token"]), "If-Match": f'"v{version}"'}
    barrier = threading.Barrier(len(clients))
    answers = []

    def write(client, declarer):
        barrier.wait()
        answers.append(client.put(url, json=hand(declarer), headers=headers))

    threads = [
        threading.Thread(target=write, args=(c, d))
        for c, d in zip(clients, ["Anna", "Béla", "Csaba", "Anna"], strict=True)
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    codes = sorted(a.status_code for a in answers)
    assert codes == [200, 409, 409, 409], [a.get_json() for a in answers]
    (winner,) = [a.get_json() for a in answers if a.status_code == 200]
    final = clients[0].get(url, headers=bearer(data["edit_token"])).get_json()
    assert final == winner
    with app.app_context():
        session = ledger.get_session(data["id"])
        assert [e["action"] for e in ledger.hand_history(session, 1)] == ["create", "edit"]


def test_a_delete_without_a_body_needs_no_content_type(api, hand):
    api.start(hands=[hand(), hand()])
    headers = {**bearer(api.edit), "Content-Type": "application/json"}
    assert api.client.delete(api.url("/hands/2"), headers=headers).status_code == 204
    assert api.client.delete(api.url("/hands/1"), data="[1]", headers=headers).status_code == 400

"""Live viewers: the state answers 304 while nothing changed, and a new ETag after a write."""

import pytest

from tests.web.test_api import Api


@pytest.fixture
def api(client, session_body):
    return Api(client, session_body)


def test_state_is_small_and_answers_304_until_a_hand_is_posted(api, hand):
    api.start()
    url = f"/s/{api.view}/state"
    first = api.client.get(url)
    assert first.status_code == 200
    assert set(first.get_json()) == {"version", "hands", "totals"}
    assert first.get_json()["hands"] == 0
    etag = first.headers["ETag"]
    assert etag.startswith('"') and not etag.startswith("W/")
    assert first.headers["Cache-Control"] == "no-store"  # the poller keeps the ETag itself
    again = api.client.get(url, headers={"If-None-Match": etag})
    assert again.status_code == 304 and again.data == b""
    assert api.post_hand(hand()).status_code == 201
    after = api.client.get(url, headers={"If-None-Match": etag})
    assert after.status_code == 200
    assert after.headers["ETag"] != etag
    assert after.get_json()["hands"] == 1
    assert after.get_json()["totals"]["units"]["Anna"] == 4


def test_every_kind_of_write_changes_the_etag(api, hand):
    api.start(hands=[hand(), hand()])
    url = f"/s/{api.view}/state"
    seen = {api.client.get(url).headers["ETag"]}
    headers = {"Authorization": f"Bearer {api.edit}"}
    api.client.put(api.url("/hands/1"), json=hand(won=False), headers=headers)
    seen.add(api.client.get(url).headers["ETag"])
    api.client.delete(api.url("/hands/1"), headers=headers)
    seen.add(api.client.get(url).headers["ETag"])
    api.client.patch(api.url(), json={"name": "x"}, headers=headers)
    seen.add(api.client.get(url).headers["ETag"])
    assert len(seen) == 4


def test_state_needs_a_real_link(client):
    assert client.get("/s/nope/state").status_code == 404
    assert client.get("/s/" + "A" * 43 + "/state").status_code == 404


def test_the_poller_script_is_served(client):
    response = client.get("/live.js")
    assert response.status_code == 200
    assert response.mimetype == "text/javascript"
    script = response.get_data(as_text=True)
    assert "If-None-Match" in script and "data-live-region" in script
    assert "5000" in script


def test_a_weak_etag_from_a_proxy_still_matches(api):
    api.start()
    url = f"/s/{api.view}/state"
    etag = api.client.get(url).headers["ETag"]
    assert api.client.get(url, headers={"If-None-Match": f"W/{etag}"}).status_code == 304

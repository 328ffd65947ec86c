"""The pages travel compressed to a browser that asks (Accept-Encoding); the API's JSON
does not, so the ETag a writer sends back in If-Match stays the one the API gave."""

from __future__ import annotations

import gzip

import pytest

from tests.api_evening import begin_evening
from tests.conftest import parti

GZIP = {"Accept-Encoding": "gzip"}


@pytest.mark.db
def test_a_scoreboard_is_sent_gzipped_and_reads_back_whole(client):
    sid, auth, view = begin_evening(client, "ulti", ["Anna", "Béla", "Csaba", "Dóra"], "10")
    for _ in range(6):
        saved = client.post(f"/api/v1/sessions/{sid}/hands", json=parti(), headers=auth)
        assert saved.status_code == 201, saved.get_json()
    plain = client.get(view)
    packed = client.get(view, headers=GZIP)
    assert "Content-Encoding" not in plain.headers
    assert packed.headers["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in packed.headers["Vary"]
    assert gzip.decompress(packed.data) == plain.data
    assert len(packed.data) * 3 < len(plain.data)


@pytest.mark.db
def test_the_api_json_keeps_its_etag_and_its_bytes(client):
    sid, auth, _ = begin_evening(client, "ulti", ["Anna", "Béla", "Csaba", "Dóra"], "10")
    client.post(f"/api/v1/sessions/{sid}/hands", json=parti(), headers=auth)
    answer = client.get(f"/api/v1/sessions/{sid}", headers={**auth, **GZIP})
    assert "Content-Encoding" not in answer.headers
    etag = answer.headers["ETag"]
    assert etag == '"v2"', etag
    put = client.put(
        f"/api/v1/sessions/{sid}/hands/1", json=parti(won=False), headers={**auth, "If-Match": etag}
    )
    assert put.status_code == 200, put.get_json()

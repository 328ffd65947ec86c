"""Mindenki passz: only the first bidder of the deal throws in (RULES.md §1.10).

The engine does not know the dealer; the ledger does, and refuses another declarer on
every write (add, edit, a session created with its hands, an import) and in the preview,
with a 422 on the API and nothing written.
"""

import json

import pytest

from tests.web.test_api import Api, bearer, counts
from ulti_ledger import ledger

# The four-player table of ``session_body``: Anna deals the first hand and sits out.
OUT_ANNA = {"players": ["Béla", "Csaba", "Dóra"], "sitting_out": ["Anna"]}
MESSAGE = "mindenki passz: only the first bidder (Béla) throws in, not Csaba"


def all_pass(declarer, **deal):
    return {**OUT_ANNA, **deal, "declarer": declarer, "outcome": "all_pass"}


@pytest.fixture
def api(client, session_body):
    return Api(client, session_body)


def test_a_wrong_all_pass_declarer_is_refused_by_every_write_and_nothing_is_written(api, app, hand):
    api.start(hands=[hand()])  # hand 1: piros passz dealt by Anna
    before = counts(app)
    wrong = all_pass("Csaba")  # Anna's deal, kept by an edit: Béla bids first
    edit = api.client.put(api.url("/hands/1"), json=wrong, headers=bearer(api.edit))
    # hand 2 is Béla's deal and he sits out: Csaba bids first
    wrong = all_pass("Dóra", players=["Csaba", "Dóra", "Anna"], sitting_out=["Béla"])
    preview = api.client.post(api.url("/preview"), json=wrong, headers=bearer(api.edit))
    added = api.post_hand(wrong)
    for response, first, declarer in (
        (edit, "Béla", "Csaba"),
        (preview, "Csaba", "Dóra"),
        (added, "Csaba", "Dóra"),
    ):
        assert response.status_code == 422
        assert response.get_json()["key"] == "declarer"
        expected = f"mindenki passz: only the first bidder ({first}) throws in, not {declarer}"
        assert expected in response.get_json()["error"]
    assert counts(app) == before
    assert api.get().get_json()["hands"][0]["hand"] == hand()


def test_a_session_created_or_imported_with_a_wrong_all_pass_is_refused(api, app, hand):
    body = {**api.body, "hands": [all_pass("Csaba")]}
    response = api.client.post("/api/v1/sessions", json=body)
    assert response.status_code == 422
    assert response.get_json()["key"] == "hands[0].declarer"
    assert MESSAGE in response.get_json()["error"]
    with app.app_context(), pytest.raises(ledger.LedgerError) as refused:
        ledger.import_session(json.dumps(body).encode("utf-8"))
    assert refused.value.key == "hands[0].declarer" and refused.value.problem == MESSAGE
    assert set(counts(app).values()) == {0}


def test_the_first_bidder_throws_in_through_every_write(api, app, hand):
    # created: hand 2 is dealt by Béla, who sits out; Csaba bids first
    second = all_pass("Csaba", players=["Csaba", "Dóra", "Anna"], sitting_out=["Béla"])
    api.start(hands=[all_pass("Béla"), second])
    # added: hand 3 is dealt by Csaba; Dóra bids first
    third = all_pass("Dóra", players=["Dóra", "Anna", "Béla"], sitting_out=["Csaba"])
    assert api.post_hand(third).status_code == 201
    # edited: hand 1 keeps Anna's deal, or takes the dealer it names
    put = api.client.put(api.url("/hands/1"), json=hand(), headers=bearer(api.edit))
    assert put.status_code == 200
    again = {**all_pass("Csaba"), "dealer": "Béla"}
    put = api.client.put(api.url("/hands/1"), json=again, headers=bearer(api.edit))
    assert put.status_code == 200
    hands = api.get().get_json()["hands"]
    assert [(h["dealer"], h["hand"]["declarer"]) for h in hands] == [
        ("Béla", "Csaba"),
        ("Béla", "Csaba"),
        ("Csaba", "Dóra"),
    ]
    with app.app_context():
        exported = ledger.session_export_json(ledger.get_session(api.id))
        assert ledger.import_session(exported.encode("utf-8")).id


def test_a_per_hand_deal_decides_who_bids_first(ctx, session_body):
    session = ledger.create_session(session_body)
    # The rotation says Anna deals, but the hand says Béla sat out: at four the dealer sits
    # out, so Béla dealt (issue 10) and Csaba, on his right, bids first.
    override = {"players": ["Csaba", "Dóra", "Anna"], "sitting_out": ["Béla"]}
    with pytest.raises(ledger.LedgerError, match=r"first bidder \(Csaba\) throws in, not Anna"):
        ledger.add_hand(session, all_pass("Anna", **override))
    # a dealer named outright stands: Csaba deals, Béla sits out, Dóra bids first
    with pytest.raises(ledger.LedgerError, match=r"first bidder \(Dóra\)"):
        ledger.add_hand(session, {**all_pass("Csaba", **override), "dealer": "Csaba"})
    assert ledger.hand_count(session) == 0
    assert ledger.add_hand(session, all_pass("Csaba", **override)) == 1
    assert ledger.hand_entry(session, 1)["dealer"] == "Béla"
    assert ledger.next_hand(session)["dealer"] == "Csaba"  # the deal passes on from Béla


def test_at_three_the_dealer_plays_and_throws_in_last(ctx, session_body):
    body = {**session_body, "players": ["Anna", "Béla", "Csaba"]}
    three = {"players": ["Béla", "Csaba", "Anna"], "outcome": "all_pass"}
    with pytest.raises(ledger.LedgerError, match=r"first bidder \(Béla\) throws in, not Anna"):
        ledger.create_session({**body, "hands": [{**three, "declarer": "Anna"}]})
    session = ledger.create_session({**body, "hands": [{**three, "declarer": "Béla"}]})
    assert ledger.hand_entry(session, 1)["dealer"] == "Anna"
    # the next hand is Béla's deal: Csaba bids first, and the form proposes him
    assert ledger.next_hand(session)["first_bidder"] == "Csaba"
    assert ledger.add_hand(session, {**three, "declarer": "Csaba"}) == 2


def test_only_an_all_pass_is_checked(ctx, session_body):
    session = ledger.create_session(session_body)
    redeal = {**all_pass("Dóra"), "outcome": "redeal"}  # a void hand: no one pays
    assert ledger.add_hand(session, redeal) == 1

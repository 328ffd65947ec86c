"""The total cards say when rounding to the coin moved money, and who absorbed it."""

from __future__ import annotations

from tests.conftest import parti
from tests.pdf.test_pdf import pages_text
from ulti_ledger.words.money_format import rounding_moves, rounding_text


def test_rounding_moves_and_their_words():
    moves = rounding_moves(
        {"Anna": "4", "Béla": "-2", "Csaba": "-2"}, {"Anna": "5", "Béla": "-5", "Csaba": "0"}
    )
    assert moves == {"Anna": "1", "Béla": "-3", "Csaba": "2"}
    assert (
        rounding_text(moves, "HUF", "hu")
        == "Anna +1\u00a0HUF, Béla \u22123\u00a0HUF, Csaba +2\u00a0HUF"
    )
    assert rounding_moves({"Anna": "5"}, {"Anna": "5"}) == {}


def evening(client, session_body, amount="1"):
    # a piros passz for Anna: +4, -2, -2 units; at 1 HUF a unit, paid to the 5 Ft coin
    body = {**session_body, "unit_value": {"amount": amount, "currency": "HUF"}, "hands": [parti()]}
    return client.post("/api/v1/sessions", json=body).get_json()


def test_the_scoreboard_says_who_absorbed_the_rounding(client, session_body):
    created = evening(client, session_body)
    got = client.get(f"/api/v1/sessions/{created['id']}?token={created['edit_token']}").get_json()
    assert got["totals"]["rounding"] == {"Anna": "1", "Béla": "-3", "Csaba": "2"}
    hu = client.get(created["view_url"] + "?lang=hu").get_data(as_text=True)
    en = client.get(created["view_url"] + "?lang=en").get_data(as_text=True)
    assert (
        "Kerekítés a legkisebb címletre, a fizetéshez: "
        "Anna +1\u00a0HUF, Béla \u22123\u00a0HUF, Csaba +2\u00a0HUF." in hu
    )
    assert "Rounded to the smallest coin for paying: Anna +1\u00a0HUF" in en


def test_no_note_when_rounding_moved_nothing(client, session_body):
    created = evening(client, session_body, amount="5")
    html = client.get(created["view_url"]).get_data(as_text=True)
    assert 'data-testid="rounding"' not in html


def test_the_pdf_says_who_absorbed_the_rounding(client, session_body):
    created = evening(client, session_body)
    hu = pages_text(client.get(created["view_url"] + "/scoresheet.pdf?lang=hu").data)[0]
    en = pages_text(client.get(created["view_url"] + "/scoresheet.pdf?lang=en").data)[0]
    flat_hu, flat_en = " ".join(hu.split()), " ".join(en.split())
    assert "Kerekítés: Anna +1 HUF, Béla −3 HUF, Csaba +2 HUF." in flat_hu
    assert "Rounding: Anna +1 HUF, Béla −3 HUF, Csaba +2 HUF." in flat_en

"""Words a player trusts, on a phone: the explanation, the date, the rounding note."""

from __future__ import annotations


def test_the_scoreboard_on_a_phone_reads_correct_hungarian(
    phone, app, client, live_url, session_body
):
    body = {
        **session_body,
        "date": "2026-12-01",
        "unit_value": {"amount": "1", "currency": "ft"},
        "hands": [
            {
                "players": ["Anna", "Béla", "Csaba"],
                "sitting_out": ["Dóra"],
                "declarer": "Anna",
                "colour": "piros",
                "components": [{"name": "ulti", "won": False, "kontra": 1}, {"name": "parti"}],
            }
        ],
    }
    body["hands"][0]["components"][1]["won"] = True
    created = client.post("/api/v1/sessions", json=body).get_json()
    token = created["view_url"].rsplit("/", 1)[1]
    phone.goto(f"{live_url}/s/{token}")
    header = phone.locator("[data-session]").inner_text()
    assert "2026. 12. 01." in header
    phone.locator("details.hand summary").first.click()
    text = phone.locator("body").inner_text()
    assert (
        "ulti bukott, kontra: (2¹ + 1) × 8 = 24, 8 = 4 × 2 (piros); mindkét védő 24-et kap" in text
    )
    # Anna −44, Béla +22, Csaba +22 units at 1 Ft; paid to the 5 Ft coin
    assert "Kerekítés a legkisebb címletre, a fizetéshez:" in text
    assert "HUF" in text  # "ft" as typed, a code in capitals as shown
    # the landing page lists the evening with its date as Hungarian writes it
    phone.goto(f"{live_url}/")
    recent = phone.locator("[data-recent-list]").inner_text()
    assert "2026. 12. 01." in recent

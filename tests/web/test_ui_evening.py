"""The evening's settings page on the scorer's link, through the test client (CSRF on)."""

from tests.ui_helpers import SETTLE_HANDS, counts, csrf_token, read_form
from ulti_ledger import ledger

DEALER_PAYS = "o-ulti-four_player_dealer"


def settings_page(scorer, query=""):
    response = scorer.client.get(scorer.edit_url + "/evening" + query)
    assert response.status_code == 200
    return response.get_data(as_text=True)


def post_settings(scorer, **changes):
    fields = {k: v[0] for k, v in read_form(settings_page(scorer), "evening-form").items()}
    fields.update(changes)
    return scorer.client.post(scorer.edit_url + "/evening", data=fields)


def post(scorer, path, **fields):
    token = csrf_token(settings_page(scorer))
    return scorer.client.post(scorer.edit_url + path, data={"csrf_token": token, **fields})


def summary(scorer):
    with scorer.client.application.app_context():
        return ledger.session_summary(ledger.session_by_token(scorer.token(), "edit"))


def record_hands(scorer):
    with scorer.client.application.app_context():
        session = ledger.session_by_token(scorer.token(), "edit")
        for hand in SETTLE_HANDS:
            ledger.add_hand(session, hand)


def test_the_scoreboard_leads_to_the_settings_page_filled_with_the_evening(scorer):
    board = scorer.client.get(scorer.edit_url).get_data(as_text=True)
    assert 'data-testid="evening-settings"' in board
    view = scorer.client.get(scorer.view_url).get_data(as_text=True)
    assert 'data-testid="evening-settings"' not in view  # the view link changes nothing
    fields = read_form(settings_page(scorer), "evening-form")
    assert fields["unit_amount"] == ["10"] and fields["currency"] == ["HUF"]
    assert fields[DEALER_PAYS] == ["sits_out"]
    missing = scorer.client.get("/e/" + "x" * 43 + "/evening")
    assert missing.status_code == 404


def test_a_stake_change_without_hands_saves_at_once(scorer):
    response = post_settings(scorer, unit_amount="0,5", currency="EUR", place="Pécs")
    assert response.status_code == 303
    info = summary(scorer)
    assert info["unit_value"] == {"amount": "0.5", "currency": "EUR"}
    assert info["place"] == "Pécs"


def test_new_house_rules_show_the_difference_and_ask_for_the_earlier_hands(scorer):
    record_hands(scorer)
    before = summary(scorer)["totals"]["units"]
    shown = post_settings(scorer, **{DEALER_PAYS: "pays_as_defender"})
    assert shown.status_code == 200  # nothing saved yet: the second step
    page = shown.get_data(as_text=True)
    assert 'data-testid="rules-diff"' in page and 'data-testid="diff-hand-1"' in page
    assert summary(scorer)["options"] == {}
    fields = {k: v[0] for k, v in read_form(page, "evening-form").items()}
    assert fields[DEALER_PAYS] == "pays_as_defender" and "resettle" not in fields
    fields["resettle"] = "keep"
    saved = scorer.client.post(scorer.edit_url + "/evening", data=fields)
    assert saved.status_code == 303
    after = summary(scorer)
    assert after["options"] == {"four_player_dealer": "pays_as_defender"}
    assert after["totals"]["units"] == before


def test_a_refused_player_change_is_422_in_hungarian_and_writes_nothing(scorer, app):
    before = counts(app)
    response = post(scorer, "/evening/rename", old="Béla", new="anna")
    assert response.status_code == 422
    assert "Anna már játszik ezen az estén" in response.get_data(as_text=True)
    response = post(scorer, "/evening/join", name="", seat="5")
    assert response.status_code == 422 and "Add meg a nevet" in response.get_data(as_text=True)
    assert counts(app) == before
    assert summary(scorer)["players"] == ["Anna", "Béla", "Csaba", "Dóra"]


def test_join_leave_rename_and_undo_through_the_page(scorer):
    assert post(scorer, "/evening/join", name="Ede", seat="1").status_code == 303
    assert summary(scorer)["seated"] == ["Ede", "Anna", "Béla", "Csaba", "Dóra"]
    assert post(scorer, "/evening/leave", name="Anna").status_code == 303
    assert post(scorer, "/evening/rename", old="Béla", new="Béla Kovács").status_code == 303
    info = summary(scorer)
    assert info["seated"] == ["Ede", "Béla Kovács", "Csaba", "Dóra"]
    page = settings_page(scorer)
    assert "Átnevezés: Béla → Béla Kovács" in page and "Ede leült" in page
    with scorer.client.application.app_context():
        session = ledger.session_by_token(scorer.token(), "edit")
        rename = ledger.session_history(session)[-1]["id"]
    assert post(scorer, f"/evening/undo/{rename}").status_code == 303
    assert "Béla" in summary(scorer)["seated"]
    again = post(scorer, f"/evening/undo/{rename}")
    assert again.status_code == 303
    follow = scorer.client.get(again.headers["Location"]).get_data(as_text=True)
    assert "Ez a változás már vissza van vonva" in follow


def test_the_page_speaks_english_on_request(scorer):
    page = settings_page(scorer, "?lang=en")
    assert "Changes of the evening" in page and "A player joins" in page


def test_a_hands_history_reads_at_its_own_table_after_a_player_left(scorer):
    record_hands(scorer)  # Anna sits out hand 1
    assert post(scorer, "/evening/leave", name="Anna").status_code == 303
    page = scorer.client.get(scorer.edit_url + "/hands/1/history").get_data(as_text=True)
    assert 'class="hist-pay"' in page and "piros passz" in page


def test_the_files_of_an_evening_whose_seating_changed(scorer):
    record_hands(scorer)
    assert post(scorer, "/evening/join", name="Ede", seat="5").status_code == 303
    assert post(scorer, "/evening/leave", name="Anna").status_code == 303
    for path in ("/scoresheet.pdf", "/hands.csv", "/session.json"):
        response = scorer.client.get(scorer.view_url + path)
        assert response.status_code == 200, path
    csv = scorer.client.get(scorer.view_url + "/hands.csv").get_data(as_text=True)
    assert "Ede" in csv.splitlines()[0] and "Anna" in csv.splitlines()[0]
    document = scorer.client.get(scorer.view_url + "/session.json").get_json()
    assert document["seating"] == [{"from_hand": 4, "players": ["Béla", "Csaba", "Dóra", "Ede"]}]


def test_the_list_of_changes_writes_the_stake_as_money(scorer):
    """The history says "10 HUF → 2 000 HUF", as the scoreboard writes money, not "2000"."""
    assert post_settings(scorer, unit_amount="2 000").status_code == 303
    page = settings_page(scorer)
    assert "Egység értéke: 10\u00a0HUF → 2\u202f000\u00a0HUF" in page
    english = settings_page(scorer, "?lang=en")
    assert "Unit value: 10\u00a0HUF → 2,000\u00a0HUF" in english


def test_the_stake_field_writes_the_amount_as_the_pages_do_and_reads_it_back(scorer):
    """A stake typed "1 000" comes back as "1 000" (not "1000"), "0,5" in Hungarian and
    "0.5" in English; saved again unchanged, it is the same stake, and no change is listed."""
    assert post_settings(scorer, unit_amount="1 000").status_code == 303
    assert read_form(settings_page(scorer), "evening-form")["unit_amount"] == ["1 000"]
    assert post_settings(scorer).status_code == 303  # saved as it is shown
    assert summary(scorer)["unit_value"] == {"amount": "1000", "currency": "HUF"}
    assert post_settings(scorer, unit_amount="0,5", currency="EUR").status_code == 303
    assert read_form(settings_page(scorer), "evening-form")["unit_amount"] == ["0,5"]
    english = read_form(settings_page(scorer, "?lang=en"), "evening-form")
    assert english["unit_amount"] == ["0.5"]
    changes = settings_page(scorer).count("Unit value:")
    assert post_settings(scorer).status_code == 303
    assert summary(scorer)["unit_value"] == {"amount": "0.5", "currency": "EUR"}
    assert settings_page(scorer).count("Unit value:") == changes


def test_the_list_of_changes_says_from_which_hand_with_its_article(scorer):
    """ "Ede leült (az 5. leosztástól)", "Anna kiszállt (a 4. leosztástól)": a Hungarian
    ordinal takes its article, "az" before a vowel sound."""
    with scorer.client.application.app_context():
        session = ledger.session_by_token(scorer.token(), "edit")
        for _ in range(3):
            deal = ledger.next_hand(session)
            ledger.add_hand(
                session,
                {
                    "players": deal["players"],
                    "sitting_out": deal["sitting_out"],
                    "declarer": deal["first_bidder"],
                    "colour": "piros",
                    "components": [{"name": "parti", "won": True}],
                },
            )
    assert post(scorer, "/evening/leave", name="Anna").status_code == 303
    assert "Anna kiszállt (a 4. leosztástól)" in settings_page(scorer)
    with scorer.client.application.app_context():
        session = ledger.session_by_token(scorer.token(), "edit")
        deal = ledger.next_hand(session)
        ledger.add_hand(
            session,
            {
                "players": deal["players"],
                "sitting_out": deal["sitting_out"],
                "declarer": deal["first_bidder"],
                "colour": "piros",
                "components": [{"name": "parti", "won": True}],
            },
        )
    assert post(scorer, "/evening/join", name="Ede", seat="1").status_code == 303
    assert "Ede leült (az 5. leosztástól)" in settings_page(scorer)
    assert "Anna left (from hand 4)" in settings_page(scorer, "?lang=en")

"""The hand pages: the form, saving, the engine's messages, edit, delete, the preview."""

import pytest

from tests.ui_helpers import Scorer, counts, csrf_token, read_form
from ulti_ledger import ledger

PIROS_PASSZ = {"declarer": "Béla", "contract": "passz", "colour": "piros"}


def recorded(app, scorer, number):
    with app.app_context():
        session = ledger.session_by_token(scorer.token(), "edit")
        return ledger.hand_entry(session, number)


def test_the_new_hand_form_proposes_the_deal_and_offers_the_seated_players(scorer, client):
    html = client.get(scorer.edit_url + "/hands/new").get_data(as_text=True)
    fields = read_form(html, "hand-form")
    # Anna deals the first hand and sits out; Béla, on her right, bids first
    assert fields["dealer"] == ["Anna"] and fields["sitting_out"] == ["Anna"]
    assert fields["outcome"] == ["played"]
    assert "declarer" not in fields  # no declarer until the scorer taps one
    assert 'data-testid="declarer-Anna" hidden' in html
    for name in ("Béla", "Csaba", "Dóra"):
        assert f'data-testid="declarer-{name}" data-option="{name}"' in html
    for preset in ("piros-passz", "passz", "40-100", "ulti", "betli", "teritett-betli", "all-pass"):
        assert f'data-testid="preset-{preset}"' in html
    assert 'data-testid="save"' in html and 'data-testid="contract-select"' in html


def test_piros_passz_made_is_saved_and_redirects_to_the_scoreboard(scorer, client, app):
    response = scorer.post_hand(PIROS_PASSZ)
    assert response.status_code == 303
    assert response.headers["Location"] == scorer.edit_url + "#h1"
    entry = recorded(app, scorer, 1)
    assert entry["dealer"] == "Anna"
    assert entry["hand"] == {
        "players": ["Béla", "Csaba", "Dóra"],
        "sitting_out": ["Anna"],
        "declarer": "Béla",
        "colour": "piros",
        "components": [{"name": "parti", "won": True}],
    }
    assert entry["result"]["payments"] == {"Béla": 4, "Csaba": -2, "Dóra": -2, "Anna": 0}
    assert "Az 1. leosztás elmentve" in client.get(scorer.edit_url).get_data(as_text=True)


def test_a_complicated_hand_through_the_form(scorer, app):
    fields = {
        "declarer": "Csaba",
        "contract": "40-100-ulti",
        "colour": "zold",
        "won-ulti": "0",
        "kontra-ulti": "2",
        "kontra-40-100": "1",
        "silent-negy-asz": "defenders",
    }
    assert scorer.post_hand(fields).status_code == 303
    hand = recorded(app, scorer, 1)["hand"]
    assert hand["components"] == [
        {"name": "40-100", "won": True, "kontra": 1},
        {"name": "ulti", "won": False, "kontra": 2},
    ]
    assert hand["silent"] == [{"name": "negy-asz", "side": "defenders", "won": True}]


def test_a_betli_with_a_kontra_from_one_defender(scorer, app):
    # seat indexes: Anna 0, Béla 1, Csaba 2, Dóra 3; Béla plays the betli
    fields = {"declarer": "Béla", "contract": "betli", "colour": "", "won-betli": "0"}
    fields["kontra-betli-3"] = "1"
    assert scorer.post_hand(fields).status_code == 303
    hand = recorded(app, scorer, 1)["hand"]
    assert "colour" not in hand
    kontra = {"Csaba": 0, "Dóra": 1}  # every defender named, as the engine records it
    assert hand["components"] == [{"name": "betli", "won": False, "kontra": kontra}]


def test_hidden_fields_of_another_contract_are_not_read(scorer, app):
    fields = {**PIROS_PASSZ, "won-ulti": "0", "kontra-betli-2": "3", "silent-ulti": ""}
    fields["renonsz"] = ""
    assert scorer.post_hand(fields).status_code == 303
    assert recorded(app, scorer, 1)["hand"]["components"] == [{"name": "parti", "won": True}]


@pytest.mark.parametrize(
    "outcome, fields, expected",
    [
        ("all_pass", {}, {"outcome": "all_pass", "declarer": "Béla"}),
        ("redeal", {"declarer": "Dóra"}, {"outcome": "redeal", "declarer": "Dóra"}),
        ("conceded", PIROS_PASSZ, {"outcome": "conceded"}),
    ],
)
def test_other_outcomes(scorer, app, outcome, fields, expected):
    assert scorer.post_hand({**fields, "outcome": outcome}).status_code == 303
    hand = recorded(app, scorer, 1)["hand"]
    for key, value in expected.items():
        assert hand[key] == value
    if outcome == "conceded":
        assert hand["components"] == [{"name": "parti"}]  # no made/lost in a bedobás


def test_a_renonsz_decides_the_hand(scorer, app):
    fields = {**PIROS_PASSZ, "renonsz": "Csaba", "silent-100": "declarer"}
    assert scorer.post_hand(fields).status_code == 303
    hand = recorded(app, scorer, 1)["hand"]
    assert hand["renonsz"] == {"player": "Csaba"}
    assert "silent" not in hand and hand["components"] == [{"name": "parti"}]


def test_the_dealer_can_be_overridden(scorer, app):
    # Without the script: the boxes were set for Anna, so Dóra's own deal is taken
    fields = {**PIROS_PASSZ, "dealer": "Dóra", "sitting_out_for": "Anna", "declarer": "Anna"}
    # (the page had shown the passz's fields: no layout to check, "shown" left out)
    assert scorer.post_hand({**fields, "shown": None}, js=False).status_code == 303
    entry = recorded(app, scorer, 1)
    # Dóra dealt, so she sat out
    assert entry["dealer"] == "Dóra"
    assert entry["hand"]["sitting_out"] == ["Dóra"]
    assert entry["hand"]["players"] == ["Anna", "Béla", "Csaba"]


def test_the_script_changes_the_dealer_and_his_sitting_out_together(scorer, app):
    fields = {**PIROS_PASSZ, "dealer": "Dóra", "sitting_out_for": "Dóra", "declarer": "Anna"}
    fields["sitting_out"] = "Dóra"
    assert scorer.post_hand(fields).status_code == 303
    entry = recorded(app, scorer, 1)
    assert entry["dealer"] == "Dóra" and entry["hand"]["sitting_out"] == ["Dóra"]


@pytest.mark.parametrize(
    "fields, message",
    [
        ({"contract": "passz", "colour": "piros"}, "Válaszd ki, ki a felvevő"),
        ({}, "Válaszd ki a játékot"),
    ],
)
def test_what_is_missing_is_asked_for(scorer, app, fields, message):
    before = counts(app)
    response = scorer.post_hand({"declarer": "Béla", **fields} if not fields else fields)
    assert response.status_code == 422
    assert message in response.get_data(as_text=True)
    assert counts(app) == before


def test_a_hand_post_without_the_csrf_token_is_refused(scorer, app):
    response = scorer.post_hand({**PIROS_PASSZ, "csrf_token": None})
    assert response.status_code == 400
    assert counts(app)["hands"] == 0


def test_the_no_js_flow_shows_the_details_before_saving(scorer, client, app):
    # Step 1: the declarer and a preset, without the script: the preset posts the form.
    response = scorer.post_hand({"declarer": "Béla", "preset": "ulti"}, js=False)
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    fields = read_form(html, "hand-form")
    assert fields["contract"] == ["ulti"] and "won-ulti" in fields["shown"][0].split(",")
    assert '<fieldset class="group" id="f-won-ulti" data-field="won-ulti">' in html
    assert counts(app)["hands"] == 0
    # Step 2: the details (a colour, the ulti lost) and Save.
    fields.update({"colour": ["tok"], "won-ulti": ["0"], "action": ["save"]})
    response = client.post(scorer.edit_url + "/hands", data=fields)
    assert response.status_code == 303
    assert recorded(app, scorer, 1)["hand"]["components"][0] == {"name": "ulti", "won": False}


def test_without_the_script_a_newly_chosen_contract_is_shown_before_it_is_saved(scorer, app):
    response = scorer.post_hand({**PIROS_PASSZ, "contract": "40-100"}, js=False)
    assert response.status_code == 200
    assert "Nézd át a játék részleteit" in response.get_data(as_text=True)
    assert counts(app)["hands"] == 0


def test_the_piros_passz_preset_sets_contract_and_colour_without_the_script(scorer):
    response = scorer.post_hand({"declarer": "Béla", "preset": "piros-passz"}, js=False)
    fields = read_form(response.get_data(as_text=True), "hand-form")
    assert fields["contract"] == ["passz"] and fields["colour"] == ["piros"]
    html = response.get_data(as_text=True)
    assert 'data-testid="preset-piros-passz" aria-pressed="true"' in html
    assert html.count('aria-pressed="true"') == 1  # "passz" matches too, but is not shown chosen


def test_mindenki_passz_chooses_the_first_bidder_without_the_script(scorer, client, app):
    # Csaba was tapped first; only Béla, who bids first on Anna's deal, throws in
    response = scorer.post_hand({"declarer": "Csaba", "preset": "all-pass"}, js=False)
    html = response.get_data(as_text=True)
    fields = read_form(html, "hand-form")
    assert fields["declarer"] == ["Béla"] and fields["outcome"] == ["all_pass"]
    assert 'data-deal="first">Béla<' in html
    fields.update({"action": ["save"]})  # Mentés on the page as it came back
    assert client.post(scorer.edit_url + "/hands", data=fields).status_code == 303
    assert recorded(app, scorer, 1)["hand"]["declarer"] == "Béla"


def test_the_preview_button_renders_the_result_without_saving(scorer, app):
    response = scorer.post_hand({**PIROS_PASSZ, "action": "preview"}, js=False)
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert 'data-testid="preview-amount-Béla"' in html and "+4" in html
    assert "parti megvan" in html
    assert counts(app)["hands"] == 0


def test_the_preview_endpoint_returns_a_fragment(scorer, client, app):
    fields = scorer.form()
    fields.update({"declarer": ["Béla"], "contract": ["passz"], "colour": ["piros"]})
    response = client.post(scorer.edit_url + "/preview", data=fields)
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert "<html" not in html
    assert 'data-testid="preview-amount-Csaba"' in html and "−2" in html
    assert "40\u00a0HUF" in html  # money as everywhere: a no-break space
    fields["kontra-parti"] = ["7"]
    response = client.post(scorer.edit_url + "/preview", data=fields)
    # the preview answers; its status says the hand is refused (saving answers 422)
    assert response.status_code == 200 and response.headers["X-Preview-Status"] == "refused"
    assert "a kontra legfeljebb mordkontra lehet" in response.get_data(as_text=True)
    fields["declarer"] = []
    response = client.post(scorer.edit_url + "/preview", data=fields)
    assert response.status_code == 200 and "Válaszd ki, ki a felvevő" in response.get_data(
        as_text=True
    )
    assert counts(app)["hands"] == 0


def test_the_preview_needs_the_csrf_token(scorer, client):
    response = client.post(scorer.edit_url + "/preview", data={"declarer": "Béla"})
    assert response.status_code == 400


def test_editing_a_hand_recomputes_the_later_totals(scorer, client, app):
    scorer.post_hand(PIROS_PASSZ)
    scorer.post_hand({"declarer": "Csaba", "contract": "passz", "colour": "makk"})
    html = client.get(scorer.edit_url + "/hands/1/edit").get_data(as_text=True)
    fields = read_form(html, "hand-form")
    assert fields["declarer"] == ["Béla"] and fields["colour"] == ["piros"]
    response = scorer.post_hand({"won-parti": "0"}, number=1)
    assert response.status_code == 303
    with app.app_context():
        session = ledger.session_by_token(scorer.token(), "edit")
        summary = ledger.session_summary(session)
    assert summary["hands"][0]["changes"]["Béla"] == -4
    assert summary["hands"][1]["totals"]["Béla"] == -4 + summary["hands"][1]["changes"]["Béla"]
    assert counts(app)["hands"] == 2


def test_an_edit_refused_by_the_engine_changes_nothing(scorer, app):
    scorer.post_hand(PIROS_PASSZ)
    before = recorded(app, scorer, 1)
    response = scorer.post_hand({"kontra-parti": "9"}, number=1)
    assert response.status_code == 422
    assert recorded(app, scorer, 1) == before


def test_unknown_hand_numbers_are_404(scorer, client):
    token = csrf_token(client.get(scorer.edit_url).get_data(as_text=True))
    assert client.get(scorer.edit_url + "/hands/1/edit").status_code == 404
    assert client.get(scorer.edit_url + "/hands/1/delete").status_code == 404
    response = client.post(scorer.edit_url + "/hands/1/delete", data={"csrf_token": token})
    assert response.status_code == 404
    assert scorer.post_hand(PIROS_PASSZ).status_code == 303
    assert client.post(scorer.edit_url + "/hands/5", data={"csrf_token": token}).status_code == 404


def test_delete_asks_first_and_needs_a_post(scorer, client, app):
    scorer.post_hand(PIROS_PASSZ)
    scorer.post_hand({"declarer": "Csaba", "contract": "passz", "colour": "makk"})
    page = client.get(scorer.edit_url + "/hands/1/delete")
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    assert "piros passz" in html and 'data-testid="confirm-delete"' in html
    assert counts(app)["hands"] == 2  # asking deleted nothing
    fields = read_form(html)
    assert client.post(scorer.edit_url + "/hands/1/delete").status_code == 400  # no token
    response = client.post(scorer.edit_url + "/hands/1/delete", data=fields)
    assert response.status_code == 303
    with app.app_context():
        assert ledger.hand_count(ledger.session_by_token(scorer.token(), "edit")) == 1
    assert recorded(app, scorer, 1)["hand"]["colour"] == "makk"


def test_every_kind_of_hand_survives_the_edit_form_unchanged(client, app, hand_kinds, session_body):
    """Each hand, opened in the edit form and saved as rendered, keeps its facts."""
    for name, hand in hand_kinds.items():
        body = {**session_body, "hands": [hand]}  # some with their own options, which an edit keeps
        created = client.post("/api/v1/sessions", json=body).get_json()
        edit = created["url"].replace("http://localhost", "")
        scorer = Scorer(client)
        scorer.edit_url = edit
        before = recorded(app, scorer, 1)
        response = scorer.post_hand({}, number=1, js=False)
        assert response.status_code == 303, (name, response.get_data(as_text=True)[-2000:])
        after = recorded(app, scorer, 1)
        for key in ("dealer", "hand", "result"):
            assert after[key] == before[key], name


def test_a_stale_edit_is_shown_again_and_a_second_save_wins(scorer, client, app):
    scorer.post_hand(PIROS_PASSZ)
    stale = scorer.form("/hands/1/edit")
    # another phone changes hand 1 meanwhile
    assert scorer.post_hand({"colour": "tok"}, number=1).status_code == 303
    stale.update({"won-parti": ["0"], "js": ["1"], "action": ["save"]})
    response = client.post(scorer.edit_url + "/hands/1", data=stale)
    assert response.status_code == 409
    html = response.get_data(as_text=True)
    assert "Valaki időközben módosította" in html
    assert recorded(app, scorer, 1)["hand"]["colour"] == "tok"  # nothing overwritten
    again = read_form(html, "hand-form")
    again.update({"js": ["1"], "action": ["save"]})
    assert client.post(scorer.edit_url + "/hands/1", data=again).status_code == 303
    hand = recorded(app, scorer, 1)["hand"]
    assert hand["colour"] == "piros" and hand["components"] == [{"name": "parti", "won": False}]


def test_a_new_hand_after_another_phone_added_one_is_checked_first(scorer, client, app):
    stale = scorer.form()
    assert scorer.post_hand(PIROS_PASSZ).status_code == 303
    stale.update({**{k: [v] for k, v in PIROS_PASSZ.items()}, "js": ["1"], "action": ["save"]})
    response = client.post(scorer.edit_url + "/hands", data=stale)
    assert response.status_code == 409
    with app.app_context():
        assert ledger.hand_count(ledger.session_by_token(scorer.token(), "edit")) == 1


def test_a_new_hand_after_another_one_is_dealt_as_the_rotation_says_now(scorer, client, app):
    stale = scorer.form()  # hand 1: Anna deals and sits out
    assert scorer.post_hand(PIROS_PASSZ).status_code == 303
    stale.update({**{k: [v] for k, v in PIROS_PASSZ.items()}, "js": ["1"], "action": ["save"]})
    response = client.post(scorer.edit_url + "/hands", data=stale)
    assert response.status_code == 409
    html = response.get_data(as_text=True)
    assert "közben rögzítettek egy leosztást" in html and "2. leosztás" in html
    again = read_form(html, "hand-form")
    # hand 2 is Béla's deal: he sits out, so the declarer is asked for again
    assert again["dealer"] == ["Béla"] and again["sitting_out"] == ["Béla"]
    assert "declarer" not in again and again["contract"] == ["passz"]
    again.update({"declarer": ["Csaba"], "js": ["1"], "action": ["save"]})
    assert client.post(scorer.edit_url + "/hands", data=again).status_code == 303
    entry = recorded(app, scorer, 2)
    assert entry["dealer"] == "Béla" and entry["hand"]["declarer"] == "Csaba"


def test_a_dealer_the_scorer_chose_is_kept_when_another_hand_came_first(scorer, client, app):
    stale = scorer.form()
    assert scorer.post_hand(PIROS_PASSZ).status_code == 303
    chosen = {"dealer": ["Dóra"], "sitting_out_for": ["Dóra"], "sitting_out": ["Dóra"]}
    stale.update({**chosen, "declarer": ["Anna"], "contract": ["passz"], "colour": ["makk"]})
    stale.update({"js": ["1"], "action": ["save"]})
    response = client.post(scorer.edit_url + "/hands", data=stale)
    assert response.status_code == 409
    again = read_form(response.get_data(as_text=True), "hand-form")
    assert again["dealer"] == ["Dóra"] and again["declarer"] == ["Anna"]


def test_entries_the_browser_restored_after_back_are_not_saved(scorer, client, app):
    """Back after saving hand 1: the browser puts hand 1's entries into hand 2's fresh form,
    the visible fields only (the dealer select, the boxes, the radios), not the hidden ones."""
    assert (
        scorer.post_hand({**PIROS_PASSZ, "contract": "ulti", "colour": "makk"}).status_code == 303
    )
    fresh = scorer.form()  # hand 2: Béla deals and sits out
    assert fresh["dealer"] == ["Béla"] and fresh["sitting_out_for"] == ["Béla"]
    restored = {"dealer": ["Anna"], "sitting_out": ["Anna"], "declarer": ["Béla"]}
    restored.update({"contract": ["ulti"], "colour": ["makk"], "won-ulti": ["0"]})
    response = client.post(
        scorer.edit_url + "/hands", data={**fresh, **restored, "js": ["1"], "action": ["save"]}
    )
    assert response.status_code == 409
    html = response.get_data(as_text=True)
    assert "a böngésző egy korábbi kitöltés értékeit töltötte vissza" in html
    with app.app_context():
        assert ledger.hand_count(ledger.session_by_token(scorer.token(), "edit")) == 1
    # The page as it was drawn: Béla's deal; Béla, who sits out, is no declarer
    again = read_form(html, "hand-form")
    assert again["dealer"] == ["Béla"] and again["sitting_out"] == ["Béla"]
    assert again["sitting_out_for"] == ["Béla"] and "declarer" not in again


def test_a_stale_delete_shows_the_hand_as_it_is_now(scorer, client, app):
    scorer.post_hand(PIROS_PASSZ)
    fields = read_form(client.get(scorer.edit_url + "/hands/1/delete").get_data(as_text=True))
    scorer.post_hand({"colour": "makk"}, number=1)
    response = client.post(scorer.edit_url + "/hands/1/delete", data=fields)
    assert response.status_code == 409
    assert "makk passz" in response.get_data(as_text=True)
    with app.app_context():
        assert ledger.hand_count(ledger.session_by_token(scorer.token(), "edit")) == 1

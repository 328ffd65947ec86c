"""The hand pages: the form, saving, the engine's messages, edit, delete, the preview."""

from html import unescape

import pytest

from ulti_ledger import ledger

from .ui_helpers import Scorer, counts, csrf_token, read_form

PIROS_PASSZ = {"declarer": "Béla", "contract": "passz", "colour": "piros"}


@pytest.fixture
def scorer(client):
    scorer = Scorer(client)
    scorer.start()
    return scorer


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
        assert f'data-testid="declarer-{name}" data-seat="{name}">' in html
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
    assert "A(z) 1. leosztás elmentve" in client.get(scorer.edit_url).get_data(as_text=True)


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
    fields = {**PIROS_PASSZ, "dealer": "Dóra", "sitting_out_for": "Anna", "declarer": "Anna"}
    assert scorer.post_hand(fields).status_code == 303
    entry = recorded(app, scorer, 1)
    # Dóra dealt, so she sat out (the boxes were set for Anna, so the rotation decides)
    assert entry["dealer"] == "Dóra"
    assert entry["hand"]["sitting_out"] == ["Dóra"]
    assert entry["hand"]["players"] == ["Anna", "Béla", "Csaba"]


@pytest.mark.parametrize(
    "fields, area, message",
    [
        ({**PIROS_PASSZ, "kontra-parti": "5"}, "component-parti", "above this table's ceiling"),
        ({**PIROS_PASSZ, "declarer": "Zoli"}, "declarer", "Zoli is not playing this hand"),
        ({**PIROS_PASSZ, "colour": ""}, "colour", "a passz needs a colour"),
        ({**PIROS_PASSZ, "colour": "lila"}, "colour", '"lila" is not allowed'),
        ({**PIROS_PASSZ, "dealer": "Zoli"}, "deal", "Zoli"),
        ({**PIROS_PASSZ, "sitting_out": []}, "deal", "is played by 3, not 4"),
        ({**PIROS_PASSZ, "kontra-parti": "x"}, "component-parti", "must be a kontra level"),
        ({"declarer": "Béla", "contract": "betli", "colour": "makk"}, "colour", "makk"),
    ],
)
def test_the_engine_s_message_is_shown_beside_the_field_and_nothing_is_saved(
    scorer, client, app, fields, area, message
):
    before = counts(app)
    response = scorer.post_hand(fields)
    assert response.status_code == 422
    html = unescape(response.get_data(as_text=True))
    assert f'data-testid="error-{area}"' in html
    assert message in html
    assert "Így nem rögzíthető" in html
    assert counts(app) == before


@pytest.mark.parametrize(
    "fields, message",
    [
        ({"contract": "passz", "colour": "piros"}, "Válaszd ki a felvevőt"),
        ({}, "Válaszd ki a játékot"),
    ],
)
def test_what_is_missing_is_asked_for(scorer, app, fields, message):
    before = counts(app)
    response = scorer.post_hand({"declarer": "Béla", **fields} if not fields else fields)
    assert response.status_code == 422
    assert message in response.get_data(as_text=True)
    assert counts(app) == before


def test_kontra_above_a_lower_ceiling_is_refused(client, app):
    scorer = Scorer(client)
    scorer.start(**{"o-ulti-max_kontra_level": "1"})
    html = client.get(scorer.edit_url + "/hands/new").get_data(as_text=True)
    assert 'data-testid="kontra-parti-1"' in html and "kontra-parti-2" not in html
    response = scorer.post_hand({**PIROS_PASSZ, "kontra-parti": "2"})
    assert response.status_code == 422
    assert "above this table's ceiling, kontra (1)" in unescape(response.get_data(as_text=True))
    assert counts(app)["hands"] == 0


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
    assert fields["contract"] == ["ulti"] and fields["shown"] == ["ulti"]
    assert '<fieldset class="group component" data-component="ulti">' in html
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
    assert 'data-testid="preset-piros-passz" aria-pressed="true"' in response.get_data(as_text=True)


def test_the_preview_button_renders_the_result_without_saving(scorer, app):
    response = scorer.post_hand({**PIROS_PASSZ, "action": "preview"}, js=False)
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert 'data-testid="preview-amount-Béla"' in html and "+4" in html
    assert "parti nyert" in html
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
    assert response.status_code == 422 and "ceiling" in response.get_data(as_text=True)
    fields["declarer"] = []
    response = client.post(scorer.edit_url + "/preview", data=fields)
    assert response.status_code == 200 and "Válaszd ki a felvevőt" in response.get_data(
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


def test_a_stale_delete_shows_the_hand_as_it_is_now(scorer, client, app):
    scorer.post_hand(PIROS_PASSZ)
    fields = read_form(client.get(scorer.edit_url + "/hands/1/delete").get_data(as_text=True))
    scorer.post_hand({"colour": "makk"}, number=1)
    response = client.post(scorer.edit_url + "/hands/1/delete", data=fields)
    assert response.status_code == 409
    assert "makk passz" in response.get_data(as_text=True)
    with app.app_context():
        assert ledger.hand_count(ledger.session_by_token(scorer.token(), "edit")) == 1

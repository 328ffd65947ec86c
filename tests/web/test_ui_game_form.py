"""A game's hand form drawn from its description, proven by snapszer: a new evening through
the web form, hands recorded and edited without the script, a refusal beside its field,
and a 4xx (never a 500) with nothing saved for any nonsense post."""

from __future__ import annotations

import pytest

from tests.ui_helpers import Scorer, counts, read_form
from ulti_ledger import ledger

FOUR = ["Anna", "Béla", "Csaba", "Dóra"]


@pytest.fixture
def snapszer(client):
    """A scorer whose snapszer evening of four has begun (through the new-evening form)."""
    scorer = Scorer(client)
    scorer.start(FOUR, ruleset="snapszer")
    return scorer


def stored(app, scorer, number):
    with app.app_context():
        session = ledger.session_by_token(scorer.token(), "edit")
        return ledger.hand_entry(session, number, "en")["hand"]


def page(scorer, path="/hands/new"):
    response = scorer.client.get(scorer.edit_url + path)
    assert response.status_code == 200
    return response.get_data(as_text=True)


def post(scorer, fields, number=None):
    target = scorer.edit_url + (f"/hands/{number}" if number else "/hands")
    return scorer.client.post(target, data=fields)


def hidden(html, name):
    """Whether the page draws field ``name`` hidden."""
    tag = html.split(f'data-field="{name}"')[1].split(">")[0]
    return "hidden" in tag


def test_the_new_evening_page_offers_snapszer_and_starts_one(client, app, snapszer):
    html = client.get("/sessions/new").get_data(as_text=True)
    assert 'value="snapszer"' in html
    with app.app_context():
        session = ledger.session_by_token(snapszer.token(), "edit")
        assert ledger.session_json(session)["ruleset"] == "snapszer"


def test_the_form_proposes_the_rotation_s_starter_and_shows_what_applies(snapszer, app):
    html = page(snapszer)
    fields = read_form(html, "hand-form")
    with app.app_context():
        proposal = ledger.next_hand(ledger.session_by_token(snapszer.token(), "edit"))
    assert fields["declarer"] == [proposal["first_bidder"]]
    assert fields["dealer"] == [proposal["dealer"]]
    assert not hidden(html, "partner") and not hidden(html, "winner")
    assert 'data-testid="preset-won-below_33"' in html


def test_a_hand_recorded_without_the_script_preset_then_save(snapszer, app):
    before = counts(app)["hands"]
    fields = read_form(page(snapszer), "hand-form")
    fields.update(partner=["Csaba"], preset=["won-below_33"])
    again = post(snapszer, fields)
    assert again.status_code == 200  # the preset's values set, nothing saved yet
    fields = read_form(again.get_data(as_text=True), "hand-form")
    assert fields["won"] == ["true"] and fields["loser"] == ["below_33"]
    assert counts(app)["hands"] == before
    fields["action"] = ["save"]
    response = post(snapszer, fields)
    assert response.status_code == 303, response.get_data(as_text=True)
    assert counts(app)["hands"] == before + 1
    hand = stored(app, snapszer, 1)
    assert hand["partner"] == "Csaba" and hand["won"] is True and hand["loser"] == "below_33"
    assert hand["declarer"] == fields["declarer"][0]


def test_an_edited_hand_shows_its_values_and_saves_the_change(snapszer, app):
    fields = read_form(page(snapszer), "hand-form")
    fields.update(partner=[""], won=["false"], loser=["no_trick"], action=["save"])
    assert post(snapszer, fields).status_code == 303
    edit = read_form(page(snapszer, "/hands/1/edit"), "hand-form")
    assert edit["partner"] == [""] and edit["won"] == ["false"] and edit["loser"] == ["no_trick"]
    edit.update(loser=["reached_33"], action=["save"])
    assert post(snapszer, edit, number=1).status_code == 303
    hand = stored(app, snapszer, 1)
    assert hand["loser"] == "reached_33" and hand["partner"] is None and hand["won"] is False


def test_a_refusal_is_shown_beside_its_field_and_nothing_is_saved(snapszer, app):
    before = counts(app)
    fields = read_form(page(snapszer), "hand-form")
    fields.update(won=["true"], loser=["below_33"], action=["save"])  # no partner at four
    response = post(snapszer, fields)
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    beside = html.split('id="f-partner"')[1].split("</fieldset>")[0]
    assert 'data-testid="error-partner"' in beside
    assert counts(app) == before
    # Still the scorer's taps on the page.
    assert read_form(html, "hand-form")["loser"] == ["below_33"]


def test_a_snapszer_by_an_opponent_is_refused_beside_the_snapszer_field(snapszer, app):
    fields = read_form(page(snapszer), "hand-form")
    starter = fields["declarer"][0]
    opponent = next(p for p in FOUR if p not in (starter, "Csaba"))
    fields.update(partner=["Csaba"], won=["true"], snapszer=[opponent], action=["save"])
    response = post(snapszer, fields)
    assert response.status_code == 422
    assert 'data-testid="error-snapszer"' in response.get_data(as_text=True)


def test_a_renonsz_hides_who_won_and_saves_without_it(snapszer, app):
    fields = read_form(page(snapszer), "hand-form")
    fields.update(partner=["Csaba"], renonsz=["Dóra"], action=["preview"])
    html = post(snapszer, fields).get_data(as_text=True)
    assert hidden(html, "won") and hidden(html, "loser") and not hidden(html, "partner")
    # A stale "won" posted beside the renonsz is not read: the field does not apply.
    fields.update(won=["true"], loser=["no_trick"], action=["save"])
    assert post(snapszer, fields).status_code == 303
    hand = stored(app, snapszer, 1)
    assert hand["renonsz"] == {"player": "Dóra"} and "won" not in hand and "loser" not in hand


def test_at_three_there_is_no_partner_field(client, app):
    scorer = Scorer(client)
    scorer.start(FOUR[:3], ruleset="snapszer")
    html = page(scorer)
    assert hidden(html, "partner") and hidden(html, "winner")
    fields = read_form(html, "hand-form")
    fields.update(preset=["lost-no_trick"])
    fields = read_form(post(scorer, fields).get_data(as_text=True), "hand-form")
    fields.update(partner=["Béla"], action=["save"])  # posted though hidden: not read
    response = post(scorer, fields)
    assert response.status_code == 303, response.get_data(as_text=True)
    hand = stored(app, scorer, 1)
    assert hand["won"] is False and hand["loser"] == "no_trick" and "partner" not in hand


@pytest.mark.parametrize(
    "changes",
    [
        {"won": "maybe"},
        {"declarer": "Zoltán"},
        {"loser": "all_of_them"},
        {"partner": "Zoltán"},
        {"snapszer": "Zoltán"},
        {"renonsz": "Zoltán"},
        {"dealer": "Zoltán"},
        {"declarer": ""},
        {"preset": "nonsense", "action": "save"},
        {"expected_version": "abc"},
        {"expected_version": "999"},
        {"won": ["true", "false"]},
        # (a winner and a snapszer both posted is no longer nonsense: the winner hides
        # the snapszer field, and a field that does not apply is not read)
        {"winner": "Zoltán"},
    ],
)
def test_nonsense_posts_get_a_4xx_and_nothing_is_saved(snapszer, app, changes):
    before = counts(app)
    fields = read_form(page(snapszer), "hand-form")
    fields.update(partner=["Csaba"], won=["true"], loser=["below_33"], action=["save"])
    fields.update({k: v if isinstance(v, list) else [v] for k, v in changes.items()})
    response = post(snapszer, fields)
    if "declarer" in changes:  # without the script another declarer's partners are shown first
        assert response.status_code == 200 and 'data-testid="notice"' in response.get_data(True)
        fields["shown"] = read_form(response.get_data(as_text=True), "hand-form")["shown"]
        response = post(snapszer, fields)
    assert 400 <= response.status_code < 500, (changes, response.status_code)
    fields["action"] = ["preview"]
    assert post(snapszer, fields).status_code in (200, 400)  # shown again, never a 500
    assert counts(app) == before


def test_the_preview_route_is_not_the_game_form_s(snapszer):
    assert snapszer.client.post(snapszer.edit_url + "/preview", data={}).status_code in (
        400,
        404,
    )


@pytest.mark.parametrize("lang", ["hu", "en"])
def test_the_landing_page_does_not_call_every_game_ulti(client, lang):
    html = client.get(f"/?lang={lang}").get_data(as_text=True)
    assert "ulti" not in html.lower().replace("/static/", "")


def test_the_new_evening_page_names_ulti_only_in_the_ulti_rulesets(client):
    html = client.get("/sessions/new").get_data(as_text=True)
    head = html.split('class="ruleset-choices"')[0]
    assert "ulti" not in head.lower().split("<body")[1]

"""Skat's hand form, the game-value calculator, drawn by the generic form: a common suit
game in four posts' worth of taps, the value line in the preview, the card points typed,
a refusal shown, and the edit page's values."""

from __future__ import annotations

import pytest

from tests.ui_helpers import Scorer, counts, read_form
from ulti_ledger import ledger

FOUR = ["Anna", "Béla", "Csaba", "Dóra"]


@pytest.fixture
def skat(client):
    """A scorer whose Skat evening of four has begun (through the new-evening form)."""
    scorer = Scorer(client)
    scorer.start(FOUR, ruleset="skat")
    return scorer


def page(scorer, path="/hands/new", lang="en"):
    response = scorer.client.get(f"{scorer.edit_url}{path}?lang={lang}")
    assert response.status_code == 200
    return response.get_data(as_text=True)


def post(scorer, fields, number=None, lang="en"):
    """The form posted as its script posts it (``js=1``: the scorer saw every field that
    applies, so the server saves at once rather than showing new fields first)."""
    target = scorer.edit_url + (f"/hands/{number}" if number else "/hands") + f"?lang={lang}"
    return scorer.client.post(target, data={**fields, "js": ["1"]})


def stored(app, scorer, number):
    with app.app_context():
        session = ledger.session_by_token(scorer.token(), "edit")
        return ledger.hand_entry(session, number, "en")["hand"]


def hidden(html, name):
    tag = html.split(f'data-field="{name}"')[1].split(">")[0]
    return "hidden" in tag


def test_the_form_draws_the_calculator_with_vorhand_as_declarer(skat, app):
    html = page(skat)
    fields = read_form(html, "hand-form")
    with app.app_context():
        proposal = ledger.next_hand(ledger.session_by_token(skat.token(), "edit"))
    assert proposal["dealer"] == "Anna" and proposal["sitting_out"] == ["Anna"]
    assert proposal["first_bidder"] == "Dóra"  # Vorhand, at the dealer's left
    assert fields["declarer"] == ["Dóra"]
    assert 'type="number"' in html and 'name="declarer_points"' in html
    assert 'data-testid="game-grand"' in html and 'data-testid="matadors-mit-2"' in html
    assert hidden(html, "announced") and not hidden(html, "game")


def test_a_common_suit_game_is_game_matadors_points_and_save(skat, app):
    before = counts(app)["hands"]
    fields = read_form(page(skat), "hand-form")
    # the scorer's taps: Pik, mit 2, types 75, Save
    fields.update(game=["pik"], matadors=["mit-2"], declarer_points=["75"], action=["save"])
    response = post(skat, fields)
    assert response.status_code == 303, response.get_data(as_text=True)
    assert counts(app)["hands"] == before + 1
    hand = stored(app, skat, 1)
    assert (hand["declarer"], hand["game"], hand["mit"], hand["declarer_points"]) == (
        "Dóra",
        "pik",
        2,
        75,
    )


@pytest.mark.parametrize(
    "lang, blank",
    [
        ("hu", "üresen hagyva: a bemondott játék értéke"),
        ("en", "left blank: the value of the game entered"),
        ("de", "leer: der Spielwert des eingetragenen Spiels"),
    ],
)
def test_the_bid_left_blank_is_the_games_value_and_the_form_says_so(skat, app, lang, blank):
    """The common hand types no bid: the field says, in the page's language, that blank is
    the game's value, and the hand saved without one is settled at its value, not lost."""
    html = page(skat, lang=lang)
    bid = html.split('name="bid"')[1].split(">")[0]
    assert f'placeholder="{blank}"' in bid and 'aria-describedby="blank-bid"' in bid
    assert f'data-testid="blank-bid">{blank}</p>' in html
    fields = read_form(html, "hand-form")
    assert fields.get("bid", [""]) == [""]  # nothing typed in advance
    fields.update(game=["pik"], matadors=["mit-2"], declarer_points=["75"], action=["save"])
    assert post(skat, fields, lang=lang).status_code == 303
    assert "bid" not in stored(app, skat, 1)
    with app.app_context():
        session = ledger.session_by_token(skat.token(), "edit")
        result = ledger.hand_entry(session, 1, "en")["result"]
    assert result["score"]["Dóra"] == 33  # pik (11) mit 2 (× 3), covered: no overbid


def test_the_preview_says_the_value_as_a_skat_player_does(skat):
    fields = read_form(page(skat), "hand-form")
    fields.update(
        game=["grand"], matadors=["mit-2"], hand=["true"], declarer_points=["92"], bid=["48"]
    )
    fields["action"] = ["preview"]
    for lang in ("en", "de", "hu"):
        html = post(skat, fields, lang=lang).get_data(as_text=True)
        assert "Grand Hand mit 2, Schneider: 5 × 24 = 120" in html
    assert not hidden(html, "announced")


def test_won_or_lost_instead_of_the_card_points(skat, app):
    fields = read_form(page(skat), "hand-form")
    fields.update(game=["herz"], matadors=["ohne-1"], won=["false"], schneider=["true"])
    fields["action"] = ["save"]
    assert post(skat, fields).status_code == 303
    hand = stored(app, skat, 1)
    assert hand["won"] is False and hand["schneider"] is True and "declarer_points" not in hand
    edit = read_form(page(skat, "/hands/1/edit"), "hand-form")
    assert edit["matadors"] == ["ohne-1"] and edit["won"] == ["false"]


def test_an_impossible_game_is_refused_with_the_engine_s_words(skat, app):
    before = counts(app)
    fields = read_form(page(skat), "hand-form")
    fields.update(game=["grand"], matadors=["ohne-5"], declarer_points=["70"], action=["save"])
    response = post(skat, fields, lang="hu")
    assert response.status_code == 422
    assert "ohne 5 lehetetlen Grand játékban" in response.get_data(as_text=True)
    fields.update(game=["null"], matadors=[""], won=["true"], declarer_points=["10"])
    assert post(skat, fields).status_code == 303  # card points hidden in Null: not read
    assert counts(app)["hands"] == before["hands"] + 1
    assert "declarer_points" not in stored(app, skat, 1)


@pytest.mark.parametrize(
    "changes",
    [{"declarer_points": "12a"}, {"declarer_points": "²"}, {"bid": "-3"}, {"matadors": "mit-x"}],
)
def test_nonsense_typed_numbers_get_a_4xx_and_nothing_is_saved(skat, app, changes):
    before = counts(app)
    fields = read_form(page(skat), "hand-form")
    fields.update(game=["pik"], matadors=["mit-2"], declarer_points=["75"], action=["save"])
    fields.update({k: [v] for k, v in changes.items()})
    response = post(skat, fields)
    assert 400 <= response.status_code < 500, (changes, response.status_code)
    assert counts(app) == before


def test_eingepasst_is_one_tap(skat, app):
    fields = read_form(page(skat), "hand-form")
    fields.update(preset=["all_pass"])
    fields = read_form(post(skat, fields).get_data(as_text=True), "hand-form")
    fields["action"] = ["save"]
    assert post(skat, fields).status_code == 303
    assert stored(app, skat, 1)["outcome"] == "all_pass"


def test_no_post_of_the_skat_form_answers_500(skat, app):
    """Hostile values in every field of Skat's form (as tests/web/test_fuzz_forms.py does for
    the others): a 4xx or the form again, never a 500."""
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    from tests.web.test_fuzz_forms import VALUES

    base = read_form(page(skat), "hand-form")  # the CSRF token and the deal, as drawn
    names = sorted(base)
    known = st.sampled_from([*names, "matadors", "declarer_points", "bid", "won", "schneider"])
    data = st.dictionaries(known, st.lists(VALUES, min_size=1, max_size=2), max_size=8)

    @settings(
        max_examples=40,
        derandomize=True,
        deadline=None,
        database=None,
        suppress_health_check=list(HealthCheck),
    )
    @given(fields=data)
    def run(fields):
        for action in ("save", "preview"):
            response = post(skat, {**base, **fields, "action": [action]})
            assert response.status_code < 500, (fields, response.status_code)
            seen.add(response.status_code)

    seen: set[int] = set()
    run()
    assert seen - {400}, "every post stopped at the CSRF check or the field checks"


def test_a_refusal_keyed_mit_or_ohne_shows_beside_the_matadors_field(skat, app):
    fields = read_form(page(skat), "hand-form")
    fields.update(game=["grand"], matadors=["ohne-5"], declarer_points=["70"], action=["save"])
    html = post(skat, fields, lang="de").get_data(as_text=True)
    matadors = html.split('id="f-matadors"', 1)[1].split("</fieldset>", 1)[0]
    assert "ohne 5 ist im Grand unmöglich" in matadors
    top = html.split('id="f-matadors"', 1)[0]
    assert "ohne 5 ist im Grand unmöglich" not in top  # not at the top of the form

"""Issue 25's house rules of Skat and snapszer through the pages: a Skat evening with a
Ramsch round after Bock (proposed by the form, a tie saved through it, the rounds counted
on the board), an evening of Ramsch only, and snapszer's doubling asked at three."""

from __future__ import annotations

import pytest

from tests.ui_helpers import Scorer
from ulti_ledger import ledger
from ulti_ledger.db import db

pytestmark = pytest.mark.db
THREE = ["Anna", "Béla", "Csaba"]
GRAND_HAND = {"game": ["grand"], "matadors": ["mit-1"], "hand": ["true"], "declarer_points": ["70"]}
PIK = {"game": ["pik"], "matadors": ["mit-1"], "declarer_points": ["80"]}


def _save(scorer, changes):
    response = scorer.post_hand(changes)
    assert response.status_code == 303, response.get_data(as_text=True)


def _summary(app, scorer, lang="en"):
    with app.app_context():
        session = ledger.session_by_token(scorer.token(), "edit")
        return ledger.session_summary(session, lang)


def test_a_ramsch_round_follows_the_bock_round_and_the_board_counts_it(app, client):
    scorer = Scorer(client)
    scorer.start(THREE, ruleset="skat", **{"o-skat-bock": "on", "o-skat-ramsch_after_bock": "on"})
    _save(scorer, GRAND_HAND)  # opens a Bock round of 3, and a Ramsch round after it
    for _ in range(3):
        assert scorer.form()["bock"] == ["true"]
        _save(scorer, PIK)
    form = scorer.form()
    assert form["outcome"] == ["ramsch"] and "bock" not in form  # the Ramsch round begins
    page = client.get(scorer.edit_url).get_data(as_text=True)
    assert "Ramsch" in page and "3" in page
    # Anna and Béla tie at 50: both lose 50 (the form's second loser)
    _save(scorer, {"ramsch_loser": ["Anna"], "ramsch_tie": ["Béla"], "ramsch_points": ["50"]})
    hands = _summary(app, scorer)["hands"]
    last = hands[-1]
    assert last["hand"]["outcome"] == "ramsch"
    assert last["hand"]["ramsch"] == {"loser": ["Anna", "Béla"], "points": 50}
    assert last["score"] == {"Anna": -50, "Béla": -50, "Csaba": 0}
    assert scorer.form()["outcome"] == ["ramsch"]  # two more Ramsch games to come
    edit = scorer.form(f"/hands/{len(hands)}/edit")  # the edit page shows both losers
    assert edit["ramsch_loser"] == ["Anna"] and edit["ramsch_tie"] == ["Béla"]


def test_an_evening_of_ramsch_only_proposes_ramsch_and_refuses_a_game(app, client):
    scorer = Scorer(client)
    scorer.start(THREE, ruleset="skat", **{"o-skat-ramsch_only": "on"})
    assert scorer.form()["outcome"] == ["ramsch"]
    _save(scorer, {"ramsch_loser": ["Csaba"], "ramsch_points": ["70"]})
    assert _summary(app, scorer)["hands"][0]["score"]["Csaba"] == -70
    response = scorer.post_hand({"outcome": [""], **PIK, "declarer": ["Anna"]})
    assert response.status_code in (200, 422)  # the form again, saying why
    assert "Ramsch" in response.get_data(as_text=True)
    assert len(_summary(app, scorer)["hands"]) == 1  # nothing half-saved


def test_snapszer_doubling_is_asked_at_three_and_doubles_the_points(app, client):
    scorer = Scorer(client)
    scorer.start(THREE, ruleset="snapszer", **{"o-snapszer-kontra": "on"})
    assert "kontra" in scorer.form()["shown"][0].split(",")
    _save(scorer, {"won": ["true"], "loser": ["below_33"], "kontra": ["1"]})
    hand = _summary(app, scorer)["hands"][0]
    starter = hand["hand"]["declarer"]
    assert hand["hand"]["kontra"] == 1
    assert hand["result"]["payments"][starter] == 2 * 2 * 2  # 2 points, gspritzt x 2, from two


def test_snapszer_doubling_is_not_asked_at_four(client):
    scorer = Scorer(client)
    scorer.start([*THREE, "Dóra"], ruleset="snapszer", **{"o-snapszer-kontra": "on"})
    assert "kontra" not in scorer.form()["shown"][0].split(",")


OLD_KONTRA, NEW_KONTRA = "o-skat-bock_lost_kontra", "o-skat-bock_kontra_declarer_lost"


def test_the_old_kontra_option_is_offered_only_to_an_evening_that_chose_it(app, client):
    """``bock_lost_kontra`` (deprecated, ``offered = false``): a new evening is offered
    the declarer-loses reading only; an evening pinned with the old one still reads it on
    its settings page, where it can be turned off."""
    page = client.get("/sessions/new").get_data(as_text=True)
    assert NEW_KONTRA in page and OLD_KONTRA not in page
    scorer = Scorer(client)
    scorer.start(THREE, ruleset="skat", **{"o-skat-kontra_re": "on", OLD_KONTRA: "on"})
    with app.app_context():
        session = ledger.session_by_token(scorer.token(), "edit")
        assert "bock_lost_kontra" not in session.options  # the page never sent it
        settings = client.get(scorer.edit_url + "/evening").get_data(as_text=True)
        assert NEW_KONTRA in settings and OLD_KONTRA not in settings
        session.options = {**session.options, "bock_lost_kontra": "on"}  # chosen before
        db.session.commit()
    settings = client.get(scorer.edit_url + "/evening").get_data(as_text=True)
    assert OLD_KONTRA in settings

"""The hand form of a Skat evening with Bock rounds proposes Bock for each game of a round
still to come: drawn ticked by the server (the page without the script shows it so, and
the script starts from the page), saved doubled, and no longer once the round is over."""

from __future__ import annotations

import pytest

from ulti_ledger import ledger

from .ui_helpers import Scorer, read_form

pytestmark = pytest.mark.db
FOUR = ["Anna", "Béla", "Csaba", "Dóra"]
GRAND_HAND = {"game": ["grand"], "matadors": ["mit-1"], "hand": ["true"]}
PIK = {"game": ["pik"], "matadors": ["mit-1"], "declarer_points": ["80"]}


@pytest.fixture
def bock(client):
    """A Skat evening of four with Bock rounds on, begun through the new-evening form."""
    scorer = Scorer(client)
    scorer.start(FOUR, ruleset="skat", **{"o-skat-bock": "on"})
    return scorer


def _save(scorer, changes):
    """The new-hand form as drawn, with ``changes`` tapped, saved as the script posts it."""
    response = scorer.post_hand(changes)
    assert response.status_code == 303, response.get_data(as_text=True)


def _hands(app, scorer):
    with app.app_context():
        session = ledger.session_by_token(scorer.token(), "edit")
        return ledger.session_summary(session, "en")["hands"]


def test_the_next_hand_is_proposed_as_bock_while_the_round_lasts(app, bock):
    assert "bock" not in bock.form()  # nothing triggered yet: the toggle stays on "—"
    _save(bock, {**GRAND_HAND, "declarer_points": ["70"]})  # a Grand Hand opens a round of 4
    for game in range(4):
        form = bock.form()
        assert form["bock"] == ["true"], game  # the server draws it ticked
        _save(bock, PIK)  # the scorer taps only the game: Bock stays as proposed
    assert "bock" not in bock.form()  # the round is over
    hands = _hands(app, bock)
    assert [bool(h["hand"].get("bock")) for h in hands] == [False, True, True, True, True]
    second = hands[1]
    declarer = second["declarer"]
    assert second["score"][declarer] == 2 * 2 * 11  # Pik mit 1, spiel 2, doubled by Bock


def test_the_scorer_can_untick_the_proposed_bock(app, bock):
    _save(bock, {**GRAND_HAND, "declarer_points": ["70"]})
    _save(bock, {**PIK, "bock": [""]})
    hand = _hands(app, bock)[1]
    assert "bock" not in hand["hand"] and hand["score"][hand["declarer"]] == 2 * 11


def test_without_the_script_the_page_shows_bock_ticked(bock):
    _save(bock, {**GRAND_HAND, "declarer_points": ["70"]})
    html = bock.client.get(bock.edit_url + "/hands/new?lang=de").get_data(as_text=True)
    fields = read_form(html, "hand-form")
    assert fields["bock"] == ["true"]
    radio = next(
        line for line in html.splitlines() if 'name="bock"' in line and 'value="true"' in line
    )
    assert "checked" in radio


def test_an_evening_without_bock_rounds_proposes_nothing(app, client):
    scorer = Scorer(client)
    scorer.start(FOUR, ruleset="skat")
    _save(scorer, {**GRAND_HAND, "declarer_points": ["70"]})
    assert "bock" not in scorer.form()

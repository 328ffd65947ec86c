"""The hand form of a Skat evening with Bock rounds proposes Bock for each game of a round
still to come: drawn ticked by the server (the page without the script shows it so, and
the script starts from the page), saved doubled, and no longer once the round is over."""

from __future__ import annotations

import pytest

from tests.ui_helpers import Scorer, read_form
from ulti_ledger import ledger

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


def _stale_save(app, scorer, stale, changes):
    """Post the page ``stale`` (drawn before another phone saved a hand) with ``changes``."""
    fields = {**stale, **changes, "js": ["1"], "action": ["save"]}
    return scorer.client.post(scorer.edit_url + "/hands", data=fields)


def test_a_hand_added_meanwhile_ends_the_proposed_bock_round(app, bock):
    """The page proposed the round's last Bock game; another phone saved it first. The
    page comes back for the next hand, and Bock is no longer ticked: the round is over."""
    _save(bock, {**GRAND_HAND, "declarer_points": ["70"]})
    for _ in range(3):
        _save(bock, PIK)
    stale = bock.form()
    assert stale["bock"] == ["true"]  # the round's fourth and last game
    _save(bock, PIK)  # another phone records it first
    response = _stale_save(app, bock, stale, PIK)
    assert response.status_code == 409
    fields = read_form(response.get_data(as_text=True), "hand-form")
    assert "bock" not in fields and fields["proposal"] == [""]
    assert len(_hands(app, bock)) == 5  # nothing saved


def test_a_hand_added_meanwhile_that_opens_a_round_proposes_bock(app, bock):
    stale = bock.form()
    assert "bock" not in stale and stale["proposal"] == [""]
    _save(bock, {**GRAND_HAND, "declarer_points": ["70"]})  # another phone: a round opens
    response = _stale_save(app, bock, stale, PIK)
    assert response.status_code == 409
    fields = read_form(response.get_data(as_text=True), "hand-form")
    assert fields["bock"] == ["true"] and fields["proposal"] == ["bock=true"]
    assert fields["game"] == ["pik"]  # the scorer's own taps are kept


def test_a_bock_the_scorer_chose_himself_is_kept_when_a_hand_came_first(app, bock):
    """Nothing was proposed and nothing is now, but the scorer ticked Bock himself (the
    table agreed on one): his tap stays when another hand came first."""
    stale = bock.form()
    _save(bock, PIK)  # another phone: a plain game, no round opens
    response = _stale_save(app, bock, stale, {**PIK, "bock": ["true"]})
    assert response.status_code == 409
    assert read_form(response.get_data(as_text=True), "hand-form")["bock"] == ["true"]
    _save(bock, {**GRAND_HAND, "declarer_points": ["70"]})  # a round of 4 opens
    for _ in range(3):
        _save(bock, PIK)
    stale = bock.form()  # the round's last game proposed
    _save(bock, PIK)  # another phone records it first
    response = _stale_save(app, bock, stale, {**PIK, "bock": [""]})  # he had unticked it
    assert read_form(response.get_data(as_text=True), "hand-form")["bock"] == [""]

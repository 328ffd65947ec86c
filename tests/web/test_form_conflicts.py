"""The drawn hand form's 409s, for every game: what happened meanwhile, in the reader's
language, with what to do; nothing is written, and saving again is a knowing choice."""

from __future__ import annotations

import pytest

from tests.ui_helpers import Scorer, counts
from ulti_ledger import ledger

PIROS_PASSZ = {"declarer": "Béla", "contract": "passz", "colour": "piros"}
FOUR = ["Anna", "Béla", "Csaba", "Dóra"]


def hands(app, scorer):
    with app.app_context():
        session = ledger.session_by_token(scorer.token(), "edit")
        return [
            ledger.hand_entry(session, n)["hand"] for n in range(1, ledger.hand_count(session) + 1)
        ]


@pytest.mark.parametrize(
    "lang, said",
    [
        ("hu", "Ezt a leosztást időközben törölték; nézd meg az eredménylapot."),
        ("en", "This hand was deleted meanwhile; look at the scoresheet."),
    ],
)
def test_an_edit_of_a_hand_deleted_meanwhile_says_so(scorer, client, app, lang, said):
    client.get(f"/?lang={lang}")
    scorer.post_hand(PIROS_PASSZ)
    scorer.post_hand({"declarer": "Csaba", "contract": "passz", "colour": "makk"})
    stale = scorer.form("/hands/2/edit")
    with app.app_context():  # another phone deletes hand 2
        ledger.delete_hand(ledger.session_by_token(scorer.token(), "edit"), 2)
    before = counts(app)
    stale.update({"won-parti": ["0"], "js": ["1"], "action": ["save"]})
    response = client.post(scorer.edit_url + "/hands/2", data=stale)
    assert response.status_code == 409
    assert said in response.get_data(as_text=True)
    assert counts(app) == before and len(hands(app, scorer)) == 1


def test_a_stale_page_in_english_says_someone_else_saved_first(scorer, client, app):
    client.get("/?lang=en")
    scorer.post_hand(PIROS_PASSZ)
    stale = scorer.form("/hands/1/edit")
    assert scorer.post_hand({"colour": "tok"}, number=1).status_code == 303
    stale.update({"won-parti": ["0"], "js": ["1"], "action": ["save"]})
    response = client.post(scorer.edit_url + "/hands/1", data=stale)
    assert response.status_code == 409
    assert "Someone changed it meanwhile" in response.get_data(as_text=True)
    assert hands(app, scorer)[0]["colour"] == "tok"


def test_a_snapszer_hand_after_another_came_first_is_dealt_again(client, app):
    """Another phone recorded a hand: this one is the next hand now, dealt as the rotation
    says (the starter moves on), and the scorer's other taps are kept."""
    scorer = Scorer(client)
    scorer.start(FOUR, ruleset="snapszer")
    stale = scorer.form()
    first = stale["declarer"][0]
    fields = {"partner": ["Csaba" if first != "Csaba" else "Dóra"], "won": ["true"]}
    fields["loser"] = ["below_33"]
    done = {**stale, **fields, "js": ["1"], "action": ["save"]}
    assert client.post(scorer.edit_url + "/hands", data=done).status_code == 303
    response = client.post(scorer.edit_url + "/hands", data=done)
    assert response.status_code == 409
    html = response.get_data(as_text=True)
    assert "közben rögzítettek egy leosztást" in html and "2. leosztás" in html
    with app.app_context():
        proposal = ledger.next_hand(ledger.session_by_token(scorer.token(), "edit"))
    assert proposal["first_bidder"] != first
    assert f'name="declarer" value="{proposal["first_bidder"]}" checked' in html
    assert len(hands(app, scorer)) == 1

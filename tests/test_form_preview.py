"""The drawn form's preview before the hand is complete: what is still missing is a hint,
not an error, for every game; an impossible hand is an error (HTTP 422 from the preview)."""

from __future__ import annotations

import pytest

from .ui_helpers import Scorer


@pytest.mark.parametrize("ruleset", ["ulti", "snapszer"])
def test_a_fresh_form_s_preview_asks_for_what_is_missing(client, ruleset):
    scorer = Scorer(client)
    scorer.start(["Anna", "Béla", "Csaba", "Dóra"], ruleset=ruleset)
    html = client.get(scorer.edit_url + "/hands/new").get_data(as_text=True)
    assert 'data-testid="preview-error"' not in html
    assert 'data-testid="preview-hint"' in html


def test_an_impossible_hand_s_preview_is_an_error(scorer, client):
    fields = scorer.form()
    fields.update({"declarer": ["Béla"], "contract": ["passz"], "colour": ["makk"]})
    fields.update({"kontra-parti": ["9"], "js": ["1"]})
    response = client.post(scorer.edit_url + "/preview", data=fields)
    assert response.status_code == 422
    assert 'data-testid="preview-error"' in response.get_data(as_text=True)

"""The drawn form's preview before the hand is complete: what is still missing is a hint,
not an error, for every game; an impossible hand is an error (HTTP 422 from the preview)."""

from __future__ import annotations

import re

import pytest

from tests.ui_helpers import Scorer
from ulti_ledger.games import builtin_engine


@pytest.mark.parametrize("ruleset", sorted(builtin_engine().rulesets))
def test_a_fresh_form_s_preview_asks_for_what_is_missing(client, ruleset):
    """In the form's own words where it has them, else by the field's label, in the page's
    language; never the engine's sentence for an API caller ("cannot be recorded: ...
    or null ...")."""
    scorer = Scorer(client)
    scorer.start(["Anna", "Béla", "Csaba", "Dóra"], ruleset=ruleset)
    hints = []
    for lang, words in (("hu", "Még ezt kell megadni: "), ("de", "Noch auszuwählen: ")):
        html = client.get(scorer.edit_url + f"/hands/new?lang={lang}").get_data(as_text=True)
        assert 'data-testid="preview-error"' not in html
        hint = re.search(r'data-testid="preview-hint">([^<]*)<', html).group(1)
        # the game's own words ("Válaszd ki a felvevőt", "Válaszd ki a játékot"), else the
        # field's label after "still to choose"
        assert hint and hint != words.strip(), hint
        assert "null" not in hint and "rögzíthető" not in hint and "eintragen" not in hint
        hints.append(hint)
    assert hints[0] != hints[1]  # each in the page's language


def test_an_impossible_hand_s_preview_is_an_error(scorer, client):
    fields = scorer.form()
    fields.update({"declarer": ["Béla"], "contract": ["passz"], "colour": ["makk"]})
    fields.update({"kontra-parti": ["9"], "js": ["1"]})
    response = client.post(scorer.edit_url + "/preview", data=fields)
    assert response.status_code == 422
    assert 'data-testid="preview-error"' in response.get_data(as_text=True)

"""The drawn form's preview before the hand is complete: what is still missing is a hint,
not an error, for every game; an impossible hand is an error. The preview answers 200
either way (its status says which), so a half-filled form logs no error in the browser."""

from __future__ import annotations

import random
import re

import pytest

from tests.ui_helpers import Scorer
from ulti_ledger import ledger
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
        hint = re.search(r'data-testid="preview-hint"[^>]*>([^<]*)<', html).group(1)
        # the game's own words ("Válaszd ki, ki a felvevő", "Válaszd ki a játékot"), else the
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
    assert response.status_code == 200 and response.headers["X-Preview-Status"] == "refused"
    html = response.get_data(as_text=True)
    assert 'data-testid="preview-error" data-status="refused"' in html


@pytest.mark.parametrize("ruleset", sorted(builtin_engine().rulesets))
def test_a_form_filled_field_by_field_is_incomplete_until_it_is_complete(client, ruleset):
    """Each field in the form's order, from a legal hand's values: every preview on the
    way answers 200, incomplete (a hint) until the hand settles, never a refusal (issue
    35: an Ulti contract chosen before its colour was a 422)."""
    scorer = Scorer(client)
    scorer.start(["Anna", "Béla", "Csaba", "Dóra"], ruleset=ruleset)
    with client.application.app_context():
        session = ledger.session_by_token(scorer.token(), "edit")
        game, rules = ledger.form_game(session)
        deal = ledger.next_hand(session)
    order = [f["name"] for f in game.hand_form(rules, "hu")["fields"]]
    seated = (*deal["players"], *deal.get("sitting_out", []))
    rng = random.Random(7)
    for _ in range(6):
        hand = game.random_hand(rng, rules, seated)
        hand |= {"players": deal["players"], "sitting_out": deal.get("sitting_out", [])}
        values = game.form_values(hand, rules)
        fields, seen = scorer.form(), []
        for name in order:
            for key in [k for k in values if k == name or k.startswith(f"{name}-")]:
                fields[key] = [values[key]]
            answer = client.post(scorer.edit_url + "/preview", data={**fields, "js": ["1"]})
            assert answer.status_code == 200
            seen.append(answer.headers["X-Preview-Status"])
        # a refusal on the way is one of facts that contradict each other until a later
        # field is chosen (tarokk: a volát beside a parti not chosen yet); a value not
        # chosen yet is never one (Ulti: a contract before its colour)
        early = [name for name, status in zip(order, seen, strict=True) if status == "refused"]
        assert not any(name in ("contract", "colour", "declarer") for name in early), early
        assert seen[-1] == "complete", hand

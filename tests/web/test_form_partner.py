"""A hand form's partner never offers the declarer: every game whose form asks a partner
(snapszer's chosen card, tarokk's called partner) draws that chip hidden, on the server
as in the browser (tests/browser/test_form_partner.py). The engine's refusal of a
declarer who partners himself stays (tests/test_*_refusals.py)."""

from __future__ import annotations

import pytest

from ulti_ledger import games
from ulti_ledger.handform import generic

SEATS = ("Anna", "Béla", "Csaba", "Dóra")


def partner_forms():
    """(ruleset id, form) of every built-in ruleset whose hand form asks a partner."""
    engine = games.builtin_engine()
    out = []
    for ruleset in engine.rulesets.values():
        rules = ruleset.resolve({})
        form = engine.game(rules.scorer).hand_form(rules, "hu")
        if any(f["name"] == "partner" for f in form["fields"]):
            out.append((ruleset.id, form))
    return out


FORMS = partner_forms()


def test_some_game_asks_a_partner():
    assert FORMS, "no registered game's form asks a partner: this file tests nothing"


@pytest.mark.parametrize(("ruleset", "form"), FORMS, ids=[r for r, _ in FORMS])
@pytest.mark.parametrize("declarer", SEATS)
def test_the_declarer_is_no_partner_chip(ruleset, form, declarer):
    values = {"players": list(SEATS), "declarer": declarer, "partner": declarer}
    drawn = {f["name"]: f for f in generic.draw(form, values, SEATS, "—")}
    shown = {o["value"] for o in drawn["partner"]["options"] if o["shown"]}
    assert declarer not in shown
    assert set(SEATS) - {declarer} <= shown
    # the page's script hides the chip too: it knows the field lists the others
    assert drawn["partner"]["options"][-1]["player"] == "defenders"

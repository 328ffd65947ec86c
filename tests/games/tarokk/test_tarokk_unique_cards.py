"""Tarokk's figures of one card (RULES.md, tarokk, ``silent_over_failed`` and the unique
cards, new): a pair "one side's announced figure failed, the other side's silent one made"
stays refused for the pagát ultimó and the XXI-fogás whatever the option says, and the
refusal names the card; the option covers the figures either side can make, and says so;
a silent raised figure is told that a raised figure must be announced."""

from __future__ import annotations

import pytest

from tests.engine_helpers import ENGINE
from tests.games.tarokk.test_tarokk_magas import _fig, _hand
from ulti_ledger.settlement import HandError

CARDS = [("pagat-ultimo", "pagát"), ("sas-ultimo", "sas"), ("xxi-fogas", "skíz")]


def _pair(name: str, option: str) -> dict:
    said = _fig(name, "declarer", announced=True, won=False)
    silent = _fig(name, "opponents", announced=False, won=True)
    return _hand(said, silent, ruleset="tarokk", options={"silent_over_failed": option})


@pytest.mark.parametrize("option", ["on", "off"])
@pytest.mark.parametrize(("name", "card"), CARDS)
def test_a_one_card_pair_is_refused_naming_the_card(name, card, option):
    with pytest.raises(HandError) as caught:
        ENGINE.settle(_pair(name, option))
    error = caught.value
    assert (error.key, error.code) == ("figures[1].name", "one_card_twice")
    assert f"hangs on one card, the {card}" in str(error)
    assert card in error.text("hu") and card in error.text("de")
    field, text = ENGINE.game("tarokk").form_refusal(error.key, error.code, {}, None, "en")
    assert field == "fig2_name" and "figures" not in text


def test_the_option_still_lets_either_side_make_a_tuletroa():
    assert ENGINE.settle(_pair("tuletroa", "on")).payments
    with pytest.raises(HandError) as caught:
        ENGINE.settle(_pair("tuletroa", "off"))
    assert caught.value.code == "figure_twice"


def test_the_option_says_which_figures_it_covers():
    option = ENGINE.ruleset("tarokk").options["silent_over_failed"]
    for word in ("tulétroá", "négy király", "dupla", "volát"):
        assert word in option.help and word in option.help_en
    for word in ("pagát", "XXI-fogás", "skíz"):
        assert word in option.help_en


def test_a_silent_raised_figure_is_told_to_be_announced():
    hand = _hand(_fig("pagat-facan", announced=False, raised_from="pagat-ultimo"))
    with pytest.raises(HandError) as caught:
        ENGINE.settle(hand)
    error = caught.value
    assert error.code == "raise_silent" and error.key.endswith(".announced")
    assert "a raised figure is announced" in str(error)
    assert "it is raised from" not in str(error)
    field, text = ENGINE.game("tarokk").form_refusal(error.key, error.code, {}, None, "hu")
    assert field == "fig1_announced" and "be kell mondani" in text

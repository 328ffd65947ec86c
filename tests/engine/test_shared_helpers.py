"""The core's helpers that games share take the game's key and words as parameters
(games/README.md, "What games share"): what they give back, and how they refuse."""

from __future__ import annotations

import pytest

from ulti_ledger.settlement import HandError
from ulti_ledger.settlement.form_rules import choices, none_or, outcome_field, steps
from ulti_ledger.settlement.hand_checks import other_player

PLAYERS = ("Anna", "Béla", "Csaba")


def test_another_player_is_one_who_plays_and_not_the_declarer():
    assert other_player("Béla", "partner", PLAYERS, (), declarer="Anna", same="x") == "Béla"
    with pytest.raises(HandError) as caught:
        other_player("Anna", "partner", PLAYERS, (), declarer="Anna", same="{name} declared")
    assert (caught.value.key, caught.value.code) == ("partner", "partner_is_declarer")
    assert str(caught.value) == "partner: Anna declared"
    with pytest.raises(HandError) as caught:
        other_player("Dóra", "partner", PLAYERS, ("Dóra",), declarer="Anna", same="x")
    assert caught.value.code == "player_sits_out"


def test_steps_are_none_then_each_level_by_its_number():
    assert steps("Kontra", "Re") == [
        {"value": "", "label": "—"},
        {"value": "1", "label": "Kontra"},
        {"value": "2", "label": "Re"},
    ]
    assert none_or([("re", "Re")]) == [{"value": "", "label": "—"}, {"value": "re", "label": "Re"}]
    assert steps("a") is not steps("a") and steps("a")[0] is not steps("a")[0]


def test_the_outcome_field_has_a_default_only_where_the_game_gives_one():
    options = choices([("played", "Played"), ("redeal", "Redeal")])
    field = outcome_field("Outcome", options, "played")
    assert field == {
        "name": "outcome",
        "kind": "choice",
        "label": "Outcome",
        "options": options,
        "default": "played",
    }
    assert "default" not in outcome_field("Outcome", options)

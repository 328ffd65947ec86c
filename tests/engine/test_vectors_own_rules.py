"""The project's own vectors of Skat's and snapszer's house rules of issue 25, checked by
``test_vectors.test_own_vector``, which reads every game's ``vectors/own.json``.

``ulti_ledger/games/<game>/vectors/own.json`` holds hands in the shared files' format (a hand, its
expected payments, Skat's list ``score``); a case that an option rules out says
``expected_refusal`` (the refusal's key and code) instead of ``expected``. A Skat case may
add ``bock_round``: the games of the Bock round the hand opens by itself (0: none), which
the sheet's row says and the evening's counter reads. Every choice of every option these
games gained has a case (``bock_two_rounds``, which only an evening shows, has its cases
in ``test_skat_evening.py``).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.engine_helpers import ENGINE, vector_files
from ulti_ledger.settlement import LedgerError

OWN = vector_files("own")
EVENING_ONLY = {("skat", "bock_two_rounds")}
"""Choices that no single hand shows (the evening counts the rounds): their cases are in
``test_skat_evening.py``."""


def _load(path: Path) -> list[dict[str, Any]]:
    return json.loads(path.read_text("utf-8"))


def _cases():
    """Every case of the games' own files."""
    for game, path in OWN.items():
        for case in _load(path):
            yield pytest.param(case, id=f"{game}:{case['id']}")


@pytest.mark.parametrize("case", [c for c in _cases() if "bock_round" in c.values[0]])
def test_a_hand_opens_the_bock_round_its_case_says(case):
    """The payments and refusals of these files are checked with every own vector
    (``test_vectors.test_own_vector``); here, what only Skat's cases add."""
    hand, rules = ENGINE.parse(case["hand"])
    game = ENGINE.game(rules.scorer)
    row = game.row(case["hand"], hand, rules, "en")
    assert row["skat_list"]["opens"] == case["bock_round"], case["title"]


ISSUE_25 = [
    pytest.param(
        "skat",
        (
            "bock_lost_kontra",
            "bock_kontra_declarer_lost",
            "bock_sixty_sixty",
            "bock_grand_hand",
            "bock_null_ouvert_hand",
            "bock_re",
            "bock_schneider",
            "bock_value_120",
            "bock_two_rounds",
            "ramsch_after_bock",
            "ramsch_only",
            "ramsch_only_grand_hand",
        ),
        id="skat",
    ),
    pytest.param("snapszer", ("kontra",), id="snapszer"),
]
"""The options issue 25 gave a game, each of whose choices its own vectors show."""


@pytest.mark.parametrize(("game", "options"), ISSUE_25)
def test_every_choice_of_every_new_option_has_a_case(game, options):
    """A case per choice: the option set to it in the case's hand (payments or refusal)."""
    seen: set[tuple[str, str]] = set()
    for case in _load(OWN[game]):
        given = case["hand"].get("options", {})
        seen |= {(name, str(value)) for name, value in given.items()}
        if "options" not in case["hand"]:  # the defaults
            seen |= {(name, "off") for name in options}
    ruleset = ENGINE.rulesets[game]
    for name in options:
        if (game, name) in EVENING_ONLY:
            continue
        for choice in ruleset.options[name].choices:
            assert (name, choice) in seen, (game, name, choice)


def test_the_refusals_name_what_the_option_rules_out():
    """A refusal is a clear sentence naming the house rule, in Hungarian too."""
    hand = {"ruleset": "skat", "options": {"ramsch_only": "on"}, "players": ["A", "B", "C"]}
    hand.update(declarer="A", game="herz", mit=1, hand=False, declarer_points=70)
    with pytest.raises(LedgerError) as caught:
        ENGINE.settle(hand)
    assert "ramsch_only" in str(caught.value)
    assert "Ramsch" in caught.value.text("hu") and "házszabály" in caught.value.text("hu")

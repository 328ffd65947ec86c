"""The evenings the cited source recorded, replayed hand by hand (RULES.md, Skat's Bock
triggers and Ramsch rounds: the Andy4495 skat-scoresheet README and its test evenings).

``tests/data/skat-andy4495-evenings.json`` holds each evening in the hand format with the
source's house rules as our options. Each hand must get the source's list entry, be
proposed in the round the source played it in (a Bock game, a Ramsch round's game, or
neither), and open a Bock round exactly where the source says "This hand created new
Bocks": the round logic and the triggers together, as a table saw them.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.engine_helpers import ENGINE
from ulti_ledger.games.skat import tally

DATA = json.loads(
    (Path(__file__).parents[2] / "data" / "skat-andy4495-evenings.json").read_text("utf-8")
)
EVENINGS = {evening["id"]: evening for evening in DATA["evenings"]}
PROPOSED = {
    None: {},
    "bock": {"bock": "true"},
    "ramsch": {"outcome": "ramsch", "ramsch_round": "true"},
}


def _row(evening: dict[str, Any], facts: dict[str, Any]) -> dict[str, Any]:
    data = {"ruleset": "skat", "options": evening["options"], **facts}
    return ENGINE.game("skat").row(data, *ENGINE.parse(data), "en")


@pytest.mark.parametrize("name", sorted(EVENINGS))
def test_each_hand_gets_the_source_s_entry(name):
    evening = EVENINGS[name]
    for number, step in enumerate(evening["hands"], 1):
        data = {"ruleset": "skat", "options": evening["options"], **step["hand"]}
        assert ENGINE.settle(data).score == step["score"], (number, step["why"])


@pytest.mark.parametrize("name", sorted(EVENINGS))
def test_each_hand_is_played_in_the_source_s_round_and_opens_where_it_did(name):
    evening = EVENINGS[name]
    rules = ENGINE.rulesets["skat"].resolve(evening["options"])
    rows: list[dict[str, Any]] = []
    for number, step in enumerate(evening["hands"], 1):
        before = tally.rounds(rows, rules).queue
        assert tally.form_proposal(rows, rules) == PROPOSED[step["round"]], number
        assert bool(step["hand"].get("bock")) == (step["round"] == "bock"), number
        rows.append(_row(evening, step["hand"]))
        after = tally.rounds(rows, rules).queue
        opened = len(after) - (len(before) - (1 if before else 0))
        assert opened == (6 if step["opens"] else 0), (number, step["why"], after)


def test_the_source_s_own_triggers_differ_from_the_classic_bundle():
    """The classic ``bock`` bundle (a Grand Hand, a Null ouvert Hand, 60:60, a Re) would
    open rounds the source's table did not: the evenings need each trigger on its own."""
    evening = EVENINGS["ANDY4495-3P-2ROUNDSBOCK"]
    bundle = {**evening, "options": {**evening["options"], "bock": "on"}}
    fired = [_row(bundle, step["hand"])["skat_list"]["triggers"] for step in evening["hands"]]
    assert fired[2] == ["grand_hand", "kontra_re"]  # the lost Grand Hand with Re
    assert [bool(f) for f in fired] != [step["opens"] for step in evening["hands"]]

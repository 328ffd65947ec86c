"""Evenings pinned to the Skat and snapszer ruleset files from before issue 25 keep the
rules they were settled with: the old Null overbid (the lowest of all four Null values),
no further Bock trigger, no Ramsch round, no doubling. Today's files differ exactly there."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.engine_helpers import ENGINE
from ulti_ledger.games import parse_ruleset
from ulti_ledger.settlement import Engine, LedgerError

DATA = Path(__file__).parents[1] / "data"


def _old(name: str) -> Engine:
    ruleset = parse_ruleset((DATA / f"{name}-before-issue-25.toml").read_text("utf-8"), name)
    return Engine({ruleset.id: ruleset})


NULL_BID_24 = {
    "ruleset": "skat",
    "players": ["A", "B", "C"],
    "declarer": "A",
    "game": "null",
    "hand": False,
    "bid": 24,
    "won": True,
}


def test_an_old_skat_evening_keeps_its_null_overbid():
    assert _old("skat").settle(NULL_BID_24).score["A"] == -70  # lost at Null Hand's 35
    assert ENGINE.settle(NULL_BID_24).score["A"] == -92  # today: Null Ouvert's 46


def test_an_old_skat_evening_offers_none_of_the_new_options():
    old = _old("skat").rulesets["skat"]
    assert not {"bock_schneider", "ramsch_after_bock", "ramsch_only"} & set(old.options)
    rules = old.resolve({"bock": "on"})
    assert (rules.bock_schneider, rules.bock_value_from, rules.ramsch_rounds) == ("off", 0, False)
    ramsch = {"ruleset": "skat", "players": ["A", "B", "C"], "outcome": "ramsch"}
    with pytest.raises(LedgerError) as caught:
        _old("skat").settle({**ramsch, "ramsch": {"loser": "A", "points": 50}})
    assert caught.value.code == "ramsch_round_off"


def test_an_old_snapszer_evening_has_no_doubling():
    hand = {"ruleset": "snapszer", "players": ["A", "B", "C"], "declarer": "A"}
    hand.update(won=True, loser="below_33", kontra=1)
    with pytest.raises(LedgerError) as caught:
        _old("snapszer").settle(hand)
    assert caught.value.code == "kontra_off"
    assert "kontra" not in _old("snapszer").rulesets["snapszer"].options

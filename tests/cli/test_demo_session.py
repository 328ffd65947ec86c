"""scripts/demo_session.py: the README's demo evening is recorded whole through the ledger."""

import importlib.util
from pathlib import Path

from ulti_ledger import ledger

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "demo_session.py"


def load_script():
    spec = importlib.util.spec_from_file_location("demo_session", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_demo_evening_is_thirteen_hands_of_every_kind(ctx):
    session = load_script().create_demo()
    summary = ledger.session_summary(session)
    hands = summary["hands"]
    assert len(hands) == 13
    assert sum(summary["totals"]["units"].values()) == 0
    outcomes = {h["outcome"] for h in hands}
    assert outcomes == {"played", "all_pass", "conceded"}
    assert any(h["renonsz"] for h in hands) and any(h["silent"] for h in hands)
    assert any(
        isinstance(k["levels"], dict) and len(set(k["levels"].values())) > 1
        for h in hands
        for k in h["kontras"]
    )  # a betli kontra'd by one defender
    # the rotation dealt every hand: four dealers in turn, the dealer sitting out
    assert [h["dealer"] for h in hands[:4]] == ["Anna", "Béla", "Csaba", "Dóra"]
    assert all(h["sitting_out"] == [h["dealer"]] for h in hands)

"""``ulti-ledger settle`` on a session file: units, money and transfers by each method."""

from __future__ import annotations

import json
import re
from decimal import Decimal

import pytest
from click.testing import CliRunner

from testkit.samples import session_body
from tests.engine_helpers import betli_lost, session_hand
from ulti_ledger.cli.main import main

SESSION = session_body(
    unit_value={"amount": "2.5", "currency": "EUR"},
    hands=[
        session_hand(colour="piros"),
        betli_lost(),
        session_hand(
            players=["Csaba", "Dóra", "Anna"],
            declarer="Csaba",
            colour="zold",
            components=[{"name": "ulti", "won": True}, {"name": "parti", "won": True}],
        ),
    ],
)


def settle(*options, data=SESSION):
    result = CliRunner().invoke(main, ["settle", "-", *options], input=json.dumps(data))
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def zeroes(out):
    """The transfers take every player's money balance to exactly zero."""
    left = {p: Decimal(m) for p, m in out["money"].items()}
    for t in out["transfers"]:
        assert re.fullmatch(r"\d+(\.\d+)?", t["amount"]) and Decimal(t["amount"]) > 0
        left[t["from"]] += Decimal(t["amount"])
        left[t["to"]] -= Decimal(t["amount"])
    return all(v == 0 for v in left.values())


def test_balances_in_units_and_money_and_the_fewest_transfers():
    out = settle()
    assert out["method"] == "minimal"
    assert sum(out["totals"].values()) == 0
    assert out["money"]["Anna"] == "-2.50"  # money to the cent, as a decimal string
    assert {p: Decimal(m) for p, m in out["money"].items()} == {
        p: u * Decimal("2.5") for p, u in out["totals"].items()
    }
    assert out["currency"] == "EUR"
    assert all(set(t) == {"from", "to", "amount"} for t in out["transfers"])
    assert zeroes(out)


@pytest.mark.parametrize("method", ["minimal", "banker", "pairwise"])
def test_every_method_settles_exactly(method):
    out = settle("--method", method)
    assert out["method"] == method
    assert zeroes(out)


def test_a_named_banker_takes_every_transfer():
    out = settle("--method", "banker", "--banker", "Béla")
    assert all("Béla" in (t["from"], t["to"]) for t in out["transfers"])
    assert len(out["transfers"]) == sum(1 for p, u in out["totals"].items() if u and p != "Béla")


def test_an_unknown_banker_is_a_message():
    result = CliRunner().invoke(
        main, ["settle", "-", "--method", "banker", "--banker", "Zoli"], input=json.dumps(SESSION)
    )
    assert result.exit_code == 1
    assert "'Zoli' is not one of the players" in result.output
    assert "Traceback" not in result.output


def test_an_exported_file_settles_as_it_is():
    """An export carries the app's own keys (settings, a hand's dealer); settle skips them."""
    exported = {
        **SESSION,
        "name": "Péntek",
        "date": "2024-11-29",
        "place": "",
        "settings": {"last_declarer_deals": False},
        "hands": [{"dealer": "Dóra", **h} for h in SESSION["hands"]],
    }
    assert settle(data=exported)["totals"] == settle()["totals"]


def test_hungarian_coins_are_five_forints():
    data = {**SESSION, "unit_value": {"amount": "1", "currency": "HUF"}}
    out = settle(data=data)
    assert all(Decimal(m) % 5 == 0 for m in out["money"].values())
    assert sum(Decimal(m) for m in out["money"].values()) == 0
    assert zeroes(out)

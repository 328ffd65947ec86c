"""The end of the night through the ledger: balances, methods, and several evenings at once.

The transfer algorithms themselves have their property tests (test_transfers.py); here:
that the ledger feeds them the right numbers and that what they return settles exactly.
"""

from __future__ import annotations

from decimal import Decimal

import pytest

from ulti_ledger import ledger


def settles(result):
    """Applying the transfers leaves every player with nothing to pay or receive."""
    left = {b["player"]: Decimal(b["money"]) for b in result["balances"]}
    for t in result["transfers"]:
        left[t["from"]] += Decimal(t["amount"])
        left[t["to"]] -= Decimal(t["amount"])
    return all(v == 0 for v in left.values())


@pytest.fixture
def evening(ctx, session_body, hand_kinds):
    return ledger.create_session({**session_body, "hands": list(hand_kinds.values())})


@pytest.mark.parametrize("method", ["minimal", "banker", "pairwise"])
def test_every_method_settles_the_session_exactly(evening, method):
    result = ledger.session_settlement(evening, method)
    summary = ledger.session_summary(evening)
    assert result["method"] == method
    assert {b["player"]: b["units"] for b in result["balances"]} == summary["totals"]["units"]
    assert [b["player"] for b in result["balances"]] == summary["players"]
    assert settles(result)


def test_banker_names_the_banker_and_everyone_settles_with_him(evening):
    result = ledger.session_settlement(evening, "banker", "Dóra")
    assert result["banker"] == "Dóra"
    assert all("Dóra" in (t["from"], t["to"]) for t in result["transfers"])
    default = ledger.session_settlement(evening, "banker")
    winner = max(default["balances"], key=lambda b: Decimal(b["money"]))["player"]
    assert default["banker"] == winner


def test_minimal_matches_the_scoreboards_transfers(evening):
    result = ledger.session_settlement(evening)
    assert result["transfers"] == ledger.session_summary(evening)["totals"]["transfers"]


def test_money_is_rounded_once_to_the_coin_and_still_sums_to_zero(ctx, session_body, hand):
    body = {**session_body, "unit_value": {"amount": "0.333", "currency": "EUR"}}
    session = ledger.create_session({**body, "hands": [hand(), hand(declarer="Béla")]})
    result = ledger.session_settlement(session)
    money = [Decimal(b["money"]) for b in result["balances"]]
    assert sum(money) == 0
    assert all(m == m.quantize(Decimal("0.01")) for m in money)
    assert result["rounded"] is True
    assert all(Decimal(b["exact"]) == b["units"] * Decimal("0.333") for b in result["balances"])
    assert settles(result)


def test_an_unknown_method_or_banker_is_a_message(evening):
    with pytest.raises(ledger.LedgerError, match="unknown method 'greedy'"):
        ledger.session_settlement(evening, "greedy")
    with pytest.raises(ledger.LedgerError, match="'Zoli' is not one of the players"):
        ledger.session_settlement(evening, "banker", "Zoli")


def test_sessions_of_a_group_settle_as_one(ctx, session_body, hand):
    first = ledger.create_session({**session_body, "hands": [hand(), hand()]})
    second = ledger.create_session(
        {
            **session_body,
            "players": ["Béla", "Csaba", "Dóra", "Ede"],
            "hands": [hand("Béla", players=("Béla", "Csaba", "Dóra"), out=("Ede",))],
        }
    )
    result = ledger.group_settlement([first, second], "minimal")
    assert result["players"] == ["Anna", "Béla", "Csaba", "Dóra", "Ede"]
    units = {b["player"]: b["units"] for b in result["balances"]}
    one = ledger.session_summary(first)["totals"]["units"]
    two = ledger.session_summary(second)["totals"]["units"]
    assert units == {p: one.get(p, 0) + two.get(p, 0) for p in result["players"]}
    assert [s["id"] for s in result["sessions"]] == [first.id, second.id]
    for method in ("minimal", "banker", "pairwise"):
        assert settles(ledger.group_settlement([first, second], method))


def test_different_stakes_are_summed_in_money_then_rounded_once(ctx, session_body, hand):
    cheap = ledger.create_session({**session_body, "hands": [hand()]})  # 10 HUF a unit
    dear = ledger.create_session(
        {**session_body, "unit_value": {"amount": "25", "currency": "HUF"}, "hands": [hand()]}
    )
    result = ledger.group_settlement([cheap, dear], "pairwise")
    money = {b["player"]: b["exact"] for b in result["balances"]}
    assert money["Anna"] == str(4 * 10 + 4 * 25)  # a piros passz: 2 units from each defender
    assert result["unit_value"] is None and result["balances"][0]["units"] is None
    assert settles(result)


def test_a_group_needs_one_currency_and_distinct_sessions(ctx, session_body, hand):
    huf = ledger.create_session({**session_body, "hands": [hand()]})
    eur = ledger.create_session({**session_body, "unit_value": {"amount": "1", "currency": "EUR"}})
    with pytest.raises(ledger.LedgerError, match="different currencies"):
        ledger.group_settlement([huf, eur])
    with pytest.raises(ledger.LedgerError, match="named twice"):
        ledger.group_settlement([huf, huf])


def test_house_rules_lists_only_what_differs_from_the_defaults(ctx, session_body):
    body = {
        **session_body,
        "options": {
            "max_kontra_level": 2,
            "silent_100_vs_parti": "replaces",
            "defender_silent_ulti": "team",
        },
    }
    session = ledger.create_session(body)
    rules = ledger.house_rules(session, "hu")
    assert [(r["name"], r["value"]) for r in rules] == [
        ("max_kontra_level", 2),
        ("silent_100_vs_parti", "replaces"),
    ]
    assert rules[1]["label"] == "Csendes 100 és a parti" and rules[1]["help"]
    assert ledger.house_rules(session, "en")[0]["label"] == "Kontra ceiling"

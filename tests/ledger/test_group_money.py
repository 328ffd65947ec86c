"""Money never mixes (issue 35): a group of HUF and EUR evenings, each currency at two
stakes, in every game of the registry at its smallest and its largest table.

Each currency's standings, chart, statistics and "after payments" are checked, to the
minor unit, against money counted here from each stored hand: its payment in units times
its evening's stake, summed per currency only. Units are never added across two stakes,
and a member who played in both currencies has both balances after an EUR payment (before:
the HUF one was dropped).
"""

from __future__ import annotations

import datetime as dt
import re
from decimal import Decimal

import pytest

from testkit import samples
from ulti_ledger import groups, ledger
from ulti_ledger.drawings.chart import money_chart
from ulti_ledger.games import REGISTRY, builtin_engine
from ulti_ledger.settlement.money import converted_balances, smallest_coin
from ulti_ledger.stats import stats_with_money
from ulti_ledger.words.money_format import money_text, signed_money

TWINS = ("Kovács-Szabó Anna", "Kovács-Szabó Árpád")
OTHERS = ("Béla", "Cili", "Dóra", "Ede")
STAKES = (("HUF", "10"), ("EUR", "0.10"), ("HUF", "25"), ("EUR", "0.25"))
"""The evenings, in date order: each currency at two stakes."""
DAY = dt.date(2026, 11, 20)


def _tables():
    """Each game of the registry, by its first shipped ruleset, at its smallest and its
    largest table."""
    rulesets = builtin_engine().rulesets
    for game in REGISTRY:
        ruleset_id = min(r for r, ruleset in rulesets.items() if ruleset.scorer == game)
        seating = rulesets[ruleset_id].seating()
        for size in sorted({seating.smallest, seating.largest}):
            yield pytest.param(ruleset_id, size, id=f"{game}-{size}")


def make_group(ruleset_id: str, size: int):
    seats = (*TWINS, *OTHERS)[:size]
    group = groups.create_group("Két pénznem")
    made = []
    for index, (code, stake) in enumerate(STAKES):
        body = samples.random_session(
            seats, 10, seed=31 * index + size, name=f"Este {index + 1}", ruleset=ruleset_id
        )
        body.update(date=f"2026-11-0{index + 1}", unit_value={"amount": stake, "currency": code})
        session = ledger.create_session(body)
        groups.add_evening(group, session)
        made.append((session, code, Decimal(stake)))
    return group, made


def counted(made):
    """Per currency, from each stored hand: each player's money, each evening's running
    money, the biggest win and loss of one hand and the best and worst evening."""
    out = {}
    for session, code, stake in made:
        mine = out.setdefault(
            code, {"money": {}, "running": [], "wins": {}, "losses": {}, "evenings": {}}
        )
        evening = {}
        for hand in ledger.session_summary(session)["hands"]:
            for name, units in hand["result"]["payments"].items():
                money = units * stake
                evening[name] = evening.get(name, 0) + money
                if units > 0:
                    mine["wins"][name] = max(mine["wins"].get(name, money), money)
                if units < 0:
                    mine["losses"][name] = min(mine["losses"].get(name, money), money)
        for name in ledger.seat_names(session):
            total = mine["money"].get(name, Decimal(0)) + evening.get(name, Decimal(0))
            mine["money"][name] = total
            mine["evenings"].setdefault(name, []).append(evening.get(name, Decimal(0)))
        mine["running"].append(dict(mine["money"]))
    return out


@pytest.mark.parametrize(("ruleset_id", "size"), list(_tables()))
def test_each_currency_stands_charts_and_counts_on_its_own(ctx, ruleset_id, size):
    group, made = make_group(ruleset_id, size)
    standings = groups.group_standings(group, groups.Period("all", None, None))
    expected = counted(made)
    assert standings["currencies"] == ["HUF", "EUR"]
    # no units summed across stakes or currencies: no chart of units either
    assert all(row["units"] is None for row in standings["standings"].values())
    assert standings["running"] == []
    ids = [session.id for session, _, _ in made]
    stakes = {session.id: (stake, code) for session, code, stake in made}
    figures = stats_with_money(ids, stakes)["money"]
    for part in standings["by_currency"]:
        code, mine = part["currency"], expected[part["currency"]]
        assert part["stakes"] == [s for c, s in STAKES if c == code]
        # standings: each player's money, exact; ranked by it; no units across two stakes
        assert {p: Decimal(r["money"]) for p, r in part["rows"].items()} == mine["money"]
        assert all(row["units"] is None for row in part["rows"].values())
        ranked = sorted(mine["money"], key=lambda p: -mine["money"][p])  # stable: seat order
        assert part["ranking"] == ranked
        # the chart: each evening's running money, and each line ends at the player's money
        running = [{p: Decimal(m) for p, m in step.items()} for step in part["running"]]
        assert running == mine["running"]
        svg = str(money_chart(part, lang="hu"))
        for name, money in mine["money"].items():
            words = signed_money(money, code, "hu").removesuffix(f"\u00a0{code}")
            assert f" {words}</text>" in svg, (name, words)
        # the statistics in money, per currency, to the minor unit
        for name, money in mine["money"].items():
            stats = figures[name][code]
            assert Decimal(stats["units"]) == money
            assert Decimal(stats["as_declarer"]) + Decimal(stats["otherwise"]) == money
            win, loss = mine["wins"].get(name), mine["losses"].get(name)
            assert (stats["biggest_win"] and Decimal(stats["biggest_win"]["money"])) == win
            assert (stats["biggest_loss"] and Decimal(stats["biggest_loss"]["money"])) == loss
            assert Decimal(stats["best_evening"]["money"]) == max(mine["evenings"][name])
            assert Decimal(stats["worst_evening"]["money"]) == min(mine["evenings"][name])
    # each currency settles on its own, rounded to its own coin, summing to zero
    for settlement in standings["settlements"]:
        code = settlement["currency"]
        coin = smallest_coin(code)
        for b in settlement["balances"]:
            exact = expected[code]["money"][b["player"]]
            assert Decimal(b["exact"]) == exact and abs(Decimal(b["money"]) - exact) < coin
        assert sum(Decimal(b["money"]) for b in settlement["balances"]) == 0


def after_payments(page: str, code: str, name: str) -> str:
    found = re.search(
        rf'data-testid="after-payments-{code}-{re.escape(name)}">[^<]*<span class="nowrap">'
        r"([^<]*)</span>",
        page,
    )
    assert found, (code, name)
    return found.group(1)


@pytest.mark.parametrize(("ruleset_id", "size"), list(_tables()))
def test_after_an_eur_payment_every_member_keeps_both_balances(app, client, ruleset_id, size):
    with app.app_context():
        group, _ = make_group(ruleset_id, size)
        whole = groups.group_standings(group, groups.Period("all", None, None))
        huf, eur = whole["settlements"]
        move = eur["transfers"][0]
        half = (Decimal(move["amount"]) / 2).quantize(Decimal("0.01"))
        paid = {"from": move["from"], "to": move["to"], "amount": str(half), "currency": "EUR"}
        ledger.record_group_payment(group, lambda: whole, paid, DAY)
        edit = group.edit_token
    page = client.get(f"/g/{edit}").get_data(as_text=True)
    for code, settlement in (("HUF", huf), ("EUR", eur)):
        for b in settlement["balances"]:
            left = Decimal(b["money"])
            if code == "EUR":
                left += half * ((b["player"] == move["from"]) - (b["player"] == move["to"]))
            shown = after_payments(page, code, b["player"])
            assert shown == signed_money(left, code, "hu"), (code, b["player"])


@pytest.mark.parametrize(("ruleset_id", "size"), list(_tables())[:1])
def test_a_rate_gives_one_settlement_only_when_the_editor_asks(app, client, ruleset_id, size):
    """The group's editor types 1 EUR = 400 HUF and sees the one settlement it gives; the
    view link offers nothing, and without a rate the currencies stay apart."""
    with app.app_context():
        group, _ = make_group(ruleset_id, size)
        whole = groups.group_standings(group, groups.Period("all", None, None))
        edit, view = group.edit_token, group.view_token
    apart = {
        s["currency"]: {b["player"]: Decimal(b["money"]) for b in s["balances"]}
        for s in whole["settlements"]
    }
    one = converted_balances(apart, "HUF", {"EUR": Decimal(400)})
    assert sum(one.values()) == 0 and all(m % 5 == 0 for m in one.values())
    for name, money in one.items():  # one coin at most from the exact conversion
        assert abs(money - apart["HUF"][name] - 400 * apart["EUR"].get(name, 0)) < 5
    page = client.get(f"/g/{edit}?into=HUF&rate.EUR=400").get_data(as_text=True)
    for name, money in one.items():
        shown = re.search(rf'data-testid="converted-{re.escape(name)}">([^<]*)<', page)
        assert shown and shown.group(1) == signed_money(money, "HUF", "hu")
    moved = re.findall(r'data-testid="converted-transfers">(.*?)</ul>', page, re.S)[0]
    amounts = [
        Decimal(a.replace("\u202f", "").removesuffix("\u00a0HUF"))
        for a in re.findall(r'<span class="amount">([^<]*)</span>', moved)
    ]
    assert sum(amounts) == sum(m for m in one.values() if m > 0)
    assert 'data-testid="convert-not-stored"' in page
    plain = client.get(f"/g/{edit}").get_data(as_text=True)
    assert 'data-testid="convert-rate-EUR"' in plain and 'data-testid="converted-' not in plain
    shared = client.get(f"/g/{view}?into=HUF&rate.EUR=400").get_data(as_text=True)
    assert 'data-testid="convert"' not in shared and 'data-testid="converted-' not in shared
    bad = client.get(f"/g/{edit}?into=HUF&rate.EUR=-3").get_data(as_text=True)
    assert 'data-testid="convert-error"' in bad and 'data-testid="converted-' not in bad
    assert money_text("400", "HUF", "hu") in page  # the rate it was worked out at

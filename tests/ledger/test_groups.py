"""Groups: evenings of two games kept together, members renamed and merged across them,
and standings over a period, each number checked against a count from the stored hands."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest

from testkit import samples
from ulti_ledger import groups, ledger
from ulti_ledger.db import db
from ulti_ledger.groups.store import GroupError
from ulti_ledger.models import GameSession

SEATS = ("Anna", "Béla", "Csaba", "Dóra")


def evening(name, day, ruleset="ulti", seats=SEATS, hands=12, seed=1, stake="10"):
    body = samples.random_session(seats, hands, seed=seed, name=name, ruleset=ruleset)
    body.update(date=day, unit_value={"amount": stake, "currency": "HUF"})
    return ledger.create_session(body)


@pytest.fixture
def season(ctx):
    """A group of three evenings (two of ulti, one of snapszer) in October and November."""
    group = groups.create_group("Keddi kör", "2026-10-01", "2026-11-30")
    made = [
        evening("Első", "2026-10-06", seed=1),
        evening("Második", "2026-10-13", "snapszer", seed=2, stake="20"),
        evening("Harmadik", "2026-11-03", seats=("Anna", "Béla", "Csaba", "Ede"), seed=3),
    ]
    for session in made:
        groups.add_evening(group, session)
    return group, made


def direct_counts(sessions):
    """Per player: units (None where his evenings had two stakes: units of 10 Ft and of
    20 Ft are not one thing to add), money, evenings and hands played, from each hand."""
    out = {}
    stakes = {}
    for session in sessions:
        summary = ledger.session_summary(session)
        value = Decimal(session.unit_amount)
        for name in summary["players"]:
            row = out.setdefault(name, {"units": 0, "money": Decimal(0), "evenings": 0, "hands": 0})
            stakes.setdefault(name, set()).add(value)
            row["evenings"] += 1
            for hand in summary["hands"]:
                units = hand["result"]["payments"].get(name, 0)
                row["units"] += units
                row["money"] += units * value
                playing = name in hand["hand"]["players"]
                row["hands"] += playing and name not in hand["hand"].get("sitting_out", [])
    for name, row in out.items():
        if len(stakes[name]) > 1:
            row["units"] = None
    return out


def test_the_standings_are_the_hands_counted(season):
    group, made = season
    standings = groups.group_standings(group, groups.Period("all", None, None))
    assert standings["players"] == ["Anna", "Béla", "Csaba", "Dóra", "Ede"]
    assert standings["games"] == [s.ruleset.ruleset_id for s in made[:2]]
    expected = direct_counts(made)
    for name, row in standings["standings"].items():
        got = {k: row[k] for k in ("units", "money", "evenings", "hands")}
        assert got == {**expected[name], "money": format(expected[name]["money"], "f")}
    by_game = standings["standings"]["Anna"]["games"]
    assert by_game["snapszer"]["evenings"] == 1
    assert by_game["snapszer"]["units"] == direct_counts([made[1]])["Anna"]["units"]
    assert sum(Decimal(b["money"]) for b in standings["settlement"]["balances"]) == 0


def test_the_chart_runs_evening_by_evening_in_money(season):
    """Two stakes: no chart of units (10 Ft units and 20 Ft units are not one thing);
    the currency's chart runs in money, each evening's units times its stake."""
    group, made = season
    standings = groups.group_standings(group, groups.Period("all", None, None))
    assert standings["running"] == []
    (huf,) = standings["by_currency"]
    running = huf["running"]
    assert len(running) == 3 and huf["stakes"] == ["10", "20"]
    money = [
        {
            p: u * Decimal(s.unit_amount)
            for p, u in ledger.session_summary(s)["totals"]["units"].items()
        }
        for s in made
    ]
    assert Decimal(running[0]["Anna"]) == money[0]["Anna"] and Decimal(running[0]["Ede"]) == 0
    assert Decimal(running[2]["Ede"]) == money[2]["Ede"]
    assert Decimal(running[2]["Anna"]) == sum(m["Anna"] for m in money)


def test_one_stake_keeps_the_chart_in_units(season):
    group, made = season
    standings = groups.group_standings(group, groups.Period("all", None, None), game="ulti")
    running = standings["running"]
    assert len(running) == 2
    first = ledger.session_summary(made[0])["totals"]["units"]
    assert running[0]["Anna"] == first["Anna"] and running[0]["Ede"] == 0


@pytest.mark.parametrize(
    ("args", "count"),
    [
        ({"period": "month"}, 1),  # today is in November: the third evening only
        ({"period": "season"}, 3),
        ({"from": "2026-10-10", "to": "2026-10-31"}, 1),
        ({"from": "2026-10-10"}, 2),
        ({}, 3),
    ],
)
def test_a_period_chooses_the_evenings(season, args, count):
    group, _ = season
    period = groups.parse_period(args, group, today=dt.date(2026, 11, 20))
    assert len(groups.group_standings(group, period)["evenings"]) == count


@pytest.mark.parametrize(
    ("args", "key"),
    [
        ({"period": "year"}, "period"),
        ({"from": "2026-13-01"}, "from"),
        ({"from": "2026-11-01", "to": "2026-10-01"}, "to"),
    ],
)
def test_a_bad_period_is_refused_naming_it(season, args, key):
    group, _ = season
    with pytest.raises(GroupError) as caught:
        groups.parse_period(args, group, today=dt.date(2026, 11, 20))
    assert caught.value.key == key


def test_one_game_only(season):
    group, made = season
    standings = groups.group_standings(group, groups.Period("all", None, None), game="snapszer")
    assert [e["id"] for e in standings["evenings"]] == [made[1].id]
    assert "Ede" not in standings["players"]


def test_a_member_is_renamed_in_every_evening(season):
    group, made = season
    done = groups.rename_member(group, "Anna", "Anikó")
    assert done["evenings"] == [s.id for s in made] and not done["merged"]
    db.session.expire_all()
    for session in made:
        assert "Anikó" in ledger.seat_names(session) and "Anna" not in ledger.seat_names(session)
        facts = [h["hand"] for h in ledger.session_summary(session)["hands"]]
        assert all("Anna" not in str(f) for f in facts)
    assert groups.members(group)[0] == "Anikó"


def test_two_spellings_merge_where_they_never_sat_together(season):
    group, made = season
    before = groups.group_standings(group, groups.Period("all", None, None))["standings"]
    done = groups.rename_member(group, "Ede", "Dóra")  # Ede only sat in the third evening
    assert done["merged"] and done["evenings"] == [made[2].id]
    after = groups.group_standings(group, groups.Period("all", None, None))["standings"]
    assert "Ede" not in after
    merged = Decimal(before["Dóra"]["money"]) + Decimal(before["Ede"]["money"])
    assert Decimal(after["Dóra"]["money"]) == merged
    assert after["Dóra"]["evenings"] == 3


def test_a_merge_is_refused_where_both_spellings_sat_at_one_table(season):
    group, made = season
    versions = [s.version for s in made]
    with pytest.raises(GroupError) as caught:
        groups.rename_member(group, "Béla", "anna")
    assert caught.value.code == "rename_both" and "Első" in caught.value.problem
    db.session.expire_all()
    assert [db.session.get(GameSession, s.id).version for s in made] == versions


def test_an_unknown_member_is_refused(season):
    group, _ = season
    with pytest.raises(GroupError, match="not a member"):
        groups.rename_member(group, "Zoli", "Zoltán")


def test_an_evening_belongs_to_one_group(season):
    group, made = season
    other = groups.create_group("Pénteki kör")
    with pytest.raises(GroupError, match="already in the group 'Keddi kör'"):
        groups.add_evening(other, made[0])
    groups.remove_evening(group, made[0])
    groups.add_evening(other, made[0])
    assert [s.id for s in groups.group_evenings(other)] == [made[0].id]


def test_a_new_hand_moves_the_standings(season):
    group, made = season
    period = groups.Period("all", None, None)
    before = groups.group_standings(group, period)["standings"]["Anna"]
    seats = ledger.next_hand(made[2])
    hand = {
        "players": seats["players"],
        "sitting_out": seats["sitting_out"],
        "declarer": seats["players"][0],
        "colour": "piros",
        "components": [{"name": "parti", "won": True}],
    }
    ledger.add_hand(made[2], hand)
    after = groups.group_standings(group, period)["standings"]["Anna"]
    assert after["hands"] == before["hands"] + (seats["players"].count("Anna"))


def test_a_season_ending_before_it_starts_is_refused(ctx):
    with pytest.raises(GroupError) as caught:
        groups.create_group("Kör", "2026-10-01", "2026-09-01")
    assert caught.value.code == "season_order"

"""Renames across a group are one transaction, and a player called like a word of the
facts is renamed where the facts name him, never where they say the word."""

from __future__ import annotations

import pytest
from sqlalchemy import event

from testkit import samples
from ulti_ledger import groups, ledger
from ulti_ledger.db import db
from ulti_ledger.models import GameSession

pytestmark = pytest.mark.db
SEATS = ("Anna", "Béla", "Csaba", "piros")
BETLI = {
    "players": ["Anna", "Béla", "piros"],
    "sitting_out": ["Csaba"],
    "declarer": "Anna",
    "components": [{"name": "betli", "won": False, "kontra": {"Béla": 1, "piros": 0}}],
}
"""A betli lost, each defender saying kontra for himself: the kontra's keys are names."""
PIROS_PASSZ = {
    "players": ["Anna", "Béla", "piros"],
    "sitting_out": ["Csaba"],
    "declarer": "piros",
    "colour": "piros",
    "components": [{"name": "parti", "won": True}],
}


def state(sessions):
    """What a rename changes, per evening: version, seats, each hand's facts and result."""
    db.session.expire_all()
    out = []
    for session in sessions:
        stored = db.session.get(GameSession, session.id)
        summary = ledger.session_summary(stored)
        out.append(
            (
                stored.version,
                ledger.seat_names(stored),
                [(h["hand"], h["result"]["payments"]) for h in summary["hands"]],
            )
        )
    return out


def evenings_of_four(count, ruleset="snapszer", seats=SEATS):
    group = groups.create_group("Csütörtöki kör")
    made = []
    for number in range(count):
        body = samples.random_session(
            seats, 8, seed=number, name=f"Este {number + 1}", ruleset=ruleset
        )
        session = ledger.create_session(body)
        groups.add_evening(group, session)
        made.append(session)
    return group, made


def test_a_player_called_like_a_colour_is_renamed_and_the_colour_stays(ctx, session_body):
    body = {**session_body, "players": list(SEATS), "hands": [PIROS_PASSZ, BETLI]}
    session = ledger.create_session(body)
    before = ledger.session_summary(session)["totals"]["units"]
    ledger.change_players(session, {"rename": {"piros": "Piri"}})
    passz, betli = (h["hand"] for h in ledger.session_summary(session)["hands"])
    assert passz["colour"] == "piros" and passz["declarer"] == "Piri"
    assert passz["players"] == ["Anna", "Béla", "Piri"]
    assert betli["components"][0]["kontra"] == {"Béla": 1, "Piri": 0}
    after = ledger.session_summary(session)["totals"]["units"]
    assert after == {("Piri" if n == "piros" else n): u for n, u in before.items()}


def test_a_player_renamed_to_a_word_of_the_facts_keeps_the_facts_meaning(ctx, session_body):
    seats = ["Anna", "Béla", "Csaba", "Dóra"]
    hand = {**PIROS_PASSZ, "players": ["Anna", "Béla", "Dóra"], "declarer": "Dóra"}
    session = ledger.create_session({**session_body, "players": seats, "hands": [hand]})
    ledger.change_players(session, {"rename": {"Dóra": "piros"}})
    ledger.change_players(session, {"rename": {"Béla": "declarer"}})
    (shown,) = ledger.session_summary(session)["hands"]
    assert shown["hand"]["declarer"] == "piros" and shown["hand"]["colour"] == "piros"
    assert shown["hand"]["players"] == ["Anna", "declarer", "piros"]
    assert shown["result"]["payments"]["piros"] > 0  # the declarer won his parti


def test_a_group_rename_goes_through_an_evening_where_the_name_is_a_word(ctx, session_body):
    group, made = evenings_of_four(2)
    ulti = ledger.create_session({**session_body, "players": list(SEATS), "hands": [PIROS_PASSZ]})
    groups.add_evening(group, ulti)
    done = groups.rename_member(group, "piros", "Piri")
    assert done["evenings"] == [s.id for s in made] + [ulti.id]
    (shown,) = ledger.session_summary(db.session.get(GameSession, ulti.id))["hands"]
    assert shown["hand"]["colour"] == "piros" and shown["hand"]["declarer"] == "Piri"
    assert "piros" not in groups.members(group)


def test_a_group_rename_that_fails_in_one_evening_leaves_every_evening_as_it_was(ctx):
    """The third evening's write fails (the database refuses it): the two renamed before
    it are rolled back with it, and the group's version stays."""
    group, made = evenings_of_four(4)
    before, version = state(made), group.version
    third = made[2].id

    def fail_on_third(conn, cursor, statement, parameters, context, executemany):
        if statement.lstrip().upper().startswith("UPDATE SEATS") and third in _values(parameters):
            raise RuntimeError("the disk is full")

    event.listen(db.engine, "before_cursor_execute", fail_on_third)
    try:
        with pytest.raises(RuntimeError, match="disk is full"):
            groups.rename_member(group, "Anna", "Anikó")
    finally:
        event.remove(db.engine, "before_cursor_execute", fail_on_third)
    assert state(made) == before
    assert db.session.get(type(group), group.id).version == version
    assert "Anna" in groups.members(group) and "Anikó" not in groups.members(group)
    done = groups.rename_member(group, "Anna", "Anikó")  # nothing half-done is in the way
    assert done["evenings"] == [s.id for s in made]
    assert all("Anikó" in names and "Anna" not in names for _, names, _ in state(made))


def _values(parameters):
    if isinstance(parameters, dict):
        return list(parameters.values())
    return list(parameters or ())

"""A group's payments name its members by id (issue 34, "money under the lock"): a rename
moves one member row and no payment, whichever way it is done (across the group, in one
evening, undone, a merge of two spellings), and the pages show the name he has now. The
migration fills the ids from the names and gives the names back on the way down."""

from __future__ import annotations

import datetime as dt

from flask_migrate import downgrade, upgrade
from sqlalchemy import select, text

from testkit import samples
from tests.conftest import parti
from ulti_ledger import groups, ledger
from ulti_ledger.db import db
from ulti_ledger.models import GroupMember, Payment

DAY = dt.date(2026, 11, 20)
BEFORE = "b2f6e8a4c157"
"""The revision before the member ids."""


def evening(players=samples.PLAYERS, date="2026-11-10"):
    """An evening of one hand that Anna won against the next two of ``players``."""
    hand = parti(declarer="Anna", won=True, players=players[:3], out=players[3:])
    return ledger.create_session(
        samples.session_body(players=list(players), hands=[hand], date=date)
    )


def group_of(*sessions, view=()):
    group = groups.create_group("Kör")
    for session in sessions:
        groups.add_evening(group, session)
    for session in view:
        groups.add_evening(group, session, writable=False)
    return group


def pay(group, payer, amount="10", payee="Anna"):
    def read():
        return groups.group_standings(group, groups.WHOLE)

    data = {"from": payer, "to": payee, "amount": amount, "paid_on": DAY.isoformat()}
    return ledger.record_group_payment(group, read, data, DAY)


def shown(group):
    """Each group payment's (from, to), as the API's group payments show them."""
    standings = groups.group_standings(group, groups.WHOLE)
    ups = ledger.group_settle_up(group, standings)
    return [(p["from"], p["to"]) for up in ups for p in up["payments"]]


def rows():
    """The payments' stored columns: what a rename must leave as they are."""
    query = "SELECT id, payer, payee, payer_member_id, payee_member_id FROM payments ORDER BY id"
    return db.session.execute(text(query)).all()


def orphans(group):
    """Group payments whose payer or payee is not a member of the group now."""
    members = set(groups.members(groups.get_group(group.id)))
    return [pair for pair in shown(group) if set(pair) - members]


def test_a_group_payment_points_at_member_rows_and_a_rename_rewrites_no_payment(ctx):
    group = group_of(evening())
    paid = pay(group, "Béla")
    assert (paid["from"], paid["to"]) == ("Béla", "Anna")
    (row,) = db.session.scalars(select(Payment))
    assert row.payer is None and row.payee is None  # names live on the member rows
    names = {m.id: m.name for m in db.session.scalars(select(GroupMember))}
    assert (names[row.payer_member_id], names[row.payee_member_id]) == ("Béla", "Anna")
    stored = rows()
    groups.rename_member(group, "Béla", "Zsófi")
    db.session.expire_all()
    assert rows() == stored
    assert shown(group) == [("Zsófi", "Anna")]
    assert orphans(group) == []
    # and the renamed member pays on under his new name, against the same row
    pay(group, "Zsófi")
    db.session.expire_all()
    assert shown(group) == [("Zsófi", "Anna"), ("Zsófi", "Anna")]
    assert len({r.payer_member_id for r in rows()}) == 1


def test_an_evening_rename_of_a_members_last_evening_carries_his_group_payments(ctx):
    """Renamed by the evening's own scorer, in the group's only evening he played: the
    group's payment follows him (before the ids it kept a name nobody had)."""
    session = evening()
    group = group_of(session)
    pay(group, "Béla")
    ledger.change_players(session, {"rename": {"Béla": "Zsófi"}})
    assert shown(group) == [("Zsófi", "Anna")]
    assert orphans(group) == []
    (entry,) = [e for e in ledger.session_history(session) if e["action"] == "rename"]
    ledger.undo_change(ledger.get_session(session.id), entry["id"])  # and back again
    assert shown(group) == [("Béla", "Anna")]
    assert orphans(group) == []


def test_a_member_who_still_plays_elsewhere_in_the_group_keeps_his_payments_name(ctx):
    first, second = evening(), evening(date="2026-11-12")
    group = group_of(first, second)
    pay(group, "Béla")
    ledger.change_players(first, {"rename": {"Béla": "Zsófi"}})
    assert shown(group) == [("Béla", "Anna")]  # Béla still played the second evening
    assert set(groups.members(group)) >= {"Béla", "Zsófi"}
    ledger.change_players(second, {"rename": {"Béla": "Zsófi"}})
    assert shown(group) == [("Zsófi", "Anna")]
    assert orphans(group) == []


def test_an_evening_the_group_reads_by_its_view_link_carries_them_too(ctx):
    session = evening()
    group = group_of(view=[session])
    pay(group, "Béla")
    ledger.change_players(session, {"rename": {"Béla": "Zsófi"}})
    assert shown(group) == [("Zsófi", "Anna")]
    assert orphans(group) == []


def test_merging_two_spellings_moves_the_payments_to_one_member_row(ctx):
    first = evening()
    second = evening(("Anna", "Bela", "Csaba", "Dóra"), date="2026-11-12")
    group = group_of(first, second)
    pay(group, "Béla")
    pay(group, "Bela")
    assert len(db.session.scalars(select(GroupMember)).all()) == 3
    out = groups.rename_member(group, "Bela", "Béla")
    assert out["merged"]
    db.session.expire_all()
    assert shown(group) == [("Béla", "Anna"), ("Béla", "Anna")]
    assert sorted(m.name for m in db.session.scalars(select(GroupMember))) == ["Anna", "Béla"]
    assert orphans(group) == []


def test_the_web_group_page_csv_and_api_show_the_current_name(app, client):
    with app.app_context():
        group = group_of(evening())
        pay(group, "Béla")
        groups.rename_member(group, "Béla", "Zsófi")
        gid, token = group.id, group.edit_token
    auth = {"Authorization": f"Bearer {token}"}
    api = client.get(f"/api/v1/groups/{gid}/payments", headers=auth).get_json()
    (settlement,) = api["settlements"]
    assert [(p["from"], p["to"]) for p in settlement["payments"]] == [("Zsófi", "Anna")]
    page = client.get(f"/g/{token}").get_data(as_text=True)
    assert "Zsófi" in page and "Béla" not in page


def test_the_migration_fills_the_ids_from_the_names_and_gives_them_back(bare_app):
    """Down to the revision before: the group's payment names its members again; up: it
    points at member rows made from those names, and the evening's payment keeps its own.
    Rows written with today's models at the head, read in SQL at the older revision."""
    with bare_app.app_context():
        upgrade()
        session = evening()
        group = group_of(evening(date="2026-11-12"))
        pay(group, "Béla")
        summary = ledger.session_summary(session)
        data = {"from": "Béla", "to": "Anna", "amount": "10"}
        ledger.record_payment(session, summary, data, DAY)
        gid = group.id
        db.session.remove()
        downgrade(revision=BEFORE)
        old = "SELECT group_id, payer, payee FROM payments ORDER BY id"
        assert db.session.execute(text(old)).all() == [
            (gid, "Béla", "Anna"),
            (None, "Béla", "Anna"),
        ]
        db.session.remove()
        upgrade()
        got = [(r.payer, r.payee, r.payer_member_id is None) for r in rows()]
        assert got == [(None, None, False), ("Béla", "Anna", True)]
        group = groups.get_group(gid)
        assert shown(group) == [("Béla", "Anna")]
        groups.rename_member(group, "Béla", "Zsófi")
        assert shown(group) == [("Zsófi", "Anna")]
        db.session.remove()
        downgrade(revision=BEFORE)
        assert db.session.execute(text(old)).all()[0] == (gid, "Zsófi", "Anna")
        db.session.remove()
        upgrade()

"""A backup written before group payments named their members by id (b2f6e8a4c157)
still restores: its payments' names become member rows on the way up, and the restored
group pays and renames as a new one does (issue 34)."""

from __future__ import annotations

import json

from flask_migrate import downgrade, upgrade
from sqlalchemy import select

from tests.backup.test_backup import fresh_app
from tests.conftest import close_app
from tests.ledger.test_group_member_ids import BEFORE, DAY, evening, group_of, pay, rows, shown
from ulti_ledger import groups, ledger
from ulti_ledger.backup.files import backup, restore
from ulti_ledger.db import db
from ulti_ledger.models import GroupMember


def test_a_backup_from_before_the_member_ids_restores_with_them(bare_app, tmp_path):
    with bare_app.app_context():
        upgrade()
        session = evening()
        group = group_of(session)
        pay(group, "Béla")
        pay(group, "Csaba", amount="5")
        gid = group.id
        db.session.remove()
        downgrade(revision=BEFORE)
    file = tmp_path / "before-member-ids.json"
    assert backup(bare_app, file, "json") == "json"
    tables = json.loads(file.read_text(encoding="utf-8"))["tables"]
    assert "group_members" not in tables
    assert [(p["payer"], p["payee"]) for p in tables["payments"]] == [
        ("Béla", "Anna"),
        ("Csaba", "Anna"),
    ]
    target = fresh_app(bare_app, tmp_path)
    try:
        restore(target, file)
        with target.app_context():
            assert all(r.payer is None and r.payer_member_id is not None for r in rows())
            names = sorted(m.name for m in db.session.scalars(select(GroupMember)))
            assert names == ["Anna", "Béla", "Csaba"]
            group = groups.get_group(gid)
            assert shown(group) == [("Béla", "Anna"), ("Csaba", "Anna")]
            groups.rename_member(group, "Béla", "Zsófi")
            assert shown(group) == [("Zsófi", "Anna"), ("Csaba", "Anna")]
            (up,) = ledger.group_settle_up(group, groups.group_standings(group, groups.WHOLE))
            assert {p["paid_on"] for p in up["payments"]} == {DAY.isoformat()}
    finally:
        close_app(target)


def test_a_backup_of_a_schema_made_without_migrations_links_its_names_too(app, tmp_path):
    """No revision to upgrade from (``db.create_all``, as the tests make databases): the
    restore itself points the named group payments at member rows."""
    with app.app_context():
        group = group_of(evening())
        pay(group, "Béla")
        gid = group.id
    file = tmp_path / "no-revision.json"
    assert backup(app, file, "json") == "json"
    data = json.loads(file.read_text(encoding="utf-8"))
    assert data["revision"] is None
    names = {m["id"]: m["name"] for m in data["tables"].pop("group_members")}
    for p in data["tables"]["payments"]:  # as the models before the member ids wrote it
        p["payer"], p["payee"] = names[p.pop("payer_member_id")], names[p.pop("payee_member_id")]
    file.write_text(json.dumps(data), encoding="utf-8")
    target = fresh_app(app, tmp_path)
    try:
        restore(target, file)
        with target.app_context():
            assert [(r.payer, r.payer_member_id is None) for r in rows()] == [(None, False)]
            group = groups.get_group(gid)
            groups.rename_member(group, "Béla", "Zsófi")
            assert shown(group) == [("Zsófi", "Anna")]
    finally:
        close_app(target)

"""Each evening's stored summary equals a full recount from its hands after any writes,
and a group's figures read from the summaries equal those settled from every hand."""

from __future__ import annotations

import datetime as dt
import json
import random
from dataclasses import replace

from click.testing import CliRunner
from flask_migrate import downgrade, upgrade
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import delete, event, select, update

from testkit import samples
from tests.ledger.test_long_sessions import reads_of_many_rows, statements  # noqa: F401
from ulti_ledger import groups, ledger
from ulti_ledger.cli.main import main as cli
from ulti_ledger.db import db
from ulti_ledger.games import builtin_engine
from ulti_ledger.ledger.summaries import Summary, summarize
from ulti_ledger.models import EveningResult, EveningSummary, GameSession

BEFORE = "b9e1c7a3d520"
SEATS = ("Anna", "Béla", "Csaba", "Dóra")
WHOLE = groups.Period("all", None, None)


def stored(session_id: int) -> Summary | None:
    """The evening's summary as its rows hold it (None without a row)."""
    head = db.session.get(EveningSummary, session_id)
    if head is None:
        return None
    rows = db.session.scalars(
        select(EveningResult)
        .where(EveningResult.session_id == session_id)
        .order_by(EveningResult.position)
    ).all()
    db.session.expire_all()
    full = summarize(db.session, session_id)
    assert full is not None
    assert [(r.currency, r.money_minor) for r in rows] == [
        (r.currency, full.money_minor(r.player)) for r in rows
    ]
    return Summary(
        session_id,
        head.version,
        head.hands,
        tuple(r.player for r in rows),
        full.currency,
        full.unit_amount,
        {r.player: r.units for r in rows},
        {r.player: r.played for r in rows},
        tuple(tuple(p) for p in head.pairs),
        head.extra,
    )


def assert_in_step(session_ids):
    """Every evening's stored summary is at its version and equals a recount."""
    for sid in session_ids:
        version = db.session.scalar(select(GameSession.version).where(GameSession.id == sid))
        kept = stored(sid)
        assert kept is not None, f"evening {sid} has no summary"
        assert kept.version == version, f"evening {sid}'s summary is behind"
        fresh = summarize(db.session, sid)
        assert fresh is not None
        assert kept == replace(fresh, extra=json.loads(json.dumps(fresh.extra)))


def from_every_hand(group, method):
    """The group's settlement the old way: every evening's hands settled."""
    sessions = groups.group_evenings(group)
    return ledger.group_settlement_of([ledger.session_summary(s) for s in sessions], method)


def _new_hand(session, rng):
    table = ledger.next_hand(session)
    rules = builtin_engine().rulesets[session.ruleset.ruleset_id].rules
    hand = samples.random_hand(rng, rules, [*table["players"], *table["sitting_out"]])
    hand.pop("ruleset")
    ledger.add_hand(session, {"dealer": table["dealer"], **hand})


def _count(session):
    return len(ledger.session_summary(session)["hands"])


def _write(kind, group, evenings, rng):
    session = rng.choice(evenings)
    db.session.refresh(session)
    count = _count(session)
    if kind == "add" or count == 0:
        _new_hand(session, rng)
    elif kind == "edit":
        table = ledger.next_hand(session)
        rules = builtin_engine().rulesets[session.ruleset.ruleset_id].rules
        number = rng.randint(1, count)
        old = ledger.hand_entry(session, number)
        hand = samples.random_hand(rng, rules, [*old["hand"]["players"], *table["sitting_out"]])
        hand.pop("ruleset")
        try:
            ledger.replace_hand(session, number, {"dealer": old["dealer"], **hand})
        except ledger.LedgerError:
            db.session.rollback()  # a hand the seating refuses: nothing written
    elif kind == "delete":
        ledger.delete_hand(session, rng.randint(1, count))
    elif kind == "undo":
        ledger.undo_last(session)
    elif kind == "stakes":
        amount = str(rng.choice([5, 10, 20]))
        ledger.update_session(session, {"unit_value": {"amount": amount, "currency": "HUF"}})
    elif kind == "rename":
        old = rng.choice(groups.members(group))
        try:
            groups.rename_member(group, old, f"{old}{rng.randint(0, 9)}")
        except ledger.LedgerError:
            db.session.rollback()


@settings(
    max_examples=10, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    seed=st.integers(0, 10**6),
    writes=st.lists(
        st.sampled_from(["add", "edit", "delete", "undo", "stakes", "rename"]), max_size=12
    ),
)
def test_summaries_equal_a_recount_after_any_writes(app, seed, writes):
    """Random hand writes, edits, deletes, undos, changes of stakes and renames across a
    group: each evening's stored summary stays at its version and equals a recount, and
    the group's balances and pairwise transfers equal those settled from every hand."""
    with app.app_context():
        rng = random.Random(seed)
        group = groups.create_group(f"Kör {seed}")
        evenings = []
        for number in range(2):
            body = samples.random_session(SEATS, 3, seed=seed + number, name=f"E{number}")
            body["date"] = (dt.date(2026, 1, 6) + dt.timedelta(weeks=number)).isoformat()
            session = ledger.create_session(body)
            groups.add_evening(group, session)
            evenings.append(session)
        for kind in writes:
            _write(kind, group, evenings, rng)
        db.session.expire_all()
        assert_in_step([s.id for s in evenings])
        for method in ("minimal", "pairwise"):
            got = groups.group_standings(group, WHOLE, None, method)["settlement"]
            want = from_every_hand(group, method)
            assert got["balances"] == want["balances"]
            assert got["transfers"] == want["transfers"]
        db.session.remove()


def test_group_figures_from_summaries_equal_those_from_every_hand_across_stakes(ctx):
    """Evenings at different stakes and table sizes: pairwise transfers summed from the
    stored pair debts are those settled hand by hand."""
    group = groups.create_group("Tétek")
    for number, (amount, seats) in enumerate([("10", SEATS), ("25", SEATS[:3]), ("5", SEATS)]):
        body = samples.random_session(seats, 12, seed=number, name=f"E{number}")
        body["unit_value"] = {"amount": amount, "currency": "HUF"}
        groups.add_evening(group, ledger.create_session(body))
    for method in ("minimal", "banker", "pairwise"):
        got = groups.group_standings(group, WHOLE, None, method)["settlement"]
        want = from_every_hand(group, method)
        assert {k: got[k] for k in ("balances", "transfers")} == {
            k: want[k] for k in ("balances", "transfers")
        }


def test_a_stale_summary_is_summed_in_memory_not_trusted(ctx):
    """A summary whose version is not the evening's (written behind the app's back) is
    never read as it is: the figures stay those of the hands."""
    group = groups.create_group("Régi")
    session = ledger.create_session(samples.random_session(SEATS, 6, seed=1, name="E"))
    groups.add_evening(group, session)
    want = groups.group_standings(group, WHOLE)["standings"]
    db.session.execute(update(EveningResult).values(units=999))
    db.session.execute(update(EveningSummary).values(version=0))
    db.session.commit()
    ledger.result_cache().clear()
    assert groups.group_standings(group, WHOLE)["standings"] == want


def test_the_migration_fills_them_and_the_command_rebuilds_them(bare_app, tmp_path):
    with bare_app.app_context():
        upgrade()
        group = groups.create_group("Migrált")
        ids = []
        for number in range(2):
            body = samples.random_session(SEATS, 5, seed=number, name=f"E{number}")
            session = ledger.create_session(body)
            groups.add_evening(group, session)
            ids.append(session.id)
        assert_in_step(ids)
        want = [stored(i) for i in ids]
        db.session.remove()
        downgrade(revision=BEFORE)
        db.session.remove()
        upgrade()
        assert [stored(i) for i in ids] == want
        db.session.execute(delete(EveningSummary))
        db.session.commit()
        url = bare_app.config["SQLALCHEMY_DATABASE_URI"]
        db.session.remove()
    result = CliRunner().invoke(cli, ["rebuild-summaries", "--database", url])
    assert result.exit_code == 0, result.output
    assert "2 evenings" in result.output
    with bare_app.app_context():
        assert [stored(i) for i in ids] == want


def test_a_payment_and_a_new_hand_restamp_the_summary_from_itself(ctx, statements):  # noqa: F811
    """A payment moves no result and a new hand adds one: the stored summary follows each
    without a read of the evening's other hands (a long evening stays cheap to write)."""
    session = ledger.create_session(samples.random_session(SEATS, 12, seed=3, name="E"))
    settled = ledger.session_settlement(session)
    transfer = settled["transfers"][0]
    statements.clear()
    summary = ledger.session_summary(session)
    statements.clear()
    data = {"from": transfer["from"], "to": transfer["to"], "amount": "1", "paid_on": "2026-12-01"}
    ledger.record_payment(session, summary, data, dt.date(2026, 12, 1))
    _new_hand(session, random.Random(3))
    assert reads_of_many_rows(statements) == []
    assert_in_step([session.id])


def test_a_rename_committed_between_the_summaries_two_reads_is_not_mixed_in(app):
    """Another phone renames a member after this page read the summaries' heads (their
    versions and pair debts) and before it read their per-player rows: the page must not
    put the old names' pairs beside the new names' rows (a settlement of no one, a 500).
    It reads them again, and its figures are those of one state: the renamed one."""
    with app.app_context():
        group = groups.create_group("Közben")
        session = ledger.create_session(samples.random_session(SEATS, 8, seed=3, name="E"))
        groups.add_evening(group, session)
        group_id = group.id
    renamed = []

    def rename_before_the_rows(conn, cursor, statement, *args):
        if "FROM evening_results" in statement and not renamed:
            renamed.append(statement)
            with app.app_context():  # another request: its own connection, committed
                groups.rename_member(groups.get_group(group_id), "Anna", "Anni")

    with app.app_context():
        group = groups.get_group(group_id)
        ledger.result_cache().clear()
        event.listen(db.engine, "before_cursor_execute", rename_before_the_rows)
        try:
            got = groups.group_standings(group, WHOLE, None, "pairwise")
        finally:
            event.remove(db.engine, "before_cursor_execute", rename_before_the_rows)
        assert renamed, "the rename did not run between the two reads"
        db.session.expire_all()
        want = from_every_hand(group, "pairwise")
        assert "Anni" in got["players"] and "Anna" not in got["players"]
        assert got["settlement"]["transfers"] == want["transfers"]

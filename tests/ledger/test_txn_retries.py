"""The ledger's two retry loops (``txn.retried`` for writes, ``txn.read_again`` for reads
of an evening), on the real database: what runs again, how often, and what never does."""

from __future__ import annotations

import pytest
from sqlalchemy import update

from ulti_ledger import ledger
from ulti_ledger.db import db
from ulti_ledger.ledger.txn import ATTEMPTS, Retry, read_again, retried
from ulti_ledger.models import GameSession

pytestmark = pytest.mark.db  # run again on PostgreSQL by `make test`


def test_a_write_that_meets_another_runs_again_until_it_goes_through():
    calls = []

    @retried
    def write():
        calls.append(1)
        if len(calls) < 3:
            raise Retry()
        return "written"

    assert write() == "written" and len(calls) == 3


def test_a_write_that_keeps_meeting_others_says_try_again_after_the_last_attempt():
    calls = []

    @retried
    def write():
        calls.append(1)
        raise Retry()

    with pytest.raises(Retry):
        write()
    assert len(calls) == ATTEMPTS


def test_a_write_that_fails_for_another_reason_is_not_run_again():
    calls = []

    @retried
    def write():
        calls.append(1)
        raise ValueError("a bug")

    with pytest.raises(ValueError):
        write()
    assert len(calls) == 1


def moved_by_another(session: GameSession) -> None:
    """Another writer commits a new version of the evening, on a connection of its own."""
    with db.engine.begin() as other:
        other.execute(
            update(GameSession)
            .where(GameSession.id == session.id)
            .values(version=GameSession.version + 1)
        )


def test_a_read_that_a_write_overlapped_is_read_again_from_fresh_rows(app, session_body):
    with app.app_context():
        session = ledger.create_session(session_body)
        seen = []

        @read_again
        def read(evening):
            seen.append(evening.version)
            if len(seen) == 1:
                moved_by_another(evening)
                raise KeyError("a seat of one state, the hands of another")
            return evening.version

        assert read(session) == seen[0] + 1  # the second attempt read the new row
        assert len(seen) == 2


def test_a_read_that_fails_with_nothing_written_meanwhile_is_a_bug_raised_at_once(
    app, session_body
):
    with app.app_context():
        session = ledger.create_session(session_body)
        calls = []

        @read_again
        def read(evening):
            calls.append(1)
            raise KeyError("a bug")

        with pytest.raises(KeyError):
            read(session)
        assert len(calls) == 1


def test_a_read_with_changes_of_its_own_pending_is_never_read_again(app, session_body):
    with app.app_context():
        session = ledger.create_session(session_body)
        calls = []

        @read_again
        def read(evening):
            calls.append(1)
            evening.name = "changed here"  # expiring would lose it
            moved_by_another(evening)
            raise KeyError("overlapped")

        with pytest.raises(KeyError):
            read(session)
        assert len(calls) == 1
        db.session.rollback()

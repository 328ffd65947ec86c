"""Long evenings: rows kept per hand version are never stale, and adding a hand reads single
rows, never the whole session (bench/scoreboard.py measures the time)."""

from __future__ import annotations

import re

import pytest
from sqlalchemy import event

from tests.ui_helpers import Scorer
from ulti_ledger import ledger
from ulti_ledger.db import db
from ulti_ledger.ledger.pinning import result_cache
from ulti_ledger.views.sheet import facts_cache

PAGES = ("edit", "view")
LANGS = ("hu", "en")


@pytest.fixture
def evening(app, session_body, hand_kinds):
    """A session of every kind of hand; returns (session id, edit path, view path)."""
    with app.app_context():
        session = ledger.create_session({**session_body, "hands": list(hand_kinds.values())})
        return session.id, f"/e/{session.edit_token}", f"/s/{session.view_token}"


def pages(client, evening) -> dict[tuple[str, str], str]:
    """The edit and view scoreboards in both languages, without the per-request CSRF token."""
    _, edit, view = evening
    out = {}
    for kind, path in zip(PAGES, (edit, view), strict=True):
        for lang in LANGS:
            html = client.get(f"{path}?lang={lang}").get_data(as_text=True)
            out[kind, lang] = re.sub(r'name="csrf_token" value="[^"]*"', "", html)
    return out


def changes(session, kinds):
    """Each change a scorer can make, in turn: edit, delete, restore, add."""
    yield lambda: ledger.replace_hand(session, 1, kinds["bedobás"])
    yield lambda: ledger.delete_hand(session, 2)
    yield lambda: ledger.restore_hand(session, ledger.deleted_hands(session)[0]["hand_id"])
    yield lambda: ledger.add_hand(session, kinds["renonsz"])
    yield lambda: ledger.replace_hand(session, 3, kinds["piros passz"])


def test_rows_kept_from_earlier_pages_equal_rows_built_afresh(app, client, evening, hand_kinds):
    pages(client, evening)  # every row's facts now kept, in both languages
    with app.app_context():
        session = ledger.get_session(evening[0])
        steps = list(changes(session, hand_kinds))
    for step in steps:
        with app.app_context():
            step()
        kept = pages(client, evening)
        with app.app_context():
            facts_cache().clear()
            result_cache().clear()
        assert kept == pages(client, evening)
    assert 'data-testid="edited-1"' in kept["edit", "hu"]


def test_each_language_keeps_its_own_words(client, evening):
    _, edit, _ = evening
    hungarian = client.get(edit).get_data(as_text=True)
    english = client.get(edit + "?lang=en").get_data(as_text=True)
    assert "oszt:" in hungarian and "oszt:" not in english
    assert "dealt by" in english


def test_only_an_edited_hand_says_so(ctx, session_body, hand):
    session = ledger.create_session({**session_body, "hands": [hand(), hand()]})
    ledger.replace_hand(session, 2, hand(won=False))
    assert [ledger.hand_entry(session, n)["edited"] for n in (1, 2)] == [False, True]


@pytest.fixture
def statements(app):
    """The SQL statements run while the test runs, normalized to one line each."""
    seen: list[str] = []

    def record(conn, cursor, statement, parameters, context, executemany):
        seen.append(" ".join(statement.split()))

    with app.app_context():
        engine = db.engine
    event.listen(engine, "before_cursor_execute", record)
    yield seen
    event.remove(engine, "before_cursor_execute", record)


def reads_of_many_rows(seen: list[str]) -> list[str]:
    """SELECTs of hands or audit entries that may return a row per hand of the session.

    A read of one row has a LIMIT; a count or a maximum returns one row; a read by hand
    ids returns the rows of those hands only.
    """
    single = re.compile(r"\bLIMIT\b|\bcount\(|\bmax\(|\bhands\.id IN\b|\bhand_id IN\b", re.I)
    many = re.compile(r"^SELECT\b.*\bFROM (hands|audit_log)\b", re.I)
    return [s for s in seen if many.search(s) and not single.search(s)]


def test_adding_a_hand_reads_single_rows_not_the_session(app, client, statements, hand):
    scorer = Scorer(client)
    scorer.start()
    token = scorer.edit_url.rsplit("/", 1)[1]
    with app.app_context():
        session = ledger.session_by_token(token, "edit")
        for declarer in ("Anna", "Béla", "Csaba") * 3:
            ledger.add_hand(session, hand(declarer=declarer))
        session_id = session.id
    statements.clear()
    api = client.post(
        f"/api/v1/sessions/{session_id}/hands",
        json=hand(declarer="Béla"),
        headers={"Authorization": f"Bearer {token}"},
    )
    assert api.status_code == 201 and api.get_json()["number"] == 10
    form = scorer.post_hand({"declarer": "Béla", "contract": "passz", "colour": "piros"})
    assert form.status_code == 303
    assert statements and reads_of_many_rows(statements) == []


def test_the_guard_sees_a_read_of_every_hand(ctx, statements, session_body, hand):
    session = ledger.create_session({**session_body, "hands": [hand()]})
    statements.clear()
    ledger.session_summary(session)
    assert reads_of_many_rows(statements)

"""A group written while its evenings' hands are recorded, against a real running server:
two scorers record hands in two magas tarokk evenings of one group (whose kitty the group
carries), while the group's edit link renames the group, renames a member of both
evenings back and forth, and takes the first evening out and adds it again; a phone
reads the scoreboards and the group page meanwhile. No request
answers 5xx, every hand acknowledged with a 201 is kept, and the kitty chain as stored
is the chain settled afresh. ``RACE_SECONDS`` sets how long they race (8 s by default);
``-m db`` under scripts/with-postgres.sh runs it on PostgreSQL."""

from __future__ import annotations

import http.client
import json
import os
import threading
import time
from collections import Counter
from urllib.parse import urlencode

import pytest
from sqlalchemy import event

from testkit.live_server import serve
from tests.conftest import close_app, make_app
from tests.games.tarokk.test_tarokk_ledger import HANDS, SEATS
from ulti_ledger import groups, ledger
from ulti_ledger.db import db
from ulti_ledger.ledger import refresh_group
from ulti_ledger.models import GameSession

pytestmark = pytest.mark.db
SECONDS = float(os.environ.get("RACE_SECONDS", "8"))


@pytest.fixture
def server(tmp_path):
    """The app served by werkzeug's threaded server on 127.0.0.1 (CSRF off: the forms are
    posted by a script, and the race is what is tested); yields (app, port)."""
    app = make_app(tmp_path, WTF_CSRF_ENABLED=False)
    with serve(app) as port:
        yield app, port
    close_app(app)


def call(port, method, path, body=None, headers=None, form=None):
    """One request on a connection of its own: (status, body bytes)."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    sent, data = dict(headers or {}), None
    if body is not None:
        data, sent["Content-Type"] = json.dumps(body).encode(), "application/json"
    if form is not None:
        data = urlencode(form).encode()
        sent["Content-Type"] = "application/x-www-form-urlencoded"
    try:
        connection.request(method, path, body=data, headers=sent)
        response = connection.getresponse()
        return response.status, response.read()
    finally:
        connection.close()


def evening_body(day):
    """A magas tarokk evening of ``SEATS`` on ``day``, at 5 HUF a unit."""
    return {
        "format": "ulti-ledger/session@1",
        "ruleset": "magas-tarokk",
        "players": SEATS,
        "unit_value": {"amount": "5", "currency": "HUF"},
        "date": day,
    }


def evening(port, day):
    status, out = call(port, "POST", "/api/v1/sessions", evening_body(day))
    assert status == 201, out
    return json.loads(out)


def test_renames_racing_hands_answer_no_5xx_and_keep_every_hand(server):
    app, port = server
    with app.app_context():
        group = groups.create_group("Tarokk kör")
        group_id, group_token = group.id, group.edit_token
    evenings = [evening(port, day) for day in ("2026-01-01", "2026-01-02")]
    for made in evenings:  # by their edit links: the group carries their kitty
        auth = {"Authorization": f"Bearer {group_token}"}
        status, out = call(
            port,
            "POST",
            f"/api/v1/groups/{group_id}/evenings",
            {"evening": made["edit_token"]},
            auth,
        )
        assert status == 201, out
    statuses: Counter[int] = Counter()
    failures: list[str] = []
    acknowledged = {made["id"]: 0 for made in evenings}
    lock = threading.Lock()
    stop = time.monotonic() + SECONDS

    def seen(status, out):
        with lock:
            statuses[status] += 1
            if status >= 500:
                failures.append(out[:500].decode("utf-8", "replace"))

    def scorer(made):
        auth = {"Authorization": f"Bearer {made['edit_token']}"}
        sitting_out, count = "Anna", 0
        while time.monotonic() < stop:
            hand = {**HANDS[count % len(HANDS)], "sitting_out": [sitting_out]}
            status, out = call(port, "POST", f"/api/v1/sessions/{made['id']}/hands", hand, auth)
            seen(status, out)
            if status == 201:
                with lock:
                    acknowledged[made["id"]] += 1
            elif status == 422:  # renamed meanwhile: the dealer sitting out is called so now
                sitting_out = "Anni" if sitting_out == "Anna" else "Anna"
            count += 1

    def renamer():
        count = 0
        while time.monotonic() < stop:
            form = {"name": f"Tarokk kör {count}"}
            seen(*call(port, "POST", f"/g/{group_token}/settings", form=form))
            old, new = ("Anna", "Anni") if count % 2 == 0 else ("Anni", "Anna")
            seen(*call(port, "POST", f"/g/{group_token}/rename", form={"old": old, "new": new}))
            # the first evening out of the group and back in, by its edit link
            out = f"/g/{group_token}/evenings/{evenings[0]['id']}/remove"
            seen(*call(port, "POST", out, form={}))
            link = {"link": f"/e/{evenings[0]['edit_token']}"}
            seen(*call(port, "POST", f"/g/{group_token}/evenings", form=link))
            count += 1

    def reader():  # the phones at the table: each page reads seats and hands of one state
        while time.monotonic() < stop:
            for made in evenings:
                view = made["view_url"].rsplit("/", 1)[1]
                for path in (f"/s/{view}", f"/s/{view}/state", f"/g/{group_token}"):
                    seen(*call(port, "GET", path))

    threads = [threading.Thread(target=scorer, args=(made,)) for made in evenings]
    threads += [threading.Thread(target=renamer), threading.Thread(target=reader)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not failures, failures[:3]
    assert statuses[201] and statuses[303] and statuses[200], statuses  # all got through
    for made in evenings:
        auth = {"Authorization": f"Bearer {made['edit_token']}"}
        status, out = call(port, "GET", f"/api/v1/sessions/{made['id']}", headers=auth)
        assert status == 200
        assert len(json.loads(out)["hands"]) == acknowledged[made["id"]]
    with app.app_context():  # the kitty chain as stored is the chain settled afresh
        ids = [made["id"] for made in evenings]
        stored = chain(ids)
        refresh_group(group_id, set(ids))
        assert chain(ids) == stored
        db.session.rollback()


def chain(ids):
    """Each evening's opening, where it came from, and what the group held after it."""
    rows = [db.session.get(GameSession, i) for i in ids]
    return [(s.group_id, s.kitty_opening, s.kitty_from_id, s.kitty_closing) for s in rows]


def test_a_write_whose_evening_was_renamed_meanwhile_runs_again_on_fresh_reads(
    app, session_body, hand
):
    """The scorer's request read the seats; another committed a rename before its lock.
    The write runs again (``ledger.txn.retried``): the hand naming the old name is refused
    like any hand naming no player, never stored against seats that are gone."""
    from ulti_ledger import ledger

    with app.app_context():
        session = ledger.create_session(session_body)
        assert "Dóra" in ledger.seat_names(session)  # this request's reads
        with app.app_context():  # another request, committed meanwhile
            other = ledger.get_session(session.id)
            ledger.change_players(other, {"rename": {"Dóra": "Dorka"}})
        with pytest.raises(ledger.LedgerError) as refused:
            ledger.add_hand(session, hand())  # Dóra sits out: not a player any more
        assert "Dóra" in str(refused.value)
        assert ledger.hand_count(session) == 0
        assert ledger.add_hand(session, hand(out=("Dorka",))) == 1
        assert ledger.session_json(session)["hands"][0]["dealer"] in ledger.seat_names(session)


@pytest.mark.parametrize("method", ["minimal", "pairwise"])
def test_a_rename_committed_before_any_statement_of_the_group_page_never_mixes(app, method):
    """The group page reads its evenings, their summaries, payments and kitty by separate
    statements. A rename of a player who pays and receives, committed by another request
    just before any one of them, leaves the page answering 200 with the group's figures of
    one state: the player by one name, never both (``groups.read_steady``)."""
    with app.app_context():
        group = groups.create_group("Tarokk kör")
        for day in ("2026-01-01", "2026-01-02"):
            session = ledger.create_session(evening_body(day))
            for hand in HANDS * 2:
                ledger.add_hand(session, dict(hand))
            groups.add_evening(group, session)
        group_id, token = group.id, group.view_token
    client = app.test_client()
    names = ["Béla", "Bence"]
    busy: list[bool] = []
    statements: list[str] = []
    at: list[int] = []

    def page() -> str:
        ledger_cache_clear()
        response = client.get(f"/g/{token}?lang=en&method={method}")
        assert response.status_code == 200
        return response.get_data(as_text=True)

    def before(conn, cursor, statement, *args):
        if busy:
            return
        statements.append(statement)
        if at and len(statements) == at[0]:
            busy.append(True)
            with app.app_context():  # another request: its own connection, committed
                groups.rename_member(groups.get_group(group_id), names[0], names[1])
            names.reverse()

    def ledger_cache_clear():
        with app.app_context():
            ledger.result_cache().clear()

    with app.app_context():
        engine = db.engine
    event.listen(engine, "before_cursor_execute", before)
    try:
        page()
        count = len(statements)
        assert count > 5, statements
        for number in range(1, count + 1):
            statements.clear()
            busy.clear()
            at[:] = [number]
            shown = page()
            assert busy, f"no rename before statement {number}"
            # before the rename or after it, never both: the player shows by one name
            assert (names[0] in shown) != (names[1] in shown), (number, statements[-1][:300])
    finally:
        event.remove(engine, "before_cursor_execute", before)

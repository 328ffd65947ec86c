"""The table agrees, through the pages: a seat claimed from the view link, Rendben and
Nem így on the seat's page, the scorer's answers, and the marks on the board."""

from __future__ import annotations

import html
import re

import pytest
from sqlalchemy import event

from tests.conftest import parti
from tests.ui_helpers import csrf_token, read_form
from ulti_ledger import ledger
from ulti_ledger.db import db
from ulti_ledger.models import GameSession, TableSeat

pytestmark = pytest.mark.db


@pytest.fixture
def evening(app):
    """An evening of one hand: Anna declares, Béla and Csaba defend, Dóra sits out."""
    with app.app_context():
        session = ledger.create_session(
            {
                "format": "ulti-ledger/session@1",
                "ruleset": "ulti",
                "players": ["Anna", "Béla", "Csaba", "Dóra"],
                "unit_value": {"amount": "10", "currency": "HUF"},
                "hands": [parti(declarer="Anna")],
            }
        )
        return session.edit_token, session.view_token


def post(client, page, path, **form):
    token = csrf_token(client.get(page).get_data(as_text=True))
    return client.post(path, data={"csrf_token": token, **form})


def claim(app, view, player, **form):
    phone = app.test_client()
    response = post(phone, f"/s/{view}/seats", f"/s/{view}/seats/claim", player=player, **form)
    assert response.status_code == 303, response.get_data(as_text=True)
    return phone, response.headers["Location"].rsplit("/", 1)[1]


def test_a_seat_confirms_and_the_board_says_by_whom(app, client, evening):
    edit, view = evening
    assert 'data-testid="agree-1"' not in client.get(f"/e/{edit}").get_data(as_text=True)
    phone, seat = claim(app, view, "Béla")
    page = phone.get(f"/t/{seat}").get_data(as_text=True)
    assert 'data-testid="waiting-1"' in page
    assert "a megerősítésedre vár" in page  # what a screen reader hears of the card
    version = re.search(r'name="version" value="(\d+)"', page).group(1)
    done = post(phone, f"/t/{seat}", f"/t/{seat}/hands/1/confirm", version=version)
    assert done.status_code == 303
    board = client.get(f"/e/{edit}?lang=de").get_data(as_text=True)
    assert 'data-agree="confirmed"' in board and "bestätigt: Béla" in board
    assert 'data-testid="seat-nothing-waiting"' in phone.get(f"/t/{seat}").get_data(as_text=True)


def test_a_dispute_with_a_proposal_is_accepted_and_asks_again(app, client, evening):
    edit, view = evening
    phone, seat = claim(app, view, "Csaba")
    form = phone.get(f"/t/{seat}/hands/1/edit").get_data(as_text=True)
    assert f'action="/t/{seat}/hands/1"' in form
    fields = read_form(form, "hand-form")
    fields.update({"won-parti": ["0"], "js": ["1"], "action": ["save"]})
    sent = phone.post(f"/t/{seat}/hands/1", data=fields)
    assert sent.status_code == 303, sent.get_data(as_text=True)
    board = client.get(f"/e/{edit}").get_data(as_text=True)
    assert 'data-agree="disputed"' in board and 'data-testid="disputes-notice"' in board
    table = client.get(f"/e/{edit}/seats").get_data(as_text=True)
    dispute_id = re.search(r"/disputes/(\d+)/accept", table).group(1)
    accepted = post(client, f"/e/{edit}/seats", f"/e/{edit}/disputes/{dispute_id}/accept")
    assert accepted.status_code == 303
    with app.app_context():
        session = ledger.session_by_token(edit, "edit")
        assert ledger.hand_entry(session, 1)["hand"]["components"][0]["won"] is False
        (mark,) = ledger.marks(session).values()
        assert mark.status == "open"  # the edit asks again
        (entry,) = ledger.verdict_history(session, 1)
        assert (entry["player"], entry["verdict"], entry["answer"]) == (
            "Csaba",
            "dispute",
            "accepted",
        )


def test_a_seat_writes_nothing_of_the_scorers(app, client, evening):
    edit, view = evening
    phone, seat = claim(app, view, "Béla")
    for path in ("/hands", "/hands/1", "/hands/1/delete", "/undo", "/seats/free", "/bank"):
        response = post(phone, f"/t/{seat}", f"/e/{seat}{path}", player="Anna")
        assert response.status_code == 403, path
    assert phone.get(f"/e/{seat}").status_code == 403
    assert phone.get(f"/s/{seat}").status_code == 200  # it reads what the view link reads


def test_a_pin_keeps_the_seat_and_the_scorer_frees_it(app, client, evening):
    edit, view = evening
    _, first = claim(app, view, "Béla", pin="2468")
    other = app.test_client()
    refused = post(other, f"/s/{view}/seats", f"/s/{view}/seats/claim", player="Béla")
    assert refused.status_code == 422 and "PIN" in refused.get_data(as_text=True)
    table = client.get(f"/e/{edit}/seats").get_data(as_text=True)
    assert 'data-testid="free-Béla"' in table and "<svg" in table  # a QR per seat
    post(client, f"/e/{edit}/seats", f"/e/{edit}/seats/free", player="Béla")
    assert other.get(f"/t/{first}").status_code == 404


def test_the_view_page_leads_back_to_this_phones_seat(app, evening):
    _, view = evening
    phone, seat = claim(app, view, "Csaba")
    assert f'href="/t/{seat}"' in phone.get(f"/s/{view}").get_data(as_text=True)


def test_settle_only_agreed_hands_holds_the_settlement(app, client, evening):
    edit, view = evening
    claim(app, view, "Béla")
    post(
        client, f"/e/{edit}/seats", f"/e/{edit}/seats/rules", confirm_mode="one", settle_agreed="1"
    )
    board = client.get(f"/s/{view}").get_data(as_text=True)
    assert 'data-testid="settle-held"' in board and 'data-testid="hands-open"' in board
    assert 'data-testid="transfers-text"' not in board


def test_the_history_says_who_confirmed_and_disputed(app, client, evening):
    edit, view = evening
    phone, seat = claim(app, view, "Béla")
    post(phone, f"/t/{seat}", f"/t/{seat}/hands/1/dispute", reason="nem volt parti")
    page = client.get(f"/e/{edit}/hands/1/history").get_data(as_text=True)
    assert 'data-testid="verdict-dispute"' in page and "nem volt parti" in page


def test_a_group_remembers_the_seat_for_its_next_evening(app, evening):
    from ulti_ledger import groups

    edit, view = evening
    with app.app_context():
        group = groups.create_group("Keddi kör")
        first = ledger.session_by_token(edit, "edit")
        groups.add_evening(group, first)
        second = ledger.create_session(
            {
                "format": "ulti-ledger/session@1",
                "ruleset": "ulti",
                "players": ["Anna", "Béla", "Csaba", "Dóra"],
                "unit_value": {"amount": "10", "currency": "HUF"},
            }
        )
        groups.add_evening(group, second)
        next_view = second.view_token
    phone, _ = claim(app, view, "Dóra")
    page = phone.get(f"/s/{next_view}/seats").get_data(as_text=True)
    assert re.search(r'value="Dóra" checked', page)
    assert not re.search(
        r'value="Dóra" checked',
        app.test_client().get(f"/s/{next_view}/seats").get_data(as_text=True),
    )


def test_a_hand_from_the_offline_queue_waits_for_the_other_side(app, client, scorer):
    from tests.web.test_offline_server import queued_fields

    view = scorer.view_url.rsplit("/", 1)[1]
    phone, seat = claim(app, view, "Csaba")  # Anna deals and sits out; Béla declares
    sent = client.post(scorer.edit_url + "/hands/queued", data=queued_fields(scorer, 1))
    assert sent.status_code in (200, 201, 303), sent.get_data(as_text=True)
    assert 'data-testid="waiting-1"' in phone.get(f"/t/{seat}").get_data(as_text=True)


def dispute_id(app, edit, player):
    """The id of ``player``'s open dispute of hand 1, as the board reads it."""
    with app.app_context():
        session = ledger.session_by_token(edit, "edit")
        (mark,) = ledger.marks(session).values()
        return next(d["id"] for d in mark.disputes if d["player"] == player)


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("hu", ("Az író válasza Béla kifogására", "az író meghagyta a leosztást")),
        ("en", ("The scorer's answer to Béla's dispute", "the scorer kept the hand")),
        ("de", ("Antwort des Schreibers auf den Einspruch von Béla", "das Spiel gelassen")),
    ],
)
def test_every_seat_reads_the_scorers_answer_beside_the_hand(app, client, evening, lang, words):
    edit, view = evening
    bela_phone, bela = claim(app, view, "Béla")
    csaba_phone, csaba = claim(app, view, "Csaba")
    post(bela_phone, f"/t/{bela}", f"/t/{bela}/hands/1/dispute", reason="nem volt parti")
    mine = bela_phone.get(f"/t/{bela}").get_data(as_text=True)
    assert 'data-testid="seat-answer-1"' not in mine  # not answered yet
    number = dispute_id(app, edit, "Béla")
    kept = post(
        client, f"/e/{edit}/seats", f"/e/{edit}/disputes/{number}/keep", answer="Megvolt, 3 adu"
    )
    assert kept.status_code == 303
    for phone, seat in ((bela_phone, bela), (csaba_phone, csaba)):
        page = phone.get(f"/t/{seat}?lang={lang}").get_data(as_text=True)
        found = re.search(
            r'<p class="seat-answer" data-testid="seat-answer-1">(.*?)</p>', page, re.S
        )
        assert found, page
        said = html.unescape(re.sub(r"\s+", " ", found.group(1)))
        for word in (*words, "„Megvolt, 3 adu”"):
            assert word in said, said
        assert re.search(r'<time datetime="\d{4}-\d\d-\d\dT[\d:]+\+00:00" data-local>', said)
        assert re.search(r"\d{4}-\d\d-\d\d \d\d:\d\d UTC", said)  # read aloud without script


def test_an_accepted_proposal_says_so_on_the_seats_page_too(app, client, evening):
    edit, view = evening
    phone, seat = claim(app, view, "Csaba")
    form = phone.get(f"/t/{seat}/hands/1/edit").get_data(as_text=True)
    fields = read_form(form, "hand-form")
    fields.update({"won-parti": ["0"], "js": ["1"], "action": ["save"]})
    assert phone.post(f"/t/{seat}/hands/1", data=fields).status_code == 303
    number = dispute_id(app, edit, "Csaba")
    post(client, f"/e/{edit}/seats", f"/e/{edit}/disputes/{number}/accept", answer="igazad van")
    page = phone.get(f"/t/{seat}?lang=en").get_data(as_text=True)
    card = page[page.index('data-testid="waiting-1"') :]  # the edit asks again, and says why
    assert "the scorer changed the hand as proposed: „igazad van”" in card


def test_a_seat_changes_its_dispute_or_withdraws_it(app, client, evening):
    edit, view = evening
    phone, seat = claim(app, view, "Csaba")
    post(phone, f"/t/{seat}", f"/t/{seat}/hands/1/dispute", reason="nem volt parti")
    page = phone.get(f"/t/{seat}").get_data(as_text=True)
    assert 'data-testid="my-dispute-1"' in page and 'data-testid="waiting-1"' not in page
    first = dispute_id(app, edit, "Csaba")
    said = post(
        phone, f"/t/{seat}", f"/t/{seat}/disputes/{first}", reason="csak kettő volt", number="1"
    )
    assert said.status_code == 303
    second = dispute_id(app, edit, "Csaba")
    assert second != first
    assert "csak kettő volt" in client.get(f"/e/{edit}/seats").get_data(as_text=True)
    # a proposal made in the same form replaces it again, and the form shows it next time
    fields = read_form(phone.get(f"/t/{seat}/hands/1/edit").get_data(as_text=True), "hand-form")
    fields.update({"won-parti": ["0"], "js": ["1"], "action": ["save"]})
    assert phone.post(f"/t/{seat}/hands/1", data=fields).status_code == 303
    third = dispute_id(app, edit, "Csaba")
    assert third != second
    again = read_form(phone.get(f"/t/{seat}/hands/1/edit").get_data(as_text=True), "hand-form")
    assert again["won-parti"] == ["0"]
    assert 'data-testid="dispute-proposal-1"' in client.get(f"/e/{edit}/seats").get_data(
        as_text=True
    )
    # the first link the scorer may still have open answers nothing
    gone = post(client, f"/e/{edit}/seats", f"/e/{edit}/disputes/{first}/keep", answer="x")
    assert gone.status_code == 404
    done = post(phone, f"/t/{seat}", f"/t/{seat}/disputes/{third}/withdraw", number="1")
    assert done.status_code == 303
    page = phone.get(f"/t/{seat}").get_data(as_text=True)
    assert 'data-testid="waiting-1"' in page and 'data-testid="my-dispute-1"' not in page
    history = client.get(f"/e/{edit}/hands/1/history?lang=en").get_data(as_text=True)
    assert history.count('data-testid="verdict-dispute"') == 3
    assert 'data-testid="verdict-withdraw"' in history and "withdrew the dispute" in history


def test_a_seat_cannot_touch_another_seats_dispute(app, client, evening):
    edit, view = evening
    csaba_phone, csaba = claim(app, view, "Csaba")
    bela_phone, bela = claim(app, view, "Béla")
    post(csaba_phone, f"/t/{csaba}", f"/t/{csaba}/hands/1/dispute", reason="nem volt parti")
    number = dispute_id(app, edit, "Csaba")
    for path, form in (
        (f"/disputes/{number}", {"reason": "Béla írja"}),
        (f"/disputes/{number}/withdraw", {}),
    ):
        refused = post(bela_phone, f"/t/{bela}", f"/t/{bela}{path}", number="1", **form)
        assert refused.status_code == 403, path
    missing = post(bela_phone, f"/t/{bela}", f"/t/{bela}/disputes/999999/withdraw", number="1")
    assert missing.status_code == 404
    assert dispute_id(app, edit, "Csaba") == number  # nothing moved
    # answered, the dispute is no longer the seat's to change: said so on its page
    post(client, f"/e/{edit}/seats", f"/e/{edit}/disputes/{number}/keep", answer="megvolt")
    form = f"/t/{csaba}/bank"  # the seat's page has no form left for this hand
    late = post(csaba_phone, form, f"/t/{csaba}/disputes/{number}/withdraw", number="1")
    assert late.status_code == 303
    page = csaba_phone.get(late.headers["Location"]).get_data(as_text=True)
    assert "Erre a kifogásra az író már válaszolt." in page


def test_the_seats_poll_is_one_statement_and_304_while_nothing_moves(app, client, evening):
    """Every seat's phone asks every second: one indexed lookup, no session, no ORM."""
    from sqlalchemy import event

    from ulti_ledger.db import db

    edit, view = evening
    phone, seat = claim(app, view, "Béla")
    first = phone.get(f"/t/{seat}/state")
    assert first.status_code == 200 and first.headers["ETag"]
    seen: list[str] = []

    def note(conn, cursor, statement, *rest):
        seen.append(statement)

    with app.app_context():
        engine = db.engine
    event.listen(engine, "before_cursor_execute", note)
    try:
        again = phone.get(f"/t/{seat}/state", headers={"If-None-Match": first.headers["ETag"]})
    finally:
        event.remove(engine, "before_cursor_execute", note)
    assert again.status_code == 304 and len(seen) == 1, seen
    post(client, f"/e/{edit}/seats", f"/e/{edit}/seats/rules", confirm_mode="all")
    moved = phone.get(f"/t/{seat}/state", headers={"If-None-Match": first.headers["ETag"]})
    assert moved.status_code == 200 and moved.get_json()["version"] > 0


@pytest.mark.parametrize("how", ["page", "api"])
def test_a_proposal_withdrawn_while_the_scorer_accepts_it_is_never_written(
    app, client, evening, hand, how
):
    """Csaba takes his dispute back on his phone while the scorer's "accept" is under
    way (committed by another connection right before the accept takes the evening's
    lock): the hand stays as it was and the dispute unanswered; an edit without its
    answer, or an answer to a word taken back, would be a hand nobody agreed to."""
    edit, view = evening
    with app.app_context():
        session = ledger.session_by_token(edit, "edit")
        csaba = ledger.seat_by_token(ledger.claim_seat(session, "Csaba"))
        proposal = hand(declarer="Anna", won=False)
        ledger.give_verdict(session, csaba, 1, "dispute", proposal=proposal)
        (mark,) = ledger.marks(session).values()
        dispute_id = mark.disputes[0]["id"]
        before = ledger.hand_entry(session, 1)
        session_id, seat_id = session.id, csaba.id
    withdrawn = []

    def withdraw_before_the_lock(conn, cursor, statement, *args):
        if statement.startswith("UPDATE game_sessions SET version") and not withdrawn:
            withdrawn.append(statement)
            with app.app_context():  # Csaba's phone: its own connection, committed
                evening_now = db.session.get(GameSession, session_id)
                seat = db.session.get(TableSeat, seat_id)
                ledger.withdraw_dispute(evening_now, seat, dispute_id)

    with app.app_context():
        event.listen(db.engine, "before_cursor_execute", withdraw_before_the_lock)
    try:
        if how == "page":
            answer = post(client, f"/e/{edit}/seats", f"/e/{edit}/disputes/{dispute_id}/accept")
            assert answer.status_code == 303
            table = client.get(answer.headers["Location"]).get_data(as_text=True)
            assert "közben módosították vagy visszavonták" in table
        else:
            answer = client.post(
                f"/api/v1/sessions/{session_id}/disputes/{dispute_id}/answer",
                json={"answer": "accepted"},
                headers={"Authorization": f"Bearer {edit}"},
            )
            assert answer.status_code == 404, answer.get_data(as_text=True)
    finally:
        with app.app_context():
            event.remove(db.engine, "before_cursor_execute", withdraw_before_the_lock)
    assert withdrawn, "the withdrawal did not run inside the accept"
    with app.app_context():
        session = ledger.session_by_token(edit, "edit")
        after = ledger.hand_entry(session, 1)
        assert (after["hand"], after["version"]) == (before["hand"], before["version"])
        history = ledger.verdict_history(session, 1)
        assert [(h["verdict"], h["answer"]) for h in history] == [
            ("dispute", None),
            ("withdraw", None),
        ]

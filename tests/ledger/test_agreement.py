"""Seats and verdicts in the ledger: who answers for a hand, what it takes to agree, and
an edit that asks again."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from testkit import samples
from ulti_ledger import ledger
from ulti_ledger.db import db
from ulti_ledger.games import builtin_engine
from ulti_ledger.models import Hand, Player


@pytest.fixture
def evening(ctx, session_body, hand):
    session = ledger.create_session(session_body)
    ledger.add_hand(session, hand(declarer="Anna"))  # Béla and Csaba defend, Dóra sits out
    return session


def test_no_seat_claimed_no_marks(evening):
    assert ledger.effective_mode(evening) == "off"
    assert ledger.marks(evening) == {}


def test_the_other_side_confirms_once_by_default(evening, hand):
    bela = ledger.seat_by_token(ledger.claim_seat(evening, "Béla"))
    ledger.claim_seat(evening, "Anna")
    (version,) = ledger.marks(evening)
    assert ledger.marks(evening)[version].status == "open"
    assert ledger.marks(evening)[version].waiting == ["Béla", "Csaba"]
    ledger.give_verdict(evening, bela, 1, "confirm", version=version)
    mark = ledger.marks(evening)[version]
    assert (mark.status, mark.by) == ("confirmed", ["Béla"])


def test_every_player_when_the_house_asks(evening):
    bela = ledger.seat_by_token(ledger.claim_seat(evening, "Béla"))
    ledger.set_agreement_rules(evening, "all", False)
    ledger.give_verdict(evening, bela, 1, "confirm")
    (mark,) = ledger.marks(evening).values()
    assert (mark.status, mark.waiting) == ("open", ["Csaba"])


def test_the_declarer_and_who_sits_out_do_not_answer(evening):
    for player in ("Anna", "Dóra"):
        seat = ledger.seat_by_token(ledger.claim_seat(evening, player))
        with pytest.raises(ledger.AgreementError) as refused:
            ledger.give_verdict(evening, seat, 1, "confirm")
        assert refused.value.code == "not_yours"


def test_a_dispute_then_an_edit_asks_again(evening, hand):
    csaba = ledger.seat_by_token(ledger.claim_seat(evening, "Csaba"))
    with pytest.raises(ledger.AgreementError):
        ledger.give_verdict(evening, csaba, 1, "dispute")  # no reason, no proposal
    proposal = hand(declarer="Anna", won=False)
    ledger.give_verdict(evening, csaba, 1, "dispute", proposal=proposal)
    (mark,) = ledger.marks(evening).values()
    assert mark.status == "disputed" and mark.disputes[0]["proposal"] == proposal
    ledger.replace_hand(evening, 1, proposal)
    ledger.answer_dispute(evening, mark.disputes[0]["id"], "accepted")
    (mark,) = ledger.marks(evening).values()
    assert (mark.status, mark.waiting) == ("open", ["Béla", "Csaba"])
    history = ledger.verdict_history(evening, 1)
    assert [(h["verdict"], h["answer"]) for h in history] == [("dispute", "accepted")]


def test_a_stale_verdict_is_refused(evening, hand):
    bela = ledger.seat_by_token(ledger.claim_seat(evening, "Béla"))
    (version,) = ledger.marks(evening)
    ledger.replace_hand(evening, 1, hand(declarer="Anna", won=False))
    with pytest.raises(ledger.AgreementError) as refused:
        ledger.give_verdict(evening, bela, 1, "confirm", version=version)
    assert refused.value.code == "stale"


def test_a_pin_keeps_the_seat(evening):
    first = ledger.claim_seat(evening, "Béla", pin="1234")
    with pytest.raises(ledger.AgreementError) as refused:
        ledger.claim_seat(evening, "Béla")
    assert refused.value.code == "pin_needed"
    second = ledger.claim_seat(evening, "Béla", old_pin="1234")
    assert not ledger.is_seat_token(first) and ledger.is_seat_token(second)
    assert ledger.free_seat(evening, "Béla") and not ledger.is_seat_token(second)


def test_without_a_pin_the_next_phone_takes_the_seat(evening):
    first = ledger.claim_seat(evening, "Béla")
    second = ledger.claim_seat(evening, "Béla")
    assert not ledger.is_seat_token(first) and ledger.is_seat_token(second)


def test_a_rename_keeps_the_seat_and_its_verdicts(evening):
    token = ledger.claim_seat(evening, "Béla")
    ledger.give_verdict(evening, ledger.seat_by_token(token), 1, "confirm")
    ledger.change_players(evening, {"rename": {"Béla": "Bence"}})
    assert ledger.seat_by_token(token).player == "Bence"
    (mark,) = ledger.marks(evening).values()
    assert mark.by == ["Bence"]


@pytest.mark.parametrize("ruleset", sorted(builtin_engine().rulesets))
def test_every_game_asks_its_other_side(ctx, ruleset):
    """Whoever the game's ``roles`` put against the declarer answers for the hand, never
    the declaring side nor who sat out; one confirmation of each hand agrees it."""
    body = samples.random_session(
        ("Anna", "Béla", "Csaba", "Dóra"), 12, seed=3, name=ruleset, ruleset=ruleset
    )
    session = ledger.create_session(body)
    seats = {
        p: ledger.seat_by_token(ledger.claim_seat(session, p)) for p in ledger.seat_names(session)
    }
    for number, mark in ledger.numbered_marks(session):
        roles = _roles(session, number)
        assert mark.waiting, (ruleset, number, roles)
        for player in mark.waiting:
            assert roles.get(player) not in ("declarer", "partner", "sitting_out")
        ledger.give_verdict(session, seats[mark.waiting[0]], number, "confirm")
    assert ledger.agreement_counts(session)["confirmed"] == 12


def _roles(session, number):
    """Each named player's role in hand ``number``, as the hand's seat rows keep it."""
    hand = db.session.scalars(
        select(Hand)
        .where(Hand.session_id == session.id, Hand.deleted_at.is_(None))
        .order_by(Hand.position)
        .offset(number - 1)
        .limit(1)
    ).one()
    return {db.session.get(Player, row.player_id).name: row.role for row in hand.seats}


def test_a_seat_replaces_its_dispute_until_the_scorer_answers(evening, hand):
    """Each step is a row of the history; only the latest can the scorer answer."""
    csaba = ledger.seat_by_token(ledger.claim_seat(evening, "Csaba"))
    first = ledger.give_verdict(evening, csaba, 1, "dispute", reason="nem volt parti").id
    better = hand(declarer="Anna", won=False)
    second = ledger.amend_dispute(evening, csaba, first, proposal=better).id
    (mark,) = ledger.marks(evening).values()
    assert [(d["id"], d["reason"], d["proposal"]) for d in mark.disputes] == [
        (second, "nem volt parti", better)
    ]
    with pytest.raises(ledger.NotFound):
        ledger.dispute_of(evening, first)  # replaced: the scorer answers the new one
    with pytest.raises(ledger.NotFound):
        ledger.amend_dispute(evening, csaba, first, reason="még egyszer")
    third = ledger.amend_dispute(evening, csaba, second, proposal=None)  # the reason stays
    assert third is not None and (third.reason, third.proposal) == ("nem volt parti", None)
    ledger.answer_dispute(evening, third.id, "kept", "megvolt")
    with pytest.raises(ledger.AgreementError) as refused:
        ledger.amend_dispute(evening, csaba, third.id, reason="de nem")
    assert refused.value.code == "answered"
    history = ledger.verdict_history(evening, 1)
    assert [(h["verdict"], h["answer"]) for h in history] == [
        ("dispute", None),
        ("dispute", None),
        ("dispute", "kept"),
    ]
    (answers,) = ledger.dispute_answers(evening).values()
    assert [(a["player"], a["answer"], a["answer_text"]) for a in answers] == [
        ("Csaba", "kept", "megvolt")
    ]
    assert answers[0]["answered_at"].endswith("+00:00")


def test_a_withdrawn_dispute_waits_for_the_seat_again(evening):
    csaba = ledger.seat_by_token(ledger.claim_seat(evening, "Csaba"))
    dispute = ledger.give_verdict(evening, csaba, 1, "dispute", reason="nem így")
    ledger.withdraw_dispute(evening, csaba, dispute.id)
    (mark,) = ledger.marks(evening).values()
    assert (mark.status, mark.waiting, mark.disputes) == ("open", ["Béla", "Csaba"], [])
    with pytest.raises(ledger.NotFound):
        ledger.withdraw_dispute(evening, csaba, dispute.id)
    ledger.give_verdict(evening, csaba, 1, "confirm")
    (mark,) = ledger.marks(evening).values()
    assert (mark.status, mark.by) == ("confirmed", ["Csaba"])
    steps = [h["verdict"] for h in ledger.verdict_history(evening, 1)]
    assert steps == ["dispute", "withdraw", "confirm"]


def test_no_seat_touches_another_players_dispute(evening, hand):
    csaba = ledger.seat_by_token(ledger.claim_seat(evening, "Csaba"))
    bela = ledger.seat_by_token(ledger.claim_seat(evening, "Béla"))
    dispute = ledger.give_verdict(evening, csaba, 1, "dispute", reason="nem így")
    for write in (
        lambda: ledger.amend_dispute(evening, bela, dispute.id, reason="Béla szerint"),
        lambda: ledger.withdraw_dispute(evening, bela, dispute.id),
    ):
        with pytest.raises(ledger.AgreementError) as refused:
            write()
        assert refused.value.code == "not_your_dispute"
    ledger.replace_hand(evening, 1, hand(declarer="Anna", won=False))  # an edit: stale
    with pytest.raises(ledger.AgreementError) as refused:
        ledger.amend_dispute(evening, csaba, dispute.id, reason="még mindig")
    assert (refused.value.code, refused.value.params) == ("stale", {"number": 1})
    assert [h["player"] for h in ledger.verdict_history(evening, 1)] == ["Csaba"]

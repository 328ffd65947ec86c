"""The scoresheet and the CSV carry each hand's agreement: an evening with one disputed
and one unconfirmed hand shows both marks (read back from the PDF's words)."""

from __future__ import annotations

import pytest

from tests.conftest import parti
from tests.pdf.test_pdf import flat, pages_text
from ulti_ledger import ledger
from ulti_ledger.pdf.document import scoresheet_pdf


@pytest.fixture
def evening(ctx, session_body):
    session = ledger.create_session({**session_body, "hands": [parti(), parti(won=False)]})
    csaba = ledger.seat_by_token(ledger.claim_seat(session, "Csaba"))
    ledger.give_verdict(session, csaba, 1, "dispute", reason="a parti elment")
    return session


@pytest.mark.parametrize(
    ("lang", "disputed", "open_"),
    [("hu", "vitatott: Csaba", "megerősítésre vár"), ("de", "Einspruch: Csaba", "offen")],
)
def test_the_pdf_shows_a_disputed_and_an_unconfirmed_hand(evening, lang, disputed, open_):
    text = flat(" ".join(pages_text(scoresheet_pdf(evening, lang=lang))))
    assert disputed in text
    assert open_ in text


def test_the_pdf_says_what_is_open_and_holds_the_settlement_when_asked(ctx, session_body):
    session = ledger.create_session({**session_body, "hands": [parti()]})  # Anna wins
    ledger.claim_seat(session, "Béla")
    text = flat(" ".join(pages_text(scoresheet_pdf(session, lang="en"))))
    assert "1 hand still waits for confirmation." in text and "Béla → Anna" in text
    ledger.set_agreement_rules(session, "one", True)
    held = flat(" ".join(pages_text(scoresheet_pdf(session, lang="en"))))
    assert "The settlement waits until every hand is confirmed" in held
    assert "Béla → Anna" not in held


def test_the_csv_carries_the_same_marks(evening):
    summary = ledger.with_marks(evening, ledger.session_summary(evening, "en"), "en")
    rows = ledger.session_csv(summary, "en").splitlines()
    assert "disputed: Csaba" in rows[1] and "waiting" in rows[2]

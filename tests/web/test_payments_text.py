"""The evening's "copy as text" of who pays whom says what remains once something was
paid, and what was, as the card above it does; before any payment it is as it was."""

from __future__ import annotations

import re
from decimal import Decimal
from html import unescape

import pytest

from tests.ledger.test_payments import app, night, pay  # noqa: F401  (the app at a fixed today)
from ulti_ledger import ledger

pytestmark = pytest.mark.db


def copied(client, token: str) -> list[str]:
    html = client.get(f"/e/{token}?lang=en").get_data(as_text=True)
    found = re.search(r'<textarea id="transfers-text"[^>]*>(.*?)</textarea>', html, re.S)
    assert found, "no text box in the card"
    return unescape(found.group(1)).replace("\u00a0", " ").splitlines()


def huf(amount) -> str:
    """Money as the English page writes it (and the text copies, with plain spaces)."""
    return f"{Decimal(amount):,} HUF"


def test_the_text_says_what_remains_and_what_was_paid(app, client):  # noqa: F811
    with app.app_context():
        session = night()
        edit = session.edit_token
        transfers = ledger.session_summary(session)["totals"]["transfers"]
    assert len(transfers) >= 2, "the sample evening needs two transfers"
    first, second = transfers[0], transfers[1]
    lines = copied(client, edit)
    assert f"{first['from']} → {first['to']}: {huf(first['amount'])}" in lines
    assert not any(line.startswith("Owed") for line in lines)

    with app.app_context():
        session = ledger.session_by_token(edit)
        pay(session, first["from"], first["to"], "30")
        pay(session, second["from"], second["to"], second["amount"])
    lines = copied(client, edit)
    rest = Decimal(first["amount"]) - 30
    assert f"{first['from']} → {first['to']}: {huf(rest)} (paid 30 HUF)" in lines
    assert f"{second['from']} → {second['to']}: paid {huf(second['amount'])}" in lines
    for t in transfers[2:]:
        assert f"{t['from']} → {t['to']}: {huf(t['amount'])}" in lines
    owed = sum(Decimal(t["amount"]) for t in transfers)
    paid = 30 + Decimal(second["amount"])
    totals = f"Owed {huf(owed)}, paid {huf(paid)}, still owed {huf(owed - paid)}."
    assert totals in lines

"""The CSV download never hands a spreadsheet a formula (OWASP, "CSV Injection"): a text
cell starting with =, +, -, @, a tab or a carriage return gets a leading ', and reads as
typed; the units, negative ones included, stay numbers."""

from __future__ import annotations

import csv
import io

import pytest

from ulti_ledger.ledger.exchange import csv_cell

pytestmark = pytest.mark.db

NAMES = ['=HYPERLINK("http://x")', "+Béla", "-Csaba", "@Dóra"]


def rows_of(text: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(text.removeprefix("\ufeff")), delimiter=";"))


@pytest.mark.parametrize(
    ("value", "written"),
    [
        ("=1+1", "'=1+1"),
        ("+36 30 123", "'+36 30 123"),
        ("-Béla", "'-Béla"),
        ("@SUM(A1)", "'@SUM(A1)"),
        ("\tx", "'\tx"),
        ("\rx", "'\rx"),
        ("Anna", "Anna"),
        ("Ödön = Őrs", "Ödön = Őrs"),
        (-4, -4),
        (12, 12),
    ],
)
def test_a_cell(value, written):
    assert csv_cell(value) == written


def test_names_that_look_like_formulas_are_neutralised_and_units_stay_numbers(client, session_body):
    body = {**session_body, "players": NAMES}
    made = client.post("/api/v1/sessions", json=body).get_json()
    token = made["edit_token"]
    hand = {
        "players": NAMES[:3],
        "sitting_out": [NAMES[3]],
        "declarer": "-Csaba",
        "colour": "piros",
        "components": [{"name": "parti", "won": False}],
    }
    answer = client.post(
        f"/api/v1/sessions/{made['id']}/hands",
        json=hand,
        headers={"Authorization": f"Bearer {token}"},
    )
    assert answer.status_code == 201, answer.get_json()
    text = client.get(f"/s/{token}/hands.csv").get_data(as_text=True)
    header, row = rows_of(text)
    assert header[7:11] == ["'" + n for n in NAMES]
    assert header[11:15] == [f"'{n} összesen" for n in NAMES]
    assert header[15:] == [f"'{n} pénz HUF" for n in NAMES]
    assert row[2] == "'-Csaba"  # the declarer's name, as a text
    changes = [int(v) for v in row[7:11]]  # numbers, not '-4
    assert changes[2] < 0 < changes[0]  # the declarer lost: a negative number, kept one
    assert all(not v.startswith("'") for v in row[7:])
    assert row[11:15] == row[7:11]  # the first hand's running totals are its changes

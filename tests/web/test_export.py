"""Export and import: session@1 JSON round trips byte for byte, CSV opens in Excel, and a bad
file is rejected whole, naming the hand and the problem, with nothing written."""

from __future__ import annotations

import csv
import io
import json
import re

import pytest
from sqlalchemy import func, select

from ulti_ledger import ledger
from ulti_ledger.db import db
from ulti_ledger.games.ulti.sheet import with_lost


def row_counts() -> dict[str, int]:
    """Rows in every table: proof that a rejected import wrote nothing."""
    return {
        table.name: db.session.scalar(select(func.count()).select_from(table))
        for table in db.metadata.sorted_tables
    }


DEALERS = {3: "Csaba", 5: "Béla"}
"""Dealers given by hand index; the all pass (5) is dealt by Béla, who sits it out."""


@pytest.fixture
def evening(ctx, session_body, hand_kinds):
    body = {
        **session_body,
        "name": "Péntek esti ulti",
        "date": "2024-11-29",
        "place": "Hűvösvölgy",
        "options": {"silent_100_vs_parti": "replaces", "max_kontra_level": 3},
        "settings": {"last_declarer_deals": True},
        "hands": [
            {**h, "dealer": DEALERS[i]} if i in DEALERS else h
            for i, h in enumerate(hand_kinds.values())
        ],
    }
    return ledger.create_session(body)


def test_json_export_import_export_is_byte_identical(evening):
    first = ledger.session_export_json(evening)
    again = ledger.session_export_json(ledger.import_session(first.encode("utf-8")))
    assert again == first
    assert first.endswith("}\n") and "Hűvösvölgy" in first  # letters as they are


def test_json_export_is_session_at_1_with_every_fact(evening, hand_kinds):
    document = json.loads(ledger.session_export_json(evening))
    assert " ".join(document) == (
        "format name date place ruleset options unit_value players settings hands"
    )
    assert document["format"] == "ulti-ledger/session@1"
    assert document["options"] == {
        "max_kontra_level": 3,
        "silent_100_vs_parti": "replaces",
        "last_declarer_deals": "on",  # the seating option (a session setting before)
    }
    assert document["settings"] == {"last_declarer_deals": True}  # for older readers
    assert len(document["hands"]) == len(hand_kinds)
    assert document["hands"][3]["dealer"] == "Csaba"
    assert all(list(h)[0] == "dealer" for h in document["hands"])
    summary = ledger.session_summary(evening)
    for hand, view in zip(document["hands"], summary["hands"], strict=True):
        assert {k: v for k, v in hand.items() if k != "dealer"} == view["hand"]


def test_an_imported_session_has_the_same_results(evening):
    copy = ledger.import_session(ledger.session_export_json(evening))
    one, two = ledger.session_summary(evening), ledger.session_summary(copy)
    assert [h["changes"] for h in one["hands"]] == [h["changes"] for h in two["hands"]]
    assert [h["dealer"] for h in one["hands"]] == [h["dealer"] for h in two["hands"]]
    assert one["totals"] == two["totals"]
    assert copy.id != evening.id and copy.edit_token != evening.edit_token


def test_csv_has_a_bom_semicolons_and_a_row_per_hand(evening, hand_kinds):
    summary = ledger.session_summary(evening)
    text = ledger.session_csv(summary)
    assert text.startswith("\ufeffLeosztás;Osztó;Felvevő;Játék;Kontra;Csendes;Renonsz;")
    raw = text.encode("utf-8")
    assert raw.startswith(b"\xef\xbb\xbf") and "\r\n" in text
    rows = list(csv.reader(io.StringIO(text.removeprefix("\ufeff")), delimiter=";"))
    players = summary["players"]
    assert rows[0][7:15] == players + [f"{p} összesen" for p in players]
    assert rows[0][15:] == [f"{p} pénz HUF" for p in players]  # each hand's money
    assert len(rows) == 1 + len(hand_kinds)
    for row, hand in zip(rows[1:], summary["hands"], strict=True):
        assert row[0] == str(hand["number"]) and row[3] == with_lost(hand)
        assert [int(v) for v in row[7:11]] == [hand["changes"][p] for p in players]
        assert [int(v) for v in row[11:15]] == [hand["totals"][p] for p in players]
    games = [row[3] for row in rows[1:]]
    assert "zöld ulti (bukott: parti)" in games and "betli (bukott)" in games
    renonsz = next(r for r in rows[1:] if r[6])
    assert renonsz[6] == "Béla"
    english = ledger.session_csv(ledger.session_summary(evening, "en"), "en")
    assert english.startswith("\ufeffHand,Dealer,Declarer,Game,")  # English: commas


BAD_FILES = [
    (
        lambda d: d["hands"][3]["components"][0].update(kontra=5),
        "hands[3].components[0].kontra: kontra level 5 is above this table's ceiling, "
        "szubkontra (3)",
    ),
    (
        lambda d: d["hands"][1].update(declarer="Zoli"),
        "hands[1]",
    ),
    (lambda d: d["hands"][0].update(colour="lila"), "hands[0].colour"),
    (lambda d: d.update(format="ulti-ledger/session@2"), "format: must be"),
    (lambda d: d.update(players=["Anna", "Anna", "Béla"]), "players: Anna is named twice"),
    (lambda d: d["unit_value"].update(amount=10), "unit_value.amount"),
    (lambda d: d.update(colour="piros"), "colour: is not a key of a session"),
]


@pytest.mark.parametrize(("spoil", "message"), BAD_FILES)
def test_a_bad_file_is_rejected_whole_and_nothing_is_written(evening, spoil, message):
    document = json.loads(ledger.session_export_json(evening))
    spoil(document)
    before = row_counts()
    with pytest.raises(ledger.LedgerError) as caught:
        ledger.import_session(json.dumps(document, ensure_ascii=False))
    assert str(caught.value).startswith(message)
    db.session.rollback()
    assert row_counts() == before


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        (b"{not json", "the file is not valid JSON (line 1, column 2"),
        (b"\xff\xfe{}", "the file is not UTF-8 text"),
        (b"[]", "a session must be a JSON object"),
        (b'"hello"', "a session must be a JSON object"),
    ],
)
def test_a_file_that_is_not_a_session_says_so(ctx, raw, message):
    before = row_counts()
    with pytest.raises(ledger.LedgerError, match=re.escape(message)):
        ledger.import_session(raw)
    assert row_counts() == before


def test_a_byte_order_mark_is_allowed(ctx, session_body):
    text = "\ufeff" + json.dumps(session_body)
    assert ledger.import_session(text.encode("utf-8")).id

"""The PDF scoresheet of a 36-game Skat evening of four has the Skatliste's layout: the
column headers (the declarer, won or lost, the list entry, Seeger–Fabian) on every page
of the table, every game's value as a Skat player says it, in order."""

from __future__ import annotations

import io
import re

import pytest
from pypdf import PdfReader

from testkit.samples import random_session
from tests.conftest import close_app, make_app
from ulti_ledger import ledger
from ulti_ledger.pdf.document import scoresheet_pdf

SEATS = ("Anna", "Béla", "Győző", "Tünde")
GAMES = 36
APPENDIX = "A leosztások magyarázata"
ROW = re.compile(rf"^\s*(\d+)\s+({'|'.join(SEATS)})\s", re.M)


@pytest.fixture(scope="module")
def skat_sheet(tmp_path_factory):
    """(pages' text, the session's hand views) of a 36-game Seeger–Fabian evening."""
    app = make_app(tmp_path_factory.mktemp("skat"))
    try:
        with app.app_context():
            body = random_session(SEATS, GAMES, seed=13, name="Skatabend", ruleset="skat")
            body["options"] = {"list": "seeger_fabian"}
            session = ledger.create_session(body)
            pdf = scoresheet_pdf(session)
            views = [ledger.hand_entry(session, n, "hu") for n in range(1, GAMES + 1)]
    finally:
        close_app(app)
    pages = [page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages]
    return pages, views


def test_every_table_page_has_the_skatliste_headers(skat_sheet):
    pages, _ = skat_sheet
    table = [t.split(APPENDIX, 1)[0] for t in pages if ROW.search(t.split(APPENDIX, 1)[0])]
    assert len(table) >= 2, "36 games take more than one page"
    for number, text in enumerate(table, start=1):
        words = " ".join(text.split())  # a header of two words may wrap at its space
        for header in ("Osztó", "kinek írják", "eredmény", "bejegyzés", "Seeger–Fabian", *SEATS):
            assert header in words, f"table page {number} lacks {header}"


def test_every_game_is_on_the_sheet_in_order_with_its_value(skat_sheet):
    pages, views = skat_sheet
    text = "\n".join(t.split(APPENDIX, 1)[0] for t in pages)
    numbers = [int(m.group(1)) for m in ROW.finditer(text)]
    assert numbers == sorted(numbers) and set(range(1, GAMES + 1)) <= set(numbers)
    flat = " ".join(text.split())
    for view in views:
        facts = view["hand"]
        if facts.get("outcome") == "all_pass":
            continue
        game = facts["game"].capitalize()
        assert game in flat
    played = [v for v in views if v["hand"].get("outcome") != "all_pass"]
    assert any(" × " in " ".join(v["result"]["lines"][:1]) for v in played)

"""A long evening's scoresheet paginates: the column headers and "oldal N / M" on every page
of the table, every hand on some page, in order, and every hand's explanation in the
appendix after it. The 300-hand PDF is made once for the module."""

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
HANDS = 300
APPENDIX = "A leosztások magyarázata"


def table_part(text: str) -> str:
    """A page's text before the explanations' appendix begins (all of it before that page)."""
    return text.split(APPENDIX, 1)[0]


HAND_ROW = re.compile(rf"^\s*(\d+)\s+({'|'.join(SEATS)})\s+({'|'.join(SEATS)})\s", re.M)
"""A row of the hand table: its number, dealer and declarer."""


@pytest.fixture(scope="module")
def long_sheet(tmp_path_factory):
    """(pages' text, the summary) of a 300-hand session's scoresheet."""
    app = make_app(tmp_path_factory.mktemp("long"))
    try:
        with app.app_context():
            body = random_session(SEATS, HANDS, seed=7, name="Hosszú este")
            session = ledger.create_session(body)
            pdf = scoresheet_pdf(session)
            summary = ledger.session_summary(session)
    finally:
        close_app(app)
    pages = [page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages]
    return pages, summary


def test_every_page_repeats_the_headers_and_is_numbered(long_sheet):
    pages, _ = long_sheet
    assert len(pages) >= 5
    appendix = next(n for n, text in enumerate(pages, start=1) if APPENDIX in text)
    for number, text in enumerate(pages, start=1):
        assert f"oldal {number} / {len(pages)}" in text
        if number == 1 and "Leosztások" not in text:
            continue  # the table may start on the second page, after the chart
        if number > appendix or (number == appendix and not HAND_ROW.search(table_part(text))):
            continue  # the explanations' pages
        for header in ("Osztó", "Felvevő", "Játék", "Kontra", "Csendes", "Renonsz", *SEATS):
            assert header in text, f"page {number} lacks {header}"


def test_pages_after_the_first_carry_the_running_title(long_sheet):
    pages, _ = long_sheet
    assert all("Hosszú este" in text and "Kártyajegyzőkönyv" in text for text in pages[1:])


def test_every_hand_is_on_a_page_once_and_in_order(long_sheet):
    pages, summary = long_sheet
    starts = [int(m.group(1)) for text in pages for m in HAND_ROW.finditer(text)]
    assert starts == list(range(1, HANDS + 1))
    final = summary["hands"][-1]["totals"]
    assert len(final) == 4 and sum(final.values()) == 0


def test_every_hand_is_explained_after_the_table_in_order(long_sheet):
    pages, summary = long_sheet
    text = "\n".join(pages)
    assert text.count(APPENDIX) == 1
    appendix = text.split(APPENDIX, 1)[1]
    heads = [int(n) for n in re.findall(r"^(\d+)\. ", appendix, re.M)]
    assert heads == list(range(1, HANDS + 1))
    last = appendix.rsplit(f"\n{HANDS}. ", 1)[1]
    for line in summary["hands"][-1]["result"]["lines"]:
        assert " ".join(line.split()) in " ".join(last.split())

"""Each game's tags (its Kontra, its Bock, its extras) show on paper: the PDF's and the
CSV's hand tables print, after the game, the tags the game marks for paper (its row's
``sheet["marks"]``, by default every tag), and every other tag's words are in a column of
the game's own. Every shipped ruleset of every registered game, its random hands under the
house rules that add the most (``test_pdf_every_game.evening``)."""

from __future__ import annotations

import re

import pytest

from tests.conftest import close_app, make_app
from tests.pdf.test_pdf_every_game import RULESETS, evening
from ulti_ledger import ledger
from ulti_ledger.ledger.exchange import hand_table
from ulti_ledger.pdf.hand_table import Columns, rows
from ulti_ledger.settlement.contract import MARK_SEPARATOR, paper_game


@pytest.fixture(scope="module")
def summaries(tmp_path_factory):
    app = make_app(tmp_path_factory.mktemp("sheet-marks"))
    out = {}
    try:
        client = app.test_client()
        for index, ruleset_id in enumerate(RULESETS):
            made = client.post("/api/v1/sessions", json=evening(ruleset_id, index)).get_json()
            view = made["view_url"].rsplit("/", 1)[1]
            with app.app_context():
                summary = ledger.session_summary(ledger.session_by_token(view), "en")
                out[ruleset_id] = summary, hand_table(summary, "en")
    finally:
        close_app(app)
    return out


def _words(text: str) -> set[str]:
    return {w.lower() for w in re.findall(r"\w{3,}", text)}


def test_the_paper_game_is_the_game_and_its_marks():
    sheet = {"game": "Grand", "tags": [("tag tag-bock", "Bock"), ("tag", "x")]}
    assert paper_game(sheet) == f"Grand{MARK_SEPARATOR}Bock{MARK_SEPARATOR}x"
    assert paper_game({**sheet, "marks": ["x"]}) == f"Grand{MARK_SEPARATOR}x"
    assert paper_game({**sheet, "marks": []}) == "Grand"


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_every_tag_shows_in_the_csv_and_the_pdf(summaries, ruleset_id):
    summary, table = summaries[ruleset_id]
    short = {p: p for p in summary["players"]}
    words = {k: k for k in ("dealer", "declarer", "change", "total", "number")}
    printed = rows(summary, Columns.of(summary, words, short), short)
    tagged = 0
    for hand, csv_row, pdf_row in zip(summary["hands"], table[1:], printed, strict=False):
        sheet = hand["sheet"]
        game_cell = csv_row[3]
        assert game_cell == paper_game(sheet) == pdf_row["notation"]
        assert game_cell.startswith(sheet["game"])
        marks = sheet.get("marks", [text for _, text in sheet["tags"]])
        for mark in marks:
            assert mark in game_cell, (hand["number"], mark)
        said = [(c["label"], str(sheet["cells"][c["key"]])) for c in summary["columns"]]
        paper = _words(" ".join([game_cell, *(f"{head} {cell}" for head, cell in said if cell)]))
        for _, text in sheet["tags"]:
            tagged += 1
            assert _words(text) <= paper, (hand["number"], text, game_cell, sheet["cells"])
    assert len(printed) == len(summary["hands"])
    if ruleset_id == RULESETS[0]:
        assert tagged, "the evening's hands carry tags"

"""Every registered game's CSV, read back with the csv module as a spreadsheet would: the
units, the game's own numbers (Skat's list and Seeger–Fabian entries) and its score
column are numbers that add up, never text such as "'+20" or "−576" (U+2212); each hand's
money per player is a number in the file's style ("39,40" with ``;`` in Hungarian and
German, "39.40" with ``,`` in English) whose column sums to the player's total; and the
.xlsx workbook, read back by openpyxl, holds the same table with number cells.

The evenings are every shipped ruleset of every game in the registry, at its largest
table, with the house rules that add the most columns (``test_pdf_every_game.evening``),
downloaded from the route a player uses, in every language.
"""

from __future__ import annotations

import csv
import io
import re
from decimal import Decimal
from itertools import accumulate

import openpyxl
import pytest

from tests.conftest import close_app, make_app
from tests.pdf.test_pdf_every_game import HANDS, LANGUAGES, RULESETS, evening
from ulti_ledger import ledger
from ulti_ledger.words.messages import text

NUMBERISH = re.compile(r"'?[+\-\u2212]?\d+")
"""A cell that reads as a number to a person: a spreadsheet must read it as one too."""


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    """Per (ruleset, language): the CSV's rows as the csv module reads them, and the
    evening's summary."""
    app = make_app(tmp_path_factory.mktemp("every-game-csv"))
    out = {}
    try:
        client = app.test_client()
        for index, ruleset_id in enumerate(RULESETS):
            made = client.post("/api/v1/sessions", json=evening(ruleset_id, index)).get_json()
            view = made["view_url"].rsplit("/", 1)[1]
            with app.app_context():
                summary = ledger.session_summary(ledger.session_by_token(view))
            for lang in LANGUAGES:
                answer = client.get(f"/s/{view}/hands.csv?lang={lang}")
                assert answer.status_code == 200
                text = answer.get_data(as_text=True).removeprefix("\ufeff")
                style = ledger.csv_style(lang)
                rows = list(csv.reader(io.StringIO(text), delimiter=style.delimiter))
                book = client.get(f"/s/{view}/hands.xlsx?lang={lang}")
                assert book.status_code == 200 and book.data.startswith(b"PK")
                sheet = openpyxl.load_workbook(io.BytesIO(book.data)).active
                cells = [list(row) for row in sheet.iter_rows(values_only=True)]
                out[ruleset_id, lang] = rows, summary, style, cells
    finally:
        close_app(app)
    return out


def whole(cell: str) -> int:
    """A cell as a spreadsheet sums it: a plain whole number, or a failure naming it."""
    assert re.fullmatch(r"-?\d+", cell), f"{cell!r} is not a number a spreadsheet sums"
    return int(cell)


def amount(cell: str, decimal: str) -> Decimal:
    """A money cell as a spreadsheet of the file's language reads it: digits, its decimal
    mark, no grouping; or a failure naming it."""
    assert re.fullmatch(rf"-?\d+(\{decimal}\d+)?", cell), f"{cell!r} is not money here"
    return Decimal(cell.replace(decimal, "."))


@pytest.mark.parametrize("ruleset_id", RULESETS)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_workbook_holds_the_same_table_with_numbers(files, ruleset_id, lang):
    """The .xlsx, read by openpyxl: the CSV's header and rows, each number a number cell
    (never a text), the hands' money summing to each player's total."""
    rows, summary, style, cells = files[ruleset_id, lang]
    assert [str(c) for c in cells[0]] == rows[0]
    code = summary["totals"]["currency"]
    for row, cells_row in zip(rows[1:], cells[1:], strict=True):
        for cell, value in zip(row, cells_row, strict=True):
            if re.fullmatch(r"-?\d+", cell):
                assert isinstance(value, int) and value == int(cell), (cell, value)
            elif re.fullmatch(rf"-?\d+\{style.decimal}\d+", cell):
                assert isinstance(value, float | int), (cell, value)
    for player in summary["players"]:
        at = rows[0].index(f"{player} {text('money', lang, 'csv')} {code}")
        total = sum(Decimal(str(r[at])) for r in cells[1:])
        assert total == Decimal(summary["totals"]["money"][player]), player


@pytest.mark.parametrize("ruleset_id", RULESETS)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_number_of_every_game_is_a_number_a_spreadsheet_sums(files, ruleset_id, lang):
    rows, summary, style, cells = files[ruleset_id, lang]
    players = summary["players"]
    hands = rows[1 : 1 + len(summary["hands"])]
    assert len(hands) == len(summary["hands"]) == HANDS
    first = 4 + len(summary["columns"])  # number, dealer, declarer, game, the game's own
    header = rows[0]
    reading = {text(k, lang) for k in ("kitty_csv_put_in", "kitty_csv_took")}
    money = [
        header.index(f"{p} {text('money', lang, 'csv')} {summary['totals']['currency']}")
        for p in players
    ]
    numbers = [i for i in range(first, len(header)) if header[i] not in reading and i not in money]
    for row in hands:  # units, running sums, score points, the kitty's balance and moves
        for i in numbers:
            whole(row[i])
        for key, cell in zip((c["key"] for c in summary["columns"]), row[4:first], strict=True):
            if NUMBERISH.fullmatch(cell):  # a number the game wrote: kept as a number
                assert re.fullmatch(r"-?\d+", cell), f"{key}: {cell!r} is text, not a number"
    for i, player in enumerate(players):  # each hand's money: a number, summing to the total
        column = [amount(row[money[i]], style.decimal) for row in hands]
        assert sum(column) == Decimal(summary["totals"]["money"][player]), player
    changes = [[whole(row[first + i]) for i in range(len(players))] for row in hands]
    totals = [[whole(row[first + len(players) + i]) for i in range(len(players))] for row in hands]
    assert all(sum(change) == 0 for change in changes)  # every hand is zero-sum
    for i, player in enumerate(players):
        column = [change[i] for change in changes]
        assert list(accumulate(column)) == [total[i] for total in totals]
        assert sum(column) == summary["totals"]["units"][player]
    if summary.get("kitty"):  # each hand's moves per player add up to the balance's change
        after = header.index(text("kitty_csv_after", lang))
        own = [header.index(f"{p} {text('kitty_csv_player', lang)}") for p in players]
        balances = [summary["kitty"].get("opening", 0), *(whole(row[after]) for row in hands)]
        for row, before, now in zip(hands, balances, balances[1:], strict=False):
            assert -sum(whole(row[i]) for i in own) == now - before
    score = summary.get("score")
    if score is not None:  # the game's score column: each hand's points add up to the sums
        start = first + 2 * len(players)
        for i, player in enumerate(players):
            points = [whole(row[start + i]) for row in hands]
            sums = [whole(row[start + len(players) + i]) for row in hands]
            assert list(accumulate(points)) == sums
            assert sums[-1] == score["totals"].get(player, 0)


def test_skats_list_entries_sum_as_numbers(files):
    """The list and Seeger–Fabian columns: each hand's entry as a number (a lost game's
    Seeger–Fabian entry is the declarer's, what the others get is in their score
    columns), so the column's sum is the list's."""
    skat = [r for r in RULESETS if any(c["key"] == "value" for c in files[r, "de"][1]["columns"])]
    assert skat, "a game keeps a list"
    for ruleset_id in skat:
        rows, summary, _, _ = files[ruleset_id, "de"]
        keys = [c["key"] for c in summary["columns"]]
        hands = rows[1 : 1 + len(summary["hands"])]
        for key in ("value", "seeger_fabian"):
            if key not in keys:
                continue
            cells = [row[4 + keys.index(key)] for row in hands]
            played = [c for c in cells if c]
            if not played:  # house rules that make every deal a Ramsch: no game has an entry
                assert all(h["sheet"]["game"] == "Ramsch" for h in summary["hands"]), cells
                continue
            assert all(re.fullmatch(r"-?\d+", c) for c in played), cells
        for row, hand in zip(hands, summary["hands"], strict=True):
            text = hand["sheet"]["cells"]["value"]
            if text:
                assert int(row[4 + keys.index("value")]) == int(text.replace("\u2212", "-"))


def test_the_evenings_include_a_kitty_and_a_score_column(files):
    """The checks above read a kitty's moves and a game's score column somewhere."""
    summaries = [summary for (_, lang), (_, summary, _, _) in files.items() if lang == "hu"]
    assert any(s.get("kitty") and s["kitty"]["hands"] for s in summaries)
    assert any(s.get("score") for s in summaries)

"""The PDF scoresheet with five full names of 65 to 80 characters, accents and all, read back
with pdfplumber by position: no text runs into other text or off the page, the hand
table's numbers stand under their players, every name, total and transfer is there, and
every hand's explanation is in the appendix, in order, with the engine's own lines.

The evening is recorded through the API in the test's database and the PDF is the one the
download route serves; nothing is mocked.
"""

from __future__ import annotations

import io
import re
from bisect import bisect_left

import pdfplumber
import pytest

from testkit.samples import random_session
from tests.conftest import close_app, make_app
from ulti_ledger import ledger
from ulti_ledger.pdf.hand_table import signed
from ulti_ledger.words.money_format import money_text
from ulti_ledger.words.name_labels import labels

NAMES = [
    "Dr. Szentgyörgyi-Kovácsné Bárczay Erzsébet Őrsike Ágota Ünőke Ízisz",
    "Hódmezővásárhelyi Nagy-Ördögh Árpád Előd Töhötöm Zsigmond Ügyvéd Úr",
    "Özvegy Kisfaludy-Szőcs Gáborné Dr. Lőrincz Emőke Ibolya Tünde Éva Irén",
    "Prof. Dr. Széchenyi-Bethlen Ödön Ákos Kristóf Béla Gyula Ernő Iván Űrhajós",
    "Ifj. Fedák-Wéber Sári Zsófia Ilona Márta Ágnes Réka Csilla Nóra Hajnalka Dóra",
]
HANDS = 24
EDITED = 3
MM = 72 / 25.4
SIDE = 12 * MM
"""The stylesheet's left and right page margins."""
APPENDIX = "A leosztások magyarázata"


def squeezed(text: str) -> str:
    """Text without any white space: a wrapped name or line reads the same as on one line."""
    return "".join(text.split())


@pytest.fixture(scope="module")
def sheet(tmp_path_factory):
    """The PDF (pdfplumber pages' chars, words and text) and the evening's summary."""
    app = make_app(tmp_path_factory.mktemp("long-names"))
    try:
        client = app.test_client()
        body = random_session(tuple(NAMES), HANDS, seed=11, name="Hosszú nevek estéje")
        body["place"] = "Balatonfüred, Szent-Györgyi Albert utca 12., a Nagy-Ördögh család teraszán"
        created = client.post("/api/v1/sessions", json=body).get_json()
        edit, view = created["edit_token"], created["view_url"].rsplit("/", 1)[1]
        auth = {"Authorization": f"Bearer {edit}"}
        url = f"/api/v1/sessions/{created['id']}/hands/{EDITED}"
        old = client.get(url, headers=auth).get_json()["hand"]
        facts = {k: old[k] for k in ("players", "sitting_out", "declarer") if k in old}
        changed = {**facts, "colour": "piros", "components": [{"name": "parti", "won": True}]}
        assert client.put(url, json=changed, headers=auth).status_code == 200
        response = client.get(f"/s/{view}/scoresheet.pdf")
        assert response.status_code == 200
        with app.app_context():
            session = ledger.session_by_token(view)
            summary = ledger.session_summary(session)
            settlement = ledger.session_settlement(session)
    finally:
        close_app(app)
    with pdfplumber.open(io.BytesIO(response.data)) as pdf:
        pages = [
            {
                "box": page.mediabox,
                "chars": page.chars,
                "words": page.extract_words(x_tolerance=1.5, extra_attrs=["size"]),
                "text": page.extract_text(),
            }
            for page in pdf.pages
        ]
    return pages, summary, settlement


def test_the_names_are_long_and_accented():
    assert len(NAMES) == 5 and all(60 <= len(name) <= 80 for name in NAMES)
    assert all(re.search("[őűŐŰáéíóöúüÁÉÍÓÖÚÜ]", name) for name in NAMES)
    assert len(set(labels(NAMES).values())) == 5  # the table's short names tell them apart


def test_no_text_leaves_the_page_or_its_side_margins(sheet):
    pages, _, _ = sheet
    for number, page in enumerate(pages, start=1):
        x0, top, x1, bottom = (float(v) for v in page["box"])
        for c in page["chars"]:
            where = f"page {number}: {c['text']!r} at ({c['x0']:.1f}, {c['top']:.1f})"
            assert c["x0"] >= x0 + SIDE - 0.5 and c["x1"] <= x1 - SIDE + 0.5, where
            assert c["top"] >= top and c["bottom"] <= bottom, where


def test_no_two_pieces_of_text_overlap(sheet):
    """No two glyphs share their box beyond kerning: two cells' texts running into each
    other, or a wrapped line over the next, would."""
    pages, _, _ = sheet
    for number, page in enumerate(pages, start=1):
        chars = sorted((c for c in page["chars"] if c["text"].strip()), key=lambda c: c["x0"])
        starts = [c["x0"] for c in chars]
        for i, a in enumerate(chars):
            for b in chars[i + 1 : bisect_left(starts, a["x1"])]:
                width = min(a["x1"], b["x1"]) - max(a["x0"], b["x0"])
                height = min(a["bottom"], b["bottom"]) - max(a["top"], b["top"])
                narrower = min(a["x1"] - a["x0"], b["x1"] - b["x0"])
                lower = min(a["bottom"] - a["top"], b["bottom"] - b["top"])
                assert width <= 0.4 * narrower or height <= 0.4 * lower, (
                    f"page {number}: {a['text']!r} ({a['x0']:.1f}, {a['top']:.1f}) overlaps "
                    f"{b['text']!r} ({b['x0']:.1f}, {b['top']:.1f})"
                )


def column_heads(words, short):
    """The centre of each short name in the table's header row: the line that has them all,
    left to right in seating order (the legend above names them too, but wrapped)."""
    lines: dict[int, dict[str, float]] = {}
    for w in words:
        if w["text"] in short.values():
            lines.setdefault(round(w["top"]), {})[w["text"]] = (w["x0"] + w["x1"]) / 2
    for heads in lines.values():
        if list(heads) == list(short.values()) and sorted(heads.values()) == list(heads.values()):
            return heads
    return None


def table_rows(pages, summary):
    """Each hand's row of the hand table: its words (those on the number's line) and the
    header's centre of each player's column on that page."""
    players = summary["players"]
    short = labels(players)
    rows = {}
    for page in pages:
        words = page["words"]
        header = column_heads(words, short)
        if header is None:
            continue
        for w in words:
            if w["x0"] < SIDE + 2 * MM and w["text"].isdigit() and w["top"] > 60:
                line = [v for v in words if abs(v["top"] - w["top"]) < 1.5]
                if len(line) >= 2 * len(players):
                    rows.setdefault(int(w["text"]), (line, header))
    return rows


def test_each_players_numbers_stand_under_his_column(sheet):
    pages, summary, _ = sheet
    players = summary["players"]
    short = labels(players)
    rows = table_rows(pages, summary)
    assert sorted(rows) == list(range(1, HANDS + 1))
    for hand in summary["hands"]:
        line, header = rows[hand["number"]]
        centres = [header[short[p]] for p in players]
        numbers = [w for w in line if w["x0"] > min(centres) - 25 * MM]
        for index, player in enumerate(players):
            total = signed(hand["totals"][player])
            nearest = [
                w
                for w in numbers
                if w["text"] == total
                and min(range(len(centres)), key=lambda i: abs(centres[i] - w["x1"])) == index
            ]
            assert nearest, f"hand {hand['number']}: {total} not under {short[player]}"
        texts = [w["text"] for w in sorted(line, key=lambda w: w["x0"])]
        assert texts[1:3] == [short[hand["dealer"]], short[hand["declarer"]]]


def test_every_name_total_and_transfer_is_on_the_sheet(sheet):
    pages, summary, settlement = sheet
    everything = squeezed("\n".join(page["text"] for page in pages))
    first = squeezed(pages[0]["text"])
    for b in settlement["balances"]:
        line = f"{b['player']} {signed(b['units'])} {money_text(b['money'], 'HUF')}"
        assert squeezed(line) in first, line
    arrows = [w for w in pages[0]["words"] if w["text"] == "→" and w["x0"] < 400]  # not "hand →"
    arrows.sort(key=lambda w: w["top"])
    assert len(arrows) == len(settlement["transfers"])
    for t, arrow, below in zip(settlement["transfers"], arrows, [*arrows[1:], None], strict=True):
        band = [
            w
            for w in pages[0]["words"]
            if arrow["top"] - 1 <= w["top"] < (below["top"] - 1 if below else arrow["top"] + 40)
            and w["size"] > 9  # the table's 9.5 pt, not the note under it
        ]
        band.sort(key=lambda w: (round(w["top"]), w["x0"]))
        payer = squeezed(" ".join(w["text"] for w in band if w["x1"] <= arrow["x0"]))
        right = squeezed(" ".join(w["text"] for w in band if w["x0"] >= arrow["x1"]))
        amount = squeezed(money_text(t["amount"], "HUF"))
        assert payer == squeezed(t["from"]) and amount in right
        assert right.replace(amount, "", 1) == squeezed(t["to"])
    for name, units in summary["totals"]["units"].items():
        assert squeezed(f"{name} {signed(units)}") in everything  # the chart's legend
    assert squeezed(", ".join(NAMES)) in first  # the header's players


def test_the_table_header_names_every_short_name_on_every_page(sheet):
    pages, summary, _ = sheet
    short = labels(summary["players"])
    table_pages = [p for p in pages if "Rövidítések:" in p["text"]]
    assert table_pages
    for page in table_pages:
        legend = squeezed(page["text"])
        for name in NAMES:
            assert squeezed(f"{short[name]} {name}") in legend


def test_every_hand_is_explained_in_order_with_the_engines_lines(sheet):
    pages, summary, _ = sheet
    text = squeezed("\n".join(page["text"] for page in pages))
    assert text.count(squeezed(APPENDIX)) == 1
    appendix = text.split(squeezed(APPENDIX), 1)[1]
    starts = []
    at = 0
    for hand in summary["hands"]:
        at = appendix.index(squeezed(f"{hand['number']}. {hand['notation']}"), at)
        starts.append(at)
    starts.append(len(appendix))
    for hand, start, end in zip(summary["hands"], starts, starts[1:], strict=False):
        entry = appendix[start:end]
        assert hand["result"]["lines"], f"hand {hand['number']} has no lines"
        for line in hand["result"]["lines"]:
            assert squeezed(line) in entry, f"hand {hand['number']}: {line}"
        assert squeezed(f"Felvevő: {hand['declarer']}") in entry
        assert ("javítva" in entry) == hand["edited"]


def test_the_edited_hand_is_marked_in_the_table(sheet):
    pages, summary, _ = sheet
    assert [h["number"] for h in summary["hands"] if h["edited"]] == [EDITED]
    rows = table_rows(pages, summary)
    marked = [n for n, (line, _) in rows.items() if any(w["text"] == "javítva" for w in line)]
    assert marked == [EDITED]


def test_short_names_are_hungarian_initials_and_unique():
    seats = [
        "Anna",
        "Szabó-Gyarmati Zsuzsanna Csenge",
        "Kovács Péter Pál Gábor János",
        "Kovács Péter Pál Géza Lajos",
        "Dzsida Nyina Tyúkodi",
    ]
    assert labels(seats) == {
        "Anna": "Anna",  # short enough: whole
        "Szabó-Gyarmati Zsuzsanna Csenge": "SzGyZs",
        "Kovács Péter Pál Gábor János": "KPP3",  # alike: the seat number tells them apart
        "Kovács Péter Pál Géza Lajos": "KPP4",
        "Dzsida Nyina Tyúkodi": "DzsNyTy",
    }


def test_every_glyph_is_in_a_bundled_font(sheet):
    """The edited mark and the legend too: no system font is pulled in (no italic is bundled)."""
    pages, _, _ = sheet
    fonts = {c["fontname"].split("+", 1)[-1] for page in pages for c in page["chars"]}
    assert fonts and all(name.startswith("Sheet-") for name in fonts), fonts


def test_the_first_page_is_not_left_empty_under_the_header(tmp_path):
    """Five long names make the header tall, and pair by pair their transfers are many: the
    results still begin on the first page (what does not fit goes on to the next), rather
    than leaving it blank under the header."""
    app = make_app(tmp_path)
    try:
        client = app.test_client()
        body = random_session(tuple(NAMES), 14, seed=3, name="Szilveszteri ulti")
        created = client.post("/api/v1/sessions", json=body).get_json()
        view = created["view_url"].rsplit("/", 1)[1]
        response = client.get(f"/s/{view}/scoresheet.pdf?method=pairwise")
        assert response.status_code == 200
    finally:
        close_app(app)
    with pdfplumber.open(io.BytesIO(response.data)) as pdf:
        first = squeezed(pdf.pages[0].extract_text())
    assert squeezed("Végeredmény") in first
    after = first.split(squeezed("Végeredmény"), 1)[1]
    assert all(squeezed(name) in after for name in NAMES)  # the balances, at least

"""The PDF scoresheet, read back as text: every player, hand, total and transfer is on it,
names are text (never markup), fonts are the bundled ones, and nothing outside static/ is read.
"""

from __future__ import annotations

import io
import re
from decimal import Decimal

import pytest
from pypdf import PdfReader

from tests.engine_helpers import session_hand
from ulti_ledger import ledger
from ulti_ledger.games.ulti.sheet import with_lost
from ulti_ledger.pdf.document import (
    STATIC,
    html_to_pdf,
    inside,
    money_text,
    scoresheet_html,
    scoresheet_pdf,
    signed,
    static_fetcher,
)

PLAYERS = ["Anna", "Béla", "Győző", "Tünde"]
P3 = ["Béla", "Győző", "Tünde"]  # Anna deals the first hand and sits out


def normal(text: str) -> str:
    """Runs of spaces (no-break ones too) as one plain space, as on the printed page."""
    return re.sub(r"[ \u00a0]+", " ", text)


def flat(text: str) -> str:
    """The text on one line: a cell's wrapped words come out on separate lines."""
    return normal(text.replace("\n", " "))


def pages_text(pdf: bytes) -> list[str]:
    """Each page's text, spaces normalized."""
    return [normal(page.extract_text()) for page in PdfReader(io.BytesIO(pdf)).pages]


def fonts(pdf: bytes) -> set[str]:
    names = set()
    for page in PdfReader(io.BytesIO(pdf)).pages:
        table = page["/Resources"]["/Font"]
        names |= {str(table[key].get_object()["/BaseFont"]).split("+", 1)[-1] for key in table}
    return names


@pytest.fixture
def evening(ctx, session_body):
    hands = [
        session_hand(players=P3, declarer="Béla", colour="piros"),
        {
            "players": ["Győző", "Tünde", "Anna"],
            "declarer": "Győző",
            "colour": "zold",
            "components": [
                {"name": "ulti", "won": False, "kontra": 1},
                {"name": "parti", "won": True},
            ],
        },
        {
            "players": ["Tünde", "Anna", "Béla"],
            "declarer": "Anna",
            "components": [{"name": "betli", "won": True}],
        },
        # dealt by Tünde, who sits out: Anna bids first and throws in
        {"players": ["Anna", "Béla", "Győző"], "declarer": "Anna", "outcome": "all_pass"},
        {
            "players": P3,
            "declarer": "Tünde",
            "colour": "makk",
            "components": [{"name": "40-100"}],
            "renonsz": {"player": "Győző"},
        },
        session_hand(
            players=["Győző", "Tünde", "Anna"],
            declarer="Anna",
            colour="tok",
            silent=[{"name": "100", "side": "declarer", "won": True}],
        ),
    ]
    body = {
        **session_body,
        "players": PLAYERS,
        "name": "Csütörtöki ulti",
        "date": "2024-12-05",
        "place": "Győr, Kőfaragó utca",
        "options": {"max_kontra_level": 2},
        "unit_value": {"amount": "2.5", "currency": "EUR"},
        "hands": hands,
    }
    return ledger.create_session(body)


def test_every_player_hand_total_and_transfer_is_on_the_sheet(evening):
    pdf = scoresheet_pdf(evening)
    assert pdf.startswith(b"%PDF")
    text = "\n".join(pages_text(pdf))
    summary = ledger.session_summary(evening)
    for name in PLAYERS:
        assert name in text
    for hand in summary["hands"]:
        assert hand["notation"] in text
        cells = " ".join(
            f"{signed(hand['changes'][p]) if p in hand['players'] else '·'} "
            f"{signed(hand['totals'][p])}"
            for p in PLAYERS
        )
        start = f"{hand['number']} {hand['dealer']} {hand['declarer']} {hand['notation']} "
        row = re.search(re.escape(start) + r".{0,60}?" + re.escape(cells), flat(text))
        assert row, f"hand {hand['number']}: {start}... {cells}"
    settlement = ledger.session_settlement(evening)
    for b in settlement["balances"]:
        line = f"{b['player']} {signed(b['units'])} {money_text(b['money'], 'EUR')}"
        assert normal(line) in text
    for t in settlement["transfers"]:
        assert f"{t['from']} → {t['to']}" in text
        assert normal(money_text(t["amount"], "EUR")) in text


def test_the_header_has_the_evening_and_its_non_default_house_rules(evening):
    pages = pages_text(scoresheet_pdf(evening))
    text = pages[0]
    for fact in (
        "Csütörtöki ulti",
        "2024. 12. 05.",  # the Hungarian form (was ISO before issue 10)
        "Győr, Kőfaragó utca",
        "Rablóulti",
        "2,50 EUR",
        "Anna, Béla, Győző, Tünde",
        "Legmagasabb kontra: legfeljebb rekontra, négyszeres érték",  # a player's words
    ):
        assert fact in text
    assert "Bukott bemondások" not in text  # a default is not a house rule
    assert f"oldal 1 / {len(pages)}" in text  # the explanations may take a second page


def test_the_kontra_silent_and_renonsz_columns(evening):
    text = flat(pages_text(scoresheet_pdf(evening))[0])
    assert "ulti kontra" in text
    assert "csendes 100 (felvevő)" in text
    assert "5 Anna Tünde makk 40-100 Győző " in text
    assert "mindenki passz" in text


def test_methods_change_the_transfers_and_english_is_available(evening):
    banker = pages_text(scoresheet_pdf(evening, "banker", "Győző"))[0]
    assert "Mindenki a bankkal számol el: Győző." in banker
    pairwise = pages_text(scoresheet_pdf(evening, "pairwise"))[0]
    assert "Páronként" in pairwise
    english = pages_text(scoresheet_pdf(evening, lang="en"))[0]
    assert "Who pays whom" in english and "page 1 / 1" in english
    assert "Kontra ceiling: up to rekontra, four times the value" in english


def test_money_is_rounded_and_said_so(ctx, session_body):
    hand = session_hand(colour="piros")
    body = {
        **session_body,
        "unit_value": {"amount": "0.333", "currency": "EUR"},
        "hands": [hand, {**hand, "declarer": "Béla"}],
    }
    text = pages_text(scoresheet_pdf(ledger.create_session(body)))[0]
    assert "Pontos összeg" in text and "legkisebb címletre kerekítve" in text
    assert "0,666 EUR" in text and "0,67 EUR" in text  # exact, then to the cent


def test_names_with_markup_are_printed_as_text(ctx, session_body):
    evil = '<img src="file:///etc/passwd"><b>Évi</b>'
    hand = session_hand(players=[evil, "Béla", "Csaba"], declarer=evil, colour="piros")
    body = {
        **session_body,
        "players": [evil, "Béla", "Csaba", "Dóra"],
        "name": "<script>alert(1)</script>",
        "hands": [hand],
    }
    session = ledger.create_session(body)
    html = scoresheet_html(session)
    assert "<img" not in html and "<script>" not in html and "<b>Évi" not in html
    text = pages_text(scoresheet_pdf(session))[0]
    assert evil in text and "<script>alert(1)</script>" in text


def test_only_the_bundled_fonts_are_embedded(evening):
    embedded = fonts(scoresheet_pdf(evening))
    assert embedded and all(name.startswith("Sheet-") for name in embedded)


def test_an_empty_session_has_a_sheet_too(ctx, session_body):
    text = pages_text(scoresheet_pdf(ledger.create_session(session_body)))[0]
    assert "Még nincs rögzített leosztás." in text and "Senkinek sem kell fizetnie." in text


def test_the_fetcher_reads_the_static_folder_and_nothing_else(tmp_path):
    root = STATIC.resolve()
    font = root / "fonts" / "DejaVuSansMono.ttf"
    assert inside(root, font.as_uri()) == font
    assert inside(root, "file:///etc/passwd") is None
    assert inside(root, (root / ".." / "ulti_ledger" / "pdf.py").as_uri()) is None
    assert inside(root, "http://example.com/fonts/x.ttf") is None
    assert inside(root, "file://evil.example/etc/passwd") is None
    fetcher = static_fetcher(root)
    assert fetcher.fetch(font.as_uri()).read(4) == font.read_bytes()[:4]
    for url in ("file:///etc/passwd", "https://example.com/", "data:text/plain,hi"):
        with pytest.raises(ValueError, match="refused"):
            fetcher.fetch(url)


def test_a_page_cannot_pull_in_outside_files(tmp_path):
    secret = tmp_path / "secret.css"
    secret.write_text("body { color: red }", "utf-8")
    html = (
        f'<link rel="stylesheet" href="{secret.as_uri()}">'
        '<link rel="stylesheet" href="http://127.0.0.1:9/x.css">'
        '<img src="file:///etc/hostname"><p>Ő és ű</p>'
    )
    pdf = html_to_pdf(html)
    assert "Ő és ű" in pages_text(pdf)[0]


def test_money_text_formats_for_each_language():
    assert money_text(Decimal("-1250.50"), "EUR") == "−1\u202f250,50\u00a0EUR"
    assert money_text("1250", "HUF") == "1\u202f250\u00a0HUF"  # the code, as on the pages
    assert money_text("-1250.5", "EUR", "en") == "−1,250.50\u00a0EUR"
    assert money_text("-360.0", "EUR") == "−360,00\u00a0EUR"  # the currency's two decimals
    assert money_text("3", "") == "3,00"


def test_the_sheet_writes_the_currency_as_the_pages_do(ctx, session_body, hand):
    session = ledger.create_session({**session_body, "hands": [hand()]})
    text = "\n".join(pages_text(scoresheet_pdf(session)))
    assert "10\u00a0HUF" in scoresheet_html(session)  # 1 unit = 10 HUF, as on the scoreboard
    assert "HUF" in text and not re.search(r"\bFt\b", text)


def test_the_explanations_follow_the_table_in_the_sheets_language(evening):
    """The appendix has every hand's lines as the engine words them, in Hungarian or English."""
    for lang, title in (("hu", "A leosztások magyarázata"), ("en", "Every hand explained")):
        text = flat("\n".join(pages_text(scoresheet_pdf(evening, lang=lang))))
        assert text.count(title) == 1
        appendix = text.split(title, 1)[1]
        for hand in ledger.session_summary(evening, lang)["hands"]:
            entry = appendix.split(f"{hand['number']}. ", 1)[1]
            assert entry.startswith(with_lost(hand))
            for line in hand["result"]["lines"]:
                assert normal(line) in entry


def test_an_edited_hand_is_marked(evening):
    hand = {**ledger.session_summary(evening)["hands"][1]["hand"], "colour": "piros"}
    ledger.replace_hand(evening, 2, hand)
    text = flat("\n".join(pages_text(scoresheet_pdf(evening))))
    table, appendix = text.split("A leosztások magyarázata", 1)
    assert table.count("javítva") == 2  # the row's mark, and the note saying what it means
    assert re.search(r"\b2\. piros ulti \(bukott: ulti\) · Felvevő: Győző javítva", appendix)
    assert appendix.count("javítva") == 1


def test_a_hand_that_kept_its_house_rules_says_them_in_words(ctx, session_body):
    """A hand recorded before the house rules changed, and kept, prints its own rule as the
    settings page words it (label and meaning), never the stored key and value."""
    session = ledger.create_session(
        {
            **session_body,
            "hands": [session_hand(players=["Béla", "Csaba", "Dóra"], declarer="Béla")],
        }
    )
    dealer_pays = {"four_player_dealer": "pays_as_defender"}
    ledger.update_session(session, {"options": dealer_pays, "resettle": False})
    hungarian = flat(" ".join(pages_text(scoresheet_pdf(session))))
    assert "Saját házszabály: Osztó négy játékosnál: Nem: kimarad, nem fizet és nem kap" in (
        hungarian
    )
    english = flat(" ".join(pages_text(scoresheet_pdf(session, lang="en"))))
    assert "Own house rule: The dealer at four: No: he sits out, pays and receives nothing" in (
        english
    )
    for text in (hungarian, english):
        assert "four_player_dealer" not in text and "sits_out" not in text

"""German, the third language of the whole app: ``?lang=de``, the header's switch and a
browser that asks for German choose it; the pages, the PDF, the CSV, the explanations, the
refusals (HTML and API) and the command line speak it, with money and dates as German
writes them. Hungarian stays the default; game terms stay Hungarian in every language."""

from __future__ import annotations

import json
import re
from html import unescape
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from click.testing import CliRunner

from tests.cli.test_cli_words import EVENING
from tests.pdf.test_pdf import pages_text
from tests.ui_helpers import Scorer
from tests.web.test_ui_hand_errors import error_of
from ulti_ledger.cli.main import main
from ulti_ledger.games import REGISTRY
from ulti_ledger.ledger.pinning import builtin_engine
from ulti_ledger.words import i18n, messages
from ulti_ledger.words.dates import date_text
from ulti_ledger.words.money_format import money_text

GERMAN_BROWSER = {"Accept-Language": "de-DE,de;q=0.9,en;q=0.8"}
HUNGARIAN_WORDS = ("leosztás", "Felvevő", "Osztó", "Mentés", "Ki kinek fizet", "Letöltés")
ENGLISH_WORDS = ("Declarer", "Dealer", "Save", "Who pays whom", "Downloads", "Balances")


def visible(response) -> str:
    """The page's text as a reader sees it (no tags, scripts or styles)."""
    html = re.sub(r"<(script|style)\b.*?</\1>", "", response.get_data(as_text=True), flags=re.S)
    return re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", html)))


def assert_only_german(text: str) -> None:
    for word in (*HUNGARIAN_WORDS, *ENGLISH_WORDS):
        assert word not in text, word


def test_a_browser_that_asks_for_german_gets_german(client):
    response = client.get("/", headers=GERMAN_BROWSER)
    html = response.get_data(as_text=True)
    assert '<html lang="de">' in html and "Neuer Abend" in html
    assert "Accept-Language" in response.headers["Vary"]  # a cache keeps the two apart
    assert "Set-Cookie" not in response.headers  # asked by the browser, not chosen


@pytest.mark.parametrize(
    "header", [None, "hu-HU,hu;q=0.9,de;q=0.8", "de;q=0.4,hu;q=0.5", "*", "fr"]
)
def test_hungarian_stays_the_default_for_every_other_browser(client, header):
    headers = {"Accept-Language": header} if header else {}
    html = client.get("/", headers=headers).get_data(as_text=True)
    assert '<html lang="hu">' in html and "Új este" in html


@pytest.mark.parametrize("header", ["en-US,en;q=0.9", "fr,en-GB;q=0.8,hu;q=0.5"])
def test_a_browser_that_asks_for_english_gets_english_until_a_language_is_chosen(client, header):
    """Issue 35: the first page followed no browser but a German one."""
    response = client.get("/", headers={"Accept-Language": header})
    html = response.get_data(as_text=True)
    assert '<html lang="en">' in html and "New evening" in html
    assert "Set-Cookie" not in response.headers and "Accept-Language" in response.headers["Vary"]
    client.get("/?lang=hu")  # chosen: the cookie wins over the browser from now on
    html = client.get("/", headers={"Accept-Language": header}).get_data(as_text=True)
    assert '<html lang="hu">' in html


def test_a_chosen_language_outranks_the_browsers_and_is_remembered(client):
    response = client.get("/?lang=en", headers=GERMAN_BROWSER)
    assert "New evening" in response.get_data(as_text=True)
    assert "New evening" in client.get("/", headers=GERMAN_BROWSER).get_data(as_text=True)
    response = client.get("/?lang=de")
    assert "lang=de" in response.headers["Set-Cookie"]
    assert "Neuer Abend" in client.get("/sessions/new").get_data(as_text=True)


def test_the_header_switch_offers_deutsch(client):
    html = client.get("/sessions/new?x=1").get_data(as_text=True)
    link = re.search(r'<a href="([^"]+)" hreflang="de"[^>]*>DE</a>', html, flags=re.S)
    assert link, "no Deutsch in the switch"
    assert link.group(1) == "/sessions/new?x=1&amp;lang=de"
    # named by what it shows first (voice control says "DE"), then the language's own name
    assert 'aria-label="DE Deutsch"' in link.group(0) and 'title="Deutsch"' in link.group(0)
    assert 'aria-label="HU Magyar"' in html and 'aria-label="EN English"' in html
    german = client.get("/?lang=de").get_data(as_text=True)
    assert re.search(r'hreflang="de"[^>]*aria-current="true"', german, flags=re.S)


def test_the_main_pages_speak_german_and_keep_the_game_terms(client):
    client.get("/?lang=de")
    scorer = Scorer(client)
    new = visible(client.get("/sessions/new"))
    assert "Spieler in Sitzordnung" in new and "Hausregeln" in new
    # the ruleset files' own words, in German: label, description, house rule
    assert "Rablóulti (Standard)" in new and "Verlorene Ansagen" in new
    assert "Übliches rablóulti nach dem Regelbuch von ultiblog.hu" in new
    assert "Wie weit die Kontras gehen dürfen." in new
    assert "Failed bids" not in new and "Kontra ceiling" not in new
    scorer.start()
    scorer.post_hand({"declarer": "Béla", "contract": "passz", "colour": "piros"})
    board = visible(client.get(scorer.edit_url))
    assert "Wer zahlt wem" in board and "Beginnt:" in board and "Spiel 2" in board
    assert "piros passz" in board  # the game as the table says it
    assert "parti gewonnen: 2 = 1 × 2 (piros); jeder Gegenspieler zahlt 2" in board
    assert "Spielprotokoll (PDF)" in board and "Spiele (CSV, für Excel)" in board
    assert_only_german(board)
    form = visible(client.get(scorer.edit_url + "/hands/new"))
    assert "Alleinspieler" in form and "Geber" in form and "Speichern" in form
    assert "kontra" in form and "zöld" in form and "terített betli" in form
    assert_only_german(form)
    assert_only_german(visible(client.get("/")))
    assert "Abend aus einer Datei laden" in visible(client.get("/import"))


def german_evening(client, session_body):
    body = {
        **session_body,
        "date": "2026-12-01",
        "unit_value": {"amount": "500", "currency": "HUF"},
        "hands": [
            {
                "players": ["Anna", "Béla", "Csaba"],
                "sitting_out": ["Dóra"],
                "declarer": "Anna",
                "colour": "piros",
                "components": [
                    {"name": "ulti", "won": False, "kontra": 1},
                    {"name": "parti", "won": True},
                ],
            }
        ],
    }
    return client.post("/api/v1/sessions", json=body).get_json()["view_url"].split("/s/")[1]


def test_the_pdf_scoresheet_in_german(client, session_body):
    view = german_evening(client, session_body)
    response = client.get(f"/s/{view}/scoresheet.pdf?lang=de")
    assert response.status_code == 200 and response.data.startswith(b"%PDF")
    pages = pages_text(response.data)
    text = "\n".join(pages)
    assert "Ein Kartenabend" in text and "01.12.2026" in text
    assert "Endstand" in text and "Wer zahlt wem" in text and "Jedes Spiel erklärt" in text
    assert "# Geber Alleinspieler Spiel Kontra Still Renonsz" in text
    # Anna −44 units at 500 HUF: German groups the thousands with a dot
    assert "−22.000 HUF" in text and "11.000 HUF" in text
    assert "ulti verloren, kontra: (2¹ + 1) × 8 = 24, 8 = 4 × 2 (piros); jeder " in text
    assert "Gegenspieler erhält 24" in text
    for number, page in enumerate(pages, start=1):
        assert f"Seite {number} / {len(pages)}" in page
    assert "Osztó" not in text and "Dealer" not in text and "oldal" not in text


def test_the_csv_in_german(client, session_body):
    view = german_evening(client, session_body)
    client.get("/?lang=de")
    lines = client.get(f"/s/{view}/hands.csv").get_data(as_text=True).splitlines()
    assert lines[0] == (
        "\ufeffNr.;Geber;Alleinspieler;Spiel;Kontra;Still;Renonsz;Anna;Béla;Csaba;Dóra;"
        "Anna gesamt;Béla gesamt;Csaba gesamt;Dóra gesamt;"
        "Anna Geld HUF;Béla Geld HUF;Csaba Geld HUF;Dóra Geld HUF"
    )
    assert lines[1] == "1;Dóra;Anna;piros ulti (verloren: ulti);ulti kontra;;;" + (
        "-44;22;22;0;-44;22;22;0;-22000;11000;11000;0"  # 500 HUF a unit: the hand's money
    )


def test_an_error_page_in_german(client):
    response = client.get("/s/no-such-evening?lang=de")
    assert response.status_code == 404
    page = visible(response)
    assert "Seite nicht gefunden" in page and "Fehlercode: 404" in page
    assert "Zurück zur Startseite" in page


def test_the_hand_form_words_a_refusal_in_german_beside_the_field(client):
    scorer = Scorer(client)
    scorer.start()
    client.get("/?lang=de")
    response = scorer.post_hand({"declarer": "Béla", "contract": "ulti", "colour": ""})
    assert response.status_code == 422
    assert error_of(response, "colour") == "Wähle eine Farbe: „ulti“ wird in einer Farbe gespielt."
    response = scorer.post_hand({"declarer": "Béla", "contract": "betli", "colour": "makk"})
    assert error_of(response, "colour") == (
        "„betli“ kann nicht in makk gespielt werden; wähle aus: keine, piros."
    )
    response = scorer.post_hand(
        {"declarer": "Béla", "contract": "passz", "colour": "piros", "kontra-parti": "5"}
    )
    assert error_of(response, "kontra-parti") == (
        "parti: das Kontra geht an diesem Tisch nicht höher als mordkontra."
    )


def test_the_api_words_the_engines_refusal_in_german(client, session_body, hand):
    created = client.post("/api/v1/sessions", json=session_body).get_json()
    url = f"/api/v1/sessions/{created['id']}/hands"
    auth = {"Authorization": f"Bearer {created['edit_token']}"}
    bad = hand(components=[{"name": "parti", "won": True, "kontra": 5}])
    german = client.post(url + "?lang=de", json=bad, headers=auth)
    assert german.status_code == 422
    assert german.get_json()["error"] == (
        "components[0].kontra: Kontrastufe 5 liegt über der Obergrenze dieses Tisches, "
        "mordkontra (4)"
    )
    assert german.get_json()["key"] == "components[0].kontra"
    english = client.post(url, json=bad, headers=auth).get_json()["error"]
    assert english.endswith("kontra level 5 is above this table's ceiling, mordkontra (4)")
    missing = client.post(url + "?lang=de", json=hand(declarer="Zoli"), headers=auth)
    assert missing.get_json()["error"] == (
        "declarer: Zoli spielt in diesem Spiel nicht mit; Spieler: Anna, Béla, Csaba"
    )


def test_the_command_line_speaks_german():
    result = CliRunner().invoke(
        main, ["settle", "-", "--format", "text", "--lang", "de"], input=json.dumps(EVENING)
    )
    assert result.exit_code == 0, result.output
    text = result.output.replace("\u00a0", " ")
    assert text.startswith("Péntek · 01.12.2026\nRablóulti (Standard) · 1 Einheit = 10 HUF\n")
    assert "Spiel 1 · Geber: Dóra · Alleinspieler: Anna · piros ulti\n" in text
    assert "   betli verloren: Béla (kontra) erhält 10 (2¹ × 5), Csaba erhält 5\n" in text
    assert "Wer zahlt wem:\n   Csaba → Anna: 50 HUF\n   Dóra → Anna: 150 HUF" in text
    shown = CliRunner().invoke(main, ["rules", "show", "ulti", "--lang", "de"])
    assert shown.exit_code == 0, shown.output
    assert "Werte je Gegenspieler, in Einheiten: gewonnen / verloren (ohne Kontra)" in shown.output
    assert "Hausregeln (Standard zuerst):" in shown.output


def test_money_and_dates_as_german_writes_them(app):
    assert money_text("-1250.5", "EUR", "de") == "\u22121.250,50\u00a0EUR"
    assert money_text("1234567", "HUF", "de") == "1.234.567\u00a0HUF"
    assert money_text("0.125", "EUR", "de") == "0,125\u00a0EUR"
    assert date_text("2026-12-01", "de") == "01.12.2026"
    with app.test_request_context("/?lang=de"):
        app.preprocess_request()
        assert i18n.money("-1240.5", "EUR") == "\u22121.240,50\u00a0EUR"
        assert i18n.rounding({"Anna": "2.5"}, "EUR") == "Anna +2,50\u00a0EUR"
        assert i18n.day("2026-12-01") == "01.12.2026"
        assert i18n.t("hand_count", n=3) == "3 Spiele"


def _ruleset_texts(ruleset) -> set[str]:
    out = {ruleset.label_en, ruleset.description_en}
    for option in ruleset.options.values():
        out |= {option.label_en, option.help_en}
        out |= {choice.help_en for choice in (option.choices or {}).values()}
    return {text for text in out if text}


def test_every_rulesets_own_words_have_their_german():
    """The words of every shipped ruleset file (labels, descriptions, house-rule help), in
    its game's own template and, translated, in the game's German catalogue
    (``msgctxt "ruleset"``)."""
    for ruleset in builtin_engine().rulesets.values():
        locale = Path(str(REGISTRY[ruleset.scorer].package.__file__)).parent / "locale"
        name = ruleset.scorer
        with (locale / f"{name}.pot").open("rb") as source:
            pot = {m.id for m in read_po(source) if m.id and m.context == "ruleset"}
        with (locale / "de" / "LC_MESSAGES" / f"{name}.po").open("rb") as source:
            german = {
                m.id: m.string
                for m in read_po(source)
                if m.id and not m.fuzzy and m.context == "ruleset"
            }
        texts = _ruleset_texts(ruleset)
        assert texts - pot == set(), f"add these to {name}.pot, msgctxt ruleset"
        assert sorted(t for t in texts if not german.get(t)) == []
    assert messages.ruleset_text("Kontra", "Kontra ceiling", "de") == "Höchstes Kontra"
    assert messages.ruleset_text("Kontra", "Kontra ceiling", "hu") == "Kontra"
    assert messages.ruleset_text("Kontra", "Kontra ceiling", "en") == "Kontra ceiling"
    assert messages.ruleset_text("x", "not a ruleset's text", "de") == "not a ruleset's text"


def test_the_command_line_exports_the_csv_in_german(bare_app, tmp_path):
    url = bare_app.config["SQLALCHEMY_DATABASE_URI"]
    run = lambda *args, stdin=None: CliRunner().invoke(  # noqa: E731
        main, [*args, "--database", url], input=stdin
    )
    body = {**EVENING, "format": "ulti-ledger/session@1"}
    imported = run("import", "-", stdin=json.dumps(body))
    assert imported.exit_code == 0, imported.output
    sheet = tmp_path / "abend.csv"
    session_id = imported.output.split()[-1]
    result = run("export", session_id, "--format", "csv", "--lang", "de", "-o", str(sheet))
    assert result.exit_code == 0, result.output
    assert sheet.read_bytes().startswith("\ufeffNr.;Geber;Alleinspieler;Spiel;".encode())

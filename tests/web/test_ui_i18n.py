"""Languages: Hungarian by default, English by ?lang=en, remembered in a cookie."""

import re
from pathlib import Path

import pytest

from tests.ui_helpers import Scorer
from ulti_ledger.words import i18n
from ulti_ledger.words.money_format import money_text
from ulti_ledger.words.texts import TEXTS

ROOT = Path(__file__).resolve().parents[2]


def test_hungarian_by_default(client):
    html = client.get("/").get_data(as_text=True)
    assert '<html lang="hu">' in html and "Új este" in html


def test_lang_en_switches_to_english_and_is_remembered(client):
    response = client.get("/?lang=en")
    html = response.get_data(as_text=True)
    assert '<html lang="en">' in html and "New evening" in html
    assert "lang=en" in response.headers["Set-Cookie"]
    # the cookie keeps English on the next page, without ?lang
    html = client.get("/sessions/new").get_data(as_text=True)
    assert "Players in seating order" in html and "House rules" in html
    assert "How far the kontras may go." in html  # issue 10: the option's English words
    html = client.get("/?lang=hu").get_data(as_text=True)
    assert "Új este" in html


def test_an_unknown_language_falls_back_to_hungarian(client):
    response = client.get("/?lang=xx")
    assert "Új este" in response.get_data(as_text=True)
    assert "Set-Cookie" not in response.headers


def test_the_header_switch_keeps_the_page_and_its_arguments(client):
    html = client.get("/sessions/new?x=1").get_data(as_text=True)
    assert 'href="/sessions/new?x=1&amp;lang=en"' in html


def test_english_scoreboard_and_form_keep_the_game_terms_hungarian(client):
    scorer = Scorer(client)
    scorer.start()
    scorer.post_hand({"declarer": "Béla", "contract": "passz", "colour": "piros"})
    html = client.get(scorer.edit_url + "?lang=en").get_data(as_text=True)
    assert "Who pays whom" in html or "Balances" in html
    assert "piros passz" in html and "Starts:" in html
    assert "parti made" in html  # the explanation lines in English
    form = client.get(scorer.edit_url + "/hands/new").get_data(as_text=True)
    assert "Declarer" in form and "kontra" in form and "zöld" in form and "terített betli" in form


def test_the_api_keeps_its_own_language_and_sets_no_cookie(client, session_body):
    response = client.post("/api/v1/sessions?lang=hu", json=session_body)
    assert "Set-Cookie" not in response.headers


def test_every_text_has_both_languages_and_the_same_fields():
    def fields(text):
        # {A_n}, {a_n}: the number n with its Hungarian article (i18n.t adds them)
        return {re.sub(r"^[aA]_(?=[a-z]+$)", "", f) for f in re.findall(r"{(\w+)}", text)}

    for key, (hu, en) in TEXTS.items():
        assert hu and en, key
        assert fields(hu) == fields(en), key


def test_every_key_used_exists():
    used, prefixes = set(), set()
    paths = [*(ROOT / "templates").rglob("*.html"), *(ROOT / "ulti_ledger").rglob("*.py")]
    for path in paths:
        text = path.read_text("utf-8")
        used |= set(re.findall(r"""\bt\(\s*["']([a-z0-9_]+)["'](?!\s*~)""", text))
        # a key built in a template (t("agree_" ~ status)): some key has that opening
        prefixes |= set(re.findall(r"""\bt\(\s*["']([a-z0-9_]+)["']\s*~""", text))
    used.discard("key")  # the docstring's example
    assert used - TEXTS.keys() == set()
    assert {p for p in prefixes if not any(k.startswith(p) for k in TEXTS)} == set()


def test_money_and_units_are_formatted_for_reading(app):
    assert i18n.signed(4) == "+4" and i18n.signed(-2) == "\u22122" and i18n.signed(0) == "0"
    with app.test_request_context("/?lang=hu"):
        app.preprocess_request()
        assert i18n.money("-1240.5", "EUR") == "\u22121\u202f240,50\u00a0EUR"
        assert i18n.money("-1240.5", "EUR", unit=False) == "\u22121\u202f240,50"
        assert i18n.money("1240", "HUF") == "1\u202f240\u00a0HUF"
    with app.test_request_context("/?lang=en"):
        app.preprocess_request()
        assert i18n.money("1240.5", "EUR") == "1,240.50\u00a0EUR"


@pytest.mark.parametrize(
    ("amount", "currency", "shown"),
    [
        ("-360.0", "EUR", "\u2212360,00\u00a0EUR"),  # what the total cards showed as −360,0
        ("360.00", "EUR", "360,00\u00a0EUR"),
        ("0", "EUR", "0,00\u00a0EUR"),
        ("1250", "HUF", "1\u202f250\u00a0HUF"),  # forints have no minor digits
        ("1250.00", "HUF", "1\u202f250\u00a0HUF"),
        ("12.5", "HUF", "12,5\u00a0HUF"),  # an exact amount keeps what it has
        ("0.125", "EUR", "0,125\u00a0EUR"),
        ("-0.05", "CHF", "\u22120,05\u00a0CHF"),
        ("7", "XYZ", "7,00\u00a0XYZ"),  # a code the app does not know: hundredths
        ("1234567.5", "EUR", "1\u202f234\u202f567,50\u00a0EUR"),
    ],
)
def test_money_has_one_format_by_the_currencys_minor_digits(amount, currency, shown):
    assert money_text(amount, currency) == shown
    assert money_text(amount, currency, unit=False) == shown.rsplit("\u00a0", 1)[0]

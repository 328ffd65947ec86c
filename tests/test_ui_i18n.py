"""Languages: Hungarian by default, English by ?lang=en, remembered in a cookie."""

import re
from pathlib import Path

from ulti_ledger import i18n
from ulti_ledger.texts import TEXTS

from .ui_helpers import Scorer

ROOT = Path(__file__).resolve().parent.parent


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
    assert "The highest kontra level allowed at the table" in html  # the ruleset's help_en
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
    assert "piros passz" in html and "Bids first" in html
    assert "parti made" in html  # the explanation lines in English
    form = client.get(scorer.edit_url + "/hands/new").get_data(as_text=True)
    assert "Declarer" in form and "kontra" in form and "zöld" in form and "terített betli" in form


def test_the_api_keeps_its_own_language_and_sets_no_cookie(client, session_body):
    response = client.post("/api/v1/sessions?lang=hu", json=session_body)
    assert "Set-Cookie" not in response.headers


def test_every_text_has_both_languages_and_the_same_fields():
    for key, (hu, en) in TEXTS.items():
        assert hu and en, key
        assert set(re.findall(r"{(\w+)}", hu)) == set(re.findall(r"{(\w+)}", en)), key


def test_every_key_used_exists():
    used = set()
    paths = [*(ROOT / "templates").rglob("*.html"), *(ROOT / "ulti_ledger").rglob("*.py")]
    for path in paths:
        used |= set(re.findall(r"""\bt\(\s*["']([a-z0-9_]+)["']""", path.read_text("utf-8")))
    used.discard("key")  # the docstring's example
    used.discard("outcome_")  # t("outcome_" ~ o): one per outcome
    used |= {f"outcome_{o}" for o in ("played", "conceded", "all_pass", "redeal")}
    assert used - TEXTS.keys() == set()


def test_money_and_units_are_formatted_for_reading(app):
    assert i18n.signed(4) == "+4" and i18n.signed(-2) == "\u22122" and i18n.signed(0) == "0"
    with app.test_request_context("/?lang=hu"):
        app.preprocess_request()
        assert i18n.money("-1240.5") == "\u22121\u202f240,5"
    with app.test_request_context("/?lang=en"):
        app.preprocess_request()
        assert i18n.money("1240.50") == "1,240.50"

"""The rules page of every registered ruleset (/rules/<id>), in every UI language: the
game's own table (Skat's base values and Null table), the house rules, and the links to
it from the new-evening page and an evening's pages."""

from __future__ import annotations

import re
from html import unescape

import pytest

from ulti_ledger.ledger.pinning import builtin_engine

RULESETS = sorted(builtin_engine().rulesets)


def _text(response):
    return unescape(re.sub(r"<[^>]+>", " ", response.get_data(as_text=True)))


@pytest.mark.parametrize("lang", ["hu", "en", "de"])
@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_every_ruleset_has_its_page_in_every_language(client, ruleset_id, lang):
    ruleset = builtin_engine().ruleset(ruleset_id)
    response = client.get(f"/rules/{ruleset_id}?lang={lang}")
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    game = ruleset.scorer_module.rules_table(ruleset.rules, lang)
    shown = " ".join(_text(response).split())
    for line in game["text"]:  # the game's table, line by line
        assert " ".join(line.split()) in shown
    assert unescape(game["summary"]) in shown
    for name in ruleset.options:
        assert f'data-testid="rule-{name}"' in html
    assert f'<html lang="{lang}"' in html


@pytest.mark.parametrize(
    ("lang", "base", "null"),
    [("de", "Grundwerte", "Nullwerte"), ("en", "Base values", "Null values")],
)
def test_the_skat_page_shows_the_base_values_and_the_null_table(client, lang, base, null):
    shown = _text(client.get(f"/rules/skat?lang={lang}"))
    assert base in shown and null in shown
    for game, value in [("Karo", 9), ("Herz", 10), ("Pik", 11), ("Kreuz", 12), ("Grand", 24)]:
        assert re.search(rf"\b{game}\s+{value}\b", shown), game
    for game, value in [("Null", 23), ("Null Hand", 35), ("Null Ouvert", 46)]:
        assert re.search(rf"\b{game}\s+{value}\b", shown), game
    assert re.search(r"Null Ouvert Hand\s+59\b", shown)


def test_an_evenings_house_rules_are_shown_as_chosen(client):
    shown = _text(client.get("/rules/skat?lang=de&list=seeger_fabian"))
    assert "Liste: Seeger–Fabian" in shown
    assert "Liste: ISkO" in _text(client.get("/rules/skat?lang=de"))


def test_an_unknown_ruleset_is_a_404_that_names_it(client):
    response = client.get("/rules/no-such-game?lang=de")
    assert response.status_code == 404
    assert "Es gibt kein Regelwerk namens no-such-game." in _text(response)


def test_an_impossible_house_rule_is_a_400_that_names_it(client):
    response = client.get("/rules/skat?lang=en&list=nonsense")
    assert response.status_code == 400
    assert "list" in _text(response)


def test_the_new_evening_page_links_every_ruleset_it_offers(client):
    html = client.get("/sessions/new").get_data(as_text=True)
    offered = re.findall(r'data-testid="ruleset-([^"]+)"', html)
    assert offered
    for ruleset_id in offered:
        assert f'href="/rules/{ruleset_id}"' in html


@pytest.mark.db
def test_an_evenings_pages_link_its_rules_with_its_house_rules(client):
    body = {
        "format": "ulti-ledger/session@1",
        "ruleset": "skat",
        "options": {"list": "seeger_fabian"},
        "players": ["Anna", "Béla", "Csaba"],
        "unit_value": {"amount": "1", "currency": "EUR"},
    }
    made = client.post("/api/v1/sessions", json=body).get_json()
    view = "/" + made["view_url"].split("//", 1)[1].split("/", 1)[1]
    edit = f"/e/{made['edit_token']}"
    for path in (view, edit, f"{edit}/evening"):
        html = client.get(path).get_data(as_text=True)
        link = re.search(r'href="([^"]+)" data-testid="rules-link"', html)
        assert link, path
        page = client.get(unescape(link.group(1)) + "&lang=de")
        assert page.status_code == 200
        assert "Liste: Seeger–Fabian" in _text(page)

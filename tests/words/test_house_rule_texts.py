"""The house rules explain themselves in a player's words, in Hungarian and English.

Every option and every choice of every ruleset that ships has its text in its game's own
domain (``msgctxt "rule"``: ``<option>`` and ``<option>.<choice>``, ``REGISTRY.rule_words``);
an option added to a ruleset file without one fails here. The new-evening form shows
those words, never a formula.
"""

from __future__ import annotations

import re
from html import unescape

import pytest

from ulti_ledger.games import REGISTRY
from ulti_ledger.ledger.catalogue import ruleset_choices
from ulti_ledger.ledger.pinning import builtin_engine

FORMULA = re.compile(r"\^|×|\bv\s*[x×*]|2\^k|\(2|\d\s*[x*]\s*\d")


def options():
    """(ruleset id, option name, [choice values]) for every option that ships."""
    out = []
    for ruleset in builtin_engine().rulesets.values():
        for option in ruleset.options.values():
            if option.choices is None:
                values = [str(v) for v in range(option.minimum, option.maximum + 1)]
            else:
                values = list(option.choices)
            out.append((ruleset.id, option.name, values))
    return out


def words(ruleset: str, key: str) -> tuple[str, str]:
    """(Hungarian, English) of a house-rule key in the words of the ruleset's game."""
    found = REGISTRY.rule_words(builtin_engine().ruleset(ruleset).scorer)
    return found["hu"][key], found["en"][key]


def test_every_ruleset_has_options():
    rulesets = {ruleset for ruleset, _, _ in options()}
    assert rulesets == set(builtin_engine().rulesets)
    assert len(options()) > 20


@pytest.mark.parametrize(("ruleset", "option", "values"), options())
def test_every_option_and_choice_has_a_players_text_in_both_languages(ruleset, option, values):
    game = builtin_engine().ruleset(ruleset).scorer
    for key in [option, *(f"{option}.{value}" for value in values)]:
        assert key in REGISTRY.rule_words(game)["en"], f"{ruleset}: rule|{key} not in {game}.pot"
        hu, en = words(ruleset, key)
        assert hu.strip() and en.strip() and hu != en, key
        for text in (hu, en):
            assert not FORMULA.search(text), f"{key}: a formula, not words: {text}"


def test_no_rule_text_is_left_without_an_option():
    engine = builtin_engine()
    for game in REGISTRY:
        mine = [o for o in options() if engine.ruleset(o[0]).scorer == game]
        known = {o for _, o, _ in mine} | {f"{o}.{v}" for _, o, values in mine for v in values}
        stale = [key for key in REGISTRY.rule_words(game)["en"] if key not in known]
        assert stale == [], game


def house_rules_section(html: str) -> str:
    start = html.index('<details class="house-rules"')
    return html[start : html.index("</details>", start)]


@pytest.mark.parametrize("lang", ["hu", "en"])
def test_the_form_shows_the_players_words_for_every_option_and_choice(client, lang):
    html = client.get(f"/sessions/new?lang={lang}").get_data(as_text=True)
    section = unescape(house_rules_section(html))
    index = 0 if lang == "hu" else 1
    seating = {
        o for r in builtin_engine().rulesets.values() for o, x in r.options.items() if x.seating
    }
    deprecated = {
        o for r in builtin_engine().rulesets.values() for o, x in r.options.items() if not x.offered
    }
    offered = {r["id"] for r in ruleset_choices(lang)}  # the rulesets the form keeps today
    for ruleset, option, values in [o for o in options() if o[0] in offered]:
        if option in seating:  # one checkbox beside the house rules (test_seating_option)
            assert f'name="{option}"' in html
            continue
        if option in deprecated:  # kept for the evenings that chose it, offered to none
            assert f'name="o-{ruleset}-{option}"' not in section
            continue
        block = re.search(
            rf'name="o-{re.escape(ruleset)}-{option}".*?(?=data-testid="option-|$)', section, re.S
        )
        assert block, (ruleset, option)
        assert words(ruleset, option)[index] in section
        for value in values:
            assert words(ruleset, f"{option}.{value}")[index].rstrip(".") in section, (
                option,
                value,
            )
    text = re.sub(r"<[^>]+>", " ", section)
    assert not FORMULA.search(text), FORMULA.search(text)


def test_the_failed_ulti_reads_as_a_player_says_it(client):
    hu = unescape(client.get("/sessions/new").get_data(as_text=True))
    assert "A bukott ulti duplán fizet: a kontrákkal számolt értékét, plusz még egyszer" in hu
    assert "v × (2^k + 1)" not in hu
    en = unescape(client.get("/sessions/new?lang=en").get_data(as_text=True))
    assert "A failed ulti pays double: its value with the kontras, plus its plain value" in en


def test_choices_are_radios_with_the_default_checked_and_marked(client):
    html = client.get("/sessions/new").get_data(as_text=True)
    testid = "choice-four_player_dealer-sits_out"
    choice = re.search(
        rf'<label class="rule-choice" data-testid="{testid}">(.*?)</label>', html, re.S
    )
    choice = choice.group(1)
    assert 'type="radio" name="o-ulti-four_player_dealer" value="sits_out" checked' in choice
    assert "Nem: kimarad, nem fizet és nem kap (alapértelmezés)" in choice
    kontra = re.search(r'<option value="4" selected>([^<]+)</option>', html).group(1)
    assert kontra == "4 – legfeljebb mordkontra, 16-szoros érték (alapértelmezés)"


def test_a_choice_made_on_the_form_is_the_evenings_rule(client, app):
    from tests.ui_helpers import Scorer
    from ulti_ledger import ledger

    scorer = Scorer(client)
    scorer.start(**{"o-ulti-four_player_dealer": "pays_as_defender"})
    with app.app_context():
        session = ledger.session_by_token(scorer.token(), "edit")
        assert session.options == {"four_player_dealer": "pays_as_defender"}

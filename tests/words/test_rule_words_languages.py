"""Every house rule of every shipped ruleset speaks the page's language, on every page
that shows it: the new-evening page, each evening's settings page, the rules page of each
ruleset and ``ulti-ledger rules show`` / ``rules list``, in Hungarian, English and German.

A text is "left in another language" when the Hungarian, English or German wording of a
ruleset's own words (``label``, ``help``, a choice's ``help``: the file's Hungarian and
English, German from its game's ``msgctxt "ruleset"``) or of a house rule's player words (its game's
``msgctxt "rule"``: ``<option>``, ``<option>.<choice>``) shows on a page of another
language where that language words it differently. The file's value ids
(``seeger_fabian``, a table's ``isko`` or ``vote``) are never shown as words. Skat's terms
(Bock, Ramsch, Durchmarsch...) and Ulti's and tarokk's are the same in every language, so
they are never counted as foreign.
"""

from __future__ import annotations

import re
from html import unescape
from typing import Any

import pytest
from click.testing import CliRunner

from ulti_ledger import ledger
from ulti_ledger.cli.main import main
from ulti_ledger.games import REGISTRY
from ulti_ledger.ledger.catalogue import ruleset_choices
from ulti_ledger.ledger.pinning import builtin_engine
from ulti_ledger.settlement.words import package_words
from ulti_ledger.words.messages import RULESET_CONTEXT, ruleset_text

LANGS = ("hu", "en", "de")
RULESETS = list(builtin_engine().rulesets.values())
PLAYERS = ["Anna", "Béla", "Csaba", "Dóra", "Ede"]
SNAKE = re.compile(r"^[a-z0-9]+(?:[_-][a-z0-9]+)+$")


def ruleset_words() -> list[tuple[str, dict[str, str]]]:
    """(where, {lang: text}) of every ruleset's own words."""
    out = []
    for r in RULESETS:
        say = lambda hu, en: {lang: ruleset_text(hu, en, lang) for lang in LANGS}  # noqa: E731
        out += [(f"{r.id} label", say(r.label, r.label_en))]
        out += [(f"{r.id} description", say(r.description, r.description_en))]
        for o in r.options.values():
            out += [(f"{r.id}.{o.name} label", say(o.label, o.label_en))]
            out += [(f"{r.id}.{o.name} help", say(o.help, o.help_en))]
            for name, choice in (o.choices or {}).items():
                out += [(f"{r.id}.{o.name}.{name}", say(choice.help, choice.help_en))]
    return out


def option_keys() -> list[tuple[str, str]]:
    """(game, key) of every option that ships: ``<option>`` and ``<option>.<choice>`` of
    the house-rule words of its ruleset's game."""
    keys = []
    for r in RULESETS:
        for o in r.options.values():
            values = list(o.choices or range(o.minimum, o.maximum + 1))
            keys += [(r.scorer, k) for k in [o.name, *(f"{o.name}.{v}" for v in values)]]
    return sorted(set(keys))


def text(game: str, key: str, lang: str) -> str:
    """A house-rule key in ``lang`` in the words of ``game``."""
    return REGISTRY.rule_words(game)[lang][key]


def every_text() -> list[tuple[str, dict[str, str]]]:
    return ruleset_words() + [
        (f"{game}|rule|{key}", {lang: text(game, key, lang) for lang in LANGS})
        for game, key in option_keys()
    ]


def visible(html: str) -> str:
    """The words a reader sees: no tags, scripts or styles; entities read; spaces folded."""
    html = re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.S)
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


def foreign(shown: str, lang: str) -> list[tuple[str, str, str]]:
    """(where, language, text) of every text of another language that ``shown`` holds."""
    found = []
    texts = every_text()
    own = [t[lang] for _, t in texts]
    for where, words in texts:
        for other in LANGS:
            said = " ".join(words[other].split()).rstrip(".")
            if other == lang or len(said) < 6 or said == words[lang].rstrip("."):
                continue
            if any(said in mine for mine in own):  # a game term inside this language's text
                continue
            if said in shown:
                found.append((where, other, said))
    return found


def table_ids(table: Any, key: str = "") -> set[str]:
    """The file's ids in a game's JSON table: snake or kebab names, and a setting's one-word
    value (``"list": "isko"``, ``"mode": "vote"``; not an id, a name, a label, a list's item
    or a word keyed by itself, as Ulti's colours are)."""
    if isinstance(table, dict):
        return {
            *(k for k in table if isinstance(k, str) and SNAKE.match(k) and re.search("[a-z]", k)),
            *(i for k, v in table.items() for i in table_ids(v, k)),
        }
    if isinstance(table, list | tuple):
        return {i for v in table if not isinstance(v, str) for i in table_ids(v, key)}
    if isinstance(table, str) and re.search("[a-z]", table):
        named = key in ("id", "name", "label") or key == table  # a word that is its own id
        if SNAKE.match(table) or (re.fullmatch("[a-z]+", table) and not named):
            return {table}
    return set()


def left_as_ids(shown: dict[str, str], ids: set[str]) -> list[str]:
    """The ids that every language's text shows as they are: a word of one language (the
    English "vote") is not an id left untranslated, an id shown in all three is."""
    return sorted(set.intersection(*(set(shown_ids(t, ids)) for t in shown.values())))


def option_ids() -> set[str]:
    """House-rule and choice ids that read as ids, never as words (``seeger_fabian``)."""
    ids = set()
    for r in RULESETS:
        for o in r.options.values():
            ids |= {o.name, *(o.choices or ())}
    return {i for i in ids if "_" in i}


def shown_ids(shown: str, ids: set[str]) -> list[str]:
    tokens = set(re.findall(r"[\w-]+", shown))
    return sorted(ids & tokens)


@pytest.fixture
def evenings(app):
    """An evening of every shipped ruleset: ruleset id -> its edit token."""
    tokens = {}
    with app.app_context():
        for r in RULESETS:
            n = min(r.seating().sizes)
            body = {
                "format": "ulti-ledger/session@1",
                "ruleset": r.id,
                "players": PLAYERS[:n],
                "unit_value": {"amount": "10", "currency": "HUF"},
            }
            tokens[r.id] = ledger.create_session(body).edit_token
    return tokens


def test_every_rulesets_words_have_a_text_in_every_language():
    """The catalogues hold each option's words in hu, en and de, and German says them in
    German: a German text equal to the English is a text left untranslated."""
    german = {
        english
        for game in REGISTRY.values()
        for english in package_words(game.package, RULESET_CONTEXT)["de"]
    }
    for where, words in ruleset_words():
        if words["en"]:
            assert words["en"] in german, f"{where}: no German for {words['en']!r}"
            assert words["hu"], where
    same = []
    for game, key in option_keys():
        hu, en, de = (text(game, key, lang) for lang in LANGS)
        assert hu.strip() and en.strip() and de.strip(), key
        if de == en and hu != en:
            same.append(key)
    assert same == [], "German equal to English (left untranslated?)"


@pytest.mark.parametrize("lang", LANGS)
def test_the_new_evening_page_speaks_one_language(client, lang):
    shown = visible(client.get(f"/sessions/new?lang={lang}").get_data(as_text=True))
    assert foreign(shown, lang) == []
    assert shown_ids(shown, option_ids()) == []
    for ruleset in ruleset_choices(lang):
        for option in ruleset["options"]:
            if not option.get("seating") and option.get("offered", True):
                said = text(ruleset["scorer"], option["name"], lang)
                assert " ".join(said.split()) in shown


@pytest.mark.parametrize("lang", LANGS)
def test_each_evenings_settings_page_speaks_one_language(client, evenings, lang):
    for ruleset_id, token in evenings.items():
        page = client.get(f"/e/{token}/evening?lang={lang}")
        assert page.status_code == 200, ruleset_id
        shown = visible(page.get_data(as_text=True))
        assert foreign(shown, lang) == [], ruleset_id
        assert shown_ids(shown, option_ids()) == [], ruleset_id
        ruleset = builtin_engine().ruleset(ruleset_id)
        for option in ruleset.options.values():
            if not option.seating and option.offered:  # a deprecated one: only if chosen
                said = text(ruleset.scorer, option.name, lang)
                assert " ".join(said.split()) in shown


@pytest.mark.parametrize("ruleset", RULESETS, ids=lambda r: r.id)
def test_the_rules_page_speaks_one_language(client, ruleset):
    shown, ids = {}, option_ids()
    for lang in LANGS:
        html = client.get(f"/rules/{ruleset.id}?lang={lang}").get_data(as_text=True)
        shown[lang] = visible(html)
        assert foreign(shown[lang], lang) == [], lang
        assert shown_ids(shown[lang], option_ids()) == [], lang
        assert "<code>" not in html  # the file's value ids are the links' business
        ids |= table_ids(ruleset.scorer_module.rules_table(ruleset.rules, lang)["table"])
        for option in ruleset.options.values():
            label = ruleset_text(option.label, option.label_en, lang)
            assert " ".join(label.split()) in shown[lang], (lang, option.name)
            for choice in (option.choices or {}).values():
                meaning = " ".join(ruleset_text(choice.help, choice.help_en, lang).split())
                assert meaning in shown[lang], (lang, option.name, meaning)
    assert left_as_ids(shown, ids) == []


@pytest.mark.parametrize("ruleset", RULESETS, ids=lambda r: r.id)
def test_rules_show_speaks_one_language(ruleset):
    tables, ids = {}, set()
    for lang in LANGS:
        out = CliRunner().invoke(main, ["rules", "show", ruleset.id, "--lang", lang])
        assert out.exit_code == 0, out.output
        printed = " ".join(out.output.split())
        assert foreign(printed, lang) == [], lang
        for option in ruleset.options.values():
            assert " ".join(ruleset_text(option.help, option.help_en, lang).split()) in printed
            for name, choice in (option.choices or {}).items():
                meaning = " ".join(ruleset_text(choice.help, choice.help_en, lang).split())
                assert not meaning or f"{name}: {meaning}" in printed, (lang, option.name, name)
        game = ruleset.scorer_module.rules_table(ruleset.rules, lang)
        tables[lang] = " ".join(game["text"])
        ids |= table_ids(game["table"])
    # The game's table in words; the house-rule lines name each option and its values by
    # their ids (what --json, a session's options and ?OPTION=VALUE take), then its help.
    assert left_as_ids(tables, ids) == []


@pytest.mark.parametrize("lang", LANGS)
def test_rules_list_speaks_one_language(lang):
    out = CliRunner().invoke(main, ["rules", "list", "--lang", lang])
    assert out.exit_code == 0, out.output
    assert foreign(" ".join(out.output.split()), lang) == []
    count = {"hu": "házszabály", "en": "house-rule options", "de": "Hausregeln"}[lang]
    for r in RULESETS:
        line = next(line for line in out.output.splitlines() if line.startswith(f"{r.id} "))
        assert ruleset_text(r.label, r.label_en, lang) in line
        assert f"{len(r.options)} {count}" in line


def test_the_check_finds_a_text_left_in_another_language(client):
    """The walk above can fail: the English page read as a German one is full of English."""
    english = visible(client.get("/sessions/new?lang=en").get_data(as_text=True))
    found = foreign(english, "de")
    assert ("ulti.max_kontra_level label", "en", "Kontra ceiling") in found
    assert left_as_ids({"hu": "Liste: isko", "en": "List: isko", "de": "Lista: isko"}, {"isko"})


def test_snapszers_score_column_is_german_on_german_sheets():
    rules = builtin_engine().ruleset("snapszer").resolve({"snapszer_settlement": "scoresheet"})
    module = builtin_engine().ruleset("snapszer").scorer_module
    assert [module.score_label(rules, lang) for lang in LANGS] == [
        "Játékpont",
        "Game points",
        "Spielpunkte",
    ]

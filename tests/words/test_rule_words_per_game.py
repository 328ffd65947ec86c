"""A house rule's player words are its game's own (the game's domain, ``msgctxt "rule"``),
asked for the ruleset's ``scorer``: two games may name an option alike and word it each
their own way, and no game's words are in the app's catalogue (``translations/``)."""

from __future__ import annotations

import importlib.util
import re
from html import unescape
from pathlib import Path
from types import ModuleType

import pytest
from babel.messages.pofile import read_po

from ulti_ledger.games import REGISTRY
from ulti_ledger.ledger.catalogue import ruleset_choices
from ulti_ledger.settlement import Registry
from ulti_ledger.settlement.registry import PARTS
from ulti_ledger.settlement.words import RULE_CONTEXT, package_words
from ulti_ledger.words import messages, rule_words

LANGS = ("hu", "en", "de")


def fake_game(root: Path, name: str, words: dict[str, str]) -> ModuleType:
    """A game package ``name`` under ``root`` with every part (unused here) and house-rule
    words ``{key: text}`` in its own domain, the same text in every language but for a
    language tag."""
    package = root / name
    package.mkdir()
    (package / "__init__.py").write_text(
        f"NAME = {name!r}\n" + "".join(f"{part} = None\n" for part in PARTS if part != "NAME"),
        "utf-8",
    )
    for lang in LANGS:
        folder = package / "locale" / lang / "LC_MESSAGES"
        folder.mkdir(parents=True)
        entries = "".join(
            f'\nmsgctxt "{RULE_CONTEXT}"\nmsgid "{key}"\nmsgstr "{text} ({lang})"\n'
            for key, text in words.items()
        )
        header = 'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=utf-8\\n"\n'
        po = folder / f"{name}.po"
        po.write_text(header + entries, "utf-8")
        messages.compile_po(po)
    spec = importlib.util.spec_from_file_location(name, package / "__init__.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_two_games_word_the_same_option_each_their_own_way(tmp_path, monkeypatch):
    first = fake_game(tmp_path, "game_one", {"kontra": "Kontra doubles", "kontra.on": "Yes"})
    second = fake_game(tmp_path, "game_two", {"kontra": "Kontra is said once"})
    registry = Registry([first, second])
    assert registry.rule_words("game_one")["en"]["kontra"] == "Kontra doubles (en)"
    assert registry.rule_words("game_two")["de"]["kontra"] == "Kontra is said once (de)"
    with pytest.raises(KeyError):
        registry.rule_words("game_two")["en"]["kontra.on"]

    monkeypatch.setattr(rule_words, "REGISTRY", registry)
    assert rule_words.rule_text("game_one", "kontra", "hu") == "Kontra doubles (hu)"
    assert rule_words.rule_text("game_two", "kontra", "hu") == "Kontra is said once (hu)"
    assert rule_words.choice_words("game_one", "kontra", "on", "en") == "Yes (en)"
    assert rule_words.choice_words("game_two", "kontra", "on", "en") is None
    option = {"name": "kontra", "label": "Kontra", "choices": [{"value": "on", "help": "file"}]}
    said = [
        rule_words.option_words({"scorer": game, "options": [option]}, "kontra", "on", "en")
        for game in ("game_one", "game_two")
    ]
    assert said == ["Kontra: Yes (en)", "Kontra: file"]  # the file's help where the game has none


def test_every_games_house_rule_words_are_in_its_own_catalogue_not_the_apps():
    for game in REGISTRY:
        words = REGISTRY.rule_words(game)
        package = Path(REGISTRY[game].package.__file__).parent
        assert words.localedir == package / "locale" and words.domain == package.name
        assert set(words.languages) == set(LANGS)
        assert len(words["en"]) > 5, game
        with (package / "locale" / f"{package.name}.pot").open("rb") as source:
            pot = read_po(source)
        assert {m.id for m in pot if m.context == RULE_CONTEXT} == set(words["en"])
    with (messages.ROOT / "messages.pot").open("rb") as source:
        app = read_po(source)
    assert [m.id for m in app if m.context == RULE_CONTEXT or str(m.id).startswith("rule.")] == []


def test_the_new_evening_page_asks_each_rulesets_game(client, tmp_path, monkeypatch):
    """Skat's words swapped for a test catalogue: Skat's options say them, and its options
    without one the ruleset file's help; Ulti's options keep Ulti's words."""
    assert set(REGISTRY) == {r["scorer"] for r in ruleset_choices("en")}
    fake = fake_game(tmp_path, "skat_words", {"bock": "Test words of Bock"})
    real = REGISTRY.rule_words

    class Asked:
        def rule_words(self, name: str):
            return package_words(fake, RULE_CONTEXT) if name == "skat" else real(name)

    monkeypatch.setattr(rule_words, "REGISTRY", Asked())
    html = unescape(client.get("/sessions/new?lang=en").get_data(as_text=True))
    skat, ulti = options_block(html, "skat"), options_block(html, "ulti")
    assert "Test words of Bock (en)" in skat and "Test words of Bock" not in ulti
    assert real("skat")["en"]["bock"] not in skat
    file_help = next(
        o["help"]
        for r in ruleset_choices("en")
        if r["id"] == "skat"
        for o in r["options"]
        if o["name"] == "kontra_re"
    )
    assert file_help in skat  # no word of the game: the ruleset file's help
    assert real("ulti")["en"]["max_kontra_level"] in ulti


def options_block(html: str, ruleset: str) -> str:
    """The house rules of ``ruleset`` on the new-evening page."""
    found = re.search(
        rf'data-ruleset-options="{ruleset}">(.*?)</div>\s*(?=<div class="options"|</details>)',
        html,
        re.S,
    )
    assert found, ruleset
    return found.group(1)

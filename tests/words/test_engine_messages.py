"""The engine's refusals in Hungarian (and German): under the CLI's --lang hu and the API's
?lang=hu. The core's sentences are in the core's catalogue (``settlement/locale``), each
game's in its own domain (``games/<game>/locale``, ``msgctxt "engine"``), found in the
source by ``refusal_templates`` (a sentence passed to a helper as its template too)."""

from __future__ import annotations

import json
import string

import pytest
from click.testing import CliRunner

from tests.engine_helpers import ENGINE, REPO, hand
from ulti_ledger.cli.main import main
from ulti_ledger.games import REGISTRY
from ulti_ledger.settlement import LedgerError
from ulti_ledger.settlement.errors import Msg
from ulti_ledger.settlement.messages import HU, REFUSAL_CONTEXT
from ulti_ledger.settlement.words import GameWords, package_words

from . import refusal_templates
from .refusal_templates import CORE

LANGS = ("hu", "de")
ROOT = REPO / "ulti_ledger"
GERMAN = GameWords(ROOT / "settlement" / "locale", "settlement", LANGS)["de"]


def _game_words(name: str) -> dict[str, set[str]]:
    words = package_words(REGISTRY[name].package, REFUSAL_CONTEXT)
    return {lang: set(words[lang]) for lang in LANGS}


def untranslated(found: dict[str, set[str]], game_words) -> list[str]:
    """Each sentence that is not in its owner's catalogue in every language of ``LANGS``:
    the core's in the core's, a game's in the game's own (or, the same sentence, the core's)."""
    core = found.get(CORE, set())
    out = [f"core: {t!r}" for t in sorted(core) if t not in HU or not GERMAN.get(t)]
    for game, sentences in sorted(found.items()):
        if game == CORE:
            continue
        words = game_words(game)
        out += [
            f"{game}: {t!r} ({lang})"
            for t in sorted(sentences - core)
            for lang in LANGS
            if t not in words[lang]
        ]
    return out


def templates() -> dict[str, set[str]]:
    return refusal_templates.templates(refusal_templates.sources(ROOT), ROOT / "games")


def fields(template: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(template) if f}


def test_every_engine_refusal_is_translated_in_its_owners_catalogue():
    found = set(templates()) - {CORE}
    assert found and found <= set(REGISTRY), "the scan finds the games' sentences"
    assert untranslated(templates(), _game_words) == []


def test_the_core_catalogue_keeps_only_the_cores_words():
    found = templates()
    games = set().union(*(v for k, v in found.items() if k != CORE)) - found[CORE]
    assert sorted(games & set(HU)) == []


def test_a_sentence_a_game_passes_as_a_template_is_checked(tmp_path):
    """A sentence planted in a copy of a game's source, written directly, passed to the
    core's ``none_for_outcome`` as its template, or named first and raised later, is
    reported untranslated in that game's catalogue."""
    game = next(iter(REGISTRY))
    copy = tmp_path / "ulti_ledger"
    for path in refusal_templates.sources(ROOT):
        target = copy / path.relative_to(ROOT)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(path.read_text("utf-8"), "utf-8")
    planted = copy / "games" / game / "planted.py"
    planted.write_text(
        "from ...settlement.errors import HandError\n"
        "from ...settlement.hand_checks import none_for_outcome\n\n\n"
        "def check(outcome, given, late):\n"
        '    none_for_outcome(outcome, given, "planted: {outcome} without {key}")\n'
        '    none_for_outcome(outcome, given, template="planted by keyword {key}")\n'
        '    why = "planted, named first" if late else "planted, the other branch"\n'
        '    raise HandError("key", why)\n',
        "utf-8",
    )
    found = refusal_templates.templates(refusal_templates.sources(copy), copy / "games")
    missing = untranslated(found, _game_words)
    assert missing == [
        f"{game}: {t!r} ({lang})"
        for t in sorted(
            [
                "planted: {outcome} without {key}",
                "planted by keyword {key}",
                "planted, named first",
                "planted, the other branch",
            ]
        )
        for lang in LANGS
    ]


def test_no_refusal_is_an_f_string_any_more():
    every = set().union(*templates().values())
    assert not [t for t in every if t.startswith("<f-string")]


@pytest.mark.parametrize("template", sorted(HU))
def test_the_hungarian_has_the_same_fields(template):
    assert fields(HU[template]) == fields(template)


@pytest.mark.parametrize("game", sorted(REGISTRY))
def test_a_games_sentences_have_the_same_fields(game):
    words = package_words(REGISTRY[game].package, REFUSAL_CONTEXT)
    for lang in LANGS:
        for template, said in words[lang].items():
            assert fields(said) == fields(template), (game, lang, template)


def refusal(data) -> LedgerError:
    with pytest.raises(LedgerError) as caught:
        ENGINE.settle(data)
    return caught.value


def test_a_kontra_above_the_ceiling_in_both_languages():
    exc = refusal(hand(components=[{"name": "parti", "won": True, "kontra": 6}]))
    assert (
        exc.text("en")
        == str(exc)
        == ("components[0].kontra: kontra level 6 is above this table's ceiling, mordkontra (4)")
    )
    assert exc.text("hu") == (
        "components[0].kontra: ez a kontrafok (6) több, mint amennyit ez az asztal enged: "
        "mordkontra (4)"
    )


def test_a_nested_word_is_translated_too():
    exc = refusal(hand(silent="csendes"))
    assert exc.text("en") == "silent: must be a list, not a string"
    assert exc.text("hu") == "silent: lista legyen, nem szöveg"


def test_a_suggestion_is_said_in_hungarian():
    exc = refusal(hand(outcome="playd"))
    assert 'did you mean "played"' in exc.text("en")
    assert "(talán „played”?)" in exc.text("hu")


def test_a_session_hand_keeps_its_message_under_its_new_key():
    from testkit.samples import session_body
    from ulti_ledger.settlement.session import settle_session

    body = session_body(hands=[{**hand(ruleset=None), "declarer": "Zoé"}])
    with pytest.raises(LedgerError) as caught:
        settle_session(ENGINE, body)
    assert caught.value.text("hu").startswith("hands[0].declarer: Zoé nem játszik ebben")


def test_a_kontra_ladder_refusal_in_hungarian():
    exc = refusal(
        hand(
            colour=None,
            components=[{"name": "betli", "won": False, "kontra": {"Béla": 2, "Csaba": 1}}],
        )
    )
    assert "cannot happen" in exc.text("en")
    assert exc.text("hu") == (
        "components[0].kontra: Csaba: kontra, Béla: rekontra; ez nem lehet, a felvevő rekontra "
        "mondása minden védőnek szól, aki ezt mondta: kontra, sosem csak az egyiküknek"
    )


def test_the_rulesets_reason_is_said_in_hungarian_too():
    exc = refusal(
        hand(components=[{"name": "ulti", "won": False}, {"name": "durchmars", "won": True}])
    )
    assert exc.text("hu").startswith(
        "components[0].won: a megnyert durchmars (mind a tíz ütés) mellett nem bukhat el: "
        "ulti – minden ütést a felvevő hív"
    )
    assert "renonsz" in exc.text("hu") and "leads every trick" not in exc.text("hu")


def test_a_msg_renders_alone():
    assert Msg("a list").text("hu") == "lista"
    assert str(Msg("{n} is named twice", {"n": "x"})) == "{n} is named twice".format(n="x")


def test_the_cli_says_the_refusal_in_hungarian():
    bad = json.dumps(hand(components=[{"name": "parti", "won": True, "kontra": 6}]))
    hu = CliRunner().invoke(main, ["settle", "-", "--lang", "hu"], input=bad)
    assert hu.exit_code == 1
    assert "ez a kontrafok (6) több" in json.loads(hu.output)["error"]
    en = CliRunner().invoke(main, ["settle", "-"], input=bad)
    assert "is above this table's ceiling" in json.loads(en.output)["error"]
    text = CliRunner().invoke(main, ["settle", "-", "--format", "text", "--lang", "hu"], input=bad)
    assert text.exit_code == 1 and text.output.startswith("hiba: components[0].kontra: ez a")


def test_the_api_says_the_refusal_in_hungarian_under_lang_hu(client, session_body):
    created = client.post("/api/v1/sessions", json=session_body).get_json()
    url = f"/api/v1/sessions/{created['id']}/hands"
    auth = {"Authorization": f"Bearer {created['edit_token']}"}
    bad = {
        "players": ["Anna", "Béla", "Csaba"],
        "declarer": "Anna",
        "colour": "makk",
        "components": [{"name": "parti", "won": True, "kontra": 6}],
    }
    hu = client.post(url + "?lang=hu", json=bad, headers=auth)
    assert hu.status_code == 422
    assert hu.get_json()["key"] == "components[0].kontra"
    assert "ez a kontrafok (6) több" in hu.get_json()["error"]
    en = client.post(url, json=bad, headers=auth)
    assert "is above this table's ceiling" in en.get_json()["error"]

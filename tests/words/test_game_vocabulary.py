"""Each game in its own vocabulary, in three languages (issue 35, Build 6).

- The sheets' column titles are the form's terms: the dealer and declarer columns of the
  board, PDF and CSV are headed as the game's form names those fields (snapszer's
  "Kezdőjátékos" / "Anfangsspieler", never a Skat "Alleinspieler"), and a game column
  keyed by a form field is titled as the form titles that field.
- One spelling of a term per game: a game's texts never mix "durchmars" and
  "durchmarsch", or "renonsz" and "Renonce".
- No Hungarian word is left in English or German running text, except the game terms
  STYLE.md keeps (ulti, betli, durchmars, kontra, renonsz) and the terms each game keeps
  in every language (its figures, contracts and suits, which its form and catalogue write
  the same in Hungarian and English), its rulesets' names, and a Hungarian word named in
  parentheses beside its English or German one ("no play (bedobás)").

Every check walks the registry, every shipped ruleset and every catalogue.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po

from tests.conftest import close_app, make_app
from tests.pdf.test_pdf_every_game import RULESETS, evening
from ulti_ledger import ledger
from ulti_ledger.games import REGISTRY, builtin_engine
from ulti_ledger.ledger import GameForm
from ulti_ledger.ledger.exchange import hand_table
from ulti_ledger.pdf.document import WORDS as PDF_WORDS
from ulti_ledger.pdf.hand_table import Columns
from ulti_ledger.views import form_refusals
from ulti_ledger.words.name_labels import labels

REPO = Path(__file__).parents[2]
LANGS = ("hu", "en", "de")
STYLE_KEEPS = frozenset({"ulti", "betli", "durchmars", "kontra", "renonsz"})
"""STYLE.md: "Hungarian game terms stay Hungarian (ulti, betli, durchmars, kontra,
renonsz)"."""
NAMES = frozenset({"béla", "ákos", "kégl", "sári", "fedák"})
"""People's names: a placeholder's example guest, the sources' authors, and Fedák Sári,
the actress Ulti's highest kontra level is named after."""
HUNGARIAN_LETTERS = re.compile(r"[^\W\d_]*[áéíóúőű][^\W\d_]*", re.IGNORECASE)
PLAIN_HUNGARIAN = frozenset({"csendes", "bukott", "megvan", "nyert", "vagy", "nincs"})
"""Hungarian words without an accent that a translator may leave behind."""
WORD = re.compile(r"[^\W\d_]+")
GLOSS = re.compile(r"\([^()]*\)")
"""A parenthesis: where a text names the table's own word beside its translation."""
SPELLINGS = (("durchmars", "durchmarsch"), ("renonsz", "renonce"))


def catalogue(path: Path) -> list[tuple[str | None, str, str]]:
    """(context, msgid, msgstr) of a .po file, plural forms joined."""
    out = []
    with path.open("rb") as handle:
        for message in read_po(handle):
            if not message.id:
                continue
            msgid = message.id if isinstance(message.id, str) else message.id[0]
            string = message.string
            text = " ".join(string) if isinstance(string, tuple) else string
            out.append((message.context, msgid, text or ""))
    return out


def game_catalogue(game: str, lang: str) -> list[tuple[str | None, str, str]]:
    locale = Path(REGISTRY[game].package.__file__).parent / "locale"
    return catalogue(locale / lang / "LC_MESSAGES" / f"{game}.po")


def hungarian(text: str) -> set[str]:
    """The Hungarian words of ``text`` outside parentheses and placeholders."""
    bare = GLOSS.sub(" ", re.sub(r"\{[^{}]*\}", " ", text))
    found = {w.casefold() for w in HUNGARIAN_LETTERS.findall(bare)}
    return found | {w.casefold() for w in WORD.findall(bare)} & PLAIN_HUNGARIAN


def strings(value: Any) -> Iterator[str]:
    if isinstance(value, dict):
        for item in value.values():
            yield from strings(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from strings(item)
    elif isinstance(value, str):
        yield value


def ruleset_texts(game: str, english: bool) -> Iterator[str]:
    """The shipped rulesets' own words of ``game``: labels, descriptions, options."""
    for ruleset in builtin_engine().rulesets.values():
        if ruleset.scorer != game:
            continue
        suffix = "_en" if english else ""
        yield getattr(ruleset, "label" + suffix)
        yield getattr(ruleset, "description" + suffix)
        for option in ruleset.options.values():
            yield getattr(option, "label" + suffix)
            yield getattr(option, "help" + suffix)
            for choice in (option.choices or {}).values():
                yield getattr(choice, "help" + suffix)


def kept_terms(game: str) -> set[str]:
    """The Hungarian words ``game`` keeps in every language: those its catalogue writes the
    same in Hungarian and English (its figures, contracts, suits), and its rulesets' names.
    Its forms' labels (Ulti's "csendes 100" chip) are not among them: a sentence names
    such a label through a placeholder, never by writing it out."""
    kept = set(STYLE_KEEPS)
    english = {(c, i): s for c, i, s in game_catalogue(game, "en")}
    for context, msgid, text in game_catalogue(game, "hu"):
        if text and english.get((context, msgid)) == text:
            kept |= {w.casefold() for w in WORD.findall(text)}
    engine = builtin_engine()
    for ruleset in engine.rulesets.values():
        if ruleset.scorer != game:
            continue
        names = [WORD.findall(ruleset.label), WORD.findall(ruleset.label_en)]
        kept |= {w.casefold() for w in names[0]} & {w.casefold() for w in names[1]}
    return kept


# One spelling per game ----------------------------------------------------------------------


@pytest.mark.parametrize("game", sorted(REGISTRY))
def test_a_game_spells_each_term_one_way(game):
    texts = [t for lang in LANGS for _, _, t in game_catalogue(game, lang)]
    texts += [*ruleset_texts(game, False), *ruleset_texts(game, True)]
    words = {w.casefold() for text in texts for w in WORD.findall(text)}
    mixed = [pair for pair in SPELLINGS if set(pair) <= words]
    assert mixed == [], game


# No Hungarian left in English or German running text -------------------------------------


def _left(texts: list[tuple[str, str]], kept: set[str]) -> list[str]:
    return [
        f"{where}: {text!r} ({', '.join(sorted(found))})"
        for where, text in texts
        if (found := hungarian(text) - kept - NAMES)
    ]


@pytest.mark.parametrize("game", sorted(REGISTRY))
@pytest.mark.parametrize("lang", ["en", "de"])
def test_no_hungarian_word_in_a_game_s_english_or_german(game, lang):
    kept = kept_terms(game)
    texts = [(f"{c}|{i}", t) for c, i, t in game_catalogue(game, lang) if t]
    if lang == "en":
        texts += [("ruleset", t) for t in ruleset_texts(game, True) if t]
    assert _left(texts, kept) == []


@pytest.mark.parametrize("lang", ["en", "de"])
def test_no_hungarian_word_in_the_pages_or_the_engine_s_english_or_german(lang):
    """The page catalogue and the core engine's refusals (English: their templates;
    German: the catalogue), which name any game's terms (each game's own catalogue, with
    its rulesets' German: the test above)."""
    kept = set().union(*(kept_terms(game) for game in REGISTRY))
    found = catalogue(REPO / "translations" / lang / "LC_MESSAGES" / "messages.po")
    settlement = REPO / "ulti_ledger" / "settlement" / "locale"
    if lang == "de":
        found += catalogue(settlement / "de" / "LC_MESSAGES" / "settlement.po")
        texts = [(f"{c}|{i}", t) for c, i, t in found if t]
    else:
        texts = [(f"{c}|{i}", t) for c, i, t in found if t]
        texts += [("engine", i) for _, i, _ in catalogue(settlement / "settlement.pot")]
    assert _left(texts, kept) == []


def test_the_checks_see_a_hungarian_word_and_pass_a_gloss():
    assert hungarian("bedobás: Anna throws in") == {"bedobás"}
    assert hungarian("The defenders' csendes 100") == {"csendes"}
    assert hungarian("no play (bedobás): nobody pays") == set()
    assert hungarian("{név} wins") == set()
    assert "pagát" in kept_terms("tarokk") and "bedobás" not in kept_terms("ulti")


# Column titles are the form's terms ---------------------------------------------------------


def _plain(label: str) -> str:
    return GLOSS.sub("", label).strip().casefold()


@pytest.fixture(scope="module")
def headed(tmp_path_factory) -> dict[tuple[str, str], dict[str, Any]]:
    """Per (ruleset, language): the form's field labels, the summary's roles and game
    columns, the CSV's header and the PDF's lead header, of an evening of that ruleset."""
    app = make_app(tmp_path_factory.mktemp("vocabulary"))
    out = {}
    try:
        for index, ruleset_id in enumerate(RULESETS):
            with app.app_context():
                body = evening(ruleset_id, index)
                session = ledger.create_session(body)
                plain = evening(ruleset_id, index, {})  # the default rules: hands declared
                hands = copy.deepcopy(plain["hands"])  # the ledger takes the body's own
                asked = ledger.create_session(plain)
                game, rules = ledger.form_game(session)
                for lang in LANGS:
                    summary = ledger.session_summary(session, lang)
                    form = game.hand_form(rules, lang)
                    words = {**PDF_WORDS[lang], **summary["roles"]}  # as the PDF reads them
                    columns = Columns.of(summary, words, labels(summary["players"]))
                    out[ruleset_id, lang] = {
                        "fields": {f["name"]: f["label"] for f in form["fields"]},
                        "roles": summary["roles"],
                        "columns": summary["columns"],
                        "csv": hand_table(summary, lang)[0],
                        "refusal": _no_declarer(app, asked, hands, lang),
                        "pdf": columns.lead(
                            "#", summary["roles"]["dealer"], summary["roles"]["declarer"]
                        ),
                    }
    finally:
        close_app(app)
    return out


def _no_declarer(app: Any, session: Any, hands: list[dict[str, Any]], lang: str) -> str:
    """How the form words a played hand saved without its declarer, in ``lang``."""
    game, rules = ledger.form_game(session)
    hand = next(h for h in hands if h.get("declarer"))
    data = {k: v for k, v in hand.items() if k != "declarer"}
    try:
        ledger.preview_hand(session, data)
    except ledger.LedgerError as exc:
        with app.test_request_context(f"/?lang={lang}"):
            app.preprocess_request()
            form = game.hand_form(rules, lang)
            return form_refusals.explain(GameForm(game, rules), form, data, data, exc)[1]
    raise AssertionError("a hand without its declarer was accepted")


@pytest.mark.parametrize("ruleset_id", RULESETS)
@pytest.mark.parametrize("lang", LANGS)
def test_a_missing_declarer_is_asked_for_by_the_game_s_word(headed, ruleset_id, lang):
    seen = headed[ruleset_id, lang]
    word = seen["fields"]["declarer"]
    assert (word if lang == "de" else word.lower()) in seen["refusal"], seen["refusal"]


@pytest.mark.parametrize("ruleset_id", RULESETS)
@pytest.mark.parametrize("lang", LANGS)
def test_the_sheets_head_the_dealer_and_declarer_as_the_form_does(headed, ruleset_id, lang):
    seen = headed[ruleset_id, lang]
    for role in ("dealer", "declarer"):
        word = seen["fields"][role]
        assert seen["roles"][role] == word
        assert seen["csv"][("dealer", "declarer").index(role) + 1] == word
        assert word in seen["pdf"]


@pytest.mark.parametrize("ruleset_id", RULESETS)
@pytest.mark.parametrize("lang", LANGS)
def test_a_game_column_of_a_form_field_is_titled_as_the_form_titles_it(headed, ruleset_id, lang):
    seen = headed[ruleset_id, lang]
    wrong = [
        (c["label"], seen["fields"][c["key"]])
        for c in seen["columns"]
        if c["key"] in seen["fields"] and _plain(c["label"]) != _plain(seen["fields"][c["key"]])
    ]
    assert wrong == []


def test_snapszer_is_never_headed_alleinspieler(headed):
    for (ruleset_id, lang), seen in headed.items():
        if ruleset_id == "snapszer":
            header = " ".join(map(str, seen["csv"])) + seen["pdf"]
            assert "Alleinspieler" not in header and "Felvevő" not in header, lang

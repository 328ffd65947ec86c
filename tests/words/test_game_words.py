"""Every game speaks the page's language: its form (fields, choices, presets, the notes its
facts force), its sheets (notation, cells, tags, notices, tallies), its explanation lines
and its refusals, rendered in Hungarian and German, hold no English word, and the slips
players found are gone.

Every shipped ruleset of every game in the registry, with its default house rules and
with those that add the most (``test_pdf_every_game.widest_options``), at its largest
table; the refusals are the engine's own, of legal hands broken key by key, worded as the
form words them (``views.form_refusals.explain``). A game added tomorrow is read the same.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

from tests.conftest import close_app, make_app
from tests.engine_helpers import ENGINE
from tests.pdf.test_pdf_every_game import RULESETS, evening, widest_options
from ulti_ledger import ledger
from ulti_ledger.games import REGISTRY, builtin_engine
from ulti_ledger.ledger import GameForm
from ulti_ledger.views import form_refusals

ENGLISH = frozenset(
    """the and of to are been with for this that these must cannot can only or one by
    from has have not lost won player players game games points declarer defenders defender
    allowed choose missing value who which each every trick tricks made failed said bid bids
    first deals sits nobody none yes more less than leave out any there their his her its
    were after before between until while when where should would could others other
    wins loses pays paid double doubles counts if then it you your without both either
    neither nor again same kept keep""".split()
)
"""Common English words that are neither Hungarian nor German (not "a", "be", "is", "an",
"in", "was", "also", "Hand": Hungarian and German words, a Skat term)."""
KEYS = re.compile(r"\{+[^{}]*\}+|\w+_\w+")
"""A hand-format fragment or key ({"won": true}, sitting_out, reached_33): a refusal that
shows one is a fault of its own (``tests/test_form_keys``-style checks look for those),
not English prose."""
SPEAKING = ("hu", "de")
WORD = re.compile(r"[^\W\d_]+")
BROKEN = ("", "x", 999, -1, None)
"""What a broken key is set to: empty, a stranger, a number too large or negative, gone (a
list or an object: emptied, or gone)."""


def english(texts: list[str], keys: frozenset[str] = frozenset()) -> list[str]:
    """Each text with the English words in it (names of the test's players are none);
    ``keys``: the game's hand-format keys, which are not words of the page's language."""
    found = []
    for text in texts:
        words = {w.casefold() for w in WORD.findall(KEYS.sub(" ", text))} & (ENGLISH - keys)
        if words:
            found.append(f"{text!r} ({', '.join(sorted(words))})")
    return found


def strings(value: Any, keys: frozenset[str]) -> Iterator[str]:
    """Every text under ``keys`` anywhere in a form description."""
    if isinstance(value, dict):
        for key, item in value.items():
            if key in keys and isinstance(item, str):
                yield item
            else:
                yield from strings(item, keys)
    elif isinstance(value, list):
        for item in value:
            yield from strings(item, keys)


SHOWN = frozenset({"label", "row_label", "aria", "note", "title", "hint", "help", "text", "blank"})


def option_sets(ruleset_id: str) -> list[dict[str, Any]]:
    shipped = builtin_engine().rulesets[ruleset_id]
    widest = widest_options(shipped)
    return [{}, widest] if widest else [{}]


@pytest.fixture(scope="module")
def rendered(tmp_path_factory) -> dict[tuple[str, str], dict[str, list[str]]]:
    """Per (ruleset, language): the texts of the form, the sheets and explanations, and the
    refusals, as a person reads them."""
    app = make_app(tmp_path_factory.mktemp("game-words"))
    out: dict[tuple[str, str], dict[str, list[str]]] = {}
    try:
        for index, ruleset_id in enumerate(RULESETS):
            for lang in SPEAKING:
                out[ruleset_id, lang] = {"form": [], "sheets": [], "refusals": []}
            for options in option_sets(ruleset_id):
                body = evening(ruleset_id, index, options)
                with app.app_context():
                    session = ledger.create_session(body)
                    game, rules = ledger.form_game(session)
                    for lang in SPEAKING:
                        texts = out[ruleset_id, lang]
                        texts["form"] += strings(game.hand_form(rules, lang), SHOWN)
                        texts["sheets"] += sheet_texts(ledger.session_summary(session, lang))
                    broken = list(broken_hands(body["hands"], index))
                    refused = []
                    for data in broken:
                        try:
                            ledger.preview_hand(session, data)
                        except ledger.LedgerError as exc:
                            refused.append((data, exc))
                assert refused, f"{ruleset_id}: no broken hand was refused"
                for lang in SPEAKING:
                    with app.test_request_context(f"/?lang={lang}"):
                        app.preprocess_request()
                        form = game.hand_form(rules, lang)
                        for data, exc in refused:
                            values = form_values(game, rules, data)
                            _, said = form_refusals.explain(
                                GameForm(game, rules), form, values, data, exc
                            )
                            out[ruleset_id, lang]["refusals"].append(said)
    finally:
        close_app(app)
    return out


def sheet_texts(summary: dict[str, Any]) -> Iterator[str]:
    """What the scoreboard, the PDF and the CSV print of the game's own words."""
    yield from (c["label"] for c in summary["columns"])
    if summary.get("score"):
        yield summary["score"]["label"]
    sheet = summary.get("game_sheet") or {}
    yield from sheet.get("notices", [])
    tallies = sheet.get("tallies")
    if tallies:
        yield tallies["title"]
        yield from (c["label"] for c in tallies["columns"])
    for hand in summary["hands"]:
        yield hand["notation"]
        yield hand["sheet"]["game"]
        yield from (text for _, text in hand["sheet"]["tags"])
        yield from (text for text in hand["sheet"]["cells"].values() if isinstance(text, str))
        yield from hand["result"]["lines"]


def broken_hands(hands: list[dict[str, Any]], seed: int) -> Iterator[dict[str, Any]]:
    """Legal hands with one key broken at a time (and a nested one's first key too)."""
    rng = random.Random(seed)
    for facts in rng.sample(hands, 6):
        for key, value in facts.items():
            if key in ("dealer",):
                continue
            shaped = isinstance(value, list | dict)  # a form posts no text where a list goes
            for bad in (type(value)(), None) if shaped else BROKEN:
                yield {k: v for k, v in facts.items() if k != key or bad is not None} | (
                    {key: bad} if bad is not None else {}
                )
            if isinstance(value, dict) and value:
                inner = next(iter(value))
                yield {**facts, key: {**value, inner: "x"}}


def form_values(game: Any, rules: Any, data: dict[str, Any]) -> dict[str, Any]:
    """The form's values of a broken hand, as the edit page would read them (the hand's
    own where the game cannot read it back)."""
    try:
        return {**data, **game.form_values(data, rules)}
    except Exception:  # noqa: BLE001  (a broken hand need not read back)
        return dict(data)


@pytest.mark.parametrize("ruleset_id", RULESETS)
@pytest.mark.parametrize("lang", SPEAKING)
@pytest.mark.parametrize("part", ["form", "sheets", "refusals"])
def test_no_english_in_a_hungarian_or_german_page(rendered, ruleset_id, lang, part):
    texts = rendered[ruleset_id, lang][part]
    assert texts, f"{ruleset_id} ({lang}) shows no {part}"
    scorer = builtin_engine().rulesets[ruleset_id].scorer
    found = english(texts, frozenset(schema_keys(REGISTRY[scorer].hand_schema())))
    assert not found, f"{ruleset_id} ({lang}), {part}: {found[:5]}"


def schema_keys(schema: Any) -> Iterator[str]:
    """Every property name of a hand's JSON Schema."""
    if isinstance(schema, dict):
        for key, value in schema.items():
            if key == "properties" and isinstance(value, dict):
                yield from value
            yield from schema_keys(value)
    elif isinstance(schema, list):
        for item in schema:
            yield from schema_keys(item)


def test_the_stop_list_finds_english_and_passes_the_games_terms():
    assert english(["a renonsz decides the game"])
    assert not english(["Grand Hand mit 2, Schneider: 5 × 24 = 120; Reizwert 48 gedeckt"])
    assert not english(["piros 40-100 ulti, a felvevő nyert", "in der Hand, also was"])


def test_every_game_is_read():
    assert {builtin_engine().rulesets[r].scorer for r in RULESETS} == set(REGISTRY)


# The slips players found ----------------------------------------------------------------


@pytest.mark.parametrize("ruleset_id", RULESETS)
@pytest.mark.parametrize("lang", ["hu", "en", "de"])
def test_no_two_fields_of_a_form_share_a_title(ruleset_id, lang):
    """Skat's German form had two fields titled "Spiel" (the game, and played or passed)."""
    shipped = builtin_engine().rulesets[ruleset_id]
    for options in option_sets(ruleset_id):
        form = REGISTRY[shipped.scorer].hand_form(shipped.resolve(options), lang)
        titles = [  # the form's own fields, not a row's repeated parts (fig1_won, kontra-ulti)
            f["label"].casefold()
            for f in form["fields"]
            if f.get("label") and re.fullmatch(r"[a-z]+", f["name"])
        ]
        assert len(titles) == len(set(titles)), f"{ruleset_id} ({lang}): {titles}"


def test_skat_s_german_form_and_sheet_say_renonce_not_renonsz():
    """German Skat has its own word for it, as its explanation lines already said."""
    skat = builtin_engine().rulesets["skat"]
    form = REGISTRY["skat"].hand_form(skat.rules, "de")
    labels = {f["name"]: f["label"] for f in form["fields"]}
    assert labels["renonsz"] == "Renonce" and labels["outcome"] != labels["game"]
    hand = {"ruleset": "skat", "players": ["Anna", "Béla", "Csaba"], "declarer": "Anna"}
    hand |= {"game": "grand", "mit": 1, "renonsz": {"player": "Béla"}}
    parsed, rules = ENGINE.parse(hand)
    row = REGISTRY["skat"].row(hand, parsed, rules, "de")
    assert ("tag tag-renonsz", "Renonce: Béla") in row["sheet"]["tags"]


def test_a_bock_ramsch_is_explained_from_its_entry_before_doubling():
    """ "−272 × 2 (Bock)" for a −272 entry read as if −272 were doubled again."""
    hand = {
        "ruleset": "skat",
        "players": ["Anna", "Béla", "Csaba"],
        "outcome": "all_pass",
        "bock": True,
        "ramsch": {"loser": "Béla", "points": 68},
        "options": {"all_pass": "ramsch", "bock": "on"},
    }
    result = ENGINE.settle(hand)
    assert result.score["Béla"] == -136
    for lang in ("hu", "en", "de"):
        text = " ".join(REGISTRY["skat"].describe(line, lang) for line in result.lines)
        assert "\u221268 × 2 (Bock) = \u2212136" in text, text
        assert "\u2212136 × 2" not in text


def test_snapszer_says_33_or_more_the_same_everywhere():
    """33 counts: the row and the statistics said "33 fölött" beside the form's "33 vagy
    több"."""
    from ulti_ledger.settlement.words import GameWords

    root = REGISTRY["snapszer"].package.__path__[0] + "/locale"
    for context in ("row", "form", "stats"):
        words = GameWords(root, "snapszer", ("hu", "en", "de"), context)
        assert words["hu"]["reached_33"].startswith("33 vagy több"), context
        assert "fölött" not in words["hu"]["reached_33"]


def test_the_new_evening_page_puts_each_rules_link_inside_its_card(client):
    page = client.get("/sessions/new").get_data(as_text=True)
    for ruleset_id in RULESETS:
        card = re.search(
            rf'<label class="option-card" data-testid="ruleset-{ruleset_id}">(.*?)</label>',
            page,
            re.S,
        )
        assert card and f'data-testid="rules-link-{ruleset_id}"' in card.group(1), ruleset_id


def test_nobody_bids_first_on_a_board():
    """The deal line said "Először licitál" (bids first) for snapszer too, where nobody
    bids: every game's board says who starts."""
    from ulti_ledger.words.messages import text

    assert (text("bids_first", "hu"), text("bids_first", "en"), text("bids_first", "de")) == (
        "Kezd",
        "Starts",
        "Beginnt",
    )

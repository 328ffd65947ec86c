"""Forms that never trap the scorer (issue 24), for every registered game and ruleset.

From random legal hands of each ruleset (``random_hand``), read back into the drawn
form's values (``form_values``) as the page would post them:

- a choice that may be left unsaid can be unset on the page: wherever the hand without
  a field's value is one the engine accepts, some option the page shows for that field
  gives that hand (a "—", a "nobody"; a field with a default counts as its default);
- a preset tapped over any hand never leads to a refusal the page's own fields cannot
  mend: the refusal stands beside a field the page shows, and one of its options mends it;
- no refusal the page shows names a hand-format key: the facts are changed one at a time
  (to values other legal hands have there, or left out), and every refusal that results is
  worded as the form words it (``views/form_refusals.explain``) in Hungarian, English and
  German, and searched for the keys and values of the game's ``hand_schema`` (and JSON's
  true, false, null) that the form itself never says.
"""

from __future__ import annotations

import copy
import json
import random
import re
from collections import defaultdict
from collections.abc import Iterator
from typing import Any

import pytest

from tests.engine_helpers import ENGINE
from tests.games.ulti.test_row_reasons import _alternatives, _pattern, _set, _tables, _walk
from ulti_ledger.handform import generic
from ulti_ledger.ledger import GameForm
from ulti_ledger.settlement.errors import LedgerError
from ulti_ledger.views import form_refusals

RULESETS = sorted(ENGINE.rulesets)
LANGS = ("hu", "en", "de")
JSON = {"true", "false", "null"}
TAPPED = ("choice", "level", "side", "toggle", "player")
"""The kinds of field the scorer taps (a number is typed, and can be cleared)."""


def _hands(ruleset_id: str, count: int, seed: int) -> list[tuple[tuple[str, ...], dict]]:
    ruleset = ENGINE.rulesets[ruleset_id]
    rng = random.Random(seed)
    game, rules = ruleset.scorer_module, ruleset.rules
    return [(t, game.random_hand(rng, rules, t)) for t in _tables(ruleset) for _ in range(count)]


def _deal(table: tuple[str, ...], facts: dict[str, Any]) -> dict[str, Any]:
    """The deal as the page fixes it (``views/game_form._deal``): the table from the first
    bidder on with the dealer last (``random_hand``'s order)."""
    players = list(facts["players"])
    return {
        "players": players,
        "sitting_out": list(facts.get("sitting_out", [])),
        "seats": list(table),
        "dealer": table[-1],
        "first_bidder": players[0],
    }


def _posted(game: Any, facts: dict[str, Any], rules: Any) -> dict[str, str]:
    """A recorded hand as its form posts it: one string per field (no per-defender rows)."""
    return {k: v for k, v in game.form_values(facts, rules).items() if isinstance(v, str)}


def _hand(game, rules, ruleset_id, form, posted, deal) -> tuple[dict | None, Any]:
    """The hand the posted form describes, and the engine's refusal of it (or None)."""
    hand = game.hand_from_form(generic.read(form, posted, deal), rules)
    hand.pop("dealer", None)
    try:
        ENGINE.settle({**hand, "ruleset": ruleset_id})
    except LedgerError as exc:
        return hand, exc
    return hand, None


def _same(a: dict | None, b: dict | None) -> bool:
    return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


def _shown_options(field: dict[str, Any]) -> list[str]:
    return [o["value"] for o in field["options"] if o["shown"]]


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_every_choice_that_may_not_apply_can_be_unset(ruleset_id):
    ruleset = ENGINE.rulesets[ruleset_id]
    game, rules = ruleset.scorer_module, ruleset.rules
    form = game.hand_form(rules, "en")
    traps, checked = {}, 0
    for table, facts in _hands(ruleset_id, 25, 5):
        deal = _deal(table, facts)
        posted = _posted(game, facts, rules)
        drawn = generic.draw(form, {**deal, **posted}, table, "nobody")
        for field in drawn:
            name = field["name"]
            if not field["shown"] or field.get("rows") or field["kind"] not in TAPPED:
                continue
            if posted.get(name) in (None, ""):
                continue
            without = {k: v for k, v in posted.items() if k != name}
            left, refused = _hand(game, rules, ruleset_id, form, without, deal)
            if refused is not None:
                continue  # the engine needs the field: it must be chosen
            checked += 1
            offered = [
                _hand(game, rules, ruleset_id, form, {**posted, name: value}, deal)[0]
                for value in _shown_options(field)
            ]
            if not any(_same(left, hand) for hand in offered):
                traps.setdefault(name, f"{name}={posted[name]!r} in {facts}")
    assert checked, "no field was ever left out: the test checks nothing"
    assert not traps, "a field the hand may leave unsaid cannot be unset:\n" + "\n".join(
        traps.values()
    )


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_a_preset_never_leads_to_a_refusal_its_fields_cannot_mend(ruleset_id, app):
    ruleset = ENGINE.rulesets[ruleset_id]
    game, rules = ruleset.scorer_module, ruleset.rules
    form = game.hand_form(rules, "hu")
    trapped, tried = {}, 0
    has_renonsz = any(f["name"] == "renonsz" for f in form["fields"])
    for table, facts in _hands(ruleset_id, 8, 6):
        deal = _deal(table, facts)
        posted = _posted(game, facts, rules)
        # the hand as it was, and with a renonsz named too (the rare fact a preset
        # trapped: tarokk's parti answer then had to go, and could not)
        variants = [posted, {**posted, "renonsz": deal["players"][1]}][: 1 + has_renonsz]
        for preset, posted in ((p, v) for p in form["presets"] for v in variants):
            tapped = {**posted, **preset["set"]}
            hand, refused = _hand(game, rules, ruleset_id, form, tapped, deal)
            if refused is None:
                continue
            tried += 1
            values = generic.read(form, tapped, deal)
            with app.test_request_context("/?lang=hu"):
                app.preprocess_request()
                field, said = form_refusals.explain(
                    GameForm(game, rules), form, values, hand, refused
                )
            drawn = {f["name"]: f for f in generic.draw(form, values, table, "senki")}
            # the refusal's own field, or one the preset set, mends it with a tap
            mending = [name for name in (field, *preset["set"]) if name in drawn]
            mends = [
                (name, value)
                for name in mending
                if drawn[name]["shown"]
                for value in _shown_options(drawn[name])
                if _hand(game, rules, ruleset_id, form, {**tapped, name: value}, deal)[1] is None
            ]
            beside = field == "form" or (field in drawn and drawn[field]["shown"])
            if not beside or not mends:
                trapped.setdefault((preset["id"], refused.code), f"{said} [{field}] {facts}")
    assert not trapped, "a preset leads where no field mends it:\n" + "\n".join(trapped.values())
    if ruleset_id.endswith("tarokk"):
        assert tried, "no preset was refused: the renonsz case is not reached"


def _schema_words(schema: Any) -> Iterator[str]:
    """Every key and every string value a hand-format schema names."""
    if isinstance(schema, dict):
        for key, value in schema.items():
            if key in ("properties", "patternProperties"):
                yield from value
            if key in ("enum", "const"):
                values = value if isinstance(value, list) else [value]
                yield from (v for v in values if isinstance(v, str))
            if key != "examples":
                yield from _schema_words(value)
    elif isinstance(schema, list):
        for item in schema:
            yield from _schema_words(item)


def _form_words(form: dict[str, Any]) -> set[str]:
    """What the form itself says (labels, options, presets, notes): a word the scorer
    reads there may stand in a refusal too ("kontra", "renonsz", "Schneider")."""
    texts = []
    for field in form["fields"]:
        texts += [field.get("label") or "", field.get("row_label") or ""]
        texts += [o.get("label") or "" for o in field.get("options", ())]
    texts += [p["label"] for p in form["presets"]]
    texts += [f.get("note") or "" for f in form.get("forces", ())]
    return {w.casefold() for text in texts for w in re.findall(r"[\w-]+", text)}


def _refused(ruleset_id: str) -> Iterator[tuple[dict, LedgerError]]:
    """Refused hands: legal ones with one fact changed to what other hands have there, or
    left out (a form's reader leaves out what the scorer left empty)."""
    hands = _hands(ruleset_id, 25, 7)
    seen: dict[tuple, set] = defaultdict(set)
    for table, facts in hands:
        for path, value in _walk(facts, (), set(table)):
            seen[_pattern(path)].add(json.dumps(value))
    for table, facts in hands:
        data = {**facts, "ruleset": ruleset_id}
        changes = []
        for path, value in _walk(facts, (), set(table)):
            others = [json.loads(v) for v in seen[_pattern(path)]]
            changes += [(path, alt) for alt in _alternatives(value, set()) if alt in others]
            changes += [(path, alt) for alt in others if alt != value]
        for path, alt in changes:
            yield _set(data, path, alt, list(table)), None
        for key in [k for k in facts if k not in ("players", "sitting_out", "declarer", "ruleset")]:
            left = copy.deepcopy(data)
            del left[key]
            yield left, None


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_no_refusal_shown_names_a_hand_format_key(ruleset_id, app):
    ruleset = ENGINE.rulesets[ruleset_id]
    game, rules = ruleset.scorer_module, ruleset.rules
    keys = set(_schema_words(game.hand_schema())) | JSON
    forms = {lang: game.hand_form(rules, lang) for lang in LANGS}
    allowed = {lang: _form_words(forms[lang]) for lang in LANGS}
    found: dict[tuple, str] = {}
    codes = set()
    for data, _ in _refused(ruleset_id):
        try:
            ENGINE.settle(data)
            continue
        except LedgerError as exc:
            refused = exc
        codes.add(refused.code)
        try:
            values = {**game.form_values(data, rules), "players": data.get("players", [])}
        except (KeyError, TypeError, ValueError):
            values = {"players": data.get("players", []), "declarer": data.get("declarer")}
        names = set(data.get("players", ())) | set(data.get("sitting_out", ()))
        for lang in LANGS:
            if (refused.code, lang) in found:
                continue
            with app.test_request_context(f"/?lang={lang}"):
                app.preprocess_request()
                _, said = form_refusals.explain(
                    GameForm(game, rules), forms[lang], values, data, refused
                )
            words = set(re.findall(r"[\w-]+", said)) - names
            internal = {w for w in words & keys if w.casefold() not in allowed[lang]}
            if lang == "en":  # a key that is an English word reads as one ("declarer")
                internal = {w for w in internal if not w.isalpha() or w in JSON}
            if internal:
                found[(refused.code, lang)] = f"{refused.code} [{lang}] {sorted(internal)}: {said}"
    assert len(codes) >= 5, f"too few refusals reached: {codes}"
    assert not found, "refusals that name a hand-format key:\n" + "\n".join(found.values())


@pytest.mark.parametrize("ruleset_id", ["tarokk", "magas-tarokk"])
def test_a_tarokk_renonsz_after_a_preset_is_saved_and_the_parti_can_be_unset(ruleset_id, app):
    """Before: "kettő, won" tapped, then a renonsz: refused with "a won maradjon ki" beside
    a parti radio that had no "none"; the scorer had to abandon the form."""
    ruleset = ENGINE.rulesets[ruleset_id]
    game, rules = ruleset.scorer_module, ruleset.rules
    form = game.hand_form(rules, "hu")
    table = ("Anna", "Béla", "Csaba", "Dóra")
    deal = _deal(table, {"players": list(table)})
    posted = {"declarer": "Anna", "partner": "Béla", "preset": "ketto-won", "renonsz": "Csaba"}
    if rules.renonsz_mode == "vote":
        posted["ruling"] = "charge"
    hand, refused = _hand(game, rules, ruleset_id, form, posted, deal)
    assert refused is None and "won" not in hand.get("game", {})
    drawn = {f["name"]: f for f in generic.draw(form, {**deal, **posted}, table, "senki")}
    assert not drawn["game_won"]["shown"]  # nobody won a parti not played out
    assert "" in [o["value"] for o in drawn["game_won"]["options"]]  # and it can be unset
    if rules.renonsz_mode == "vote":  # the others voted to play on: the parti counts
        hand, refused = _hand(game, rules, ruleset_id, form, {**posted, "ruling": "continue"}, deal)
        assert refused is None and hand["game"]["won"] is True
    unset = {"declarer": "Anna", "partner": "Béla", "contract": "ketto", "game_won": ""}
    hand, refused = _hand(game, rules, ruleset_id, form, unset, deal)
    with app.test_request_context("/?lang=hu"):
        app.preprocess_request()
        values = generic.read(form, unset, deal)
        field, said = form_refusals.explain(GameForm(game, rules), form, values, hand, refused)
    assert field == "game_won" and said.startswith("Jelöld, hogy a felvevő oldal")

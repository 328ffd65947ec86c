"""The gettext catalogues: complete in Hungarian, English and German, one set of fields per
message, plural forms where counts appear, and every marked message in the template
catalogue."""

from __future__ import annotations

import re
from pathlib import Path

import flask_babel
import pytest
from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po
from flask import render_template_string

from ulti_ledger import PROJECT_ROOT
from ulti_ledger.games.ulti import explain
from ulti_ledger.words import i18n, messages

COMPLETE = ("hu", "en", "de")
"""Every message has a text in these: a German text missing fails, as a Hungarian one does."""
ENGINE_COMPLETE = ("hu", "de")
"""The engine's msgids are English sentences: every other language has every one."""
RULESET_COMPLETE = ("de",)
"""A game's ``msgctxt "ruleset"``: a ruleset file's English text in German (Hungarian and
English read the file itself)."""


def _read(path: Path) -> Catalog:
    with path.open("rb") as source:
        return read_po(source)


def _templates() -> list[tuple[Path, tuple[str, ...]]]:
    """Each domain's template, with the languages that must be complete: the app's
    ``messages.pot`` and every game's own (key msgids), and the engine's (English msgids:
    Hungarian and German, its fields as the msgid's)."""
    games = sorted(messages.GAMES.glob("*/locale/*.pot"))
    assert games, "no game catalogue found"
    return [
        (messages.ROOT / "messages.pot", COMPLETE),
        *((pot, COMPLETE) for pot in games),
        (messages.CORE_LOCALE / "settlement.pot", ENGINE_COMPLETE),
    ]


def _fields(text: str) -> set[str]:
    # {A_n}, {a_n}: the number n with its Hungarian article (i18n.t adds them)
    return {re.sub(r"^[aA]_(?=[a-z]+$)", "", f) for f in re.findall(r"{(\w+)[^}]*}", text)}


def problems(template: Catalog, catalogs: dict[str, Catalog], complete=COMPLETE) -> list[str]:
    """What a translator must still do: missing, empty or fuzzy texts, and texts whose
    ``{fields}`` differ from the message's other languages (or from an English msgid)."""
    out = []
    for message in template:
        if not message.id:
            continue
        key = message.id if isinstance(message.id, str) else message.id[0]
        where = f"{message.context}|{key}" if message.context else key
        seen: dict[str, set[str]] = {}
        for lang, catalog in catalogs.items():
            found = catalog.get(message.id, context=message.context)
            texts = [] if found is None else found.string
            texts = [texts] if isinstance(texts, str) else list(texts)
            need = RULESET_COMPLETE if message.context == messages.RULESET_CONTEXT else complete
            if found is None or found.fuzzy or not all(texts):
                if lang in need or (found is not None and any(texts)):
                    out.append(
                        f"{lang}: {where} has no text"
                        + (" (fuzzy)" if found and found.fuzzy else "")
                    )
                continue
            fields = set().union(*map(_fields, texts))
            seen[lang] = fields
        msgid_fields = set().union(*map(_fields, [key]))
        for lang, fields in seen.items():
            if fields != seen.get("en", fields) or (msgid_fields and fields != msgid_fields):
                out.append(f"{lang}: {where} has the fields {sorted(fields)}")
    for lang, catalog in catalogs.items():
        stale = {m.id for m in catalog if m.id} - {m.id for m in template if m.id}
        out += [f"{lang}: {m} is not in the template" for m in sorted(map(str, stale))]
    return out


@pytest.mark.parametrize(
    ("template", "complete"), _templates(), ids=lambda p: getattr(p, "name", "")
)
def test_every_message_has_a_text_in_every_language(template, complete):
    pot = _read(template)
    langs = sorted(template.parent.glob(f"*/LC_MESSAGES/{template.stem}.po"))
    catalogs = {po.parent.parent.name: _read(po) for po in langs}
    assert set(complete) <= set(catalogs)
    assert len(pot) > 20
    assert problems(pot, catalogs, complete) == []


def test_the_check_finds_a_missing_an_empty_a_fuzzy_and_a_mismatched_text():
    pot = Catalog()
    for key in ("kept", "gone", "empty", "fuzzy", "fields"):
        pot.add(key, "")
    hu, en = Catalog(locale="hu"), Catalog(locale="en")
    for catalog, lang in ((hu, "hu"), (en, "en")):
        catalog.add("kept", f"{lang} {{n}}")
        catalog.add("empty", "" if lang == "hu" else "x")
        catalog.add("fuzzy", "x", flags=["fuzzy"] if lang == "en" else [])
        catalog.add("fields", "{name}" if lang == "hu" else "{player}")
    en.add("gone", "x")
    found = problems(pot, {"hu": hu, "en": en})
    assert found == [
        "hu: gone has no text",
        "hu: empty has no text",
        "en: fuzzy has no text (fuzzy)",
        "hu: fields has the fields ['name']",
    ]
    english = Catalog()
    english.add("{name} sits out", "")
    hu = Catalog(locale="hu")
    hu.add("{name} sits out", "{player} kimarad")
    assert problems(english, {"hu": hu}, ("hu",)) == [
        "hu: {name} sits out has the fields ['player']"
    ]


def test_every_message_marked_in_code_and_templates_is_in_the_template():
    """What `make translations-extract` finds (babel.cfg, t() and the gettext names)."""
    method_map = [
        ("ulti_ledger/games/**.py", "ignore"),  # each game has its own domain
        ("ulti_ledger/**.py", "python"),
        ("templates/**.html", "jinja2"),
    ]
    keywords = {"t": None, "_": None, "gettext": None, "ngettext": (1, 2)}
    marked = set()
    for path, line, message, _, _ in _extract(method_map, keywords):
        key = message if isinstance(message, str) else message[0]
        # the extractor also takes a subscript of a variable named t (t["from"]) and joins
        # t(a if b else c) into one string: keep what the line really passes as a key
        text = (PROJECT_ROOT / path).read_text("utf-8").splitlines()[line - 1]
        if re.search(rf"""\b(t|_|gettext|ngettext)\(\s*["']{re.escape(key)}["']""", text):
            marked.add(key)
    marked -= {"key"}  # the docstring's example, t("key")
    assert len(marked) > 200
    assert marked - set(messages.keys()) == set()


def _extract(method_map, keywords):
    yield from extract_from_dir(str(PROJECT_ROOT), method_map, keywords=keywords)


def test_counts_take_their_plural_form(app):
    with app.test_request_context("/?lang=en"):
        app.preprocess_request()
        assert i18n.t("hand_count", n=1) == "1 hand"
        assert i18n.t("hand_count", n=2) == "2 hands"
        assert i18n.t("duration_minutes", n=1) == "1 minute"
        assert i18n.t("group_lead", n=3).startswith("3 evenings together")
    with app.test_request_context("/?lang=hu"):
        app.preprocess_request()
        assert i18n.t("hand_count", n=1) == "1 leosztás"
        assert i18n.t("hand_count", n=7) == "7 leosztás"


def test_flask_babel_speaks_the_pages_language(app):
    for lang, expected in (("hu", "Új este"), ("en", "New evening")):
        with app.test_request_context(f"/?lang={lang}"):
            app.preprocess_request()
            assert str(flask_babel.get_locale()) == lang
            assert flask_babel.gettext("new_session") == expected
            assert render_template_string('{{ _("new_session") }}') == expected
            assert render_template_string("{{ ngettext('hand_count', 'hand_count', 1) }}") == (
                "1 leosztás" if lang == "hu" else "1 hand"
            ).replace("1", "{n}")


def test_german_is_complete_and_a_text_merged_without_it_reads_english():
    """German is a whole language now: the check above fails on a missing German text;
    meanwhile (a branch merged with new keys) the page shows English, never the key."""
    de = _read(messages.ROOT / "de" / "LC_MESSAGES" / "messages.po")
    assert [m.id for m in de if m.id and not m.string] == []
    assert messages.text("new_session", "de") == "Neuer Abend"
    assert messages.text("dealer", "de", context="pdf") == "Geber"
    assert messages.plural("hand_count", 2, "de") == "{n} Spiele"
    assert messages.plural("hand_count", 1, "de") == "{n} Spiel"
    found = messages.translations("de")
    assert found._fallback is messages.translations("en")
    pot, catalog = Catalog(), Catalog(locale="de")
    pot.add("fresh", "")
    assert problems(pot, {"de": catalog}) == ["de: fresh has no text"]


def test_an_unknown_key_is_an_error_and_a_text_may_equal_its_key():
    with pytest.raises(KeyError):
        messages.text("no_such_key", "hu")
    with pytest.raises(KeyError):
        messages.text("untitled", "hu", context="no_such_context")
    with pytest.raises(KeyError):
        explain.TEXT["en"]["no_such_key"]
    assert explain.TEXT["en"]["made"] == "made" and explain.TEXT["hu"]["made"] == "megvan"


def test_the_word_tables_read_the_catalogues():
    from ulti_ledger.ledger import exchange
    from ulti_ledger.pdf import document as pdf

    assert pdf.WORDS["hu"]["dealer"] == "Osztó" and pdf.WORDS["en"]["dealer"] == "Dealer"
    assert dict(pdf.WORDS["en"])["no_payment"] == "no payment"
    assert exchange.CSV_WORDS["en"][0] == "Hand" and exchange.CSV_WORDS["hu"][4] == "összesen"


def test_the_carry_script_adds_a_dicts_new_keys_and_keeps_the_translators_texts(tmp_path):
    """scripts/dicts_to_po.py, as after merging a branch that still added to a dict."""
    import importlib.util
    import shutil

    spec = importlib.util.spec_from_file_location(
        "dicts_to_po", PROJECT_ROOT / "scripts" / "dicts_to_po.py"
    )
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    shutil.copytree(messages.ROOT, tmp_path / "translations", ignore=shutil.ignore_patterns("*.mo"))
    (tmp_path / "ulti_ledger" / "words").mkdir(parents=True)
    (tmp_path / "ulti_ledger" / "drawings").mkdir()
    (tmp_path / "ulti_ledger" / "words" / "texts.py").write_text(
        'TEXTS = {\n    "new_session": ("Másik szöveg", "Other"),\n'
        '    "brand_new": ("{n} új", "{n} new"),\n}\n',
        "utf-8",
    )
    (tmp_path / "ulti_ledger" / "drawings" / "chart.py").write_text(
        'WORDS = {"hu": {"z": "tengely"}, "en": {"z": "axis"}}\n', "utf-8"
    )
    assert script.carry(None, overwrite=False, repo=tmp_path) == 2
    read = {
        lang: _read(tmp_path / "translations" / lang / "LC_MESSAGES" / "messages.po")
        for lang in ("hu", "en", "de")
    }
    assert read["hu"].get("brand_new").string == "{n} új"
    assert read["en"].get("brand_new").string == "{n} new"
    assert read["de"].get("brand_new").string == ""  # German: English until translated
    assert read["en"].get("z", context="chart").string == "axis"
    assert read["hu"].get("new_session").string == "Új este"  # the catalogue's text stays
    pot = _read(tmp_path / "translations" / "messages.pot")
    assert problems(pot, {k: read[k] for k in ("hu", "en")}, ("hu", "en")) == []
    # a dict has no German: the check names what a German translator must still add
    assert problems(pot, {"de": read["de"]}, ("de",)) == [
        "de: brand_new has no text",
        "de: chart|z has no text",
    ]
    assert script.carry(None, overwrite=False, repo=tmp_path) == 0  # redone: nothing new
    assert script.carry(None, overwrite=True, repo=tmp_path) == 2  # its hu and en
    po = tmp_path / "translations" / "hu" / "LC_MESSAGES" / "messages.po"
    assert _read(po).get("new_session").string == "Másik szöveg"


def test_a_compiled_catalogue_leaves_fuzzy_texts_out(tmp_path):
    """What `make translations` (pybabel compile) and the start-up compile both build."""
    from babel.messages.pofile import write_po
    from babel.support import Translations

    catalog = Catalog(locale="hu")
    catalog.add("kept", "megvan")
    catalog.add("unsure", "talán", flags=["fuzzy"])
    po = tmp_path / "hu" / "LC_MESSAGES" / "messages.po"
    po.parent.mkdir(parents=True)
    with po.open("wb") as target:
        write_po(target, catalog)
    with messages.compile_po(po).open("rb") as mo:
        compiled = Translations(mo)
    assert compiled.gettext("kept") == "megvan" and compiled.gettext("unsure") == "unsure"
    assert sorted(p.name for p in po.parent.iterdir()) == ["messages.mo", "messages.po"]


def test_a_games_words_keep_each_tables_keys_apart(tmp_path):
    """settlement.words.GameWords: the stdlib reads a game's domain, a context per table."""
    from babel.messages.pofile import write_po

    from ulti_ledger.settlement.words import GameWords

    catalog = Catalog(locale="hu", domain="game")
    catalog.add("made", "megvan")
    catalog.add("made", "teljesítve", context="row")
    po = tmp_path / "hu" / "LC_MESSAGES" / "game.po"
    po.parent.mkdir(parents=True)
    with po.open("wb") as target:
        write_po(target, catalog)
    messages.compile_po(po)
    lines, row = GameWords(tmp_path, "game", ("hu",)), GameWords(tmp_path, "game", ("hu",), "row")
    assert lines["hu"]["made"] == "megvan" and row["hu"]["made"] == "teljesítve"
    assert list(lines["hu"]) == ["made"] and dict(row["hu"]) == {"made": "teljesítve"}
    with pytest.raises(KeyError):
        row["hu"]["lost"]
    with pytest.raises(KeyError):
        row["en"]


def test_every_catalogue_reads_without_a_warning(capsys):
    """A merge that drops a ``msgstr`` line leaves a catalogue Babel still reads, with a
    warning printed into every command's output: each catalogue must read cleanly."""
    files = sorted(PROJECT_ROOT.glob("translations/**/*.po*")) + sorted(
        PROJECT_ROOT.glob("ulti_ledger/**/locale/**/*.po*")
    )
    assert files
    for path in files:
        _read(path)
        printed = capsys.readouterr()
        assert "WARNING" not in printed.out + printed.err, path

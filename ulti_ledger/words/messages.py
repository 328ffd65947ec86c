"""The app's texts as gettext catalogues: ``translations/<lang>/LC_MESSAGES/messages.po``.

A translator edits the ``.po`` files (Poedit, Weblate, a text editor); nothing here needs
reading. The msgids are stable keys (``new_session``), not sentences: the README's
"Translations" section says why. Tables that once were a module's own dict of words (the
PDF's, the CSV's, the CLI's ...) keep their keys under a gettext context (``msgctxt
"pdf"``), so a module's ``WORDS["hu"]["dealer"]`` reads the catalogue unchanged.

The ``.mo`` files are built, not committed: ``make translations`` compiles them (``make run``
and ``make test`` do it first), and ``ensure_compiled`` rebuilds any that is missing or
older than its ``.po`` (the app, the CLI and the test suite call it on start).
German (``de``) is complete as Hungarian and English are; a message merged without its German
falls back to English (and tests/words/test_translations.py names it).
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Mapping, Sequence
from functools import cache
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import Translations

from ..config import PROJECT_ROOT

ROOT = PROJECT_ROOT / "translations"
"""The web app's catalogues (Flask-Babel's translation directory)."""
GAMES = PROJECT_ROOT / "ulti_ledger" / "games"
CORE_LOCALE = PROJECT_ROOT / "ulti_ledger" / "settlement" / "locale"
"""The engine's refusals: English msgids, a Hungarian catalogue (``settlement.messages``)."""
DOMAIN = "messages"
LANGUAGES = ("hu", "en", "de")
"""Every catalogue; the pages offer ``i18n.LANGUAGES`` of them."""
FALLBACK = {"de": "en"}
"""A text merged without its German shows English until it is translated (the test fails)."""
RULESET_CONTEXT = "ruleset"
"""The ruleset files' own words in German, by their English text (``label_en``, ``help_en``,
``description_en``): in the game's own domain under ``msgctxt "ruleset"``
(``games/<game>/locale/de/LC_MESSAGES/<game>.po``). Hungarian and English read the file
itself; an evening pinned to an older text keeps its German wherever the English text is
the same."""


def catalogue_files() -> list[Path]:
    """Every ``.po`` file: the app's, the engine's and each game package's own domain
    (by its name: ``pybabel update`` writes a temporary ``.po`` beside it meanwhile)."""
    games = [path for game in GAMES.iterdir() for path in _domain(game / "locale", game.name)]
    return sorted([*_domain(ROOT, DOMAIN), *_domain(CORE_LOCALE, "settlement"), *games])


def _domain(localedir: Path, domain: str) -> list[Path]:
    return list(localedir.glob(f"*/LC_MESSAGES/{domain}.po"))


def compile_po(po: Path) -> Path:
    """Compile ``po`` beside itself (what ``pybabel compile`` does); fuzzy texts are left out."""
    with po.open("rb") as source:
        catalog = read_po(source, locale=po.parent.parent.name)
    mo = po.with_suffix(".mo")
    part = mo.with_name(f".{mo.name}.{os.getpid()}")
    with part.open("wb") as target:
        write_mo(target, catalog)
    part.replace(mo)  # atomic: a worker starting beside this one never reads half a file
    return mo


def ensure_compiled() -> None:
    """Compile every catalogue whose ``.mo`` is missing or older than its ``.po``."""
    for po in catalogue_files():
        mo = po.with_suffix(".mo")
        if not mo.exists() or mo.stat().st_mtime < po.stat().st_mtime:
            compile_po(po)


@cache
def translations(lang: str) -> Translations:
    """The compiled catalogue of ``lang``, with its fallback language behind it."""
    path = ROOT / lang / "LC_MESSAGES" / f"{DOMAIN}.mo"
    if not path.exists():
        ensure_compiled()
    with path.open("rb") as mo:
        found = Translations(mo, domain=DOMAIN)
    if lang in FALLBACK:
        found.add_fallback(translations(FALLBACK[lang]))
    return found


def ruleset_text(hungarian: str, english: str, lang: str) -> str:
    """A ruleset file's words in ``lang``: its own Hungarian or English text, or the German
    of its English text (``RULESET_CONTEXT``, in the games' own domains); English where
    German has none yet."""
    if lang == "hu":
        return hungarian
    if lang == "en" or not english:
        return english
    return _ruleset_words(lang).get(english, english)


@cache
def _ruleset_words(lang: str) -> dict[str, str]:
    """Every registered game's ruleset words in ``lang`` (a ruleset's text is read without
    its game: the first game that words an English text says it)."""
    from ..games import REGISTRY  # the registry's games, read when first needed
    from ..settlement.words import package_words

    ensure_compiled()
    found: dict[str, str] = {}
    for game in REGISTRY.values():
        words = package_words(game.package, RULESET_CONTEXT)
        if lang in words.languages:
            found = {**dict(words[lang]), **found}
    return found


def text(key: str, lang: str, context: str | None = None) -> str:
    """The text of ``key`` in ``lang``; an unknown key raises ``KeyError`` (a typo fails).

    A message with plural forms gives its form for many (``{n} hands``).
    """
    if key not in _key_set(context):
        raise KeyError(f"{context}|{key}" if context else key)
    found = translations(lang)
    out = found.pgettext(context, key) if context else found.gettext(key)
    if out == key and not context:
        out = found.ngettext(key, key, 2)
    return out


def plural(key: str, n: int, lang: str) -> str | None:
    """The form of ``key`` for the count ``n``, or None when ``key`` has no plural forms."""
    out = translations(lang).ngettext(key, key, n)
    return None if out == key else out


@cache
def keys(context: str | None = None) -> tuple[str, ...]:
    """The msgids of the template catalogue (``messages.pot``) under ``context``."""
    with (ROOT / f"{DOMAIN}.pot").open("rb") as source:
        catalog = read_po(source)
    ids = (m.id if isinstance(m.id, str) else m.id[0] for m in catalog if m.context == context)
    return tuple(key for key in ids if key)


class Texts(Mapping[str, tuple[str, str]]):
    """The catalogue as the old ``TEXTS`` dict: key -> (Hungarian, English)."""

    def __getitem__(self, key: str) -> tuple[str, str]:
        return text(key, "hu"), text(key, "en")

    def __contains__(self, key: object) -> bool:
        return key in _key_set(None)

    def __iter__(self) -> Iterator[str]:
        return iter(keys())

    def __len__(self) -> int:
        return len(keys())


class Words(Mapping[str, str]):
    """One language's words of a context: what ``WORDS["hu"]`` was."""

    def __init__(self, context: str, lang: str) -> None:
        self.context, self.lang = context, lang

    def __getitem__(self, key: str) -> str:
        return text(key, self.lang, self.context)

    def __iter__(self) -> Iterator[str]:
        return iter(keys(self.context))

    def __len__(self) -> int:
        return len(keys(self.context))


def words(context: str) -> dict[str, Words]:
    """A module's word table by language, read from its context in the catalogues."""
    return {lang: Words(context, lang) for lang in LANGUAGES}


class WordTuples(Mapping[str, tuple[str, ...]]):
    """A positional word table by language (the CSV's header words), read when used."""

    def __init__(self, context: str, names: Sequence[str]) -> None:
        self.context, self.names = context, tuple(names)

    def __getitem__(self, lang: str) -> tuple[str, ...]:
        if lang not in LANGUAGES:
            raise KeyError(lang)
        return tuple(text(name, lang, self.context) for name in self.names)

    def __iter__(self) -> Iterator[str]:
        return iter(LANGUAGES)

    def __len__(self) -> int:
        return len(LANGUAGES)


@cache
def _key_set(context: str | None) -> frozenset[str]:
    return frozenset(keys(context))

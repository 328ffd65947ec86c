"""A game's words by language, from the game's own gettext domain (stdlib ``gettext``).

A game package keeps its texts as a catalogue of its own, ``locale/<lang>/LC_MESSAGES/
<domain>.po`` inside the package, so that its translator needs no Python and the package
stays pure: only the standard library reads it. The ``.mo`` files are built (``make
translations``; the app, the CLI and the tests compile a missing or stale one first).
"""

from __future__ import annotations

import gettext
from collections.abc import Iterator, Mapping
from functools import cache
from pathlib import Path
from types import ModuleType

RULE_CONTEXT = "rule"
"""The context of a game's house-rule words in its domain: ``<option>`` says what the
option decides, ``<option>.<value>`` what a choice means (``package_words``)."""


class GameWords(Mapping[str, Mapping[str, str]]):
    """``words[lang][key]``: a game's text of ``key`` in ``lang``, read from its catalogue.

    ``context`` keeps one table's keys apart from another's in the same domain (gettext's
    ``msgctxt``: the explanation lines have none, a scoresheet row's words say "row").
    """

    def __init__(
        self,
        localedir: Path,
        domain: str,
        languages: tuple[str, ...],
        context: str | None = None,
    ) -> None:
        self.localedir, self.domain, self.languages = localedir, domain, languages
        self.context = context

    def __getitem__(self, lang: str) -> Mapping[str, str]:
        if lang not in self.languages:
            raise KeyError(lang)
        return _Catalogue(_translation(self.localedir, self.domain, lang), self.context)

    def __iter__(self) -> Iterator[str]:
        return iter(self.languages)

    def __len__(self) -> int:
        return len(self.languages)


class _Catalogue(Mapping[str, str]):
    """One language of a game's catalogue; an unknown key raises ``KeyError``."""

    def __init__(self, found: gettext.GNUTranslations, context: str | None) -> None:
        self._found, self._prefix = found, f"{context}\x04" if context else ""

    def __getitem__(self, key: str) -> str:
        # gettext keeps a context's message as "context\x04key"; a text may equal its key
        text = self._found._catalog.get(self._prefix + key)
        if text is None:
            raise KeyError(key)
        return text

    def __iter__(self) -> Iterator[str]:
        keys = (k for k in self._found._catalog if isinstance(k, str) and k)
        if self._prefix:
            return (k.removeprefix(self._prefix) for k in keys if k.startswith(self._prefix))
        return (k for k in keys if "\x04" not in k)

    def __len__(self) -> int:
        return sum(1 for _ in self)


@cache
def _translation(localedir: Path, domain: str, lang: str) -> gettext.GNUTranslations:
    try:
        return gettext.translation(domain, localedir, [lang])
    except FileNotFoundError as exc:
        raise FileNotFoundError(
            f"{domain} has no compiled catalogue for {lang} in {localedir}: run `make translations`"
        ) from exc


@cache
def package_words(package: ModuleType, context: str | None = None) -> GameWords:
    """A game package's own domain under ``context``: the catalogues in its ``locale/``
    folder named as the package's folder (``<game>/locale/<lang>/LC_MESSAGES/<game>.po``),
    in every language it keeps one of; the registry's ``rule_words`` reads a game's
    house-rule words with it, so no game need say where they are."""
    folder = Path(str(package.__file__)).parent
    localedir, domain = folder / "locale", folder.name
    found = localedir.glob(f"*/LC_MESSAGES/{domain}.po")
    return GameWords(localedir, domain, tuple(sorted(p.parent.parent.name for p in found)), context)


class GamePairs(Mapping[str, tuple[str, str]]):
    """A game's words as the tables once were: key -> (Hungarian, English)."""

    def __init__(self, words: GameWords) -> None:
        self.words = words

    def __getitem__(self, key: str) -> tuple[str, str]:
        return self.words["hu"][key], self.words["en"][key]

    def __iter__(self) -> Iterator[str]:
        return iter(self.words["en"])

    def __len__(self) -> int:
        return len(self.words["en"])


def word_or_itself(words: GameWords, key: str, lang: str) -> str:
    """``words[lang][key]`` (English for a language the game has no catalogue of), or
    ``key`` itself where the catalogue has no text for it: a word that is its own label."""
    try:
        return words[lang if lang in words.languages else "en"][key]
    except KeyError:
        return key

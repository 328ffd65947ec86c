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


class GameWords(Mapping[str, Mapping[str, str]]):
    """``words[lang][key]``: a game's text of ``key`` in ``lang``, read from its catalogue."""

    def __init__(self, localedir: Path, domain: str, languages: tuple[str, ...]) -> None:
        self.localedir, self.domain, self.languages = localedir, domain, languages

    def __getitem__(self, lang: str) -> Mapping[str, str]:
        if lang not in self.languages:
            raise KeyError(lang)
        return _Catalogue(_translation(self.localedir, self.domain, lang))

    def __iter__(self) -> Iterator[str]:
        return iter(self.languages)

    def __len__(self) -> int:
        return len(self.languages)


class _Catalogue(Mapping[str, str]):
    """One language of a game's catalogue; an unknown key raises ``KeyError``."""

    def __init__(self, found: gettext.GNUTranslations) -> None:
        self._found = found

    def __getitem__(self, key: str) -> str:
        if key not in self._found._catalog:  # a text may equal its key ("made")
            raise KeyError(key)
        return self._found.gettext(key)

    def __iter__(self) -> Iterator[str]:
        return (key for key in self._found._catalog if isinstance(key, str) and key)

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

"""The engine's refusals in Hungarian and German, keyed by their English template (msgid).

`errors.Msg` carries an English template and its values; `translate` says it in the
reader's language. A template missing here is said in English: tests/words/test_engine_messages.py
finds every template the engine can raise and fails when one has no Hungarian, so a new
refusal comes with its translation (tests/words/test_translations.py: in German too). The
catalogues are gettext's, with English msgids: the core's own sentences in
``locale/<lang>/LC_MESSAGES/settlement.po`` (``hu``, ``de``), read by the standard library
(the core stays pure), and a game's in its own domain under ``msgctxt "engine"``
(``games/<game>/locale``): the registry adds each game's with `add_game_words`, and a
template the core's catalogue lacks is looked up there. Names, labels and JSON keys are
values, never translated; game terms (ulti, kontra, renonsz ...) stay as they are.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from .words import GameWords


class _Hungarian(Mapping[str, str]):
    """The Hungarian catalogue as a dict: English template -> Hungarian (read when used)."""

    def __getitem__(self, template: str) -> str:
        return "" if template == "" else _WORDS["hu"][template]

    def __iter__(self) -> Iterator[str]:
        return iter(["", *_WORDS["hu"]])

    def __len__(self) -> int:
        return 1 + len(_WORDS["hu"])


REFUSAL_CONTEXT = "engine"
"""The context of a game's refusal sentences in its own domain (English msgids)."""
_WORDS = GameWords(Path(__file__).parent / "locale", "settlement", ("hu", "de"))
_GAMES: dict[Path, GameWords] = {}
"""Each registered game's refusal sentences, by its locale folder (`add_game_words`)."""


def add_game_words(words: GameWords) -> None:
    """Look up the templates the core's catalogue lacks in a game's domain too (the
    registry adds each game it holds; a game's sentences are its own words)."""
    _GAMES.setdefault(words.localedir, words)


def _said(template: str, lang: str) -> str:
    if lang in _WORDS.languages and template in _WORDS[lang]:
        return _WORDS[lang][template]
    for words in _GAMES.values():
        if lang in words.languages and template in words[lang]:
            return words[lang][template]
    return template


HU = _Hungarian()
"""``locale/hu/LC_MESSAGES/settlement.po``: the msgid is the English template."""


def translate(template: str, params: Mapping[str, Any], lang: str = "en") -> str:
    """``template`` in ``lang`` with ``params`` filled in (a `Msg` value in ``lang`` too)."""
    text = _said(template, lang) if template and lang != "en" else template
    if not params:
        return text
    values = {
        k: v.text(lang) if hasattr(v, "text") and hasattr(v, "template") else v
        for k, v in params.items()
    }
    return text.format(**values)

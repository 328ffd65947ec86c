"""The engine's refusals in Hungarian and German, keyed by their English template (msgid).

`errors.Msg` carries an English template and its values; `translate` says it in the
reader's language. A template missing here is said in English: tests/words/test_engine_messages.py
finds every template the engine can raise and fails when one has no Hungarian, so a new
refusal comes with its translation (tests/words/test_translations.py: in German too). The
catalogues are gettext's, with English msgids: ``locale/<lang>/LC_MESSAGES/settlement.po``
(``hu``, ``de``), read by the standard library (the core stays
pure). Names, labels and JSON keys are values, never translated; game terms (ulti, kontra,
renonsz ...) stay as they are.
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


_WORDS = GameWords(Path(__file__).parent / "locale", "settlement", ("hu", "de"))
HU = _Hungarian()
"""``locale/hu/LC_MESSAGES/settlement.po``: the msgid is the English template."""


def translate(template: str, params: Mapping[str, Any], lang: str = "en") -> str:
    """``template`` in ``lang`` with ``params`` filled in (a `Msg` value in ``lang`` too)."""
    text = _WORDS[lang].get(template, template) if template and lang in _WORDS else template
    if not params:
        return text
    values = {
        k: v.text(lang) if hasattr(v, "text") and hasattr(v, "template") else v
        for k, v in params.items()
    }
    return text.format(**values)

"""House rules in a player's words, one wording for the pages, the history and the PDF.

The words are the game's own (its domain's ``msgctxt "rule"``: ``<option>`` and
``<option>.<value>``, read through ``REGISTRY.rule_words`` for the ruleset's ``scorer``),
so two games may word an option of the same name each their own way. A choice without
them falls back to the ruleset file's help, and an option the ruleset does not know is
written as stored.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..games import REGISTRY
from .messages import FALLBACK


def rule_text(game: str, key: str, lang: str) -> str | None:
    """Game ``game``'s words for a house rule (``<option>``) or one of its choices
    (``<option>.<value>``) in ``lang``, or None where the game has none. As the app's
    texts do, German without a text falls back to English; a language the game keeps no
    catalogue of reads English."""
    words = REGISTRY.rule_words(game)
    asked = (lang, FALLBACK.get(lang)) if lang in words.languages else ("en",)
    found = (words[each].get(key) for each in asked if each in words.languages)
    return next((text for text in found if text), None)


def choice_words(game: str, name: str, value: Any, lang: str) -> str | None:
    """One choice as the new-evening page words it, or None where it has no text."""
    return rule_text(game, f"{name}.{value}", lang)


def option_words(ruleset: Mapping[str, Any], name: str, value: Any, lang: str) -> str:
    """``label: meaning`` of a house rule's value; ``ruleset`` as the ledger's catalogue
    gives it (its ``scorer``, and ``options`` with ``name``, ``label`` and ``choices``)."""
    option = next((o for o in ruleset["options"] if o["name"] == name), None)
    if option is None:
        return f"{name}: {value}"
    meaning = choice_words(ruleset["scorer"], name, value, lang) or next(
        (c["help"] for c in option["choices"] or () if c["value"] == value and c["help"]),
        str(value),
    )
    return f"{option['label']}: {meaning.rstrip('.')}"  # a phrase: brackets may follow

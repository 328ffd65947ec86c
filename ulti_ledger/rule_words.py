"""House rules in a player's words, one wording for the pages, the history and the PDF.

The words are the new-evening page's (texts ``rule.<option>.<value>``); a choice without
them falls back to the ruleset file's help, and an option the ruleset does not know is
written as stored.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .messages import text
from .texts import TEXTS


def choice_words(name: str, value: Any, lang: str) -> str | None:
    """One choice as the new-evening page words it, or None where it has no text."""
    key = f"rule.{name}.{value}"
    return text(key, lang) if key in TEXTS else None


def option_words(ruleset: Mapping[str, Any], name: str, value: Any, lang: str) -> str:
    """``label: meaning`` of a house rule's value; ``ruleset`` as the ledger's catalogue
    gives it (``options`` with ``name``, ``label`` and ``choices``)."""
    option = next((o for o in ruleset["options"] if o["name"] == name), None)
    if option is None:
        return f"{name}: {value}"
    meaning = choice_words(name, value, lang) or next(
        (c["help"] for c in option["choices"] or () if c["value"] == value and c["help"]),
        str(value),
    )
    return f"{option['label']}: {meaning.rstrip('.')}"  # a phrase: brackets may follow

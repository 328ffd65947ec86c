"""Ruleset files that build on another (``extends = "FILE.toml"``): the merge.

A file says only what differs from its base: its tables are merged key by key into the
base's (recursively), and any other value replaces the base's. Where the base is found is
the caller's (``find_base``: beside the file, or among the shipped files).
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Mapping
from typing import Any

from .errors import RulesetError

BaseFinder = Callable[[str], str | None]
"""The text of the ruleset file a file ``extends`` (by its file name), or None."""
MAX_EXTENDS = 8
"""How deep files may build on each other (a loop is refused long before)."""


def read_extended(
    text: str, source: str, find_base: BaseFinder | None
) -> tuple[dict[str, Any], tuple[str, ...]]:
    """A file's TOML merged over the files it builds on (``extends``), and their texts.

    The file's tables are merged key by key into its base's (recursively), every other
    value replaces the base's: a file says only what differs. ``extends`` itself is
    consumed here; the base's identity keys are overridden like any other.
    """
    raw = _toml(text, source)
    chain: list[str] = []
    seen = {source}
    while "extends" in raw:
        name = raw.pop("extends")
        if not isinstance(name, str) or not name.endswith(".toml"):
            raise RulesetError(source, "extends", 'must name a ruleset file, such as "tarokk.toml"')
        if name in seen or len(chain) >= MAX_EXTENDS:
            raise RulesetError(source, "extends", f"{name} builds on itself")
        seen.add(name)
        base_text = find_base(name) if find_base is not None else None
        if base_text is None:
            raise RulesetError(source, "extends", f"{name} is not a ruleset file found beside it")
        chain.append(base_text)
        base = _toml(base_text, name)
        nested = base.pop("extends", None)
        raw = merge_tables(base, raw)
        if nested is not None:
            raw["extends"] = nested
    return raw, tuple(chain)


def merge_tables(base: dict[str, Any], over: Mapping[str, Any]) -> dict[str, Any]:
    """``over`` laid on ``base``: tables merge key by key, anything else replaces."""
    out = dict(base)
    for key, value in over.items():
        below = out.get(key)
        if isinstance(value, Mapping) and isinstance(below, dict):
            out[key] = merge_tables(below, value)
        else:
            out[key] = value
    return out


def _toml(text: str, source: str) -> dict[str, Any]:
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise RulesetError(source, "", f"is not valid TOML: {exc}") from None

"""Strict reading of ruleset tables: unknown keys are rejected with a "did you mean"."""

from __future__ import annotations

import difflib
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, TypeVar

from .errors import Msg, RulesetError

T = TypeVar("T")
_MISSING: Any = object()


def suggest(word: str, choices: Iterable[str]) -> str:
    """' (did you mean "x"?)' when a close match exists, else ''."""
    close = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.6)
    return f' (did you mean "{close[0]}"?)' if close else ""


def suggestion(word: str, choices: Iterable[str]) -> Msg:
    """`suggest` as a message, said in the reader's language (empty when none is close)."""
    close = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.6)
    return Msg(' (did you mean "{name}"?)', {"name": close[0]}) if close else Msg("")


class Table:
    """A TOML table being read: typed getters that name the key in every error."""

    def __init__(self, data: Any, path: str, source: str) -> None:
        if not isinstance(data, Mapping):
            raise RulesetError(source, path, f"must be a table, not {_kind(data)}")
        self.data = data
        self.path = path
        self.source = source
        self.seen: set[str] = set()

    def key_path(self, key: str) -> str:
        return f"{self.path}.{key}" if self.path else key

    def error(self, key: str, problem: str) -> RulesetError:
        return RulesetError(self.source, self.key_path(key), problem)

    def get(self, key: str, check: Callable[[Any], bool], what: str, default: Any = _MISSING):
        self.seen.add(key)
        if key not in self.data:
            if default is _MISSING:
                unread = [k for k in self.data if k not in self.seen]
                close = difflib.get_close_matches(key, unread, n=1, cutoff=0.6)
                hint = f'; is "{close[0]}" a misspelling of it?' if close else ""
                raise self.error(key, f"is required ({what}){hint}")
            return default
        value = self.data[key]
        if not check(value):
            raise self.error(key, f"must be {what}, not {_kind(value)} {value!r}")
        return value

    def str(self, key: str, default: Any = _MISSING) -> str:
        return self.get(
            key, lambda v: isinstance(v, str) and v != "", "a non-empty string", default
        )

    def int(self, key: str, default: Any = _MISSING, minimum: int = 0) -> int:
        return self.get(
            key,
            lambda v: isinstance(v, int) and not isinstance(v, bool) and v >= minimum,
            f"a whole number >= {minimum}",
            default,
        )

    def bool(self, key: str, default: Any = _MISSING) -> bool:
        return self.get(key, lambda v: isinstance(v, bool), "true or false", default)

    def str_list(self, key: str, default: Any = _MISSING) -> list[str]:
        return self.get(
            key,
            lambda v: isinstance(v, list) and all(isinstance(x, str) for x in v),
            "a list of strings",
            default,
        )

    def choice(self, key: str, allowed: Iterable[str], default: Any = _MISSING) -> str:
        allowed = list(allowed)
        value = self.str(key, default)
        if value not in allowed:
            raise self.error(
                key, f'"{value}" is not one of {", ".join(allowed)}' + suggest(value, allowed)
            )
        return value

    def table(self, key: str, default: Any = _MISSING) -> Table:
        self.seen.add(key)
        if key not in self.data:
            if default is _MISSING:
                raise self.error(key, "is required (a table)")
            return Table(default, self.key_path(key), self.source)
        return Table(self.data[key], self.key_path(key), self.source)

    def tables(self, key: str) -> list[tuple[str, Table]]:
        """The sub-tables of a table of tables, in file order."""
        outer = self.table(key)
        return [(name, outer.table(name)) for name in outer.data]

    def finish(self) -> None:
        """Reject every key that no getter asked for."""
        for key in self.data:
            if key not in self.seen:
                raise self.error(key, "is not a known key" + suggest(key, self.seen))


@dataclass(frozen=True, slots=True)
class RulesIdentity:
    """The first fields of a game's resolved rules: the ruleset file's identity
    (`identity`). A game's ``Rules`` dataclass extends it with its own sections."""

    id: str
    label: str
    label_en: str
    scorer: str


def identity(raw: Mapping[str, Any]) -> dict[str, str]:
    """A checked ruleset file's identity, as every game's rules carry it."""
    return {
        "id": raw["id"],
        "label": raw["label"],
        "label_en": raw.get("label_en", raw["label"]),
        "scorer": raw["scorer"],
    }


def names_known(
    table: Table, key: str, names: Iterable[str], known: Mapping[str, Any], what: str
) -> frozenset[str]:
    """Check that every name of a list refers to a known entry."""
    for name in names:
        if name not in known:
            raise table.error(
                key, f'"{name}" is not a {what} of this ruleset' + suggest(name, known)
            )
    return frozenset(names)


def _kind(value: Any) -> str:
    return {
        bool: "a boolean",
        int: "a number",
        float: "a number",
        str: "a string",
        list: "a list",
        dict: "a table",
    }.get(type(value), type(value).__name__)

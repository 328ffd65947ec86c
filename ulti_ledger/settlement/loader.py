"""Reading ruleset files into `Ruleset` objects; the only module here that does I/O.

This part is the same for every game: identity, house-rule options, caching. The game's
own sections are read by its scorer's ``build_rules`` (e.g. ``games/ulti/build.py``).

A ruleset file is TOML. Its ``[options.*]`` tables are the house rules: each choice
sets keys of the file (``set = {"kontra.rekontra_scope" = "both"}``), so an option can
only change data, never code. Every choice is resolved once at load, so a file whose
option would produce a broken ruleset is rejected before any hand is settled.
"""

from __future__ import annotations

import copy
import hashlib
import threading
from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .contract import Game
from .errors import Msg, OptionError, RulesetError
from .extends import BaseFinder, read_extended
from .schema import Table, suggestion
from .seating import Seating, read_seating

FORMAT = 1
OptionValue = str | int
OptionKey = tuple[OptionValue, ...]
RESOLVED_CACHE_SIZE = 64
"""Resolved rules kept per ruleset (about 40 KiB each, plus their memos): far more sets of
house rules than a club plays with, and a bound on what distinct option sets sent by
strangers can take (``tests/ledger/test_bounded_memory.py``)."""
RESOLVED_MEMO_SIZE = 512
"""The memo size a game's rules resolved with house rules keep (``bounded_rules``, a part of
the game contract: the core never reaches into a game's rules); the defaults' rules keep
the scorer's own (4,096 entries, up to ~10 MiB with long names). 64 x 512 entries stay
within ~80 MiB, however many distinct hands and option sets arrive."""
SHOWN_CHARS = 40
"""How much of a refused value a message repeats (a 5,000-digit value is not echoed)."""


@dataclass(frozen=True, slots=True)
class Choice:
    """One value of a choice option and the ruleset keys it sets."""

    name: str
    help: str
    help_en: str
    sets: Mapping[str, Any]


@dataclass(frozen=True, slots=True)
class Option:
    """A named house rule with its default (RULES.md "Decisions")."""

    name: str
    label: str
    label_en: str
    help: str
    help_en: str
    default: OptionValue
    choices: Mapping[str, Choice] | None
    """The values of a choice option; None for a whole-number option."""
    minimum: int = 0
    maximum: int = 0
    target: str = ""
    offered: bool = True
    """False for a deprecated option: read for the evenings that chose it, never offered
    to a new evening (the file's ``offered = false``)."""

    @property
    def seating(self) -> bool:
        """Whether the option changes only the seating (``seating.*`` keys): it moves who
        deals next, never a hand's result, so the hands recorded need no decision."""
        if self.choices is None:
            return self.target.startswith("seating.")
        paths = [path for choice in self.choices.values() for path in choice.sets]
        return bool(paths) and all(path.startswith("seating.") for path in paths)

    def normalize(self, value: Any) -> OptionValue:
        """The option's value as stored, or an OptionError that says what is allowed."""
        key = f"options.{self.name}"
        if not isinstance(value, str | int | float | None):  # a list or a table is no value
            raise OptionError(
                key,
                "must be one value (a word or a whole number), not {kind}",
                code="option_not_a_value",
                kind=_kind(value),
            )
        if isinstance(value, str) and len(value) > SHOWN_CHARS:
            value = _Shown(value)
        if self.choices is None:
            if isinstance(value, int) and not isinstance(value, bool):
                if self.minimum <= value <= self.maximum:
                    return value
            raise OptionError(
                key,
                "must be a whole number from {minimum} to {maximum}, not {value!r}",
                code="option_out_of_range",
                minimum=self.minimum,
                maximum=self.maximum,
                value=value,
            )
        if isinstance(value, bool) and set(self.choices) == {"on", "off"}:
            return "on" if value else "off"
        if isinstance(value, int) and not isinstance(value, bool) and str(value) in self.choices:
            return str(value)
        if isinstance(value, str) and value in self.choices:
            return value
        allowed = ", ".join(self.choices)
        hint = suggestion(value, self.choices) if isinstance(value, str) else Msg("")
        raise OptionError(
            key,
            "{value!r} is not a value of this option{hint}; allowed: {allowed}",
            code="option_unknown_value",
            value=value,
            hint=hint,
            allowed=allowed,
        )


class Ruleset:
    """A ruleset file: its options, and its rules resolved per set of option values."""

    def __init__(
        self,
        raw: dict[str, Any],
        source: str,
        text: str,
        games: Mapping[str, Game],
        bases: tuple[str, ...] = (),
    ) -> None:
        """``bases``: the texts of the files this one builds on (``extends``), nearest
        first; ``raw`` is already merged over them, and the digest covers them all."""
        game = games.get(raw["scorer"]) if isinstance(raw.get("scorer"), str) else None
        if game is not None:  # a file of an older revision, as pinned sessions keep it
            raw = game.upgrade_ruleset(raw)
        top = Table(raw, "", source)
        self.raw = raw
        self.source = source
        self.text = text
        self.bases = bases
        self.digest = hashlib.sha256("\x00".join((text, *bases)).encode()).hexdigest()
        fmt = top.int("format")
        if fmt != FORMAT:
            raise top.error("format", f"this engine reads format {FORMAT}, not {fmt}")
        self.id = top.str("id")
        self.label = top.str("label")
        self.label_en = top.str("label_en", self.label)
        self.description = top.str("description", "")
        self.description_en = top.str("description_en", self.description)
        self.scorer = top.choice("scorer", games)
        self.options = _read_options(top.table("options", {}), source)
        self.scorer_module = games[self.scorer]
        top.seen.update(self.scorer_module.SECTIONS)  # the scorer reads and checks those
        top.table("seating")  # required; read with the options applied (``seating``)
        top.finish()
        self._cache: OrderedDict[OptionKey, tuple[Any, Seating]] = OrderedDict()
        self._cache_lock = threading.Lock()
        self.defaults: dict[str, OptionValue] = {n: o.default for n, o in self.options.items()}
        self.rules = self.resolve({})
        for option in self.options.values():  # every choice must give a usable ruleset
            values = option.choices or {option.minimum: None, option.maximum: None}
            for value in values:
                self.resolve({option.name: value})

    def __repr__(self) -> str:
        return f"<Ruleset {self.id!r} from {self.source}>"

    def normalize_options(self, options: Mapping[str, Any] | None) -> dict[str, OptionValue]:
        """Every option's value: the defaults overridden by ``options``, each checked."""
        values = dict(self.defaults)
        for name, value in (options or {}).items():
            option = self.options.get(name)
            if option is None:
                known = ", ".join(self.options)
                raise OptionError(
                    f"options.{name}",
                    "{ruleset} has no house-rule option of that name{hint}; known options: {known}",
                    code="option_unknown",
                    ruleset=self.id,
                    hint=suggestion(name, self.options),
                    known=known,
                )
            values[name] = option.normalize(value)
        return values

    def resolve(self, options: Mapping[str, Any] | None = None) -> Any:
        """The rules with these option values (defaults for the rest).

        Kept by the checked values, in a bounded LRU (``RESOLVED_CACHE_SIZE``): ``"on"`` and
        ``true`` share one entry, and no number of distinct option sets grows it further.
        """
        return self._resolved(options)[0]

    def seating(self, options: Mapping[str, Any] | None = None) -> Seating:
        """The ``[seating]`` section with these option values: who plays, deals, starts."""
        return self._resolved(options)[1]

    def _resolved(self, options: Mapping[str, Any] | None) -> tuple[Any, Seating]:
        if options is not None and not isinstance(options, Mapping):
            raise OptionError(
                "options",
                "must be an object of option names and values",
                code="options_not_an_object",
            )
        values = self.normalize_options(options)
        key = tuple(values.values())
        with self._cache_lock:
            found = self._cache.get(key)
            if found is not None:
                self._cache.move_to_end(key)
                return found
        raw = copy.deepcopy(self.raw)
        for name, value in values.items():
            option = self.options[name]
            if option.choices is None:
                _set_path(raw, option.target, value, self.source, name)
            else:
                for path, new in option.choices[value].sets.items():
                    _set_path(raw, path, new, self.source, f"{name} = {value}")
        try:
            rules = self.scorer_module.build_rules(raw, self.source)
            seating = read_seating(raw.get("seating"), self.source)
        except RulesetError as exc:
            if not options:
                raise
            given = ", ".join(f"options.{n} = {v}" for n, v in options.items())
            raise RulesetError(self.source, f"{given} sets {exc.key}", exc.problem) from None
        if values != self.defaults:  # there may be many of these: the game keeps less of each
            rules = self.scorer_module.bounded_rules(rules, RESOLVED_MEMO_SIZE)
        with self._cache_lock:
            self._cache[key] = (rules, seating)
            while len(self._cache) > RESOLVED_CACHE_SIZE:
                self._cache.popitem(last=False)
        return rules, seating

    def cached_count(self) -> int:
        """How many resolved rule sets are kept (at most ``RESOLVED_CACHE_SIZE``)."""
        return len(self._cache)


class _Shown(str):
    """A long refused value, repeated in a message only by its start."""

    def __repr__(self) -> str:
        return f"{str.__repr__(self[:SHOWN_CHARS])}…"  # in every language


def _kind(value: Any) -> Msg:
    return Msg("a list" if isinstance(value, list) else "an object")


def parse_ruleset(
    text: str,
    source: str,
    games: Mapping[str, Game],
    find_base: BaseFinder | None = None,
) -> Ruleset:
    """Build a ruleset from the text of a ruleset file; ``source`` names it in errors.

    ``games`` (the registry) holds the game that the file's ``scorer`` names;
    ``find_base`` finds the file that an ``extends = "FILE.toml"`` names.
    """
    raw, bases = read_extended(text, source, find_base)
    return Ruleset(raw, source, text, games, bases)


def load_ruleset_file(
    path: str | Path, games: Mapping[str, Game], find_base: BaseFinder | None = None
) -> Ruleset:
    """Read and check one ruleset file; a file it ``extends`` is looked for beside it
    first, then with ``find_base``."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise RulesetError(str(path), "", f"cannot be read: {exc}") from None

    def beside(name: str) -> str | None:
        sibling = path.parent / name
        if sibling.is_file() and Path(name).name == name:
            return sibling.read_text(encoding="utf-8")
        return find_base(name) if find_base is not None else None

    return parse_ruleset(text, path.name, games, beside)


def _read_options(table: Table, source: str) -> dict[str, Option]:
    """The file's house rules; ``NAME = false`` withdraws an option that the file it builds
    on (``extends``) offers, so that a ruleset offers only options that change what it
    says (magas tarokk's renonsz vote has no minimum or maximum)."""
    options: dict[str, Option] = {}
    withdrawn = [name for name, value in table.data.items() if value is False]
    table = Table({n: v for n, v in table.data.items() if n not in withdrawn}, table.path, source)
    for name, opt in _subtables(table):
        label = opt.str("label")
        common = dict(
            name=name,
            label=label,
            label_en=opt.str("label_en", label),
            help=opt.str("help"),
            help_en=opt.str("help_en"),
            offered=opt.bool("offered", True),
        )
        if "choices" in opt.data:
            choices = {}
            for choice_name, ch in _subtables(opt.table("choices")):
                sets = ch.get("set", lambda v: isinstance(v, Mapping), "a table of key = value")
                choices[choice_name] = Choice(choice_name, ch.str("help"), ch.str("help_en"), sets)
                ch.finish()
            default = opt.choice("default", choices)
            options[name] = Option(default=default, choices=choices, **common)
        else:
            low, high = opt.int("min"), opt.int("max")
            default = opt.int("default")
            if not low <= default <= high:
                raise opt.error("default", f"must lie between min ({low}) and max ({high})")
            target = opt.str("target")
            options[name] = Option(
                default=default, choices=None, minimum=low, maximum=high, target=target, **common
            )
        opt.finish()
    return options


def _subtables(table: Table) -> list[tuple[str, Table]]:
    return [
        (name, Table(value, table.key_path(name), table.source))
        for name, value in table.data.items()
    ]


def _set_path(raw: dict[str, Any], path: str, value: Any, source: str, by: str) -> None:
    """Set a dotted key; ``contracts.<id>`` addresses a contract by its id."""
    parts = path.split(".")
    node: Any = raw
    for depth, part in enumerate(parts[:-1]):
        if isinstance(node, list):
            node = next((c for c in node if isinstance(c, dict) and c.get("id") == part), None)
        elif isinstance(node, dict):
            node = node.get(part)
        if not isinstance(node, dict | list):
            where = ".".join(parts[: depth + 1])
            raise RulesetError(
                source, f"options ({by})", f'sets "{path}", but "{where}" does not exist'
            )
    if not isinstance(node, dict):
        raise RulesetError(
            source, f"options ({by})", f'sets "{path}", which is not a key of a table'
        )
    node[parts[-1]] = value

"""Reading ruleset files into `Ruleset` objects; the only module here that does I/O.

A ruleset file is TOML. Its ``[options.*]`` tables are the house rules: each choice
sets keys of the file (``set = {"kontra.rekontra_scope" = "both"}``), so an option can
only change data, never code. Every choice is resolved once at load, so a file whose
option would produce a broken ruleset is rejected before any hand is settled.
"""

from __future__ import annotations

import copy
import hashlib
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from .errors import OptionError, RulesetError
from .rules import (
    Colour,
    ComponentRule,
    Contract,
    GameKind,
    KontraRules,
    OpenForm,
    Rules,
    SilentRule,
)
from .schema import Table, names_known, suggest

FORMAT = 1
SCORERS = ("ulti",)
OptionValue = str | int
OptionKey = tuple[tuple[str, OptionValue], ...]


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

    def normalize(self, value: Any) -> OptionValue:
        """The option's value as stored, or an OptionError that says what is allowed."""
        key = f"options.{self.name}"
        if self.choices is None:
            if isinstance(value, int) and not isinstance(value, bool):
                if self.minimum <= value <= self.maximum:
                    return value
            raise OptionError(
                key, f"must be a whole number from {self.minimum} to {self.maximum}, not {value!r}"
            )
        if isinstance(value, bool) and set(self.choices) == {"on", "off"}:
            return "on" if value else "off"
        if isinstance(value, int) and not isinstance(value, bool) and str(value) in self.choices:
            return str(value)
        if isinstance(value, str) and value in self.choices:
            return value
        allowed = ", ".join(self.choices)
        hint = suggest(value, self.choices) if isinstance(value, str) else ""
        raise OptionError(key, f"{value!r} is not a value of this option{hint}; allowed: {allowed}")


class Ruleset:
    """A ruleset file: its options, and its rules resolved per set of option values."""

    def __init__(self, raw: dict[str, Any], source: str, text: str) -> None:
        top = Table(raw, "", source)
        self.raw = raw
        self.source = source
        self.text = text
        self.digest = hashlib.sha256(text.encode()).hexdigest()
        fmt = top.int("format")
        if fmt != FORMAT:
            raise top.error("format", f"this engine reads format {FORMAT}, not {fmt}")
        self.id = top.str("id")
        self.label = top.str("label")
        self.label_en = top.str("label_en", self.label)
        self.description = top.str("description", "")
        self.description_en = top.str("description_en", self.description)
        self.scorer = top.choice("scorer", SCORERS)
        self.options = _read_options(top.table("options", {}), source)
        for key in (
            "table",
            "colours",
            "games",
            "kontra",
            "components",
            "combinations",
            "silent",
            "renonsz",
            "throw_in",
            "all_pass",
            "contracts",
        ):
            top.seen.add(key)
        top.finish()
        self._cache: dict[OptionKey, Rules] = {}
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
                    f"{self.id} has no house-rule option of that name{suggest(name, self.options)};"
                    f" known options: {known}",
                )
            values[name] = option.normalize(value)
        return values

    def resolve(self, options: Mapping[str, Any] | None = None) -> Rules:
        """The rules with these option values (defaults for the rest); cached."""
        key = tuple(sorted((options or {}).items()))
        rules = self._cache.get(key)
        if rules is None:
            values = self.normalize_options(options)
            raw = copy.deepcopy(self.raw)
            for name, value in values.items():
                option = self.options[name]
                if option.choices is None:
                    _set_path(raw, option.target, value, self.source, name)
                else:
                    for path, new in option.choices[value].sets.items():
                        _set_path(raw, path, new, self.source, f"{name} = {value}")
            try:
                rules = _build_rules(raw, self.source)
            except RulesetError as exc:
                if not options:
                    raise
                given = ", ".join(f"options.{n} = {v}" for n, v in options.items())
                raise RulesetError(self.source, f"{given} sets {exc.key}", exc.problem) from None
            self._cache[key] = rules
        return rules


def parse_ruleset(text: str, source: str) -> Ruleset:
    """Build a ruleset from the text of a ruleset file; ``source`` names it in errors."""
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise RulesetError(source, "", f"is not valid TOML: {exc}") from None
    return Ruleset(raw, source, text)


def load_ruleset_file(path: str | Path) -> Ruleset:
    """Read and check one ruleset file."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise RulesetError(str(path), "", f"cannot be read: {exc}") from None
    return parse_ruleset(text, path.name)


def builtin_rulesets() -> dict[str, Ruleset]:
    """The rulesets shipped in ``ulti_ledger/rulesets``, by id."""
    found: dict[str, Ruleset] = {}
    folder = resources.files("ulti_ledger").joinpath("rulesets")
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        if entry.name.endswith(".toml"):
            ruleset = parse_ruleset(entry.read_text(encoding="utf-8"), entry.name)
            found[ruleset.id] = ruleset
    return found


def _read_options(table: Table, source: str) -> dict[str, Option]:
    options: dict[str, Option] = {}
    for name, opt in _subtables(table):
        label = opt.str("label")
        common = dict(
            name=name,
            label=label,
            label_en=opt.str("label_en", label),
            help=opt.str("help"),
            help_en=opt.str("help_en"),
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


def _build_rules(raw: dict[str, Any], source: str) -> Rules:
    """Check the whole file's game data and turn it into `Rules`."""
    top = Table(raw, "", source)
    table = top.table("table")
    active = table.int("active_players", minimum=2)
    max_out = table.int("max_sitting_out")
    out_pays = table.bool("sitting_out_pays")
    table.finish()

    colours = {}
    for name, t in top.tables("colours"):
        label = t.str("label")
        colours[name] = Colour(name, t.int("factor", minimum=1), label, t.str("label_en", label))
        t.finish()

    games = {}
    for name, t in top.tables("games"):
        label = t.str("label")
        games[name] = GameKind(
            name=name,
            label=label,
            label_en=t.str("label_en", label),
            colour_required=t.bool("colour_required"),
            colours=names_known(t, "colours", t.str_list("colours"), colours, "colour"),
            individual_kontra=t.choice("kontra", ("common", "individual")) == "individual",
            silent=t.bool("silent"),
        )
        t.finish()

    k = top.table("kontra")
    names = tuple(k.str_list("names"))
    max_level = k.int("max_level")
    if max_level >= len(names):
        raise k.error(
            "max_level", f"{max_level} has no name; names go up to level {len(names) - 1}"
        )
    kontra = KontraRules(
        factor=k.int("factor", minimum=2),
        max_level=max_level,
        names=names,
        rekontra_scope=k.choice("rekontra_scope", ("kontra_only", "both")),
    )
    k.finish()

    components = _read_components(top, games, colours)
    comb = top.table("combinations")
    alone = names_known(comb, "alone", comb.str_list("alone"), components, "component")
    exclusive = tuple(
        names_known(comb, "exclusive", group, components, "component")
        for group in comb.get(
            "exclusive",
            lambda v: isinstance(v, list) and all(isinstance(g, list) for g in v),
            "a list of lists of component names",
        )
    )
    comb.finish()
    silent = _read_silent(top, components)
    contracts = _read_contracts(top, components, silent, alone, exclusive)

    ren = top.table("renonsz")
    declarer_renonsz = ren.choice("declarer", ("whole_bid_loss",))
    defender_renonsz = ren.choice(
        "defender", ("win_to_declarer_loss_to_partner", "double_win_to_declarer")
    )
    ren.finish()
    throw = top.table("throw_in")
    throw_mode = throw.choice("mode", ("double_win", "loss_next_kontra"))
    throw_factor = throw.int("factor", minimum=1)
    throw.finish()
    all_pass = top.table("all_pass")
    pays_each = all_pass.int("pays_each")
    all_pass.finish()

    return Rules(
        id=raw["id"],
        label=raw["label"],
        scorer=raw["scorer"],
        active_players=active,
        max_sitting_out=max_out,
        sitting_out_pays=out_pays,
        colours=colours,
        games=games,
        kontra=kontra,
        components=components,
        alone=alone,
        exclusive=exclusive,
        silent=silent,
        contracts=tuple(c for c in contracts if all(components[n].enabled for n in c.components)),
        declarer_renonsz=declarer_renonsz,
        defender_renonsz=defender_renonsz,
        throw_in_mode=throw_mode,
        throw_in_factor=throw_factor,
        all_pass_pays_each=pays_each,
    )


def _read_components(
    top: Table, games: dict[str, GameKind], colours: dict[str, Colour]
) -> dict[str, ComponentRule]:
    components: dict[str, ComponentRule] = {}
    for name, t in top.tables("components"):
        label = t.str("label")
        open_form = None
        if "open" in t.data:
            o = t.table("open")
            open_colours = o.str_list("colours", None)
            open_form = OpenForm(
                value=o.int("value", minimum=1),
                colours=None
                if open_colours is None
                else names_known(o, "colours", open_colours, colours, "colour"),
                label=o.str("label"),
            )
            o.finish()
        game = t.choice("game", games)
        components[name] = ComponentRule(
            name=name,
            label=label,
            label_en=t.str("label_en", label),
            label_red=t.str("label_red", None),
            game=game,
            value=t.int("value", minimum=1),
            failed_extra=t.int("failed_extra", 0),
            failed_extra_unless_with=frozenset(t.str_list("failed_extra_unless_with", [])),
            replaces_parti=t.bool("replaces_parti", False),
            point_count=t.bool("point_count", False),
            takes_all_tricks=t.bool("takes_all_tricks", False),
            open=open_form,
            enabled=t.bool("enabled", True),
            individual=games[game].individual_kontra,
        )
        t.finish()
    if "parti" not in components:
        raise top.error("components", 'must define the "parti"')
    for name, rule in components.items():
        where = top.table("components").table(name)
        names_known(
            where,
            "failed_extra_unless_with",
            rule.failed_extra_unless_with,
            components,
            "component",
        )
    return components


def _read_silent(top: Table, components: dict[str, ComponentRule]) -> dict[str, SilentRule]:
    silent: dict[str, SilentRule] = {}
    raw_tables = top.tables("silent")
    for name, t in raw_tables:
        label = t.str("label")
        silent[name] = SilentRule(
            name=name,
            label=label,
            label_en=t.str("label_en", label),
            value=t.int("value", minimum=1),
            failed_factor=t.int("failed_factor", 0),
            excluded_by=names_known(
                t, "excluded_by", t.str_list("excluded_by"), components, "component"
            ),
            absorbed_by=frozenset(t.str_list("absorbed_by", [])),
            replaces_parti=t.bool("replaces_parti", False),
            defenders=t.bool("defenders", True),
            defender_scope=t.choice("defender_scope", ("team", "everyone"), "team"),
            takes_all_tricks=t.bool("takes_all_tricks", False),
            enabled=t.bool("enabled", True),
        )
        t.finish()
    for name, t in raw_tables:
        names_known(t, "absorbed_by", silent[name].absorbed_by, silent, "silent result")
    return silent


def _read_contracts(
    top: Table,
    components: dict[str, ComponentRule],
    silent: dict[str, SilentRule],
    alone: frozenset[str],
    exclusive: tuple[frozenset[str], ...],
) -> list[Contract]:
    raw = top.get("contracts", lambda v: isinstance(v, list) and v != [], "a list of [[contracts]]")
    contracts: list[Contract] = []
    seen_ids: set[str] = set()
    seen_keys: dict[tuple[frozenset[str], bool], str] = {}
    for index, entry in enumerate(raw):
        t = Table(entry, f"contracts[{index}]", top.source)
        cid = t.str("id")
        names = t.str_list("components")
        names_known(t, "components", names, components, "component")
        silent_list = t.str_list("silent", None)
        contract = Contract(
            id=cid,
            label=t.str("label"),
            components=tuple(names),
            open=t.bool("open", False),
            silent=None
            if silent_list is None
            else names_known(t, "silent", silent_list, silent, "silent result"),
            common=t.bool("common", False),
        )
        t.finish()
        if cid in seen_ids:
            raise t.error("id", f'"{cid}" is used by another contract')
        if contract.key in seen_keys:
            raise t.error(
                "components", f'the same components as contract "{seen_keys[contract.key]}"'
            )
        problem = contract_problem(contract.components, contract.open, components, alone, exclusive)
        if problem:
            raise t.error("components", problem)
        seen_ids.add(cid)
        seen_keys[contract.key] = cid
        contracts.append(contract)
    return contracts


def contract_problem(
    names: tuple[str, ...] | list[str],
    open_: bool,
    components: Mapping[str, ComponentRule],
    alone: frozenset[str],
    exclusive: tuple[frozenset[str], ...],
) -> str | None:
    """Why these components cannot form one contract, or None if the rules allow it."""
    present = set(names)
    if len(present) != len(names):
        twice = next(n for n in names if names.count(n) > 1)
        return f"{components[twice].label} is listed twice"
    for name in names:
        if name in alone and len(names) > 1:
            other = next(n for n in names if n != name)
            return f"{components[name].label} cannot be combined with {components[other].label}"
    for group in exclusive:
        both = [n for n in names if n in group]
        if len(both) > 1:
            return (
                f"{components[both[0]].label} cannot be combined with {components[both[1]].label}"
            )
    games = {components[n].game for n in names}
    if len(games) > 1:
        return "components of a trump game and of a no-trump game cannot be combined"
    if not (present & alone):
        replacing = [n for n in names if components[n].replaces_parti]
        if replacing and "parti" in present:
            return (
                f"a contract with {components[replacing[0]].label} carries no parti "
                f"(the {components[replacing[0]].label} replaces it): remove the parti"
            )
        if not replacing and "parti" not in present:
            return "this contract carries the parti: add a parti component"
    if open_ and not any(components[n].open for n in names):
        return "none of these components has an open (terített) form"
    return None

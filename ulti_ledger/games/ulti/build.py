"""Reading the Ulti sections of a ruleset file into `Rules`, with every check.

The generic part of the file (identity, options) is read by ``settlement/loader.py``;
this module knows what an Ulti ruleset must hold.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from ...settlement.errors import Msg, RulesetError
from ...settlement.schema import Table, names_known
from ...settlement.seating import Seating, read_seating
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

SECTIONS = (
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
)


def build_rules(raw: dict[str, Any], source: str) -> Rules:
    """Check the whole file's game data and turn it into `Rules`."""
    top = Table(raw, "", source)
    table = top.table("table")
    out_pays = table.bool("sitting_out_pays")
    table.finish()
    active, max_out = _players(read_seating(raw.get("seating"), source), source)

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
        declarer_reach=k.choice("declarer_reach", ("all_callers", "each_alone"), "each_alone"),
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
            point_count=(point_count := t.bool("point_count", False)),
            takes_all_tricks=t.bool("takes_all_tricks", False),
            open=open_form,
            enabled=t.bool("enabled", True),
            individual=games[game].individual_kontra,
            made_by_all_tricks=t.bool("made_by_all_tricks", point_count),
            reaches_100=t.bool("reaches_100", False),
            all_tricks_why=t.str("all_tricks_why", ""),
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
            reaches_100=t.bool("reaches_100", False),
            needs_one_of=names_known(
                t, "needs_one_of", t.str_list("needs_one_of", []), components, "component"
            ),
            needs_why=t.str("needs_why", ""),
            fails_in_last_trick=t.bool("fails_in_last_trick", False),
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
            takes_all_tricks=any(components[n].takes_all_tricks for n in names),
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
            raise t.error("components", str(problem))
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
) -> Msg | None:
    """Why these components cannot form one contract, or None if the rules allow it."""
    present = set(names)
    if len(present) != len(names):
        twice = next(n for n in names if names.count(n) > 1)
        return Msg("{label} is listed twice", {"label": components[twice].label})
    for name in names:
        if name in alone and len(names) > 1:
            other = next(n for n in names if n != name)
            return _not_with(components[name].label, components[other].label)
    for group in exclusive:
        both = [n for n in names if n in group]
        if len(both) > 1:
            return _not_with(components[both[0]].label, components[both[1]].label)
    games = {components[n].game for n in names}
    if len(games) > 1:
        return Msg("components of a trump game and of a no-trump game cannot be combined")
    if not (present & alone):
        replacing = [n for n in names if components[n].replaces_parti]
        if replacing and "parti" in present:
            return Msg(
                "a contract with {label} carries no parti (the {label} replaces it): "
                "remove the parti",
                {"label": components[replacing[0]].label},
            )
        if not replacing and "parti" not in present:
            return Msg("this contract carries the parti: add a parti component")
    if open_ and not any(components[n].open for n in names):
        return Msg("none of these components has an open (terített) form")
    return None


def _not_with(label: str, other: str) -> Msg:
    return Msg("{label} cannot be combined with {other}", {"label": label, "other": other})


def _players(seating: Seating, source: str) -> tuple[int, int]:
    """Who plays an Ulti hand: the same number at every table size (three), and how many
    sit out at the largest table."""
    plays = {table.play for table in seating.tables.values()}
    if len(plays) != 1:
        raise RulesetError(source, "seating.tables", "Ulti plays one number at every size")
    (play,) = plays
    return play, seating.largest - play


def bounded_rules(rules: Rules, memo_size: int) -> Rules:
    """``rules`` with memos of at most ``memo_size`` entries each: the loader asks for it
    for rules resolved with house rules, of which a server may keep many."""
    return replace(rules, memo_size=min(rules.memo_size, memo_size))

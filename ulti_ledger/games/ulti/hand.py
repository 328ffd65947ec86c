"""An Ulti hand as recorded at the table (hand format v1), and its validation.

Hands, components and silent results are named tuples: immutable and typed like frozen
dataclasses, and several times cheaper to build (settling speed matters: bench/engine.py).

Parsing is where impossible hands are refused: every check raises a `HandError` that
names the key and says what is allowed, so nothing half-valid reaches the scorer.
"""

from __future__ import annotations

import marshal
from collections.abc import Mapping
from operator import itemgetter, methodcaller
from typing import Any, NamedTuple, TypeVar

from ...settlement.errors import HandError, Msg
from ...settlement.hand_checks import check_keys as _check_keys
from ...settlement.hand_checks import check_sitting_out, none_for_outcome
from ...settlement.hand_checks import kind as _kind
from ...settlement.hand_checks import names as _names
from ...settlement.hand_checks import not_one_of as _not_one_of
from ...settlement.hand_checks import player as _player
from ...settlement.hand_checks import renonsz as _renonsz
from .build import contract_problem
from .consistency import because, check_consistency
from .kontra import levels as kontra_levels
from .rules import ComponentRule, Contract, Rules, SilentRule
from .stakes import Stakes, both_stakes

HAND_KEYS = (
    "ruleset",
    "options",
    "players",
    "sitting_out",
    "declarer",
    "outcome",
    "colour",
    "components",
    "silent",
    "renonsz",
)
COMPONENT_KEYS = ("name", "open", "won", "kontra")
SILENT_KEYS = ("name", "side", "won", "player")
OUTCOMES = ("played", "conceded", "all_pass", "redeal")
SIDES = ("declarer", "defenders")
_COMPONENT_KEYSET = frozenset(COMPONENT_KEYS)
_HAND_KEYSET = frozenset(HAND_KEYS)
_new = tuple.__new__
"""What ``Hand(...)`` calls, minus a Python-level frame (speed: see ``MEMO_SIZE``)."""
_Rule = TypeVar("_Rule", ComponentRule, SilentRule)
MEMO_NAME_CHARS = 400
MEMO_SIZE = 4096
"""At most this many validated seatings, component and silent lists are kept per rules
(``Rules.memo_size``: this for a ruleset's defaults, fewer for other house rules).

A table seats the same players and plays the same few contracts all night, so most of a
hand has been validated before. Only what passed every check is stored. A component or
silent list's key is its text (``_memo_key``: keys, values and their types, so ``1`` never
passes for ``true``), with the defenders where the levels depend on them (a per-defender
kontra: `BY_DEFENDERS`); a seating's key holds names only, which are strings.
"""
MARSHAL_FORMAT = 4
"""The ``marshal`` format of a memo key (see `_memo_key`)."""
BY_DEFENDERS = ("by defenders",)
"""What a component memo holds under a key whose levels depend on who defends (a kontra
given per defender): the checked value is kept under the key and the defenders."""


class Component(NamedTuple):
    """One bid part: made or lost, and the kontra level each defender plays it at."""

    name: str
    open: bool
    won: bool | None
    """None where the hand did not come to a result (bedobás, renonsz)."""
    kontra: tuple[int, ...]
    """Each defender's kontra level, in the order of `Hand.defenders` (checked against the
    ladder: see `kontra.py`)."""


_NAME, _OPEN = itemgetter(0), itemgetter(1)
"""A component's name and openness, read in C (see ``Component``'s field order)."""
_KONTRA = methodcaller("get", "kontra")
"""A checked component object's kontra, read in C."""


class SilentResult(NamedTuple):
    """A csendes result made (or a silent ulti failed) by one side."""

    name: str
    side: str
    won: bool
    player: str | None = None
    """The defender who made it, where the defenders are not one side."""


class Hand(NamedTuple):
    """The facts of one hand, validated against its ruleset."""

    ruleset: str
    options: Mapping[str, Any]
    """Only the options the hand (or its session) set; the rest are the ruleset's defaults."""
    players: tuple[str, ...]
    sitting_out: tuple[str, ...]
    declarer: str
    outcome: str
    colour: str | None
    contract: Contract | None
    components: tuple[Component, ...]
    silent: tuple[SilentResult, ...]
    renonsz: str | None
    defenders: tuple[str, ...]
    """The players other than the declarer."""
    stakes: tuple[Stakes, Stakes | None] | None = None
    """Not a fact but what the facts are worth, kept for speed: the components' stakes
    (`stakes.both_stakes`), worked out once per remembered component list. None for a
    hand not settled by its components' results (thrown in, renonsz, all pass)."""

    def to_dict(self) -> dict[str, Any]:
        """The hand in format v1, with only the keys that carry information."""
        out: dict[str, Any] = {"ruleset": self.ruleset}
        if self.options:
            out["options"] = dict(self.options)
        out["players"] = list(self.players)
        if self.sitting_out:
            out["sitting_out"] = list(self.sitting_out)
        out["declarer"] = self.declarer
        if self.outcome != "played":
            out["outcome"] = self.outcome
        if self.colour is not None:
            out["colour"] = self.colour
        if self.components:
            out["components"] = [_component_dict(c, self.defenders) for c in self.components]
        if self.silent:
            out["silent"] = [_silent_dict(s) for s in self.silent]
        if self.renonsz is not None:
            out["renonsz"] = {"player": self.renonsz}
        return out


def _component_dict(c: Component, defenders: tuple[str, ...]) -> dict[str, Any]:
    out: dict[str, Any] = {"name": c.name}
    if c.open:
        out["open"] = True
    if c.won is not None:
        out["won"] = c.won
    levels = set(c.kontra)
    if levels != {0}:
        out["kontra"] = (
            levels.pop() if len(levels) == 1 else dict(zip(defenders, c.kontra, strict=True))
        )
    return out


def _silent_dict(s: SilentResult) -> dict[str, Any]:
    out: dict[str, Any] = {"name": s.name, "side": s.side, "won": s.won}
    if s.player is not None:
        out["player"] = s.player
    return out


def parse_hand(data: Any, rules: Rules, options: Mapping[str, Any] | None = None) -> Hand:
    """Validate a hand (a decoded JSON object) against ``rules`` and return its facts."""
    if type(data) is not dict:
        raise HandError(
            "", "a hand must be a JSON object, not {kind}", code="not_an_object", kind=_kind(data)
        )
    if not _HAND_KEYSET.issuperset(data):
        _check_keys(data, HAND_KEYS, "", Msg("a hand"))
    get = data.get
    players, sitting_out, declarer = get("players"), get("sitting_out"), get("declarer")
    key = seating = None
    if type(players) is list and (sitting_out is None or type(sitting_out) is list):
        try:  # names are strings, so equal keys are equal seatings (see MEMO_SIZE)
            key = (tuple(players), tuple(sitting_out) if sitting_out else (), declarer)
            seating = rules.seatings.get(key)
        except TypeError:  # an unhashable name: the long way says what is wrong
            key = None
    if seating is None:  # looked up here, checked there: a call fewer for most hands
        seating = _seating(players, sitting_out, declarer, rules, key)
    players, sitting_out, declarer, defenders = seating
    outcome = get("outcome", "played")
    if outcome not in OUTCOMES:
        raise HandError("outcome", _not_one_of(outcome, OUTCOMES), code="outcome_unknown")
    renonsz = get("renonsz")
    if renonsz is not None:
        renonsz = _renonsz(renonsz, players, sitting_out, outcome)
    colour = get("colour")
    if colour is not None and (type(colour) is not str or colour not in rules.colours):
        raise HandError("colour", _not_one_of(colour, rules.colours), code="colour_unknown")
    options = options or {}
    if outcome == "all_pass" or outcome == "redeal":
        none_for_outcome(outcome, (k for k in ("components", "silent", "renonsz") if get(k)))
        contract, components, silent, stakes = None, (), (), None
    else:
        components, contract, silent, stakes = _played_parts(
            get, rules, defenders, outcome, renonsz, colour
        )
    return _new(
        Hand,
        (
            rules.id,
            options,
            players,
            sitting_out,
            declarer,
            outcome,
            colour,
            contract,
            components,
            silent,
            renonsz,
            defenders,
            stakes,
        ),
    )


def _seating(players: Any, sitting_out: Any, declarer: Any, rules: Rules, key: Any) -> tuple:
    """Players, sitting-out players, declarer and defenders of a seating not remembered,
    checked, and remembered under ``key`` (its memo key, None for none)."""
    players = _names(players, "players", required=True)
    if len(players) != rules.active_players:
        raise HandError(
            "players",
            "{ruleset} is played by {n}, not {given}",
            code="player_count",
            ruleset=rules.label,
            n=rules.active_players,
            given=len(players),
        )
    sitting_out = _names(sitting_out, "sitting_out", required=False)
    if sitting_out:
        check_sitting_out(players, sitting_out, rules.max_sitting_out)
    if declarer not in players:
        _player(declarer, "declarer", players, sitting_out)
    seat = players.index(declarer)
    seating = players, sitting_out, declarer, players[:seat] + players[seat + 1 :]
    if key is not None and len(rules.seatings) < rules.memo_size and _short(players + sitting_out):
        rules.seatings[key] = seating
    return seating


def _played_parts(get, rules: Rules, defenders, outcome: str, renonsz, colour):
    """The components, contract and silent results of a hand that came to a contract, and
    the components' stakes (`Hand.stakes`)."""
    raw = get("components")
    needs_result = outcome == "played" and renonsz is None
    memo = rules.component_lists
    parts = key = None
    if type(raw) is list:
        try:  # `_memo_key`, inlined: this runs for every hand
            key = marshal.dumps((needs_result, raw), MARSHAL_FORMAT)
        except ValueError:
            key = None
        else:
            parts = memo.get(key)
            if parts is BY_DEFENDERS:  # levels by name: remembered with the defenders
                key = key, defenders
                parts = memo.get(key)
    if parts is None:
        keep = _short(defenders)
        components = _components(raw, rules, defenders, outcome, renonsz, keep)
        contract = _contract(components, rules)
        if needs_result:  # once per list, not per hand
            check_consistency(rules, components, ())
            stakes = both_stakes(components, contract, rules, len(defenders))
        else:
            stakes = None  # settled by other rows than the components' results
        parts = components, contract, rules.contract_colours(contract)[0], stakes
        if key is not None and keep:
            _remember(memo, key, parts, defenders, rules.memo_size, raw)
    components, contract, allowed, stakes = parts
    if colour not in allowed:
        _colour_error(colour, contract, rules)
    raw = get("silent")
    if not raw:
        return components, contract, (), stakes
    key = silent = None
    if type(raw) is list and outcome == "played":
        key = _memo_key(raw)
        if key is not None:  # the contract and the defenders decide what a list may hold
            key = (contract.id, defenders, key)
            silent = rules.silent_lists.get(key)
    if silent is None:
        silent = _silent(raw, rules, contract, components, defenders, outcome)
        if key is not None and len(rules.silent_lists) < rules.memo_size and _short(defenders):
            rules.silent_lists[key] = silent
    if needs_result:  # against this hand's made and lost components
        check_consistency(rules, components, silent)
    return components, contract, silent, stakes


def _short(names: tuple[str, ...]) -> bool:
    """Whether names are short enough to keep in a memo (a hostile 1 MB name is not)."""
    return sum(map(len, names)) <= MEMO_NAME_CHARS


def _memo_key(value: Any) -> bytes | None:
    """A JSON value as its memo key: its ``marshal`` bytes (format 2), written in C.

    Marshal writes each value with its exact type (``1``, ``true`` and ``1.0`` differ) and
    dict keys in their order; format 2 writes every string in full and no references
    between objects, so equal bytes are equal values, types included. None where marshal
    writes no bytes (a subclass of a JSON type, nesting too deep): the long way then says
    what is wrong. (Bytes are no container for the garbage collector to visit, unlike the
    tuples a key could be built of: a memo of thousands costs nothing to keep.)
    """
    try:
        return marshal.dumps(value, MARSHAL_FORMAT)
    except ValueError:
        return None


def _components(
    raw: Any,
    rules: Rules,
    defenders: tuple[str, ...],
    outcome: str,
    renonsz: str | None,
    keep: bool = False,
) -> tuple[Component, ...]:
    """The components of a list that is not remembered: each one checked before (most of
    a new list) is found in ``rules.component_items``, by its `_memo_key`, and with
    ``keep`` (the defenders' names are `_short`) each new one is kept there."""
    if type(raw) is not list or not raw:
        raise HandError(
            "components",
            "a played hand lists its contract's components (a non-empty list)",
            code="components_missing",
        )
    needs_result = outcome == "played" and renonsz is None
    memo = rules.component_items
    parsed = []
    for item in raw:
        try:  # `_memo_key`, inlined: once per component of every new list
            key = marshal.dumps((needs_result, item), MARSHAL_FORMAT)
        except ValueError:
            key = None
        else:
            component = memo.get(key)
            if component is BY_DEFENDERS:  # levels by name: remembered with the defenders
                key = key, defenders
                component = memo.get(key)
            if component is not None:
                parsed.append(component)
                continue
        component = _component(item, raw, rules, defenders, needs_result)
        if key is not None and keep:
            _remember(memo, key, component, defenders, rules.memo_size, (item,))
        parsed.append(component)
    return tuple(parsed)


def _remember(
    memo: dict, key: Any, value: Any, defenders: tuple[str, ...], size: int, items: list
) -> None:
    """Keep a checked component (or list) ``value`` under ``key``, its `_memo_key`.

    Where a component of ``items`` gives its kontra by defender (an object), the levels
    depend on who defends: the key then says so (`BY_DEFENDERS`) and the value is kept
    under the key with the defenders. A key found already marked is one with them."""
    if len(memo) >= size - 1:  # room for the mark and the value
        return
    if type(key) is bytes and dict in map(type, map(_KONTRA, items)):  # in C: no frames
        memo[key] = BY_DEFENDERS
        key = key, defenders
    memo[key] = value


def _component(
    item: Any, raw: list[Any], rules: Rules, defenders: tuple[str, ...], needs_result: bool
) -> Component:
    """One component, checked: the happy path checks each fact with one cheap test; every
    error goes through _component_error, which works out the message."""
    if type(item) is not dict or not _COMPONENT_KEYSET.issuperset(item):
        _component_error(item, raw, rules, needs_result)
    get = item.get
    name = get("name")
    rule = rules.components.get(name) if type(name) is str else None
    open_ = get("open", False)
    won = get("won")
    if (
        rule is None
        or not rule.enabled
        or (open_ is not False and (open_ is not True or rule.open is None))
        or (won is None and needs_result)
        or (won is not None and won is not True and won is not False)
    ):
        _component_error(item, raw, rules, needs_result)
    kontra = get("kontra", 0)
    if type(kontra) is int and 0 <= kontra <= rules.kontra.max_level:
        levels = (kontra,) * len(defenders)
    else:
        levels = kontra_levels(kontra, raw.index(item), rule, rules, defenders)
    return _new(Component, (name, open_, won if needs_result else None, levels))


def _component_error(item: Any, raw: list[Any], rules: Rules, needs_result: bool) -> None:
    """Raise the HandError that says what is wrong with one component."""
    key = f"components[{raw.index(item)}]"
    rule = _named_rule(item, key, COMPONENT_KEYS, Msg("a component"), rules.components, "played")
    open_ = item.get("open", False)
    if not isinstance(open_, bool):
        raise HandError(
            f"{key}.open", "must be true or false, not {value!r}", code="not_a_boolean", value=open_
        )
    if open_ and rule.open is None:
        raise HandError(
            f"{key}.open",
            "{label} has no open (terített) form",
            code="not_openable",
            label=rule.label,
        )
    won = item.get("won")
    if won is None and needs_result:
        raise HandError(
            f"{key}.won",
            "say whether the declarer made the {label} (true or false)",
            code="component_won_missing",
            label=rule.label,
        )
    raise HandError(
        f"{key}.won", "must be true or false, not {value!r}", code="not_a_boolean", value=won
    )


def _contract(components: tuple[Component, ...], rules: Rules) -> Contract:
    names = tuple(map(_NAME, components))
    open_ = True in map(_OPEN, components)
    contract = rules.contracts_by_names.get((names, open_))
    if contract is not None:  # every listed contract passed the rules at load
        return contract
    problem = contract_problem(names, open_, rules.components, rules.alone, rules.exclusive)
    if problem:
        raise HandError("components", problem, code="not_a_contract")
    contract = rules.contracts_by_key.get((frozenset(names), open_))
    if contract is None:
        listed = " + ".join(
            _label(rules.components[n], open_ and c.open)
            for n, c in zip(names, components, strict=True)
        )
        raise HandError(
            "components",
            "{listed} is not a contract of {ruleset}",
            code="not_a_contract",
            listed=listed,
            ruleset=rules.label,
        )
    return contract


def _colour_error(colour: str | None, contract: Contract, rules: Rules) -> None:
    allowed, required = rules.contract_colours(contract)
    if colour is None and required:
        names = ", ".join(c for c in allowed if c)
        raise HandError(
            "colour",
            "a {contract} needs a colour: one of {names}",
            code="colour_needed",
            contract=contract.label,
            names=names,
        )
    if colour not in allowed:
        if allowed == (None,):
            raise HandError(
                "colour",
                "a {contract} is played without a colour",
                code="colour_none",
                contract=contract.label,
            )
        names = ", ".join(c for c in allowed if c)
        raise HandError(
            "colour",
            "a {contract} cannot be played in {colour}; allowed: {names}",
            code="colour_not_allowed",
            contract=contract.label,
            colour=colour,
            names=names,
        )


def _silent(
    raw: Any,
    rules: Rules,
    contract: Contract,
    components: tuple[Component, ...],
    defenders: tuple[str, ...],
    outcome: str,
) -> tuple[SilentResult, ...]:
    if not isinstance(raw, list):
        raise HandError("silent", "must be a list, not {kind}", code="not_a_list", kind=_kind(raw))
    if outcome != "played":
        raise HandError(
            "silent", "a hand thrown in (bedobás) has no silent results", code="silent_thrown_in"
        )
    game = rules.games[rules.components[contract.components[0]].game]
    if not game.silent:
        raise HandError(
            "silent",
            "a {contract} has no silent results ({game})",
            code="silent_none",
            contract=contract.label,
            game=Msg(game.label_en),
        )
    bid = {c.name for c in components}
    results: list[SilentResult] = []
    for index, item in enumerate(raw):
        key = f"silent[{index}]"
        result = _one_silent(item, key, rules, contract, bid, defenders)
        if any(r.name == result.name for r in results):
            raise HandError(
                key,
                "{label} is listed twice",
                code="listed_twice",
                label=rules.silent[result.name].label,
            )
        results.append(result)
    return tuple(results)


def _one_silent(
    item: Any, key: str, rules: Rules, contract: Contract, bid: set[str], defenders: tuple[str, ...]
) -> SilentResult:
    rule = _named_rule(item, key, SILENT_KEYS, Msg("a silent result"), rules.silent, "paid")
    name = item["name"]
    if contract.silent is not None:
        if name not in contract.silent:
            allowed = ", ".join(rules.silent[s].label for s in contract.silent) or Msg("none")
            raise HandError(
                f"{key}.name",
                "a {contract} allows no {label}; allowed: {allowed}",
                code="silent_not_allowed",
                contract=contract.label,
                label=rule.label,
                allowed=allowed,
            )
    elif rule.excluded_by & bid:
        other = rules.components[next(iter(rule.excluded_by & bid))].label
        raise HandError(
            f"{key}.name",
            "no {label} beside a bid {other}",
            code="silent_beside_bid",
            label=rule.label,
            other=other,
        )
    elif rule.needs_one_of and not rule.needs_one_of & bid:
        why = because(rule.needs_why)
        raise HandError(
            f"{key}.name",
            "a {contract} allows no {label}{why}",
            code="silent_needs_bid",
            contract=contract.label,
            label=rule.label,
            why=why,
        )
    side = item.get("side")
    if side not in SIDES:
        raise HandError(f"{key}.side", _not_one_of(side, SIDES), code="side_unknown")
    if side == "defenders" and not rule.defenders:
        raise HandError(
            f"{key}.side",
            "the defenders score no {label} at this table",
            code="silent_side",
            label=rule.label,
        )
    won = item.get("won", True)
    if not isinstance(won, bool):
        raise HandError(
            f"{key}.won", "must be true or false, not {value!r}", code="not_a_boolean", value=won
        )
    if not won and not rule.failed_factor:
        raise HandError(
            f"{key}.won",
            "a {label} cannot fail: list it only when made",
            code="silent_cannot_fail",
            label=rule.label,
        )
    player = item.get("player")
    by_player = side == "defenders" and rule.defender_scope == "everyone"
    if by_player:
        if player not in defenders:
            raise HandError(
                f"{key}.player",
                "name the defender who played the {label} (one of {defenders})",
                code="silent_player_missing",
                label=rule.label,
                defenders=", ".join(defenders),
            )
    elif player is not None:
        raise HandError(
            f"{key}.player",
            "only a defender's silent result under the 'everyone' rule names a player",
            code="silent_player_extra",
        )
    return SilentResult(name, side, won, player)


def _named_rule(
    item: Any, key: str, keys: tuple[str, ...], what: Msg, known: Mapping[str, _Rule], off: str
) -> _Rule:
    """The rule a component or silent result names, once its keys and name are checked;
    ``off`` says what the table does not do with it when a house rule switched it off."""
    if not isinstance(item, dict):
        raise HandError(
            key, "must be an object, not {kind}", code="not_an_object", kind=_kind(item)
        )
    _check_keys(item, keys, key, what)
    name = item.get("name")
    rule = known.get(name) if isinstance(name, str) else None
    if rule is None:
        allowed = [n for n, r in known.items() if r.enabled]
        raise HandError(f"{key}.name", _not_one_of(name, allowed), code="name_unknown")
    if not rule.enabled:
        raise HandError(
            f"{key}.name",
            "{label} is not played at this table (house rules)"
            if off == "played"
            else "{label} is not paid at this table (house rules)",
            code="component_off" if off == "played" else "silent_off",
            label=rule.label,
        )
    return rule


def _label(rule: ComponentRule, open_: bool) -> str:
    return rule.open.label if open_ and rule.open else rule.label

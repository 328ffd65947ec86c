"""An Ulti hand as recorded at the table (hand format v1), and its validation.

Parsing is where impossible hands are refused: every check raises a `HandError` that
names the key and says what is allowed, so nothing half-valid reaches the scorer.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..errors import HandError
from ..loader import contract_problem
from ..rules import ComponentRule, Contract, Rules
from ..schema import suggest

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


@dataclass(frozen=True, slots=True)
class Component:
    """One bid part: made or lost, and the kontra level each defender plays it at."""

    name: str
    open: bool
    won: bool | None
    """None where the hand did not come to a result (bedobás, renonsz)."""
    kontra: Mapping[str, int]
    """Defender -> effective kontra level (the table's rekontra scope applied)."""


@dataclass(frozen=True, slots=True)
class SilentResult:
    """A csendes result made (or a silent ulti failed) by one side."""

    name: str
    side: str
    won: bool
    player: str | None = None
    """The defender who made it, where the defenders are not one side."""


@dataclass(frozen=True, slots=True)
class Hand:
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

    @property
    def defenders(self) -> tuple[str, ...]:
        return tuple(p for p in self.players if p != self.declarer)

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
            out["components"] = [_component_dict(c) for c in self.components]
        if self.silent:
            out["silent"] = [_silent_dict(s) for s in self.silent]
        if self.renonsz is not None:
            out["renonsz"] = {"player": self.renonsz}
        return out


def _component_dict(c: Component) -> dict[str, Any]:
    out: dict[str, Any] = {"name": c.name}
    if c.open:
        out["open"] = True
    if c.won is not None:
        out["won"] = c.won
    levels = set(c.kontra.values())
    if levels != {0}:
        out["kontra"] = levels.pop() if len(levels) == 1 else dict(c.kontra)
    return out


def _silent_dict(s: SilentResult) -> dict[str, Any]:
    out: dict[str, Any] = {"name": s.name, "side": s.side, "won": s.won}
    if s.player is not None:
        out["player"] = s.player
    return out


def parse_hand(data: Any, rules: Rules, options: Mapping[str, Any] | None = None) -> Hand:
    """Validate a hand (a decoded JSON object) against ``rules`` and return its facts."""
    if not isinstance(data, Mapping):
        raise HandError("", f"a hand must be a JSON object, not {_kind(data)}")
    _check_keys(data, HAND_KEYS, "", "a hand")
    players = _names(data, "players", required=True)
    if len(players) != rules.active_players:
        raise HandError(
            "players", f"{rules.label} is played by {rules.active_players}, not {len(players)}"
        )
    sitting_out = _names(data, "sitting_out", required=False)
    for name in sitting_out:
        if name in players:
            raise HandError("sitting_out", f"{name} is named twice: playing and sitting out")
    if len(sitting_out) > rules.max_sitting_out:
        raise HandError(
            "sitting_out",
            f"at most {rules.max_sitting_out} players sit out, not {len(sitting_out)}",
        )
    declarer = _player(data.get("declarer"), "declarer", players, sitting_out)
    outcome = data.get("outcome", "played")
    if outcome not in OUTCOMES:
        raise HandError("outcome", _not_one_of(outcome, OUTCOMES))
    renonsz = _renonsz(data.get("renonsz"), players, sitting_out, outcome)
    colour = data.get("colour")
    if colour is not None and colour not in rules.colours:
        raise HandError("colour", _not_one_of(colour, rules.colours))
    defenders = tuple(p for p in players if p != declarer)
    base = dict(
        ruleset=rules.id,
        options=dict(options or {}),
        players=players,
        sitting_out=sitting_out,
        declarer=declarer,
        outcome=outcome,
        renonsz=renonsz,
    )
    if outcome in ("all_pass", "redeal"):
        for key in ("components", "silent", "renonsz"):
            if data.get(key):
                raise HandError(key, f"a hand with outcome {outcome} has no {key}")
        return Hand(colour=colour, contract=None, components=(), silent=(), **base)

    components = _components(data.get("components"), rules, defenders, outcome, renonsz)
    contract = _contract(components, rules)
    _check_colour(colour, contract, rules)
    silent = _silent(data.get("silent"), rules, contract, components, defenders, outcome, renonsz)
    return Hand(colour=colour, contract=contract, components=components, silent=silent, **base)


def _components(
    raw: Any, rules: Rules, defenders: tuple[str, ...], outcome: str, renonsz: str | None
) -> tuple[Component, ...]:
    if not isinstance(raw, list) or not raw:
        raise HandError(
            "components", "a played hand lists its contract's components (a non-empty list)"
        )
    needs_result = outcome == "played" and renonsz is None
    parsed = []
    for index, item in enumerate(raw):
        key = f"components[{index}]"
        if not isinstance(item, Mapping):
            raise HandError(key, f"must be an object, not {_kind(item)}")
        _check_keys(item, COMPONENT_KEYS, key, "a component")
        name = item.get("name")
        rule = rules.components.get(name) if isinstance(name, str) else None
        if rule is None:
            raise HandError(f"{key}.name", _not_one_of(name, _enabled(rules)))
        if not rule.enabled:
            raise HandError(
                f"{key}.name", f"{rule.label} is not played at this table (house rules)"
            )
        open_ = item.get("open", False)
        if not isinstance(open_, bool):
            raise HandError(f"{key}.open", f"must be true or false, not {open_!r}")
        if open_ and rule.open is None:
            raise HandError(f"{key}.open", f"{rule.label} has no open (terített) form")
        won = item.get("won")
        if won is None and needs_result:
            raise HandError(
                f"{key}.won", f"say whether the declarer made the {rule.label} (true or false)"
            )
        if won is not None and not isinstance(won, bool):
            raise HandError(f"{key}.won", f"must be true or false, not {won!r}")
        kontra = _kontra(item.get("kontra", 0), f"{key}.kontra", rule, rules, defenders)
        parsed.append(Component(name, open_, won if needs_result else None, kontra))
    return tuple(parsed)


def _contract(components: tuple[Component, ...], rules: Rules) -> Contract:
    names = [c.name for c in components]
    open_ = any(c.open for c in components)
    problem = contract_problem(names, open_, rules.components, rules.alone, rules.exclusive)
    if problem:
        raise HandError("components", problem)
    contract = rules.contracts_by_key.get((frozenset(names), open_))
    if contract is None:
        listed = " + ".join(
            _label(rules.components[n], open_ and c.open)
            for n, c in zip(names, components, strict=True)
        )
        raise HandError("components", f"{listed} is not a contract of {rules.label}")
    return contract


def _check_colour(colour: str | None, contract: Contract, rules: Rules) -> None:
    allowed, required = rules.contract_colours(contract)
    if colour is None and required:
        names = ", ".join(c for c in allowed if c)
        raise HandError("colour", f"a {contract.label} needs a colour: one of {names}")
    if colour not in allowed:
        if allowed == (None,):
            raise HandError("colour", f"a {contract.label} is played without a colour")
        names = ", ".join(c for c in allowed if c)
        raise HandError(
            "colour", f"a {contract.label} cannot be played in {colour}; allowed: {names}"
        )


def _kontra(
    raw: Any, key: str, rule: ComponentRule, rules: Rules, defenders: tuple[str, ...]
) -> dict[str, int]:
    individual = rules.games[rule.game].individual_kontra
    if isinstance(raw, Mapping):
        for name in raw:
            if name not in defenders:
                raise HandError(
                    key, f"{name} is not a defender in this hand; defenders: {', '.join(defenders)}"
                )
        levels = {d: _level(raw.get(d, 0), f"{key}.{d}", rules) for d in defenders}
        if not individual:
            if len(raw) != len(defenders) or len(set(levels.values())) != 1:
                raise HandError(
                    key,
                    f"the kontra on the {rule.label} is common: give one level, or the same level "
                    "for both defenders",
                )
    else:
        level = _level(raw, key, rules)
        levels = {d: level for d in defenders}
    if individual and rules.kontra.rekontra_scope == "both":
        top = max(levels.values())
        if top >= 2:
            levels = {d: max(level, 2) for d, level in levels.items()}
    return levels


def _level(raw: Any, key: str, rules: Rules) -> int:
    ceiling = rules.kontra.max_level
    if not isinstance(raw, int) or isinstance(raw, bool) or raw < 0:
        raise HandError(key, f"must be a kontra level from 0 to {ceiling}, not {raw!r}")
    if raw > ceiling:
        top = rules.kontra.name(ceiling) or "no kontra"
        raise HandError(key, f"kontra level {raw} is above this table's ceiling, {top} ({ceiling})")
    return raw


def _silent(
    raw: Any,
    rules: Rules,
    contract: Contract,
    components: tuple[Component, ...],
    defenders: tuple[str, ...],
    outcome: str,
    renonsz: str | None,
) -> tuple[SilentResult, ...]:
    if raw is None or raw == []:
        return ()
    if not isinstance(raw, list):
        raise HandError("silent", f"must be a list, not {_kind(raw)}")
    if outcome != "played":
        raise HandError("silent", "a hand thrown in (bedobás) has no silent results")
    game = rules.games[rules.components[contract.components[0]].game]
    if not game.silent:
        raise HandError("silent", f"a {contract.label} has no silent results ({game.label_en})")
    bid = {c.name for c in components}
    results: list[SilentResult] = []
    for index, item in enumerate(raw):
        key = f"silent[{index}]"
        result = _one_silent(item, key, rules, contract, bid, defenders)
        if any(r.name == result.name for r in results):
            raise HandError(key, f"{rules.silent[result.name].label} is listed twice")
        results.append(result)
    if renonsz is None:
        _check_all_tricks(rules, components, results)
    return tuple(results)


def _one_silent(
    item: Any, key: str, rules: Rules, contract: Contract, bid: set[str], defenders: tuple[str, ...]
) -> SilentResult:
    if not isinstance(item, Mapping):
        raise HandError(key, f"must be an object, not {_kind(item)}")
    _check_keys(item, SILENT_KEYS, key, "a silent result")
    name = item.get("name")
    rule = rules.silent.get(name) if isinstance(name, str) else None
    if rule is None:
        allowed = [n for n, s in rules.silent.items() if s.enabled]
        raise HandError(f"{key}.name", _not_one_of(name, allowed))
    if not rule.enabled:
        raise HandError(f"{key}.name", f"{rule.label} is not paid at this table (house rules)")
    if contract.silent is not None:
        if name not in contract.silent:
            allowed = ", ".join(rules.silent[s].label for s in contract.silent) or "none"
            raise HandError(
                f"{key}.name", f"a {contract.label} allows no {rule.label}; allowed: {allowed}"
            )
    elif rule.excluded_by & bid:
        other = rules.components[next(iter(rule.excluded_by & bid))].label
        raise HandError(f"{key}.name", f"no {rule.label} beside a bid {other}")
    side = item.get("side")
    if side not in SIDES:
        raise HandError(f"{key}.side", _not_one_of(side, SIDES))
    if side == "defenders" and not rule.defenders:
        raise HandError(f"{key}.side", f"the defenders score no {rule.label} at this table")
    won = item.get("won", True)
    if not isinstance(won, bool):
        raise HandError(f"{key}.won", f"must be true or false, not {won!r}")
    if not won and not rule.failed_factor:
        raise HandError(f"{key}.won", f"a {rule.label} cannot fail: list it only when made")
    player = item.get("player")
    by_player = side == "defenders" and rule.defender_scope == "everyone"
    if by_player:
        if player not in defenders:
            raise HandError(
                f"{key}.player",
                f"name the defender who played the {rule.label} (one of {', '.join(defenders)})",
            )
    elif player is not None:
        raise HandError(
            f"{key}.player",
            "only a defender's silent result under the 'everyone' rule names a player",
        )
    return SilentResult(name, side, won, player)


def _check_all_tricks(
    rules: Rules, components: tuple[Component, ...], silent: list[SilentResult]
) -> None:
    """A side that took all ten tricks made every point game and left the other side nothing."""
    sweeper = None
    for c in components:
        if c.won and rules.components[c.name].takes_all_tricks:
            sweeper = "declarer"
    for s in silent:
        if s.won and rules.silent[s.name].takes_all_tricks:
            sweeper = s.side
    if sweeper is None:
        return
    what = "a won durchmars" if sweeper == "declarer" else "the defenders' silent durchmars"
    for index, c in enumerate(components):
        rule = rules.components[c.name]
        if sweeper == "declarer" and rule.point_count and c.won is False:
            raise HandError(
                f"components[{index}].won", f"{what} (all ten tricks) beside a lost {rule.label}"
            )
        if sweeper == "defenders" and c.won:
            raise HandError(
                f"components[{index}].won", f"{what} (all ten tricks) beside a made {rule.label}"
            )
    for index, s in enumerate(silent):
        if s.side != sweeper and s.won:
            raise HandError(
                f"silent[{index}]",
                f"{what} (all ten tricks) leaves the other side no {rules.silent[s.name].label}",
            )


def _names(data: Mapping[str, Any], key: str, required: bool) -> tuple[str, ...]:
    raw = data.get(key)
    if raw is None:
        if required:
            raise HandError(key, "is required: the names of the players, in seating order")
        return ()
    if not isinstance(raw, list):
        raise HandError(key, f"must be a list of names, not {_kind(raw)}")
    seen: set[str] = set()
    for index, name in enumerate(raw):
        if not isinstance(name, str) or not name.strip():
            raise HandError(f"{key}[{index}]", f"must be a non-empty name, not {name!r}")
        if name in seen:
            raise HandError(key, f"{name} is named twice")
        seen.add(name)
    return tuple(raw)


def _player(raw: Any, key: str, players: tuple[str, ...], sitting_out: tuple[str, ...]) -> str:
    if raw is None:
        raise HandError(key, "is required: the name of a player of this hand")
    if raw in players:
        return raw
    if raw in sitting_out:
        raise HandError(key, f"{raw} sits out this hand")
    shown = raw if isinstance(raw, str) else repr(raw)
    raise HandError(key, f"{shown} is not playing this hand; players: {', '.join(players)}")


def _renonsz(
    raw: Any, players: tuple[str, ...], sitting_out: tuple[str, ...], outcome: str
) -> str | None:
    if raw is None:
        return None
    if not isinstance(raw, Mapping):
        raise HandError("renonsz", f'must be {{"player": NAME}} or null, not {_kind(raw)}')
    _check_keys(raw, ("player",), "renonsz", "a renonsz")
    if outcome != "played":
        raise HandError("renonsz", f"a hand with outcome {outcome} has no renonsz")
    return _player(raw.get("player"), "renonsz.player", players, sitting_out)


def _check_keys(obj: Mapping[str, Any], allowed: tuple[str, ...], where: str, what: str) -> None:
    for key in obj:
        if key not in allowed:
            full = f"{where}.{key}" if where else str(key)
            raise HandError(
                full,
                f"is not a key of {what}{suggest(str(key), allowed)};"
                f" allowed: {', '.join(allowed)}",
            )


def _enabled(rules: Rules) -> list[str]:
    return [n for n, c in rules.components.items() if c.enabled]


def _label(rule: ComponentRule, open_: bool) -> str:
    return rule.open.label if open_ and rule.open else rule.label


def _not_one_of(value: Any, allowed: Any) -> str:
    allowed = list(allowed)
    shown = f'"{value}"' if isinstance(value, str) else repr(value)
    hint = suggest(value, allowed) if isinstance(value, str) else ""
    return f"{shown} is not allowed{hint}; allowed: {', '.join(allowed)}"


def _kind(value: Any) -> str:
    return {
        list: "a list",
        dict: "an object",
        str: "a string",
        bool: "a boolean",
        int: "a number",
        float: "a number",
        type(None): "null",
    }.get(type(value), type(value).__name__)

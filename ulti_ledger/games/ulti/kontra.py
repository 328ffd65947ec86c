"""Kontra levels of a hand's component: read, checked against the ceiling and the ladder.

Who says which level decides which levels two defenders can have (RULES.md 1.6): the
defenders say kontra, szubkontra (and hirschkontra), the odd levels, each his own; the
declarer answers with rekontra and mordkontra, the even ones. Where the ruleset says
``declarer_reach = "all_callers"`` ([S001] "A licittevő játékos mindkét ellenfélnek
rekontrázik. Ebben nincs olyan lehetőség, hogy csupán az egyiküknek!") his answer goes to
every defender who said the word before it, so one defender cannot be left at an odd
level below the other. ``rekontra_scope = "both"`` makes the rekontra reach a defender
who said no kontra too. Levels that the ladder cannot give are refused, never changed.
"""

from __future__ import annotations

from typing import Any

from ...settlement.errors import HandError, Msg
from .rules import ComponentRule, Rules

_INT = frozenset((int,))


def levels(
    raw: Any, index: int, rule: ComponentRule, rules: Rules, defenders: tuple[str, ...]
) -> tuple[int, ...]:
    """Each defender's kontra level on the index-th component, in the defenders' order."""
    ceiling = rules.kontra.max_level
    if type(raw) is dict and rule.individual:  # the usual per-defender object, checked in C
        found = tuple([raw.get(d, 0) for d in defenders])
        if (
            all(map(defenders.__contains__, raw))
            and _INT.issuperset(map(type, found))
            and 0 <= min(found)
            and max(found) <= ceiling
            and not ladder_problem(found, defenders, rules)
        ):
            return found
    key = f"components[{index}].kontra"
    if isinstance(raw, dict):
        for name in raw:
            if name not in defenders:
                raise HandError(
                    key,
                    "{name} is not a defender in this hand; defenders: {defenders}",
                    code="kontra_not_defender",
                    name=name,
                    defenders=", ".join(defenders),
                )
        found = [raw.get(d, 0) for d in defenders]
        for i, level in enumerate(found):
            if type(level) is not int or not 0 <= level <= ceiling:
                found[i] = check_level(level, f"{key}.{defenders[i]}", rules)
        if not rule.individual and (len(raw) != len(defenders) or len(set(found)) != 1):
            raise HandError(
                key,
                "the kontra on the {label} is common: give one level, or the same level "
                "for both defenders",
                code="kontra_common",
                label=rule.label,
            )
        problem = ladder_problem(tuple(found), defenders, rules)
        if problem:
            raise HandError(key, problem, code=problem.code)
        return tuple(found)
    return (check_level(raw, key, rules),) * len(defenders)


def check_level(raw: Any, key: str, rules: Rules) -> int:
    """One kontra level, or the HandError that says what a level must be."""
    ceiling = rules.kontra.max_level
    if not isinstance(raw, int) or isinstance(raw, bool) or raw < 0:
        raise HandError(
            key,
            "must be a kontra level from 0 to {ceiling}, not {value!r}",
            code="kontra_level",
            ceiling=ceiling,
            value=raw,
        )
    if raw > ceiling:
        top = rules.kontra.name(ceiling) or Msg("no kontra")
        raise HandError(
            key,
            "kontra level {level} is above this table's ceiling, {top} ({ceiling})",
            code="kontra_ceiling",
            level=raw,
            top=top,
            ceiling=ceiling,
        )
    return raw


def ladder_problem(found: tuple[int, ...], defenders: tuple[str, ...], rules: Rules) -> Msg | None:
    """Why these per-defender levels cannot arise at this table (None if they can)."""
    kontra = rules.kontra
    if kontra.declarer_reach == "each_alone" and kontra.rekontra_scope != "both":
        return None  # a ladder per defender: any levels
    top = max(found)
    if top == min(found):
        return None
    name = rules.kontra.name
    high = defenders[found.index(top)]
    if rules.kontra.rekontra_scope == "both" and top >= 2:
        for defender, level in zip(defenders, found, strict=True):
            if level < 2:
                return Msg(
                    "{high} is at {top} and {defender} at {level}: at this table the "
                    "declarer's {rekontra} goes to both defenders (individual_rekontra_scope "
                    "= both), so both are at {rekontra} or higher",
                    {
                        "high": high,
                        "top": name(top),
                        "defender": defender,
                        "level": name(level) or Msg("no kontra"),
                        "rekontra": name(2),
                    },
                    "kontra_both",
                )
    if rules.kontra.declarer_reach == "all_callers":
        for defender, level in zip(defenders, found, strict=True):
            if level % 2 and level < top:
                return Msg(
                    "{defender} at {level} while {high} is at {top} cannot happen: the "
                    "declarer's {answer} goes to every defender who said {level}, never to "
                    "one of them alone",
                    {
                        "defender": defender,
                        "level": name(level),
                        "high": high,
                        "top": name(top),
                        "answer": name(level + 1),
                    },
                    "kontra_ladder",
                )
    return None

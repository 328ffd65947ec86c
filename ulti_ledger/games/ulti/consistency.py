"""The check that a hand's results could come from one play of the cards (RULES.md 1.1
and 1.9): a sweep or a hundred decides the other side's results, so a hand that says
otherwise is refused, naming the result at fault and the one that decides it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...settlement.errors import HandError, Msg
from .rules import Rules

if TYPE_CHECKING:
    from .hand import Component, SilentResult


def check_consistency(
    rules: Rules, components: tuple[Component, ...], silent: tuple[SilentResult, ...]
) -> None:
    """Refuse results no play of the cards gives (RULES.md 1.1 and 1.9).

    A side that took all ten tricks made every point game and took all four aces, and left
    the other side nothing. A side with 100 points has more than the other can (the two
    hold at most 90 in cards and 100 in melds), so it won every point count.
    """
    components_deciding, silent_deciding = rules.side_deciding
    for c in components:
        if c.won and c.name in components_deciding:
            break
    else:
        for s in silent:
            if s.won and s.name in silent_deciding:
                break
        else:  # nothing made decides the other side's results: nothing to refuse
            return
    _check_side_result(rules, components, silent, "takes_all_tricks", "all ten tricks")
    _check_side_result(rules, components, silent, "reaches_100", "100 points")


def _check_side_result(
    rules: Rules,
    components: tuple[Component, ...],
    silent: tuple[SilentResult, ...],
    flag: str,
    means: str,
) -> None:
    """The check of one side-deciding result: ``flag`` names it on the rules."""
    side = what = None  # who made the deciding result, and which (the last one listed)
    for c in components:
        if c.won and getattr(rules.components[c.name], flag):
            side, what = "declarer", Msg("a won {label}", {"label": rules.components[c.name].label})
    for s in silent:
        if s.won and getattr(rules.silent[s.name], flag):
            side, what = s.side, _silent_named(s.side, rules.silent[s.name].label)
    if side is None:
        return
    sweep = flag == "takes_all_tricks"
    for index, c in enumerate(components):
        rule = rules.components[c.name]
        implied = rule.made_by_all_tricks if sweep else rule.point_count
        if side == "declarer" and implied and c.won is False:
            why = because(rule.all_tricks_why if sweep else "")
            raise HandError(
                f"components[{index}].won",
                "{what} ({means}) beside a lost {label}{why}",
                code=("sweep_beside_lost_why" if why.template else "sweep_beside_lost")
                if sweep
                else "points_beside_lost",
                what=what,
                means=Msg(means),
                label=rule.label,
                why=why,
            )
        if side == "defenders" and c.won and (sweep or implied):
            raise HandError(
                f"components[{index}].won",
                "{what} ({means}) beside a made {label}",
                code="sweep_beside_made" if sweep else "points_beside_made",
                what=what,
                means=Msg(means),
                label=rule.label,
            )
    for index, s in enumerate(silent):
        other = rules.silent[s.name]
        if sweep and s.side == side and s.won is False and other.fails_in_last_trick:
            raise HandError(
                f"silent[{index}].won",
                "{what} ({means}) beside a failed {label}: that side took the last trick too",
                code="silent_fail_sweep",
                what=what,
                means=Msg(means),
                label=other.label,
            )
        if s.side != side and s.won and (sweep or other.reaches_100):
            raise HandError(
                f"silent[{index}]",
                "{what} ({means}) leaves the other side no {label}",
                code="sweep_leaves_no_silent" if sweep else "points_leaves_no_silent",
                what=what,
                means=Msg(means),
                label=other.label,
            )


def _silent_named(side: str, label: str) -> Msg:
    """The made silent result a refusal names ("the defenders' 100")."""
    whose = "the declarer's {label}" if side == "declarer" else "the defenders' {label}"
    return Msg(whose, {"label": label})


def because(text: str) -> Msg:
    """': because ...' from a ruleset's own words (said in Hungarian where `messages` has it)."""
    return Msg(": {why}", {"why": Msg(text)}) if text else Msg("")

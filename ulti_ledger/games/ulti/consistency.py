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
    if not silent:  # every component list that is new, so it is worth its own pass
        if _declarer_consistent(rules, components):
            return
    else:
        components_deciding, silent_deciding = rules.side_deciding
        for name, _, won, _ in components:  # unpacked: cheaper than attributes, and hot
            if won and name in components_deciding:
                break
        else:
            for name, _, won, _ in silent:
                if won and name in silent_deciding:
                    break
            else:  # nothing made decides the other side's results: nothing to refuse
                return
    _check_side_result(rules, components, silent, True, "all ten tricks")
    _check_side_result(rules, components, silent, False, "100 points")


def _declarer_consistent(rules: Rules, components: tuple[Component, ...]) -> bool:
    """Whether components without silent results pass both checks of `_check_side_result`
    (which then need not run): there only the declarer decides, by a made sweep or 100,
    and only what he lost can contradict it."""
    sweep_makers, _, made_by_sweep = rules.sweep_check
    hundred_makers, _, point_counts = rules.hundred_check
    sweep = hundred = False
    lost = []
    for name, _, won, _ in components:
        if won:
            sweep = sweep or name in sweep_makers
            hundred = hundred or name in hundred_makers
        elif won is False:
            lost.append(name)
    if sweep and not made_by_sweep.isdisjoint(lost):
        return False
    return not (hundred and not point_counts.isdisjoint(lost))


def _check_side_result(
    rules: Rules,
    components: tuple[Component, ...],
    silent: tuple[SilentResult, ...],
    sweep: bool,
    means: str,
) -> None:
    """The check of one side-deciding result: all ten tricks (``sweep``) or 100 points.

    The names come from the rules' precomputed sets, and the words of a refusal are only
    built for one (settling speed: bench/engine.py)."""
    makers, silent_makers, implied_by = rules.sweep_check if sweep else rules.hundred_check
    # who made the deciding result, and which (the last one listed): (None, name) for a
    # component, (side, name) for a silent result
    side = maker = None
    for name, _, won, _ in components:
        if won and name in makers:
            side, maker = "declarer", (None, name)
    for name, silent_side, won, _ in silent:
        if won and name in silent_makers:
            side, maker = silent_side, (silent_side, name)
    if side is None:
        return
    for index, c in enumerate(components):
        if side == "declarer" and c.won is False and c.name in implied_by:
            rule = rules.components[c.name]
            why = because(rule.all_tricks_why if sweep else "")
            raise HandError(
                f"components[{index}].won",
                "{what} ({means}) beside a lost {label}{why}",
                code=("sweep_beside_lost_why" if why.template else "sweep_beside_lost")
                if sweep
                else "points_beside_lost",
                what=_maker_named(maker, rules),
                means=Msg(means),
                label=rule.label,
                why=why,
            )
        if side == "defenders" and c.won and (sweep or c.name in implied_by):
            raise HandError(
                f"components[{index}].won",
                "{what} ({means}) beside a made {label}",
                code="sweep_beside_made" if sweep else "points_beside_made",
                what=_maker_named(maker, rules),
                means=Msg(means),
                label=rules.components[c.name].label,
            )
    for index, s in enumerate(silent):
        other = rules.silent[s.name]
        if sweep and s.side == side and s.won is False and other.fails_in_last_trick:
            raise HandError(
                f"silent[{index}].won",
                "{what} ({means}) beside a failed {label}: that side took the last trick too",
                code="silent_fail_sweep",
                what=_maker_named(maker, rules),
                means=Msg(means),
                label=other.label,
            )
        if s.side != side and s.won and (sweep or other.reaches_100):
            raise HandError(
                f"silent[{index}]",
                "{what} ({means}) leaves the other side no {label}",
                code="sweep_leaves_no_silent" if sweep else "points_leaves_no_silent",
                what=_maker_named(maker, rules),
                means=Msg(means),
                label=other.label,
            )


def _maker_named(maker: tuple[str | None, str], rules: Rules) -> Msg:
    """The made result that decides, as a refusal names it ("a won durchmars")."""
    silent_side, name = maker
    if silent_side is None:
        return Msg("a won {label}", {"label": rules.components[name].label})
    return _silent_named(silent_side, rules.silent[name].label)


def _silent_named(side: str, label: str) -> Msg:
    """The made silent result a refusal names ("the defenders' 100")."""
    whose = "the declarer's {label}" if side == "declarer" else "the defenders' {label}"
    return Msg(whose, {"label": label})


def because(text: str) -> Msg:
    """': because ...' from a ruleset's own words (said in Hungarian where `messages` has it)."""
    return Msg(": {why}", {"why": Msg(text)}) if text else Msg("")

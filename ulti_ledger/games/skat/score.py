"""Settling a Skat hand: the list entry (``score``) and the money it is worth.

The list (option ``list``): ISkO enters +V for a won game and −2V for a lost one at the
declarer; Seeger–Fabian adds ±50 and gives each other player at the table, the sitting-out
dealer included, 40 (three at the table) or 30 (four) for a lost game. The money compares
the list pair by pair (``score_payments``): each pays n × score − the sum of the scores.
"""

from __future__ import annotations

from typing import Any

from ...settlement.result import Line, Settlement, score_payments
from .build import Rules
from .hand import Hand
from .value import Value, bock_triggers, game_value, raise_factor


def settle(hand: Hand, rules: Rules) -> Settlement:
    """The hand's list entry, its payments (+ receives) and the lines that explain them."""
    table = (*hand.players, *hand.sitting_out)
    if hand.outcome != "played":
        score = ramsch_score(hand, rules, table)
        payments = score_payments(score, table)
        return Settlement(
            payments, explain=lambda: _all_pass_lines(hand, rules, score, payments), score=score
        )
    value = game_value(hand, rules)
    score = _entry(hand, rules, value, table)
    payments = score_payments(score, table)
    return Settlement(
        payments, explain=lambda: _lines(hand, rules, value, score, payments), score=score
    )


def _entry(hand: Hand, rules: Rules, value: Value, table: tuple[str, ...]) -> dict[str, int]:
    score = dict.fromkeys(table, 0)
    sf = rules.list_mode == "seeger_fabian"
    if value.won:
        score[hand.declarer] = value.value + (rules.sf_won if sf else 0)
    else:
        score[hand.declarer] = -rules.lost_factor * value.value - (rules.sf_lost if sf else 0)
        if sf:
            bonus = rules.sf_others[len(table)]
            for name in table:
                if name != hand.declarer:
                    score[name] = bonus
    return score


def ramsch_score(hand: Hand, rules: Rules, table: tuple[str, ...]) -> dict[str, int]:
    score = dict.fromkeys(table, 0)
    ramsch = hand.ramsch
    if ramsch is None:  # eingepasst: no entry
        return score
    factor = rules.bock_factor if hand.bock else 1
    if ramsch.durchmarsch is not None:
        score[ramsch.durchmarsch] = rules.durchmarsch_value * factor
        return score
    jungfrau = len(ramsch.jungfrau)
    if rules.ramsch_variant == "fest":
        minus = rules.ramsch_fixed[jungfrau]
    else:
        minus = ramsch.points * 2**jungfrau  # type: ignore[operator]
    for name in ramsch.losers:  # two or three tied: each loses his points
        score[name] = -minus * factor
    return score


def _lines(
    hand: Hand, rules: Rules, value: Value, score: dict[str, int], payments: dict[str, int]
) -> tuple[Line, ...]:
    """The value as a Skat player says it, then the list entry and who pays whom."""
    quiet = dict.fromkeys(payments, 0)
    params = value_params(hand, value)
    lines = [Line("value", params, quiet)]
    if hand.renonsz is not None:
        lines.append(Line("renonsz", {"player": hand.renonsz, "won": value.won}, quiet))
    running = value.value // raise_factor(hand, rules)
    if value.overbid:
        lines.append(Line("overbid", {**params, "covered": running}, quiet))
    if hand.kontra:
        factor = rules.kontra_factors[hand.kontra - 1]
        kontra = {"level": hand.kontra, "factor": factor, "before": running}
        lines.append(Line("kontra", kontra, quiet))
        running *= factor
    if hand.bock:
        lines.append(Line("bock", {"factor": rules.bock_factor, "before": running}, quiet))
    lines.append(
        Line(
            "list",
            {
                "declarer": hand.declarer,
                "won": value.won,
                "points": hand.declarer_points,
                "value": value.value,
                "lost_factor": rules.lost_factor,
                "seeger_fabian": rules.list_mode == "seeger_fabian",
                "score": dict(score),
            },
            payments,
        )
    )
    fired = bock_triggers(hand, rules)
    if fired:
        lines.append(Line("bock_round", {"triggers": fired, "games": len(payments)}, quiet))
    return tuple(lines)


def value_params(hand: Hand, value: Value) -> dict[str, Any]:
    """What the value line says (``explain.value_text``): the game, the matadors, the
    levels, multiplier × base = the value as played, and the bid."""
    return {
        "game": hand.game,
        "mit": hand.mit,
        "ohne": hand.ohne,
        "levels": value.levels,
        "mult": value.mult,
        "base": value.base,
        "played": value.played,
        "bid": hand.bid,
    }


def _all_pass_lines(
    hand: Hand, rules: Rules, score: dict[str, int], payments: dict[str, int]
) -> tuple[Line, ...]:
    if hand.ramsch is None:
        return (Line("all_pass", {}, payments),)
    params = {
        "losers": hand.ramsch.losers,
        "points": hand.ramsch.points,
        "jungfrau": hand.ramsch.jungfrau,
        "durchmarsch": hand.ramsch.durchmarsch,
        "variant": rules.ramsch_variant,
        "bock": rules.bock_factor if hand.bock else 1,
        "score": dict(score),
    }
    return (Line("ramsch", params, payments),)

"""Settling a snapszer hand: game points into zero-sum payments (RULES.md 3.3).

``transfer`` (the default): a player of the smaller side receives or pays the points once
per opponent, and each player of the larger side once: 1 v 2 is ±2N and ∓N, 1 v 3 ±3N and
∓N; at 2 v 2 each loser pays one winner N. ``scoresheet``: the race to 7, each winner is
credited N in the score column (the settlement's ``score``) and nobody pays. One line
explains the hand (`explain.describe` words it).
"""

from __future__ import annotations

from ...settlement.pairs import spread
from ...settlement.result import Line, Settlement
from .build import Rules
from .hand import Hand


def settle(hand: Hand, rules: Rules) -> Settlement:
    """The hand's payments (+ receives), the line that explains them, and in the
    ``scoresheet`` mode each player's game points credited (every player named, 0 or N)."""
    scoresheet = rules.mode == "scoresheet"
    winners: tuple[str, ...] = ()
    points = 0
    payments = dict.fromkeys(hand.players, 0)  # every player named, in seating order
    if hand.outcome == "redeal":
        line = Line("redeal", {}, dict(payments))
    else:
        key, params, winners, losers, points = _result(hand, rules)
        if hand.kontra:  # gspritzt x2, retour x4: whatever decided the hand
            factor = rules.kontra_factors[hand.kontra - 1]
            params["kontra"] = {"level": hand.kontra, "factor": factor, "before": points}
            points *= factor
        if scoresheet:
            params["credited"] = True  # explain.describe: on the list, nobody pays
        else:
            payments.update(spread(points, winners, losers))
        params.update(winners=winners, losers=losers, n=points)
        line = Line(key, params, dict(payments))
    lines = [line]
    for name in hand.sitting_out:
        payments[name] = 0
        lines.append(Line("sits_out", {"player": name}, {name: 0}))
    if not scoresheet:
        return Settlement(payments, tuple(lines))
    score = {name: points if name in winners else 0 for name in payments}
    return Settlement(payments, tuple(lines), score=score)


def _result(hand: Hand, rules: Rules) -> tuple[str, dict, tuple, tuple, int]:
    """The line's key and words, the winning and losing players, and the game points."""
    side, others = hand.side, hand.others
    if hand.renonsz is not None:
        if hand.renonsz in side:
            side, others = others, side
        return "renonsz", {"player": hand.renonsz}, side, others, rules.renonsz
    if hand.winner is not None:
        return (
            "alone_66",
            {"winner": hand.winner, "tier": hand.loser},
            side,
            others,
            (
                rules.tiers[hand.loser]  # type: ignore[index]
            ),
        )
    if hand.snapszer is not None:
        if hand.won:
            return "snapszer_made", {"by": hand.snapszer}, side, others, rules.snapszer
        return "snapszer_failed", {"by": hand.snapszer}, others, side, rules.failed_snapszer
    points = rules.tiers[hand.loser]  # type: ignore[index]
    if hand.won:
        return "won", {"tier": hand.loser}, side, others, points
    return "won", {"tier": hand.loser}, others, side, points

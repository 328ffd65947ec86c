"""A Skat game's value from the facts (RULES.md 4.1, ISkO 5): base value x multiplier.

The multiplier counts the matadors, the game, Hand, Schneider (reached by either side, or
announced), Schneider announced, Schwarz, Schwarz announced and Ouvert. A game that does
not cover the bid is lost at the lowest multiple of its base value (Null: the lowest Null
value) that covers it (ISkO 5.4). Kontra and Re, and a Bock game, multiply the result.
"""

from __future__ import annotations

from typing import NamedTuple

from .build import Rules, null_cover
from .hand import Hand

SCHNEIDER_LINE = 90
"""The declarer's card points that leave the opponents Schneider (30 or less)."""


class Value(NamedTuple):
    """How a game was valued: what a Skat player says, and what the list enters."""

    won: bool
    base: int
    """The base value (suit, Grand), or the Null value; 1 for nothing (all pass)."""
    mult: int
    """The multiplier (0 for a Null game, whose value is fixed)."""
    levels: tuple[str, ...]
    """What the multiplier counts beyond the matadors and the game, in ISkO order."""
    played: int
    """The value of the game as played (before an overbid)."""
    overbid: bool
    value: int
    """The value the list enters: covered bid, Kontra or Re, Bock applied."""


def game_value(hand: Hand, rules: Rules) -> Value:
    """The game's value and whether the declarer won it."""
    if hand.game == "null":
        return _null(hand, rules)
    won, levels = _levels(hand)
    base = rules.base[hand.game]
    mult = (hand.mit or hand.ohne) + 1 + len(levels)
    played = base * mult
    overbid = hand.bid is not None and played < hand.bid
    value = played
    if overbid:
        won = False
        value = base * -(-hand.bid // base)  # the lowest multiple that covers the bid
    return Value(won, base, mult, levels, played, overbid, _raised(value, hand, rules))


def _levels(hand: Hand) -> tuple[bool, tuple[str, ...]]:
    """Whether the cards won the game, and the levels its multiplier counts."""
    announced = hand.announced
    if hand.renonsz is not None:  # decided at the value declared
        won = made_schneider = made_schwarz = hand.renonsz != hand.declarer
        schneider = schwarz = False  # only what was announced counts
    elif hand.declarer_points is not None:
        points = hand.declarer_points
        won = points >= 61
        made_schneider = points >= SCHNEIDER_LINE
        schneider = made_schneider or points <= 30
        made_schwarz = hand.schwarz == "declarer"
        schwarz = hand.schwarz is not None
    else:
        won = bool(hand.won)
        schneider = bool(hand.schneider)
        made_schneider = won and schneider
        made_schwarz = hand.schwarz == "declarer"
        schwarz = hand.schwarz is not None
    if announced == "schneider" and not made_schneider:
        won = False
    if announced == "schwarz" and not made_schwarz:
        won = False
    levels = ["hand"] if hand.hand else []
    if schneider or schwarz or announced:
        levels.append("schneider")
    if announced:
        levels.append("schneider_announced")
    if schwarz or announced == "schwarz":
        levels.append("schwarz")
    if announced == "schwarz":
        levels.append("schwarz_announced")
    if hand.ouvert:
        levels.append("ouvert")
    return won, tuple(levels)


def _null(hand: Hand, rules: Rules) -> Value:
    kind = ("ouvert_" if hand.ouvert else "") + ("hand" if hand.hand else "")
    played = rules.null[kind.removesuffix("_") or "plain"]
    if hand.renonsz is not None:
        won = hand.renonsz != hand.declarer
    else:
        won = bool(hand.won)
    overbid = hand.bid is not None and played < hand.bid
    value = played
    if overbid:
        won = False
        value = min(v for v in null_cover(hand.hand, rules) if v >= hand.bid)  # type: ignore[operator]
    levels = tuple(k for k, on in (("hand", hand.hand), ("ouvert", hand.ouvert)) if on)
    return Value(won, played, 0, levels, played, overbid, _raised(value, hand, rules))


def _raised(value: int, hand: Hand, rules: Rules) -> int:
    if hand.kontra:
        value *= rules.kontra_factors[hand.kontra - 1]
    if hand.bock:
        value *= rules.bock_factor
    return value


def bock_triggers(hand: Hand, rules: Rules) -> tuple[str, ...]:
    """The Bock triggers this hand fires by itself, with Bock played: the file's
    ``triggers`` and the further ones its options turn on (a Kontra game the declarer
    lost, a Schneider, a game worth ``value_from`` or more). A Grand Hand declared in an
    evening of Ramsch only, or in a Ramsch round (``ramsch_round``, which the form
    proposes there), opens none (Andy4495 README: "No bock can be created in this case"),
    so the hand's tag and lines say none. A
    Schneider under ``no_bock_pending`` fires here unless the hand is a Bock game itself;
    whether another is still to come is the evening's to say (``tally``). Two rounds
    without Bock, too, only the evening knows."""
    if not rules.bock or hand.outcome != "played" or rules.ramsch_only or hand.ramsch_round:
        return ()  # a Grand Hand declared instead of a Ramsch opens none
    fired = {
        "sixty_sixty": hand.declarer_points == 60,
        "grand_hand": hand.game == "grand" and hand.hand,
        "null_ouvert_hand": hand.game == "null" and hand.ouvert and hand.hand,
        "kontra_re": hand.kontra == 2,
    }
    out = [t for t in rules.bock_triggers if fired[t]]
    value = game_value(hand, rules)
    if rules.bock_kontra_declarer_lost and hand.kontra and not value.won:
        out.append("kontra_declarer_lost")
    if rules.bock_lost_kontra and hand.kontra and value.won:  # deprecated: the old reading
        out.append("lost_kontra")
    schneider = rules.bock_schneider == "on" or (
        rules.bock_schneider == "no_bock_pending" and not hand.bock
    )
    if schneider and _schneider_reached(hand):
        out.append("schneider")
    raw = value.value // raise_factor(hand, rules)
    if rules.bock_value_from and raw >= rules.bock_value_from:
        out.append("value")
    return tuple(out)


def raise_factor(hand: Hand, rules: Rules) -> int:
    """What Kontra or Re and a Bock game multiply the value by."""
    factor = rules.kontra_factors[hand.kontra - 1] if hand.kontra else 1
    return factor * (rules.bock_factor if hand.bock else 1)


def _schneider_reached(hand: Hand) -> bool:
    """Whether either side was left Schneider (30 or less), as the cards say: a Null
    game, a renonsz or a Schneider only announced is none."""
    if hand.game == "null" or hand.renonsz is not None:
        return False
    if hand.declarer_points is not None:
        points = hand.declarer_points
        return points >= SCHNEIDER_LINE or points <= 30
    return bool(hand.schneider) or hand.schwarz is not None

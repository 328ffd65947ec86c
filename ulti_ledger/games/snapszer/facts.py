"""A validated snapszer hand as storage keeps it (`canonical`) and who played what (`roles`)."""

from __future__ import annotations

from typing import Any

from ...settlement.hand_checks import common_json
from .hand import Hand


def canonical(hand: Hand) -> dict[str, Any]:
    """The hand-format JSON of a validated hand, without ``ruleset`` and ``options``.

    Keys in the format's order; ``partner`` is written at four players (null when the
    starter held the chosen card), as the format requires it there; ``outcome`` only
    when it is not ``played``. ``parse_hand(canonical(h), rules, {})`` gives ``h`` back.
    """
    out = common_json(hand)
    if hand.winner is not None:
        out["winner"] = hand.winner
    elif len(hand.players) == 4:
        out["partner"] = hand.partner
    if hand.won is not None:
        out["won"] = hand.won
    if hand.loser is not None:
        out["loser"] = hand.loser
    if hand.snapszer is not None:
        out["snapszer"] = {"by": hand.snapszer}
    if hand.renonsz is not None:
        out["renonsz"] = {"player": hand.renonsz}
    if hand.kontra:
        out["kontra"] = hand.kontra
    return out


def roles(hand: Hand) -> dict[str, str]:
    """Each named player's role: the starter is the declarer, the chosen card's holder
    his partner, everyone else at the table an opponent (a ``winner`` who reached 66
    alone keeps the seat he had: an opponent, unless he was the starter)."""
    out = {}
    for name in hand.players:
        if name == hand.declarer:
            out[name] = "declarer"
        elif name == hand.partner:
            out[name] = "partner"
        else:
            out[name] = "opponent"
    for name in hand.sitting_out:
        out[name] = "sitting_out"
    return out

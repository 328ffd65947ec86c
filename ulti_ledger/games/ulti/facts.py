"""What storage keeps of an Ulti hand: its canonical facts, and each player's role."""

from __future__ import annotations

from typing import Any

from .hand import Hand


def canonical(hand: Hand) -> dict[str, Any]:
    """The hand-format JSON of a validated hand, without ``ruleset`` and ``options``.

    Keys in the format's order, defaults left out (``Hand.to_dict``): ``parse_hand`` of
    it gives an equal hand, so it is what the hands table stores.
    """
    out = hand.to_dict()
    del out["ruleset"]
    out.pop("options", None)
    return out


def roles(hand: Hand) -> dict[str, str]:
    """Each named player's role: the declarer (also the one who threw in an all pass), the
    defenders as opponents (Ulti has no partner), and those sitting out."""
    out = {name: "opponent" for name in hand.players}
    out[hand.declarer] = "declarer"
    out.update(dict.fromkeys(hand.sitting_out, "sitting_out"))
    return out

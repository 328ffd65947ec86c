"""A validated Skat hand as storage keeps it (`canonical`) and who played what (`roles`)."""

from __future__ import annotations

from typing import Any

from .hand import Hand


def canonical(hand: Hand) -> dict[str, Any]:
    """The hand-format JSON of a validated hand, without ``ruleset`` and ``options``.

    Keys in the format's order; ``hand`` always (a Skat scorer reads it first), the rest
    only where set. ``parse_hand(canonical(h), rules, {})`` gives ``h`` back.
    """
    out: dict[str, Any] = {"players": list(hand.players)}
    if hand.sitting_out:
        out["sitting_out"] = list(hand.sitting_out)
    if hand.outcome != "played":
        out["outcome"] = hand.outcome
        if hand.bock:
            out["bock"] = True
        if hand.ramsch is not None:
            out["ramsch"] = _ramsch(hand)
        return out
    out["declarer"] = hand.declarer
    out["game"] = hand.game
    for key in ("mit", "ohne"):
        if getattr(hand, key) is not None:
            out[key] = getattr(hand, key)
    out["hand"] = hand.hand
    for key in ("announced", "bid", "declarer_points", "schwarz", "won", "schneider"):
        value = getattr(hand, key)
        if value is not None:
            out[key] = value
    if hand.ouvert:
        out["ouvert"] = True
    if hand.kontra:
        out["kontra"] = hand.kontra
    if hand.bock:
        out["bock"] = True
    if hand.ramsch_round:
        out["ramsch_round"] = True
    if hand.renonsz is not None:
        out["renonsz"] = {"player": hand.renonsz}
    return out


def _ramsch(hand: Hand) -> dict[str, Any]:
    ramsch = hand.ramsch
    assert ramsch is not None
    if ramsch.durchmarsch is not None:
        return {"durchmarsch": ramsch.durchmarsch}
    losers = ramsch.losers
    out: dict[str, Any] = {"loser": losers[0] if len(losers) == 1 else list(losers)}
    out["points"] = ramsch.points
    if ramsch.jungfrau:
        out["jungfrau"] = list(ramsch.jungfrau)
    return out


def roles(hand: Hand) -> dict[str, str]:
    """The declarer (Alleinspieler), the opponents, and the dealer sitting out; in an
    all-pass hand (Ramsch or eingepasst) everyone at play is an opponent of no one."""
    out = {name: "declarer" if name == hand.declarer else "opponent" for name in hand.players}
    for name in hand.sitting_out:
        out[name] = "sitting_out"
    return out

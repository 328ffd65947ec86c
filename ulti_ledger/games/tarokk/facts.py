"""A validated tarokk hand as storage keeps it (`canonical`) and who played what (`roles`)."""

from __future__ import annotations

from typing import Any

from ...settlement import hand_checks
from .hand import Hand


def canonical(hand: Hand) -> dict[str, Any]:
    """The hand-format JSON of a validated hand, without ``ruleset`` and ``options``.

    Keys in the format's order; ``partner`` always where the hand was dealt out (null for
    a lone declarer), ``skart`` only when true, a figure's ``kontra`` only when announced,
    the game's ``kontra`` only above 0 (the skart's automatic kontra is not written: the
    ``skart`` key implies it). ``parse_hand(canonical(h), rules, {})`` gives ``h`` back.
    """
    out = hand_checks.common_json(hand)
    if hand.outcome != "redeal" or hand.partner is not None:
        out["partner"] = hand.partner
    if hand.skart:
        out["skart"] = True
    if hand.bid is not None:
        out["contract"] = hand.bid
    said = hand.game_kontra > (1 if hand.skart else 0)
    if hand.game_won is not None or said:
        game: dict[str, Any] = {} if hand.game_won is None else {"won": hand.game_won}
        if said:
            game["kontra"] = hand.game_kontra
        if hand.tie:
            game["tie"] = True
        out["game"] = game
    if hand.figures:
        out["figures"] = [_figure(f) for f in hand.figures]
    if hand.tarokkszam:
        out["tarokkszam"] = [{"player": p, "count": c} for p, c in hand.tarokkszam]
    if hand.renonsz is not None:
        renonsz: dict[str, Any] = {"player": hand.renonsz}
        if hand.ruling is not None:
            renonsz["ruling"] = hand.ruling
        out["renonsz"] = renonsz
    if hand.double:
        out["double"] = True
    return out


def _figure(fig) -> dict[str, Any]:
    out: dict[str, Any] = {"name": fig.name, "side": fig.side, "announced": fig.announced}
    if fig.won is not None:
        out["won"] = fig.won
    if fig.announced:
        out["kontra"] = fig.kontra
    if fig.card is not None:
        out["card"] = fig.card
    if fig.raised_from is not None:
        out["raised_from"] = fig.raised_from
    return out


def roles(hand: Hand) -> dict[str, str]:
    """Each named player's role: the declarer, the called card's holder (his partner),
    the opponents, and the dealer sitting out at a table of five."""
    named = {hand.declarer: "declarer"}
    if hand.partner is not None:
        named[hand.partner] = "partner"
    out = {name: named.get(name, "opponent") for name in hand.players}
    out.update(dict.fromkeys(hand.sitting_out, "sitting_out"))
    return out

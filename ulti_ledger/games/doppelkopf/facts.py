"""A validated Doppelkopf hand as storage keeps it (`canonical`) and who played what (`roles`)."""

from __future__ import annotations

from typing import Any

from ...settlement.hand_checks import common_json
from .hand import EXTRA_KEYS, PARTIES, Hand, levels


def canonical(hand: Hand) -> dict[str, Any]:
    """The hand-format JSON of a validated hand, without ``ruleset`` and ``options``.

    ``contract`` only when it is not ``normal``; ``partner`` wherever Re has two players
    (and as null for a Hochzeit that found nobody); announcements and extras only where
    a party has any. ``parse_hand(canonical(h), rules, {})`` gives ``h`` back.
    """
    out = common_json(hand)
    if hand.contract != "normal":
        out["contract"] = hand.contract
    if hand.partner is not None or hand.contract == "hochzeit":
        out["partner"] = hand.partner
    if hand.suit is not None:
        out["suit"] = hand.suit
    if hand.re_points is not None:
        out["re_points"] = hand.re_points
    if hand.all_tricks is not None:
        out["all_tricks"] = hand.all_tricks
    said = (hand.re_level, hand.kontra_level)
    if any(said):
        out["announced"] = {p: levels(p)[n - 1] for p, n in zip(PARTIES, said, strict=True) if n}
    extras = {}
    for party, own in zip(PARTIES, hand.extras, strict=True):
        kept = {k: v for k, v in zip(EXTRA_KEYS, own, strict=True) if v}
        if kept:
            extras[party] = kept
    if extras:
        out["extras"] = extras
    if hand.bock:
        out["bock"] = hand.bock
    if hand.schweinchen is not None:
        out["schweinchen"] = hand.schweinchen
    return out


def roles(hand: Hand) -> dict[str, str]:
    """Each named player's role: the declarer (the soloist, the Hochzeit's or the Armut's
    player, or the Re player the form names first), his Re partner, the Kontra players
    as opponents."""
    out = dict.fromkeys(hand.kontra, "opponent")
    out.update(dict.fromkeys(hand.re, "partner"))
    out[hand.declarer] = "declarer"
    out.update(dict.fromkeys(hand.sitting_out, "sitting_out"))
    return out

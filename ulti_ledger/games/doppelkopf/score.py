"""Settling a Doppelkopf hand: the game value of the DDV rules into zero-sum payments.

The winner (TSR 7.1.1, 7.1.2): Re needs 121 card points, Kontra 120; a party that said
Kontra alone (Re unsaid) needs 121 and Re then 120; a party's own "keine 90/60/30/schwarz"
raises what it needs to 151, 181, 211 or every trick, and lowers what the other party needs
to 90, 60, 30 or one trick. Where both parties missed their own Absagen, nobody wins (TSR
7.1.3).

The value (TSR 7.2.2): won 1; keine 90, 60, 30, schwarz played 1 each; Re and Kontra said
2 each; each Absage 1; 120 against "keine 90" (90 against "keine 60"...) reached 1. Where
nobody won, each party has the tiers it played and the points it reached against the
other's Absagen, and the difference is paid. The extra points (TSR 7.2.3, never in a
solo: TSR 7.2.4): gegen die Alten (Kontra won a normal game or a Hochzeit), each
Doppelkopf, each Fuchs gefangen, Karlchen; each party's count for it. A Bock round doubles
the whole.

Money: each Re player receives the net value from one Kontra player (2 v 2); a soloist
receives it from each of the three (three times), or pays it to each.
"""

from __future__ import annotations

from typing import Any

from ...settlement.pairs import spread
from ...settlement.result import Line, Settlement
from .build import Rules
from .hand import Hand

TIERS = ("keine_90", "keine_60", "keine_30", "schwarz")
TARGET = {2: 151, 3: 181, 4: 211}
"""What a party needs after its own Absage (level 5, schwarz: every trick)."""
AGAINST = {2: 90, 3: 60, 4: 30}
"""What the other party needs against an Absage (level 5, schwarz: one trick)."""
REACHED = ((2, 120), (3, 90), (4, 60), (5, 30))
"""Card points that defy an Absage: 120 against "keine 90", ... 30 against "schwarz"."""


def winner(hand: Hand) -> str | None:
    """``re``, ``kontra`` or None (both missed their own Absagen: TSR 7.1.3)."""
    eyes = {"re": hand.re_points or 0, "kontra": 240 - (hand.re_points or 0)}
    level = {"re": hand.re_level, "kontra": hand.kontra_level}
    for party, other in (("re", "kontra"), ("kontra", "re")):
        if _wins(eyes[party], level[party], level[other], party, hand.all_tricks):
            return party
    return None


def _wins(eyes: int, own: int, other: int, party: str, all_tricks: str | None) -> bool:
    if own >= 2:  # its own Absage binds it
        return all_tricks == party if own == 5 else eyes >= TARGET[own]
    if other >= 2:  # the other party's Absage sets the bar
        return _against(eyes, other, party, all_tricks)
    if party == "re":
        return eyes >= (120 if other == 1 and own == 0 else 121)
    return eyes >= (121 if own == 1 and other == 0 else 120)


def _against(eyes: int, other: int, party: str, all_tricks: str | None) -> bool:
    if other == 5:  # against "schwarz": one trick wins
        return all_tricks is None or all_tricks == party
    return eyes >= AGAINST[other]


def game_points(hand: Hand, rules: Rules) -> tuple[str | None, list[tuple[str, int]], int]:
    """The winner, the items of the game value (key, points for Re: + Re, - Kontra), and
    Re's net value before Bock. Items name what TSR 7.2.2 and 7.2.3 count."""
    won = winner(hand)
    re_eyes = hand.re_points or 0
    eyes = {"re": re_eyes, "kontra": 240 - re_eyes}
    level = {"re": hand.re_level, "kontra": hand.kontra_level}
    items: list[tuple[str, int]] = []
    sign = {"re": 1, "kontra": -1}
    if won is not None:
        s, loser = sign[won], "kontra" if won == "re" else "re"
        items.append(("won", s * rules.won))
        for key, bar in zip(TIERS[:3], (90, 60, 30), strict=True):
            if eyes[loser] < bar:
                items.append((key, s * rules.tier))
        if hand.all_tricks == won:
            items.append(("schwarz", s * rules.tier))
        for party in ("re", "kontra"):
            if level[party] >= 1:
                items.append((f"said_{party}", s * rules.announcement))
        for party in ("re", "kontra"):
            for step in range(2, level[party] + 1):
                items.append((f"absage_{party}_{TIERS[step - 2]}", s * rules.absage))
    else:  # nobody won: each party its own tiers (TSR 7.1.3, 7.2.2 a)
        for party in ("re", "kontra"):
            other = "kontra" if party == "re" else "re"
            for key, bar in zip(TIERS[:3], (90, 60, 30), strict=True):
                if eyes[other] < bar:
                    items.append((f"{key}_{party}", sign[party] * rules.tier))
    for party in ("re", "kontra"):  # 120 against "keine 90", ... (TSR 7.2.2 e, f)
        other = "kontra" if party == "re" else "re"
        for step, bar in REACHED:
            if level[other] >= step and eyes[party] >= bar and rules.reached:
                items.append((f"reached_{party}_{bar}", sign[party] * rules.reached))
    if rules.extras and not hand.solo:
        if won == "kontra" and hand.contract in ("normal", "hochzeit"):
            items.append(("gegen_die_alten", -rules.extra))
        for party, own in zip(("re", "kontra"), hand.extras, strict=True):
            doppelkopf, fuchs, karlchen = own
            for key, count in (
                ("doppelkopf", doppelkopf),
                ("fuchs", fuchs),
                ("karlchen", karlchen),
            ):
                if count:
                    items.append((f"{key}_{party}", sign[party] * rules.extra * int(count)))
    return won, items, sum(n for _, n in items)


def settle(hand: Hand, rules: Rules) -> Settlement:
    """The hand's payments (+ receives) and the line that explains them."""
    payments = dict.fromkeys(hand.players, 0)
    if hand.outcome == "redeal":
        lines = [Line("redeal", {}, dict(payments))]
    else:
        won, items, value = game_points(hand, rules)
        factor = rules.bock_factor**hand.bock
        total = value * factor
        if total > 0:
            payments.update(spread(total, hand.re, hand.kontra))
        elif total < 0:
            payments.update(spread(-total, hand.kontra, hand.re))
        params: dict[str, Any] = {
            "contract": hand.contract,
            "winner": won,
            "re": hand.re,
            "kontra": hand.kontra,
            "re_points": hand.re_points,
            "items": items,
            "value": value,
            "bock": hand.bock,
            "factor": factor,
            "n": abs(total),
            "solo": hand.solo,
        }
        lines = [Line("game", params, dict(payments))]
    for name in hand.sitting_out:
        payments[name] = 0
        lines.append(Line("sits_out", {"player": name}, {name: 0}))
    return Settlement(payments, tuple(lines))

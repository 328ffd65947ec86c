"""Snapszer's hand form read back: the drawn form's values as a hand (``hand_from_form``),
and a recorded hand as the form's values (``form_values``, the edit page)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...settlement.form_rules import seated_hand
from .build import Rules


def hand_from_form(values: Mapping[str, Any], rules: Rules) -> dict[str, Any]:
    """The hand (hand format, and the ``dealer``) that the form's ``values`` describe.

    ``values`` holds only the fields that apply (and ``players``, ``sitting_out``); a field
    left out stays out of the hand, so that the engine names it; a value that is not one
    of the form's options is passed on as it came, for the engine to refuse.
    """
    hand = seated_hand(values, "dealer", "declarer", "winner", "loser")
    if values.get("outcome") and values["outcome"] != "played":
        hand["outcome"] = values["outcome"]
    if values.get("renonsz"):
        hand["renonsz"] = {"player": values["renonsz"]}
    if "partner" in values and "winner" not in hand:
        hand["partner"] = values["partner"] or None
    if values.get("won") and "winner" not in hand:
        won = values["won"]
        hand["won"] = {"true": True, "false": False}.get(won, won)
    if values.get("snapszer"):
        hand["snapszer"] = {"by": values["snapszer"]}
        hand.pop("loser", None)
    if values.get("kontra"):
        kontra = str(values["kontra"])
        hand["kontra"] = int(kontra) if kontra in ("1", "2") else kontra
    return hand


def form_values(facts: Mapping[str, Any], rules: Rules) -> dict[str, str]:
    """The form's values of a recorded hand (its hand-format ``facts``): the edit page.

    Snapszer's fields are its facts' own keys, so ``rules`` are not needed here."""
    out = {"declarer": facts["declarer"], "outcome": facts.get("outcome", "played")}
    if len(facts["players"]) == 4 and "winner" not in facts:
        out["partner"] = facts.get("partner") or ""
    if "won" in facts:
        out["won"] = "true" if facts["won"] else "false"
    for key in ("loser", "winner"):
        if facts.get(key):
            out[key] = facts[key]
    if facts.get("renonsz"):
        out["renonsz"] = facts["renonsz"]["player"]
    if facts.get("snapszer"):
        out["snapszer"] = facts["snapszer"]["by"]
    if facts.get("kontra"):
        out["kontra"] = str(facts["kontra"])
    return out

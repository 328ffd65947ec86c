"""Doppelkopf's hand form read back: the drawn form's values as a hand (``hand_from_form``),
and a recorded hand as the form's values (``form_values``, the edit page)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from ...settlement.form_rules import seated_hand
from .build import SOLOS, Rules

_NUMBER = re.compile(r"[0-9]{1,4}")
"""A typed number in ASCII digits; anything else is passed on for the engine to refuse."""


def _number(raw: Any) -> Any:
    text = str(raw).strip()
    return int(text) if _NUMBER.fullmatch(text) else raw


def hand_from_form(values: Mapping[str, Any], rules: Rules) -> dict[str, Any]:
    """The hand (hand format, and the ``dealer``) that the form's ``values`` describe.

    A field left out stays out of the hand, so that the engine names it; a value that is
    not one of the form's is passed on as it came, for the engine to refuse.
    """
    get = values.get
    hand = seated_hand(values, "dealer", "declarer")
    if get("outcome") and values["outcome"] != "played":
        hand["outcome"] = values["outcome"]
        if "declarer" not in hand and get("first_bidder"):
            # the form hides the declarer of a deal thrown in, and the hand format asks
            # for one: the deal's first bidder, who would have led
            hand["declarer"] = values["first_bidder"]
        return hand
    contract = get("contract") or "normal"
    if contract != "normal":
        hand["contract"] = contract
    if contract not in SOLOS and "partner" in values:
        hand["partner"] = get("partner") or None
    if contract == "farbsolo" and get("suit"):
        hand["suit"] = values["suit"]
    if get("re_points") not in (None, ""):
        hand["re_points"] = _number(values["re_points"])
    if get("all_tricks"):
        hand["all_tricks"] = values["all_tricks"]
    announced = {p: get(f"announced_{p}") for p in ("re", "kontra") if get(f"announced_{p}")}
    if announced:
        hand["announced"] = announced
    extras: dict[str, dict[str, Any]] = {}
    for party in ("re", "kontra"):
        own = {
            k: _number(get(f"{k}_{party}")) for k in ("doppelkopf", "fuchs") if get(f"{k}_{party}")
        }
        if get("karlchen") == party:
            own["karlchen"] = True
        if own:
            extras[party] = own
    if extras:
        hand["extras"] = extras
    if get("bock"):
        hand["bock"] = _number(values["bock"])
    if get("schweinchen"):
        hand["schweinchen"] = values["schweinchen"]
    return hand


def form_values(facts: Mapping[str, Any], rules: Rules) -> dict[str, str]:
    """The form's values of a recorded hand (its hand-format ``facts``): the edit page."""
    out = {"declarer": facts["declarer"], "outcome": facts.get("outcome", "played")}
    if out["outcome"] != "played":
        return out
    out["contract"] = facts.get("contract", "normal")
    if out["contract"] not in SOLOS:
        out["partner"] = facts.get("partner") or ""
    if facts.get("suit"):
        out["suit"] = facts["suit"]
    if "re_points" in facts:
        out["re_points"] = str(facts["re_points"])
    if facts.get("all_tricks"):
        out["all_tricks"] = facts["all_tricks"]
    for party, level in (facts.get("announced") or {}).items():
        out[f"announced_{party}"] = level
    for party, own in (facts.get("extras") or {}).items():
        for key in ("doppelkopf", "fuchs"):
            if own.get(key):
                out[f"{key}_{party}"] = str(own[key])
        if own.get("karlchen"):
            out["karlchen"] = party
    if facts.get("bock"):
        out["bock"] = str(facts["bock"])
    if facts.get("schweinchen"):
        out["schweinchen"] = facts["schweinchen"]
    return out

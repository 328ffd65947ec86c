"""Skat's drawn form read back: the posted values into a hand (``hand_from_form``) and a
recorded hand into the form's values (``form_values``, the edit page)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from ...settlement.form_rules import seated_hand
from .build import Rules

_NUMBER = re.compile(r"[0-9]{1,4}")
"""A typed number in ASCII digits; anything else is passed on for the engine to refuse."""


def hand_from_form(values: Mapping[str, Any], rules: Rules) -> dict[str, Any]:
    """The hand (hand format, and the ``dealer``) that the form's ``values`` describe.

    A field left out stays out of the hand, so that the engine names it; a value that
    is not one of the form's (a typed "12a") is passed on for the engine to refuse. An
    ouvert suit or Grand game is a hand game with Schwarz announced: the form says so.
    """
    get = values.get
    hand = seated_hand(values, "dealer")
    if get("bock") == "true":
        hand["bock"] = True
    if get("outcome") in ("all_pass", "ramsch"):
        hand["outcome"] = values["outcome"]
        if rules.all_pass == "ramsch" or values["outcome"] == "ramsch":
            hand["ramsch"] = _ramsch(values)
        return hand
    for key in ("declarer", "game", "announced", "schwarz"):
        if get(key):
            hand[key] = values[key]
    matadors = str(get("matadors") or "")
    word, _, n = matadors.partition("-")
    if word in ("mit", "ohne"):
        hand[word] = _number(n)
    hand["hand"] = get("hand") == "true"
    if get("ouvert") == "true":
        hand["ouvert"] = True
        if hand.get("game") != "null":
            hand["hand"], hand["announced"] = True, "schwarz"
    for key in ("declarer_points", "bid", "kontra"):
        if get(key):
            hand[key] = _number(values[key])
    if get("won"):
        hand["won"] = {"true": True, "false": False}.get(values["won"], values["won"])
        if get("schneider") == "true":
            hand["schneider"] = True
    if get("renonsz"):
        hand["renonsz"] = {"player": values["renonsz"]}
    if get("ramsch_round") == "true":
        hand["ramsch_round"] = True
    return hand


def _ramsch(values: Mapping[str, Any]) -> dict[str, Any]:
    if values.get("durchmarsch"):
        return {"durchmarsch": values["durchmarsch"]}
    out: dict[str, Any] = {}
    losers = [values.get(k) for k in ("ramsch_loser", "ramsch_tie", "ramsch_tie2")]
    losers = [name for name in losers if name]
    if losers:  # tied losers, a list; one loser, his name as the format has it
        out["loser"] = losers if len(losers) > 1 else losers[0]
    if values.get("ramsch_points"):
        out["points"] = _number(values["ramsch_points"])
    if values.get("jungfrau"):
        out["jungfrau"] = [values["jungfrau"]]
    return out


def _number(raw: Any) -> Any:
    text = str(raw).strip()
    return int(text) if _NUMBER.fullmatch(text) else raw


def form_values(facts: Mapping[str, Any], rules: Any = None) -> dict[str, str]:
    """The form's values of a recorded hand (its hand-format ``facts``): the edit page."""
    if facts.get("outcome") in ("all_pass", "ramsch"):
        out = {"outcome": facts["outcome"]}
        ramsch = facts.get("ramsch") or {}
        if ramsch.get("durchmarsch"):
            out["durchmarsch"] = ramsch["durchmarsch"]
        if ramsch.get("loser"):
            losers = ramsch["loser"]
            losers = [losers] if isinstance(losers, str) else list(losers)
            for key, name in zip(
                ("ramsch_loser", "ramsch_tie", "ramsch_tie2"), losers, strict=False
            ):
                out[key] = name
            out["ramsch_points"] = str(ramsch["points"])
        if ramsch.get("jungfrau"):
            out["jungfrau"] = ramsch["jungfrau"][0]
        if facts.get("bock"):
            out["bock"] = "true"
        return out
    out = {"declarer": facts["declarer"], "game": facts["game"], "outcome": ""}
    for word in ("mit", "ohne"):
        if facts.get(word):
            out["matadors"] = f"{word}-{facts[word]}"
    for key in ("hand", "ouvert", "bock", "schneider", "ramsch_round"):
        out[key] = "true" if facts.get(key) else ""
    for key in ("announced", "schwarz"):
        out[key] = facts.get(key) or ""
    for key in ("declarer_points", "bid", "kontra"):
        if facts.get(key) is not None:
            out[key] = str(facts[key])
    if "won" in facts:
        out["won"] = "true" if facts["won"] else "false"
    if facts.get("renonsz"):
        out["renonsz"] = facts["renonsz"]["player"]
    return out

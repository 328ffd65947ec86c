"""Tarokk's hand form read back: the drawn form's values as a hand (``hand_from_form``),
and a recorded hand as the form's values (``form_values``, the edit page); the figure
rows are read and written by ``form_rows``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...settlement.form_rules import seated_hand
from .build import Rules
from .form_rows import row_figure, row_values, rows_in, to_bool, to_int


def hand_from_form(values: Mapping[str, Any], rules: Rules) -> dict[str, Any]:
    """The hand (hand format, and the ``dealer``) that the form's ``values`` describe.

    A field left out stays out of the hand, so that the engine names it; a value that is
    not one of the form's options is passed on as it came, for the engine to refuse.
    """
    hand = seated_hand(values, "dealer", "declarer", "contract")
    if values.get("outcome") and values["outcome"] != "played":
        hand["outcome"] = values["outcome"]
    if "partner" in values:
        hand["partner"] = values["partner"] or None
    if values.get("skart") == "true":
        hand["skart"] = True
        hand["partner"] = None
    if "game_won" in values or values.get("game_kontra", "0") not in ("", "0"):
        game: dict[str, Any] = {}
        if values.get("game_won"):
            game["won"] = to_bool(values["game_won"])
        if values.get("game_kontra", "0") not in ("", "0"):
            game["kontra"] = to_int(values["game_kontra"])
        if values.get("tie") == "true":
            game["tie"] = True
        hand["game"] = game
    rows = (row_figure(values, n) for n in range(1, rows_in(values) + 1))
    figures = [fig for fig in rows if fig is not None]
    if figures:
        hand["figures"] = figures
    shown = []
    for key in ("tarokkszam", "tarokkszam2"):
        if values.get(key):
            count = values.get(f"{key}_count") or "8"
            shown.append({"player": values[key], "count": to_int(count)})
    if shown:
        hand["tarokkszam"] = shown
    if values.get("renonsz"):
        hand["renonsz"] = {"player": values["renonsz"]}
        if values.get("ruling"):
            hand["renonsz"]["ruling"] = values["ruling"]
    if values.get("double") == "true":
        hand["double"] = True
    return hand


def form_values(facts: Mapping[str, Any], rules: Any = None) -> dict[str, str]:
    """The form's values of a recorded hand (its hand-format ``facts``): the edit page."""
    out: dict[str, str] = {"declarer": facts["declarer"], "partner": facts.get("partner") or ""}
    out["outcome"] = facts.get("outcome", "played")
    if facts.get("skart"):
        out["skart"] = "true"
    if facts.get("contract"):
        out["contract"] = facts["contract"]
    game = facts.get("game") or {}
    if "won" in game:
        out["game_won"] = "true" if game["won"] else "false"
    out["game_kontra"] = str(game.get("kontra", 0))
    if game.get("tie"):
        out["tie"] = "true"
    if facts.get("double"):
        out["double"] = "true"
    for n, fig in enumerate(facts.get("figures", []), start=1):
        out.update(row_values(fig, n))
    for key, shown in zip(
        ("tarokkszam", "tarokkszam2"), facts.get("tarokkszam") or [], strict=False
    ):
        out[key], out[f"{key}_count"] = shown["player"], str(shown["count"])
    if facts.get("renonsz"):
        out["renonsz"] = facts["renonsz"]["player"]
        if facts["renonsz"].get("ruling"):
            out["ruling"] = facts["renonsz"]["ruling"]
    return out

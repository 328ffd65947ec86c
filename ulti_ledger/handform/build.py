"""From the form's values to a hand, and what the form shows for them.

``to_hand`` reads only what applies (the chosen contract's components, silent results
only in a played hand, a renonsz only in a played hand ...); ``shown`` says the same
thing to the template, so the page hides exactly what is not read.
"""

from __future__ import annotations

from typing import Any

from . import conditions
from .state import ENDLESS, HandState
from .table import Table


def to_hand(table: Table, state: HandState) -> dict[str, Any]:
    """The hand (hand format, plus ``dealer``) the form describes, for the ledger to judge."""
    players = state.players(table)
    declarer = state.declarer
    if declarer is None and state.outcome in ENDLESS:
        declarer = state.first_bidder(table)  # an all pass: the first bidder throws in
    hand: dict[str, Any] = {"players": players, "declarer": declarer, "dealer": state.dealer}
    if state.options is not None:
        hand["options"] = state.options
    if state.sitting_out:
        hand["sitting_out"] = list(state.sitting_out)
    if state.outcome != "played":
        hand["outcome"] = state.outcome
    contract = table.contracts.get(state.contract or "")
    if state.outcome in ENDLESS or contract is None:
        return hand
    if state.colour:
        hand["colour"] = state.colour
    known = state.outcome == "played" and not state.renonsz
    defenders = state.defenders(table)
    components = []
    for c in contract["components"]:
        name = c["name"]
        item: dict[str, Any] = {"name": name}
        if contract["open"] and c["openable"]:
            item["open"] = True
        if known:
            item["won"] = state.won.get(name, True)
        if c["individual_kontra"]:
            levels = {d: state.kontra.get((name, d), 0) for d in defenders}
            if any(levels.values()):
                item["kontra"] = levels
        elif state.kontra.get(name, 0):
            item["kontra"] = state.kontra[name]
        components.append(item)
    hand["components"] = components
    silent = _silent(table, state, contract) if known else []
    if silent:
        hand["silent"] = silent
    if state.renonsz and state.outcome == "played":
        hand["renonsz"] = {"player": state.renonsz}
    return hand


def _silent(table: Table, state: HandState, contract: dict[str, Any]) -> list[dict[str, Any]]:
    out = []
    for name in contract["silent_allowed"]:
        side = state.silent.get(name, "")
        if not side:
            continue
        side, _, player = side.partition(":")
        item: dict[str, Any] = {"name": name, "side": side, "won": True}
        if table.silent[name]["can_fail"] and not state.silent_won.get(name, True):
            item["won"] = False
        if player:
            item["player"] = player
        out.append(item)
    return out


def missing(table: Table, state: HandState) -> dict[str, str]:
    """What must still be chosen before the engine can judge the hand: field -> text key."""
    out = {}
    if state.outcome not in ENDLESS:
        if not state.declarer:
            out["declarer"] = "missing_declarer"
        if state.contract not in table.contracts:
            out["contract"] = "missing_contract"
    return out


def layout_key(table: Table, state: HandState) -> str:
    """Which fields the page shows; without the script a changed layout is shown first.

    A contract's details (made/lost, kontras) appear once it is chosen; per-defender
    fields depend on who the defenders are.
    """
    if state.outcome in ENDLESS:
        return state.outcome
    contract = table.contracts.get(state.contract or "")
    if contract is None:
        return ""
    per_defender = any(c["individual_kontra"] for c in contract["components"]) or any(
        table.silent[n]["everyone"] for n in contract["silent_allowed"]
    )
    if per_defender:
        return f"{contract['id']}|{','.join(state.defenders(table))}"
    return contract["id"]


def shown(table: Table, state: HandState) -> dict[str, Any]:
    """What the page shows for ``state``: the fields whose rule in the game's description
    holds for its values (the script evaluates the same rules as the scorer taps)."""
    description = table.description
    values = state.values(table)
    on = set(conditions.applies(description, values))
    colour = next(f for f in description["fields"] if f["name"] == "colour")
    colours = conditions.options(colour, values) if "colour" in on else []
    return {
        "players": state.players(table),
        "defenders": state.defenders(table),
        "first_bidder": state.first_bidder(table),
        "bid": state.outcome not in ENDLESS,
        "components": {c["name"] for c in table.components if f"kontra-{c['name']}" in on},
        "colours": {c or None for c in colours},
        "won": any(f"won-{c['name']}" in on for c in table.components),
        "silent": {n for n in table.silent if f"silent-{n}" in on},
        "renonsz": "renonsz" in on,
        "layout": layout_key(table, state),
        "preset": chosen_preset(table, state),
    }


def chosen_preset(table: Table, state: HandState) -> str | None:
    """The one preset that looks chosen: the most specific one ``state`` matches.

    After "piros passz" the plain "passz" matches too; showing both pressed would say two
    things were chosen, so the one naming the colour wins (hand-form.js does the same).
    """
    if state.outcome in ENDLESS:
        return next((p["id"] for p in table.presets if p.get("outcome") == state.outcome), None)
    matches = [
        p
        for p in table.presets
        if not p.get("outcome")
        and p["contract"] == state.contract
        and (not p["colour"] or p["colour"] == state.colour)
    ]
    return max(matches, key=lambda p: bool(p["colour"]))["id"] if matches else None

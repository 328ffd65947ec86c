"""Ulti's hand form read back: the form's values as a hand, and a recorded hand as values.

The drawn form (``handform/generic.py``) hands over only the fields that apply (see
``form.hand_form``): a kontra asked of each defender comes as ``{defender: level}``, a
csendes result that names its defender as the defender's name. What is absent stays out
of the hand, and a value the form does not offer is passed on as it came, so that the
engine names it; nothing here judges a hand.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...settlement.form_rules import seated_hand
from .form import ENDLESS
from .rules import Contract, Rules

TRUTH = {"1": True, "0": False}


def hand_from_form(values: Mapping[str, Any], rules: Rules) -> dict[str, Any]:
    """The hand (hand format, and the ``dealer``) that the form's ``values`` describe."""
    hand = seated_hand(values, "dealer", "declarer")
    outcome = values.get("outcome") or "played"
    if outcome != "played":
        hand["outcome"] = outcome
    contract = next((c for c in rules.contracts if c.id == values.get("contract")), None)
    if outcome in ENDLESS or contract is None:
        return hand
    if values.get("colour"):
        hand["colour"] = values["colour"]
    known = outcome == "played" and not values.get("renonsz")
    names = contract.components
    hand["components"] = [_component(rules, contract, n, values, known) for n in names]
    silent = _silent(rules, contract, values) if known else []
    if silent:
        hand["silent"] = silent
    if values.get("renonsz") and outcome == "played":
        hand["renonsz"] = {"player": values["renonsz"]}
    return hand


def _component(
    rules: Rules, contract: Contract, name: str, values: Mapping[str, Any], known: bool
) -> dict[str, Any]:
    item: dict[str, Any] = {"name": name}
    if contract.open and rules.components[name].open is not None:
        item["open"] = True
    won = values.get(f"won-{name}")
    if known and won is not None:
        item["won"] = TRUTH.get(won, won)
    kontra = values.get(f"kontra-{name}")
    if isinstance(kontra, Mapping):
        levels = {p: _level(v) for p, v in kontra.items()}
        if any(level != 0 for level in levels.values()):
            item["kontra"] = levels
    elif kontra is not None and _level(kontra) != 0:
        item["kontra"] = _level(kontra)
    return item


def _silent(rules: Rules, contract: Contract, values: Mapping[str, Any]) -> list[dict[str, Any]]:
    out = []
    allowed = rules.silent_allowed(contract)
    for name in rules.silent:
        side = values.get(f"silent-{name}") or ""
        if name not in allowed or not side:
            continue
        item: dict[str, Any] = {"name": name, "side": side, "won": True}
        if side not in ("declarer", "defenders"):
            item.update(side="defenders", player=side)
        won = values.get(f"silent-{name}-won")
        if won is not None and rules.silent[name].failed_factor:
            item["won"] = TRUTH.get(won, won)
        out.append(item)
    return out


def form_values(facts: Mapping[str, Any], rules: Rules) -> dict[str, Any]:
    """The form's values of a recorded hand (its hand-format ``facts``): the edit page.

    The contract is the one of ``rules`` with the hand's components and openness.
    """
    out: dict[str, Any] = {
        "declarer": facts["declarer"],
        "outcome": facts.get("outcome", "played"),
        "colour": facts.get("colour") or "",
        "renonsz": (facts.get("renonsz") or {}).get("player", ""),
    }
    components = facts.get("components", [])
    key = (frozenset(c["name"] for c in components), any(c.get("open") for c in components))
    contract = next((c for c in rules.contracts if c.key == key), None)
    if contract is not None:
        out["contract"] = contract.id
    for c in components:
        out[f"won-{c['name']}"] = "0" if c.get("won") is False else "1"
        kontra = c.get("kontra", 0)
        if isinstance(kontra, Mapping):
            out[f"kontra-{c['name']}"] = {p: str(level) for p, level in kontra.items()}
        else:
            out[f"kontra-{c['name']}"] = str(kontra)
    for s in facts.get("silent", []):
        out[f"silent-{s['name']}"] = s.get("player") or s["side"]
        out[f"silent-{s['name']}-won"] = "0" if s.get("won") is False else "1"
    return out


def _level(raw: Any) -> Any:
    try:
        return int(raw)
    except (TypeError, ValueError):
        return raw  # the engine says what a kontra level must be

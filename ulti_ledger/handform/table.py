"""What a session's hand form offers: seats, contracts, components, presets.

The game describes its form as data (its part ``hand_form``, in ``form["description"]``):
the order of the fields, the presets and when each field applies come from there.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .. import rotation


@dataclass
class Table:
    """What a session's hand form offers: seats and the pinned ruleset's contracts."""

    seats: tuple[str, ...]
    active: int
    contracts: dict[str, dict[str, Any]]
    components: list[dict[str, Any]]
    """Every component of any contract, once each, in the order the form shows them."""
    silent: dict[str, dict[str, Any]]
    colours: list[dict[str, Any]]
    kontra: list[dict[str, Any]]
    presets: list[dict[str, Any]]
    description: dict[str, Any]
    """The game's form as data (``conditions`` evaluates its rules)."""

    @classmethod
    def build(cls, seats: tuple[str, ...], form: Mapping[str, Any], active: int) -> Table:
        """From ``ledger.hand_form(session, "hu")`` (game terms stay Hungarian)."""
        contracts = {c["id"]: c for c in form["contracts"]}
        components: dict[str, dict[str, Any]] = {}
        for contract in form["contracts"]:
            for c in contract["components"]:
                components.setdefault(c["name"], c)
        description = form["description"]
        order = [f["name"].removeprefix("kontra-") for f in description["fields"]]
        ordered = sorted(components.values(), key=lambda c: order.index(c["name"]))
        return cls(
            seats=seats,
            active=active,
            contracts=contracts,
            components=ordered,
            silent={s["name"]: s for s in form["silent"]},
            colours=form["colours"],
            kontra=form["kontra"],
            presets=presets(description),
            description=description,
        )

    def field(self, name: str) -> dict[str, Any]:
        """The game's description of the field ``name`` (its kind, label and options)."""
        return next(f for f in self.description["fields"] if f["name"] == name)

    def notes(self) -> dict[str, str]:
        """The note beside each field the facts may set (the page has it ready to show)."""
        return {name: f["note"] for f in self.description["forces"] for name in f["set"]}

    def deal(self, dealer: str) -> rotation.Deal:
        return rotation.deal(self.seats, dealer, self.active)

    def script_data(self) -> dict[str, Any]:
        """What the script needs to show and hide fields as the scorer taps."""
        return {
            "seats": list(self.seats),
            "deals": {d: list(self.deal(d).sitting_out) for d in self.seats},
            "contracts": {
                cid: {
                    "components": [x["name"] for x in c["components"]],
                    "individual": [x["name"] for x in c["components"] if x["individual_kontra"]],
                    "colours": [x or "" for x in c["colours"]],
                    "required": c["colour_required"],
                    "silent": c["silent_allowed"],
                }
                for cid, c in self.contracts.items()
            },
            "silent": {n: {"everyone": s["everyone"]} for n, s in self.silent.items()},
            "presets": {p["id"]: p for p in self.presets},
            "form": self.description,
        }


def presets(description: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The game's one-tap presets, each with the contract, colour or outcome it sets."""
    out = []
    for p in description["presets"]:
        preset = {"id": p["id"], "label": p["label"], "colour": p["set"].get("colour")}
        preset["contract"] = p["set"].get("contract")
        if "outcome" in p["set"]:
            preset["outcome"] = p["set"]["outcome"]
        out.append(preset)
    return out

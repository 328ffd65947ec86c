"""What a session's hand form offers: seats, contracts, components, presets."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .. import rotation

LAST = "parti"
"""The component shown last: it is the small change beside a bigger bid."""


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

    @classmethod
    def build(cls, seats: tuple[str, ...], form: Mapping[str, Any], active: int) -> Table:
        """From ``ledger.hand_form(session, "hu")`` (game terms stay Hungarian)."""
        contracts = {c["id"]: c for c in form["contracts"]}
        components: dict[str, dict[str, Any]] = {}
        for contract in form["contracts"]:
            for c in contract["components"]:
                components.setdefault(c["name"], c)
        ordered = sorted(components.values(), key=lambda c: c["name"] == LAST)
        return cls(
            seats=seats,
            active=active,
            contracts=contracts,
            components=ordered,
            silent={s["name"]: s for s in form["silent"]},
            colours=form["colours"],
            kontra=form["kontra"],
            presets=presets(form),
        )

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
        }


def presets(form: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The one-tap presets: the red passz first, then every common contract, then all pass."""
    out = []
    common = [c for c in form["contracts"] if c["common"]]
    first = next((c for c in common if c["colour_required"] and "piros" in c["colours"]), None)
    if first is not None:
        label = f"piros {first['label']}"
        out.append({"id": f"piros-{first['id']}", "label": label, "contract": first["id"]})
        out[-1]["colour"] = "piros"
    for c in common:
        out.append({"id": c["id"], "label": c["label"], "contract": c["id"], "colour": None})
    out.append({"id": "all-pass", "label": None, "contract": None, "colour": None})
    out[-1]["outcome"] = "all_pass"
    return out

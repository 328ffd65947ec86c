"""What Ulti's own hand form offers: the contracts of the rules, colours, kontras, silent results.

Plain dicts built from the rules (``ledger.hand_form`` passes them to the pages), so the
form offers only what can apply and says each contract's value. The drawn form of any game
reads the game's ``hand_form`` description instead; this is Ulti's until it is drawn too.
"""

from __future__ import annotations

from typing import Any

from .form import OUTCOMES
from .rules import Contract, Rules


def form_catalogue(rules: Rules, lang: str = "hu") -> dict[str, Any]:
    """The contracts, colours, kontra names and silent results of ``rules`` for the form.

    contracts: id, label, components, open, common (one-tap preset), colours (allowed,
    None first when the colour may be left out), colour_required, value (per defender,
    made, in the first allowed colour), silent_allowed (the silent results a hand of
    this contract may list) and, per component, whether its kontra is individual (one
    level per defender) and whether it has an open form. Also the colours, the kontra
    names up to the table's ceiling, and the silent results the table pays (with
    ``everyone``: a defender's result names the defender who made it).
    """
    return {
        "contracts": [_contract(rules, c) for c in rules.contracts],
        "colours": [
            {"name": c.name, "label": c.label if lang == "hu" else c.label_en}
            for c in rules.colours.values()
        ],
        "kontra": [
            {"level": level, "name": rules.kontra.name(level)}
            for level in range(rules.kontra.max_level + 1)
        ],
        "silent": [
            {
                "name": s.name,
                "label": s.label,
                "defenders": s.defenders,
                "can_fail": bool(s.failed_factor),
                "everyone": s.defender_scope == "everyone",
            }
            for s in rules.silent.values()
            if s.enabled
        ],
        "outcomes": list(OUTCOMES),
    }


def _contract(rules: Rules, contract: Contract) -> dict[str, Any]:
    colours, required = rules.contract_colours(contract)
    first = next((c for c in colours if c), None)
    return {
        "id": contract.id,
        "label": contract.label,
        "components": [
            {
                "name": name,
                "label": rules.components[name].label,
                "individual_kontra": rules.games[rules.components[name].game].individual_kontra,
                "openable": rules.components[name].open is not None,
            }
            for name in contract.components
        ],
        "open": contract.open,
        "common": contract.common,
        "colours": list(colours),
        "colour_required": required,
        "value": rules.contract_value(contract, first if required else None),
        "silent": sorted(contract.silent) if contract.silent is not None else None,
        "silent_allowed": _silent_allowed(rules, contract),
    }


def _silent_allowed(rules: Rules, contract: Contract) -> list[str]:
    """The silent results a hand of ``contract`` may list, in the ruleset's order: the
    engine's own list (``Rules.silent_allowed``), so the form never offers what it refuses."""
    allowed = rules.silent_allowed(contract)
    return [name for name in rules.silent if name in allowed]

"""The value table of a ruleset, as a player reads it: contracts by colour, house rules."""

from __future__ import annotations

from typing import Any

from .settlement import Ruleset


def value_table(ruleset: Ruleset) -> dict[str, Any]:
    """Every contract's per-defender value in each colour, and every option's default."""
    rules = ruleset.rules
    colours = list(rules.colours)
    contracts = []
    for contract in rules.contracts:
        allowed, required = rules.contract_colours(contract)
        values: dict[str, int | None] = {}
        if not required and None in allowed:
            values["-"] = rules.contract_value(contract, None)
        for colour in colours:
            values[colour] = rules.contract_value(contract, colour) if colour in allowed else None
        contracts.append(
            {
                "id": contract.id,
                "label": contract.label,
                "components": list(contract.components),
                "open": contract.open,
                "values": values,
            }
        )
    options = []
    for option in ruleset.options.values():
        entry: dict[str, Any] = {
            "name": option.name,
            "label": option.label_en,
            "default": option.default,
            "help": option.help_en,
        }
        if option.choices is None:
            entry["range"] = [option.minimum, option.maximum]
        else:
            entry["choices"] = {n: c.help_en for n, c in option.choices.items()}
        options.append(entry)
    return {
        "id": ruleset.id,
        "label": ruleset.label_en,
        "description": ruleset.description_en,
        "colours": {c: rules.colours[c].label for c in colours},
        "kontra": [n or "-" for n in rules.kontra.names[: rules.kontra.max_level + 1]],
        "contracts": contracts,
        "options": options,
    }


def render_text(table: dict[str, Any]) -> str:
    """The table as fixed-width text for the terminal."""
    colours = table["colours"]
    heads = ["no colour", *colours.values()]
    keys = ["-", *colours]
    width = max(len(c["label"]) for c in table["contracts"]) + 2
    out = [
        f"{table['id']}: {table['label']}",
        table["description"],
        "",
        "Values per defender, in units:",
        "",
    ]
    out.append("contract".ljust(width) + "".join(h.rjust(10) for h in heads))
    for c in table["contracts"]:
        cells = [c["values"].get(k) for k in keys]
        out.append(
            c["label"].ljust(width)
            + "".join(("-" if v is None else str(v)).rjust(10) for v in cells)
        )
    out += [
        "",
        "Kontra ladder: " + ", ".join(f"{i} {name}" for i, name in enumerate(table["kontra"])),
        "",
        "House rules (default first):",
    ]
    for o in table["options"]:
        choices = f"{o['range'][0]}..{o['range'][1]}" if "range" in o else " | ".join(o["choices"])
        out.append(f"  {o['name']} = {o['default']}   [{choices}]")
        out.append(f"      {o['help']}")
    return "\n".join(out)

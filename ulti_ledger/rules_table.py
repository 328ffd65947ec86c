"""The value table of a ruleset, as a player reads it: contracts by colour, house rules.

Each cell gives what a defender pays for a made bid and receives for a lost one
(``5 / 10``), at no kontra; the kontra ladder beside it says how each level multiplies
them: a made bid pays value × 2^k, a lost part value × (2^k + its failed extra), so a
lost ulti with kontra pays (2 + 1) times its value. In English or Hungarian.
"""

from __future__ import annotations

from typing import Any

from .messages import words
from .settlement import Ruleset

WORDS = words("rules_table")


def value_table(ruleset: Ruleset, lang: str = "en") -> dict[str, Any]:
    """Every contract's per-defender value in each colour, made and lost; every option."""
    hu = lang == "hu"
    rules = ruleset.rules
    colours = list(rules.colours)
    contracts = []
    for contract in rules.contracts:
        allowed, required = rules.contract_colours(contract)
        extras = rules.failed_extras[contract.id]
        keys: list[str | None] = [None] if not required and None in allowed else []
        keys += colours
        values: dict[str, int | None] = {}
        failed: dict[str, int | None] = {}
        for colour in keys:
            key = colour or "-"
            if colour is not None and colour not in allowed:
                values[key] = failed[key] = None
                continue
            values[key] = rules.contract_value(contract, colour)
            failed[key] = sum(
                rules.component_value(n, contract.open, colour) * (1 + extras[n])
                for n in contract.components
            )
        contracts.append(
            {
                "id": contract.id,
                "label": contract.label,
                "components": list(contract.components),
                "open": contract.open,
                "values": values,
                "failed_values": failed,
                "failed_extra": {n: e for n, e in extras.items() if e},
            }
        )
    options = []
    for option in ruleset.options.values():
        entry: dict[str, Any] = {
            "name": option.name,
            "label": option.label if hu else option.label_en,
            "default": option.default,
            "help": option.help if hu else option.help_en,
        }
        if option.choices is None:
            entry["range"] = [option.minimum, option.maximum]
        else:
            entry["choices"] = {n: c.help if hu else c.help_en for n, c in option.choices.items()}
        options.append(entry)
    top = rules.kontra.max_level + 1
    return {
        "id": ruleset.id,
        "label": ruleset.label if hu else ruleset.label_en,
        "description": ruleset.description if hu else ruleset.description_en,
        "colours": {c: rules.colours[c].label for c in colours},
        "kontra": [n or "-" for n in rules.kontra.names[:top]],
        "kontra_multipliers": [
            {"level": k, "name": name or "-", "multiplier": rules.powers[k]}
            for k, name in enumerate(rules.kontra.names[:top])
        ],
        "contracts": contracts,
        "options": options,
    }


def render_text(table: dict[str, Any], lang: str = "en") -> str:
    """The table as fixed-width text for the terminal."""
    w = WORDS["hu" if lang == "hu" else "en"]
    colours = table["colours"]
    heads = [w["no_colour"], *colours.values()]
    keys = ["-", *colours]
    width = max(len(c["label"]) for c in table["contracts"]) + 2
    cell = max(12, *(len(h) + 2 for h in heads))
    out = [f"{table['id']}: {table['label']}", table["description"], "", w["values"], ""]
    out.append(w["contract"].ljust(width) + "".join(h.rjust(cell) for h in heads))
    for c in table["contracts"]:
        cells = [_cell(c["values"].get(k), c["failed_values"].get(k)) for k in keys]
        out.append(c["label"].ljust(width) + "".join(x.rjust(cell) for x in cells))
    ladder = ", ".join(
        f"{w['no_kontra'] if m['level'] == 0 else m['name']} ×{m['multiplier']}"
        for m in table["kontra_multipliers"]
    )
    extras = sorted({f"{n} +{e}" for c in table["contracts"] for n, e in c["failed_extra"].items()})
    out += [
        "",
        w["ladder"],
        f"  {ladder}",
        w["failed_extra"],
        f"  {', '.join(extras) or w['none']}",
        "",
        w["house_rules"],
    ]
    for o in table["options"]:
        choices = f"{o['range'][0]}..{o['range'][1]}" if "range" in o else " | ".join(o["choices"])
        out.append(f"  {o['name']} = {o['default']}   [{choices}]")
        out.append(f"      {o['help']}")
    return "\n".join(out)


def _cell(made: int | None, lost: int | None) -> str:
    return "-" if made is None else f"{made} / {lost}"

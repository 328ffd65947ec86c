"""Ulti's value table, as a player reads it: contracts by colour, the kontra ladder.

A part of the game contract (``rules_table``): the CLI's ``rules show`` prints the
ruleset's id, label, description and house rules itself and asks the game for the rest.
Each cell gives what a defender pays for a made bid and receives for a lost one
(``5 / 10``), at no kontra; the kontra ladder beside it says how each level multiplies
them: a made bid pays value × 2^k, a lost part value × (2^k + its failed extra), so a
lost ulti with kontra pays (2 + 1) times its value. In English or Hungarian.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ...settlement.words import GameWords
from .rules import Rules

WORDS = GameWords(Path(__file__).parent / "locale", "ulti", ("hu", "en", "de"), "table")


def rules_table(rules: Rules, lang: str = "en") -> dict[str, Any]:
    """The game's part of ``rules show``: ``table`` (JSON: colours, kontra, multipliers,
    every contract's per-defender value in each colour, made and lost), ``text`` (its
    lines for the terminal) and ``summary`` ("40 contracts", for ``rules list``)."""
    table = value_table(rules)
    w = WORDS[lang if lang in WORDS else "en"]
    return {
        "table": table,
        "text": render_text(table, w),
        "summary": w["contracts"].format(n=len(table["contracts"])),
    }


def value_table(rules: Rules) -> dict[str, Any]:
    """Every contract's per-defender value in each colour, made and lost; the ladder."""
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
    top = rules.kontra.max_level + 1
    return {
        "colours": {c: rules.colours[c].label for c in colours},
        "kontra": [n or "-" for n in rules.kontra.names[:top]],
        "kontra_multipliers": [
            {"level": k, "name": name or "-", "multiplier": rules.powers[k]}
            for k, name in enumerate(rules.kontra.names[:top])
        ],
        "contracts": contracts,
    }


def render_text(table: dict[str, Any], w: dict[str, str]) -> list[str]:
    """The table as fixed-width lines for the terminal, in the words ``w``."""
    colours = table["colours"]
    heads = [w["no_colour"], *colours.values()]
    keys = ["-", *colours]
    width = max(len(c["label"]) for c in table["contracts"]) + 2
    cell = max(12, *(len(h) + 2 for h in heads))
    out = [w["values"], ""]
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
    ]
    return out


def _cell(made: int | None, lost: int | None) -> str:
    return "-" if made is None else f"{made} / {lost}"

"""How a scoresheet writes an Ulti hand ("piros 40-100 ulti", kontras, silent results),
and Ulti's value table for ``rules show``.

The sheet parts of the game contract (``games/README.md``): ``columns`` are the sheet's
columns of its own (kontra, silent, renonsz) and ``row`` the hand's cells in them, its
name and its tags; the scoreboard, the PDF and the CSV draw whatever a game gives. Game
terms stay Hungarian in every language (the ruleset's labels); only the few words around
them are translated.

``rules_table``: the CLI's ``rules show`` prints the ruleset's id, label, description and
house rules itself and asks the game for the rest. Each cell gives what a defender pays
for a made bid and receives for a lost one (``5 / 10``), at no kontra; the kontra ladder
beside it says how each level multiplies them: a made bid pays value × 2^k, a lost part
value × (2^k + its failed extra), so a lost ulti with kontra pays (2 + 1) times its value.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ...settlement.words import GameWords
from .hand import Hand
from .rules import Contract, Rules

WORDS = GameWords(Path(__file__).parent / "locale", "ulti", ("hu", "en", "de"), "row")
COLUMN_WORDS = GameWords(Path(__file__).parent / "locale", "ulti", ("hu", "en", "de"), "columns")
"""The headers of Ulti's own columns in the PDF and the CSV."""
TABLE_WORDS = GameWords(Path(__file__).parent / "locale", "ulti", ("hu", "en", "de"), "table")
"""The words of the value table (``rules_table``)."""
COLUMNS = (("kontra", "note"), ("silent", "note"), ("renonsz", "name"))
"""Ulti's own columns, in order, with their kind: ``note`` a text that wraps, ``name`` a
player's name."""


def words(lang: str) -> dict[str, str]:
    return WORDS[lang if lang in WORDS else "hu"]


def columns(rules: Rules, lang: str = "hu") -> list[dict[str, str]]:
    """The sheet's columns of this game, after the game column: key, label and kind."""
    labels = COLUMN_WORDS[lang if lang in COLUMN_WORDS else "hu"]
    return [{"key": key, "label": labels[key], "kind": kind} for key, kind in COLUMNS]


def row(facts: dict[str, Any], hand: Hand, rules: Rules, lang: str = "hu") -> dict[str, Any]:
    """What the scoresheet shows of a hand, beyond its payments.

    ``notation`` names what was played; ``sheet`` is what every sheet draws: ``game`` (the
    game column of the PDF and the CSV, with what was lost), ``tags`` (the scoreboard's
    marks beside the notation, as (CSS class, text)) and ``cells`` (by ``columns`` key).
    The other keys are Ulti's own (colour, contract, lost, kontras, silent, renonsz).
    """
    renonsz = facts.get("renonsz")
    out: dict[str, Any] = {
        "colour": facts.get("colour"),
        "contract": hand.contract.id if hand.contract else None,
        "notation": notation(facts, hand.contract, rules, lang),
        "lost": lost_parts(facts, rules, lang),
        "kontras": kontras(facts, rules),
        "silent": silent_results(facts, rules, lang),
        "renonsz": renonsz["player"] if renonsz else None,
    }
    out["sheet"] = {
        "game": with_lost(out),
        "tags": row_tags(out),
        "marks": [],  # the paper's own columns say each tag: kontra, silent, renonsz, lost
        "cells": {
            "kontra": ", ".join(f"{k['label']} {k['text']}" for k in out["kontras"]),
            "silent": ", ".join(s["text"] for s in out["silent"]),
            "renonsz": out["renonsz"] or "",
        },
    }
    return out


def row_tags(hand: dict[str, Any]) -> list[tuple[str, str]]:
    """What a row says beside the contract, as (CSS class, text): what the declarer lost,
    the kontras, the silent results, the renonsz (the history page shows the same)."""
    tags = [("tag tag-lost", hand["lost"])] if hand.get("lost") else []
    tags += [("tag", f"{k['label']}: {k['text']}") for k in hand.get("kontras", ())]
    tags += [("tag tag-silent", s["text"]) for s in hand.get("silent", ())]
    if hand.get("renonsz"):
        tags.append(("tag tag-renonsz", f"renonsz: {hand['renonsz']}"))
    return tags


def notation(
    facts: dict[str, Any], contract: Contract | None, rules: Rules, lang: str = "hu"
) -> str:
    """The contract as the table says it: colour first, red no-trump forms by their name."""
    w = words(lang)
    outcome = facts.get("outcome", "played")
    colour = facts.get("colour")
    if outcome in ("all_pass", "redeal") or contract is None:
        return w.get(outcome, "")
    text = contract.label
    if colour is not None:
        first = rules.components[contract.components[0]]
        trump = rules.games[first.game].colour_required
        red = first.label_red if len(contract.components) == 1 and not contract.open else None
        if not trump and colour == "piros" and red:
            text = red
        else:
            text = f"{rules.colours[colour].label} {text}"
    if outcome == "conceded":
        text = f"{text} ({w['conceded']})"
    return text


def lost_parts(facts: dict[str, Any], rules: Rules, lang: str = "hu") -> str:
    """What the declarer lost of a hand played to a result: "bukott" when all of it,
    "bukott: ulti" when a part ("piros 20-100 ulti" reads the same made or lost); else ""."""
    components = facts.get("components", ())
    if facts.get("outcome", "played") != "played" or facts.get("renonsz"):
        return ""
    lost = [c for c in components if c.get("won") is False]
    if not lost:
        return ""
    failed = words(lang)["failed"]
    if len(lost) == len(components):
        return failed
    labels = []
    for c in lost:
        rule = rules.components[c["name"]]
        labels.append(rule.open.label if c.get("open") and rule.open else rule.label)
    return f"{failed}: {', '.join(labels)}"


def with_lost(hand: dict[str, Any]) -> str:
    """A scoreboard hand's notation with what was lost: "piros 20-100 ulti (bukott: ulti)"."""
    return f"{hand['notation']} ({hand['lost']})" if hand["lost"] else hand["notation"]


def kontras(facts: dict[str, Any], rules: Rules) -> list[dict[str, Any]]:
    """The kontras said, one entry per component of the hand dict ``facts`` that has one.

    Each: component (name), label, levels ({defender: level}) and text: the level's name
    when both defenders play at one level ("rekontra"), else per defender
    ("Béla kontra, Csaba rekontra").
    """
    defenders = [p for p in facts["players"] if p != facts["declarer"]]
    out = []
    for c in facts.get("components", ()):
        kontra = c.get("kontra", 0)
        if not kontra:
            continue
        levels = dict(kontra) if isinstance(kontra, dict) else dict.fromkeys(defenders, kontra)
        if len(set(levels.values())) == 1:
            text = rules.kontra.name(next(iter(levels.values())))
        else:
            text = ", ".join(
                f"{d} {rules.kontra.name(level)}" for d, level in levels.items() if level
            )
        rule = rules.components[c["name"]]
        label = rule.open.label if c.get("open") and rule.open else rule.label
        out.append({"component": c["name"], "label": label, "levels": levels, "text": text})
    return out


def silent_results(facts: dict[str, Any], rules: Rules, lang: str = "hu") -> list[dict[str, Any]]:
    """The silent results of the hand dict ``facts``: name, label, side, won, player, text."""
    w = words(lang)
    out = []
    for s in facts.get("silent", ()):
        label = rules.silent[s["name"]].label
        player = s.get("player")
        who = player or w[s["side"]]
        text = f"{label} ({who})" if s["won"] else f"{w['failed']} {label} ({who})"
        out.append({**s, "player": player, "label": label, "text": text})
    return out


def rules_table(rules: Rules, lang: str = "en") -> dict[str, Any]:
    """The game's part of ``rules show``: ``table`` (JSON: colours, kontra, multipliers,
    every contract's per-defender value in each colour, made and lost), ``text`` (its
    lines for the terminal) and ``summary`` ("40 contracts", for ``rules list``)."""
    table = value_table(rules)
    w = TABLE_WORDS[lang if lang in TABLE_WORDS else "en"]
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

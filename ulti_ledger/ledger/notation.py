"""How a scoresheet writes a hand: "piros 40-100 ulti", "rebetli", kontras, silent results.

Game terms stay Hungarian in both languages (the ruleset's labels); only the few words
around them are translated.
"""

from __future__ import annotations

from typing import Any

from ..games.ulti.rules import Contract, Rules

WORDS = {
    "hu": {
        "all_pass": "mindenki passz",
        "redeal": "újraosztás",
        "conceded": "bedobás",
        "declarer": "felvevő",
        "defenders": "védők",
        "failed": "bukott",
    },
    "en": {
        "all_pass": "all pass",
        "redeal": "redeal",
        "conceded": "bedobás",
        "declarer": "declarer",
        "defenders": "defenders",
        "failed": "failed",
    },
}


def words(lang: str) -> dict[str, str]:
    return WORDS["en" if lang == "en" else "hu"]


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

"""Ulti's hand form as data: its fields, their kinds and labels, presets, and when each applies.

The form's renderer (``handform`` on the server, ``static/js`` in the browser) knows no game:
it draws fields by kind and shows a field while its rule holds. Rules follow JSON Forms' UI
schema rules: ``{"effect": "SHOW", "condition": {"scope": FIELD, "schema": {...}}}``, with
``{"type": "AND" | "OR", "conditions": [...]}`` to combine them. Field names are the names
the form posts (``won-parti``, ``kontra-ulti``, ``silent-100``); values are strings, "" for
nothing chosen. ``forces`` are the choices the facts make for the scorer (a defenders'
csendes 100 means the parti was lost), set by the form and said beside the field.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from ...settlement.form_rules import all_of, choices, leaf, outcome_field, show
from ...settlement.hungarian import article as number_article
from ...settlement.words import GamePairs, GameWords
from .rules import Contract, Rules

ENDLESS = ["all_pass", "redeal"]
"""Outcomes without a contract: nothing but who dealt and who would have bid."""
OUTCOMES = ["played", "conceded", *ENDLESS]
NOT_DEFENDERS = ["", "declarer"]
"""A silent result's side that is not the defenders' (theirs, or one defender's name)."""
LAST = "parti"
"""The component shown last: it is the small change beside a bigger bid."""

WORDS = GamePairs(GameWords(Path(__file__).parent / "locale", "ulti", ("hu", "en", "de"), "form"))
"""The form's own words in each UI language (game terms stay Hungarian)."""


def hand_form(rules: Rules, lang: str) -> dict[str, Any]:
    """The hand form of ``rules`` in ``lang`` ("hu" or "en"), as data for any renderer."""
    say = _say(lang)
    bid = leaf("outcome", {"not": {"enum": ENDLESS}})
    known = all_of(leaf("outcome", {"const": "played"}), leaf("renonsz", {"const": ""}))
    ids = [c.id for c in rules.contracts]
    fields: list[dict[str, Any]] = [
        {"name": "dealer", "kind": "player", "of": "seats", "label": say("dealer"), "many": True},
        {"name": "declarer", "kind": "player", "of": "players", "label": say("declarer")},
        {
            "name": "contract",
            "many": True,
            "kind": "choice",
            "label": say("contract"),
            "options": [{"value": c.id, "label": c.label} for c in rules.contracts],
        },
        {
            "name": "colour",
            "kind": "choice",
            "label": say("colour"),
            "options": _colour_options(rules, lang),
            "default": "",
            "rule": show(all_of(bid, _contract_in(ids))),
        },
    ]
    fields += _component_fields(rules, bid, known, say)
    fields += _silent_fields(rules, known, say)
    fields += [
        outcome_field(
            say("outcome"), choices((o, say(f"outcome_{o}")) for o in OUTCOMES), "played"
        ),
        {
            "name": "renonsz",
            "kind": "player",
            "of": "players",
            "optional": say("nobody"),
            "default": "",
            "label": "renonsz",
            "rule": show(all_of(leaf("outcome", {"const": "played"}), _contract_in(ids))),
        },
    ]
    form = {"fields": fields, "presets": presets(rules, lang), "forces": _forces(rules, lang)}
    return form


def presets(rules: Rules, lang: str = "hu") -> list[dict[str, Any]]:
    """The one-tap presets: the red passz first, then every common contract, then all pass.

    A contract's preset plays it (``outcome``: played); its ``style`` is the page's look.
    """
    out = []
    common = [c for c in rules.contracts if c.common]
    first = next((c for c in common if _needs_colour(rules, c, "piros")), None)
    played = {"outcome": "played"}
    if first is not None:
        label = f"piros {first.label}"
        out.append({"id": f"piros-{first.id}", "label": label, "colour": "piros"})
        out[-1].update(set={"contract": first.id, "colour": "piros", **played}, style="piros")
    for c in common:
        out.append({"id": c.id, "label": c.label, "colour": None, "set": {"contract": c.id}})
        out[-1]["set"].update(played)
    label = _say(lang)("outcome_all_pass")
    out.append({"id": "all-pass", "label": label, "colour": None, "style": "outcome"})
    out[-1]["set"] = {"outcome": "all_pass"}
    return out


def _needs_colour(rules: Rules, contract: Contract, colour: str) -> bool:
    colours, required = rules.contract_colours(contract)
    return required and colour in colours


def _colour_options(rules: Rules, lang: str) -> list[dict[str, Any]]:
    """Each colour, shown while the chosen contract may be played in it ("" for none)."""
    allowed = {c.id: rules.contract_colours(c)[0] for c in rules.contracts}
    options = [{"value": "", "label": _say(lang)("no_colour"), "colour": None}]
    options += [
        {"value": c.name, "label": c.label, "colour": c.name}  # game terms stay Hungarian
        for c in rules.colours.values()
    ]
    for option in options:
        name = option.pop("colour")
        option["style"] = f"colour colour-{name}" if name else "colour"
        option["rule"] = show(_contract_in([cid for cid, cs in allowed.items() if name in cs]))
    return options


def _component_fields(rules: Rules, bid: dict, known: dict, say: Any) -> list[dict[str, Any]]:
    names = list(dict.fromkeys(n for c in rules.contracts for n in c.components))
    names.sort(key=lambda n: n == LAST)
    levels = [
        {"value": str(level), "label": rules.kontra.name(level) or say("no_kontra")}
        for level in range(rules.kontra.max_level + 1)
    ]
    out = []
    for name in names:
        rule = rules.components[name]
        with_it = _contract_in([c.id for c in rules.contracts if name in c.components])
        individual = rules.games[rule.game].individual_kontra
        out.append(
            {
                "name": f"won-{name}",
                "kind": "toggle",
                "label": rule.label,
                "aria": f"{rule.label}: {say('made_or_lost')}",
                "options": _made_lost(say, "lost"),
                "default": "1",
                "rule": show(all_of(known, with_it)),
            }
        )
        out.append(
            {
                "name": f"kontra-{name}",
                "kind": "level",
                "label": rule.label,
                "aria": None if individual else f"{rule.label} kontra",
                "per": "defender" if individual else None,
                "row_label": say("kontra_by") if individual else None,
                "options": levels,
                "default": "0",
                "rule": show(all_of(bid, with_it)),
            }
        )
    return out


def _silent_fields(rules: Rules, known: dict, say: Any) -> list[dict[str, Any]]:
    out = []
    for name, s in rules.silent.items():
        if not s.enabled:
            continue
        allowed = [c.id for c in rules.contracts if name in rules.silent_allowed(c)]
        shown = show(all_of(known, _contract_in(allowed)))
        sides = [
            {"value": "", "label": "—", "aria": say("no_kontra")},
            {"value": "declarer", "label": say("side_declarer")},
        ]
        everyone = s.defender_scope == "everyone"
        if s.defenders and not everyone:
            sides.append({"value": "defenders", "label": say("side_defenders")})
        field = {"name": f"silent-{name}", "kind": "side", "label": s.label, "options": sides}
        if s.defenders and everyone:
            field["of"] = "defenders"  # a defender's own result names him
        out.append({**field, "default": "", "rule": shown})
        if s.failed_factor:
            options = _made_lost(say, "failed")
            won = {"name": f"silent-{name}-won", "kind": "toggle", "label": s.label}
            won["aria"] = f"{s.label}: {say('made_or_lost')}"
            out.append({**won, "options": options, "default": "1", "rule": shown})
    return out


def _made_lost(say: Any, lost: str) -> list[dict[str, Any]]:
    """Made or lost (``lost``: the key the page names the second by, ``lost`` or ``failed``)."""
    return [
        {"value": "1", "label": "✓ " + say("made"), "key": "made", "style": "chip-made"},
        {"value": "0", "label": "✗ " + say("lost"), "key": lost, "style": "chip-lost"},
    ]


def _forces(rules: Rules, lang: str) -> list[dict[str, Any]]:
    """What the facts decide: a defenders' result worth 100 points loses every point game;
    a mindenki passz is thrown in by the first bidder (``players[0]``), whoever was tapped.

    Not beside the declarer's own sweep (a csendes durchmars): the two contradict each
    other, and the engine says so.
    """
    sweeps = [
        leaf(f"silent-{n}", {"not": {"const": "declarer"}})
        for n, s in rules.silent.items()
        if s.enabled and s.takes_all_tricks
    ]
    out = []
    for name, s in rules.silent.items():
        if not (s.enabled and s.defenders and s.reaches_100):
            continue
        theirs = leaf(f"silent-{name}", {"not": {"enum": NOT_DEFENDERS}})
        for component, rule in rules.components.items():
            if not rule.point_count:
                continue
            label = _article(rule.label, lang)
            out.append(
                {
                    "when": all_of(theirs, *sweeps),
                    "set": {f"won-{component}": "0"},
                    "note": _say(lang)("forced_lost").format(a_component=label),
                }
            )
    out.append(
        {
            "when": leaf("outcome", {"const": "all_pass"}),
            "set": {"declarer": {"scope": "players", "index": 0}},
            "note": _say(lang)("forced_first_bidder"),
        }
    )
    return out


def _article(label: str, lang: str) -> str:
    """``label`` with its article: a parti, az ulti, a 40-100 (a number as it is read)."""
    first = label[:1].lower()
    vowels = "aáeéiíoóöőuúüű"
    if lang == "en":
        return f"the {label}"
    if lang == "de":  # a Hungarian game name has no German gender: it is quoted
        return f"„{label}“"
    number = re.match(r"\d+", label)
    if number:
        return f"{number_article(int(number.group()))} {label}"
    return ("az " if first in vowels else "a ") + label


def _say(lang: str) -> Any:
    return lambda key: WORDS.words[lang if lang in WORDS.words else "hu"][key]


def _contract_in(ids: list[str]) -> dict[str, Any]:
    return leaf("contract", {"enum": ids})

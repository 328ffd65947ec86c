"""Tarokk's hand form as data: the fields, the one-tap presets, and when each applies.

A common hand is the declarer, the partner, the contract and who won the parti (a preset
sets the last two). The figures are rows: which figure (named in full), by which side,
announced or silent, made or failed, and its kontra (up to the ceiling; kontra only on a
magas figure). The tarokkszám and a renonsz (with the vote in magas tarokk) are fields of
their own. `FIGURE_ROWS` rows are offered, each once the row before names a figure.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...settlement.form_rules import all_of, leaf, show
from .build import CONTRACTS, RULINGS, Rules
from .words import FORM, LINES, lang_of

FIGURE_ROWS = 4
ROW_KEYS = ("name", "side", "announced", "won", "kontra")


def hand_form(rules: Rules, lang: str) -> dict[str, Any]:
    """The hand form of ``rules`` in ``lang`` ("hu", "en" or "de"), as data for any renderer."""
    w, t = FORM[lang_of(lang, "hu")], LINES[lang_of(lang, "hu")]
    played = leaf("outcome", {"enum": ["", "played"]})
    fields: list[dict[str, Any]] = [
        {"name": "dealer", "kind": "player", "of": "seats", "label": w["dealer"]},
        {"name": "declarer", "kind": "player", "of": "players", "label": w["declarer"]},
        {
            "name": "partner",
            "kind": "player",
            "of": "players",
            "label": w["partner"],
            "options": [{"value": "", "label": w["alone"]}],
        },
        {"name": "skart", "kind": "toggle", "label": w["skart"]},
        {
            "name": "outcome",
            "kind": "choice",
            "label": w["outcome"],
            "options": [{"value": o, "label": w[o]} for o in ("played", "no_play", "redeal")],
        },
        {
            "name": "contract",
            "kind": "choice",
            "label": w["contract"],
            "options": [
                {"value": c, "label": f"{t[f'contract.{c}']} ({rules.base_values[c]})"}
                for c in CONTRACTS
            ],
            "rule": show(played),
        },
        {
            "name": "game_won",
            "kind": "side",
            "label": w["game_won"],
            "options": [
                {"value": "true", "label": w["side_won"]},
                {"value": "false", "label": w["side_lost"]},
            ],
            "rule": show(played),
        },
        {
            "name": "game_kontra",
            "kind": "level",
            "label": w["game_kontra"],
            "options": _levels(rules.max_kontra, w, t),
            "rule": show(played),
        },
    ]
    for n in range(1, FIGURE_ROWS + 1):
        fields += _figure_row(n, rules, w, t, played)
    fields += [
        {
            "name": "tarokkszam",
            "kind": "player",
            "of": "players",
            "label": w["tarokkszam"],
            "optional": True,
            "rule": show(played),
        },
        {
            "name": "tarokkszam_count",
            "kind": "choice",
            "label": w["tarokkszam"],
            "options": [{"value": "8", "label": w["count8"]}, {"value": "9", "label": w["count9"]}],
            "rule": show(all_of(played, leaf("tarokkszam", {"minLength": 1}))),
        },
        {
            "name": "renonsz",
            "kind": "player",
            "of": "players",
            "label": w["renonsz"],
            "optional": True,
            "rule": show(played),
        },
    ]
    if rules.renonsz_mode == "vote":
        fields.append(
            {
                "name": "ruling",
                "kind": "choice",
                "label": w["ruling"],
                "options": [{"value": r, "label": w[f"ruling.{r}"]} for r in RULINGS],
                "rule": show(leaf("renonsz", {"minLength": 1})),
            }
        )
    return {"fields": fields, "presets": presets(rules, lang), "forces": []}


def _levels(most: int, w: Mapping[str, str], t: Mapping[str, str]) -> list[dict[str, str]]:
    out = [{"value": "0", "label": w["level0"]}]
    out += [{"value": str(k), "label": f"{t[f'kontra.{k}']} (×{2**k})"} for k in range(1, most + 1)]
    return out


def _figure_row(
    n: int, rules: Rules, w: Mapping[str, str], t: Mapping[str, str], played: dict[str, Any]
) -> list[dict[str, Any]]:
    """One figure row: only the figures of this ruleset are offered; kontra shows for an
    announced figure, with the magas figures' levels cut to their ceiling. Its defaults
    are the common case, announced by the declarer's side and made, no kontra: a figure
    like that costs one tap, its name."""
    p = f"fig{n}_"
    named = leaf(f"{p}name", {"minLength": 1})
    rule = show(all_of(played, named))
    previous = leaf(f"fig{n - 1}_name", {"minLength": 1}) if n > 1 else played
    magas = [name for name, f in rules.figures.items() if f.magas]
    options = [{"value": "", "label": w["none"]}]
    options += [{"value": name, "label": t[f"fig.{name}"]} for name in rules.figures]
    levels = _levels(rules.max_kontra, w, t)
    for option in levels[rules.magas_max_kontra + 1 :]:
        option["rule"] = show(leaf(f"{p}name", {"not": {"enum": magas}}))
    return [
        {
            "name": f"{p}name",
            "kind": "choice",
            "label": w["figure"].format(n=n),
            "options": options,
            "rule": show(all_of(played, previous)),
        },
        {
            "name": f"{p}side",
            "default": "declarer",
            "kind": "side",
            "label": w["by"],
            "options": [
                {"value": "declarer", "label": w["declarer_side"]},
                {"value": "opponents", "label": w["opponents"]},
            ],
            "rule": rule,
        },
        {
            "name": f"{p}announced",
            "default": "true",
            "kind": "choice",
            "label": w["announced"],
            "options": [
                {"value": "true", "label": w["yes_announced"]},
                {"value": "false", "label": w["silent"]},
            ],
            "rule": rule,
        },
        {
            "name": f"{p}won",
            "default": "true",
            "kind": "choice",
            "label": w["made"],
            "options": [{"value": "true", "label": w["yes"]}, {"value": "false", "label": w["no"]}],
            "rule": rule,
        },
        {
            "name": f"{p}kontra",
            "default": "0",
            "kind": "level",
            "label": w["kontra"],
            "options": levels,
            "rule": show(all_of(played, named, leaf(f"{p}announced", {"const": "true"}))),
        },
    ]


def presets(rules: Rules, lang: str) -> list[dict[str, Any]]:
    """One tap: a contract with the parti won or lost, nothing else announced."""
    w, t = FORM[lang_of(lang, "hu")], LINES[lang_of(lang, "hu")]
    out = []
    for contract in CONTRACTS:
        for won in (True, False):
            label = w["preset_won" if won else "preset_lost"].format(
                contract=t[f"contract.{contract}"]
            )
            out.append(
                {
                    "id": f"{contract}-{'won' if won else 'lost'}",
                    "label": label,
                    "set": {"contract": contract, "game_won": "true" if won else "false"},
                }
            )
    return out


def hand_from_form(values: Mapping[str, Any], rules: Rules) -> dict[str, Any]:
    """The hand (hand format, and the ``dealer``) that the form's ``values`` describe.

    A field left out stays out of the hand, so that the engine names it; a value that is
    not one of the form's options is passed on as it came, for the engine to refuse.
    """
    hand: dict[str, Any] = {"players": list(values["players"])}
    if values.get("sitting_out"):
        hand["sitting_out"] = list(values["sitting_out"])
    for key in ("dealer", "declarer", "contract"):
        if values.get(key):
            hand[key] = values[key]
    if values.get("outcome") and values["outcome"] != "played":
        hand["outcome"] = values["outcome"]
    if "partner" in values:
        hand["partner"] = values["partner"] or None
    if values.get("skart") == "true":
        hand["skart"] = True
        hand["partner"] = None
    if "game_won" in values or values.get("game_kontra", "0") not in ("", "0"):
        game: dict[str, Any] = {}
        if values.get("game_won"):
            game["won"] = _bool(values["game_won"])
        if values.get("game_kontra", "0") not in ("", "0"):
            game["kontra"] = _int(values["game_kontra"])
        hand["game"] = game
    figures = []
    for n in range(1, FIGURE_ROWS + 1):
        p = f"fig{n}_"
        if not values.get(f"{p}name"):
            continue
        fig: dict[str, Any] = {"name": values[f"{p}name"]}
        for key in ("side", "announced", "won"):
            raw = values.get(f"{p}{key}")
            if raw:
                fig[key] = raw if key == "side" else _bool(raw)
        if fig.get("announced") is True:
            fig["kontra"] = _int(values.get(f"{p}kontra") or "0")
        figures.append(fig)
    if figures:
        hand["figures"] = figures
    if values.get("tarokkszam"):
        count = values.get("tarokkszam_count") or "8"
        hand["tarokkszam"] = [{"player": values["tarokkszam"], "count": _int(count)}]
    if values.get("renonsz"):
        hand["renonsz"] = {"player": values["renonsz"]}
        if values.get("ruling"):
            hand["renonsz"]["ruling"] = values["ruling"]
    return hand


def form_values(facts: Mapping[str, Any], rules: Any = None) -> dict[str, str]:
    """The form's values of a recorded hand (its hand-format ``facts``): the edit page."""
    out: dict[str, str] = {"declarer": facts["declarer"], "partner": facts.get("partner") or ""}
    out["outcome"] = facts.get("outcome", "played")
    if facts.get("skart"):
        out["skart"] = "true"
    if facts.get("contract"):
        out["contract"] = facts["contract"]
    game = facts.get("game") or {}
    if "won" in game:
        out["game_won"] = "true" if game["won"] else "false"
    out["game_kontra"] = str(game.get("kontra", 0))
    for n, fig in enumerate(facts.get("figures", [])[:FIGURE_ROWS], start=1):
        p = f"fig{n}_"
        out[f"{p}name"], out[f"{p}side"] = fig["name"], fig["side"]
        out[f"{p}announced"] = "true" if fig["announced"] else "false"
        if "won" in fig:
            out[f"{p}won"] = "true" if fig["won"] else "false"
        out[f"{p}kontra"] = str(fig.get("kontra", 0))
    if facts.get("tarokkszam"):
        first = facts["tarokkszam"][0]
        out["tarokkszam"], out["tarokkszam_count"] = first["player"], str(first["count"])
    if facts.get("renonsz"):
        out["renonsz"] = facts["renonsz"]["player"]
        if facts["renonsz"].get("ruling"):
            out["ruling"] = facts["renonsz"]["ruling"]
    return out


def _bool(raw: str) -> Any:
    return {"true": True, "false": False}.get(raw, raw)


def _int(raw: str) -> Any:
    return int(raw) if raw.isdigit() else raw

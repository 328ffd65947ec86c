"""Any game's hand form, from its description (the game's ``hand_form(rules, lang)``).

A game whose package also gives ``hand_from_form`` and ``form_values`` is drawn by
``templates/hands/game_form.html`` and read back here: the posted values of the fields
that apply (``conditions``), with a preset's values set over them, become the game's
hand. Nothing here judges a hand; the engine does, and its refusal names the field.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import ModuleType
from typing import Any

from . import conditions


def drawn(game: ModuleType) -> bool:
    """Whether the generic form can draw and read ``game``'s hands."""
    return hasattr(game, "hand_from_form") and hasattr(game, "form_values")


def read(
    form: Mapping[str, Any], posted: Mapping[str, str], deal: Mapping[str, Any]
) -> dict[str, Any]:
    """The values the scorer posted (a preset's over them), only of fields that apply.

    ``deal``: ``players`` and ``sitting_out`` of the hand (fixed on the page), and the
    defaults of fields not posted (the rotation's dealer and starter). A field not posted
    takes its ``default`` (the page has it chosen), else stays out (not chosen), so the
    engine names it.
    """
    values: dict[str, Any] = {k: v for k, v in deal.items() if k not in _FIXED}
    players = list(deal.get("players", ()))
    for field in form["fields"]:
        default = field.get("default")
        if field.get("per") == "defender":
            asked = {p: posted.get(per_name(field, i), default) for i, p in enumerate(players)}
            values[field["name"]] = {p: str(v) for p, v in asked.items() if v is not None}
        elif field["name"] in posted:
            values[field["name"]] = str(posted[field["name"]])
        elif default is not None:
            values[field["name"]] = default
    preset = next((p for p in form["presets"] if p["id"] == posted.get("preset")), None)
    if preset is not None:
        values.update(preset["set"])
    values.update({k: deal[k] for k in _FIXED if k in deal})
    values = conditions.forced(form, only_applying(form, values))[0]
    values = only_applying(form, values)
    for field in form["fields"]:  # a defender's own level: the declarer is none
        if field.get("per") == "defender" and isinstance(values.get(field["name"]), dict):
            asked = values[field["name"]]
            values[field["name"]] = {p: v for p, v in asked.items() if p != values.get("declarer")}
    return values


def per_name(field: Mapping[str, Any], index: int) -> str:
    """The posted name of a ``per: "defender"`` field for the player at ``index`` of the
    hand's ``players`` (``kontra-betli-2``)."""
    return f"{field['name']}-{index}"


_FIXED = ("players", "sitting_out")


def only_applying(form: Mapping[str, Any], values: Mapping[str, Any]) -> dict[str, Any]:
    """``values`` without the fields that do not apply to them (until nothing changes)."""
    names = {f["name"] for f in form["fields"]}
    out = dict(values)
    while True:
        on = set(conditions.applies(form, out))
        kept = {k: v for k, v in out.items() if k not in names or k in on}
        if kept == out:
            return out
        out = kept


def draw(
    form: Mapping[str, Any],
    values: Mapping[str, Any],
    seats: tuple[str, ...],
    nobody: str,
) -> list[dict[str, Any]]:
    """The fields as the page draws them: shown or hidden, their options, the chosen one.

    A player field lists its own options first (snapszer's "alone"), then "nobody" if it
    is ``optional``, then the players (``of: players``) or every seat (``of: seats``); any
    field with ``of: defenders`` lists the players but the declarer after its options. A
    field's ``default`` is chosen until a value is; a ``per: "defender"`` field is a row per
    player (the declarer's hidden), and a field the facts set carries the force's ``note``.
    """
    values, notes = conditions.forced(form, values)
    on = set(conditions.applies(form, values))
    players = list(values.get("players", seats))
    declarer = values.get("declarer")
    out = []
    for field in form["fields"]:
        options = [dict(o) for o in field.get("options", ())]
        if field["kind"] == "player" and field.get("optional"):
            options.insert(0, {"value": "", "label": nobody})
        of = field.get("of") or ("players" if field["kind"] == "player" else None)
        names = {"seats": seats, "players": players, "defenders": players}.get(of, ())
        options += [{"value": p, "label": p, "player": of} for p in names]
        if field["kind"] == "toggle" and not options:
            options = [{"value": "", "label": "—"}, {"value": "true", "label": "✓"}]
        for option in options:
            option["shown"] = conditions.shows(option, values)
            if of == "defenders" and option.get("player") and option["value"] == declarer:
                option["shown"] = False
        value = values.get(field["name"], field.get("default"))
        drawn_field = {
            "name": field["name"],
            "kind": field["kind"],
            "label": field["label"],
            "shown": field["name"] in on,
            "options": options,
            "value": value,
            "many": bool(field.get("many")),
            "note": notes.get(field["name"]),
            "notes": _notes(form, field["name"]),
        }
        if field.get("per") == "defender":
            # one level for every defender (a hand that gave one) is each row's
            asked = value if isinstance(value, dict) else dict.fromkeys(players, value)
            drawn_field["rows"] = [
                {
                    "player": p,
                    "name": per_name(field, i),
                    "shown": p != declarer,
                    "value": asked.get(p, field.get("default")),
                }
                for i, p in enumerate(players)
            ]
        out.append(drawn_field)
    return out


def _notes(form: Mapping[str, Any], name: str) -> list[str]:
    """The notes a force may say beside field ``name`` (the page has them ready)."""
    return [f["note"] for f in form.get("forces", ()) if name in f["set"]]


def error_field(form: Mapping[str, Any], key: str) -> str:
    """The field an engine refusal's ``key`` points at (``snapszer.by``: snapszer), else
    ``form`` (the message then shows at the top of the form)."""
    head = key.split(".")[0].split("[")[0]
    names = {f["name"] for f in form["fields"]}
    return head if head in names else "form"

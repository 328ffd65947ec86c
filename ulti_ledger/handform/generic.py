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
    stays out (not chosen), so the engine names it.
    """
    values: dict[str, Any] = {k: v for k, v in deal.items() if k not in _FIXED}
    for field in form["fields"]:
        if field["name"] in posted:
            values[field["name"]] = str(posted[field["name"]])
    preset = next((p for p in form["presets"] if p["id"] == posted.get("preset")), None)
    if preset is not None:
        values.update(preset["set"])
    values.update({k: deal[k] for k in _FIXED if k in deal})
    return only_applying(form, values)


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
    is ``optional``, then the players (``of: players``) or every seat (``of: seats``). A
    field's ``default`` is chosen where ``values`` has none: the common answer, so that it
    costs no tap once the field shows (it is posted, and read, only when it applies).
    """
    on = set(conditions.applies(form, values))
    players = list(values.get("players", seats))
    out = []
    for field in form["fields"]:
        options = [dict(o) for o in field.get("options", ())]
        if field["kind"] == "player":
            if field.get("optional"):
                options.insert(0, {"value": "", "label": nobody})
            names = seats if field.get("of") == "seats" else players
            options += [{"value": p, "label": p, "player": True} for p in names]
        elif field["kind"] == "toggle" and not options:
            options = [{"value": "", "label": "—"}, {"value": "true", "label": "✓"}]
        for option in options:
            option["shown"] = conditions.shows(option, values)
        drawn_field = {
            "name": field["name"],
            "kind": field["kind"],
            "label": field["label"],
            "shown": field["name"] in on,
            "options": options,
            "value": values.get(field["name"], field.get("default")),
        }
        if field["kind"] == "number":  # typed, not tapped: an input with its bounds
            drawn_field.update(min=field.get("min"), max=field.get("max"))
        out.append(drawn_field)
    return out


def error_field(form: Mapping[str, Any], key: str) -> str:
    """The field an engine refusal's ``key`` points at (``snapszer.by``: snapszer), else
    ``form`` (the message then shows at the top of the form)."""
    head = key.split(".")[0].split("[")[0]
    names = {f["name"] for f in form["fields"]}
    return head if head in names else "form"

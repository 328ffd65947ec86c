"""Any game's hand form, from its description (the game's ``hand_form(rules, lang)``).

Every registered game gives ``hand_from_form`` and ``form_values``; its form is drawn by
``templates/hands/game_form.html`` and read back here: the posted values of the fields
that apply (``conditions``), with a preset's values set over them and what the facts
force, become the game's hand. Nothing here judges a hand; the engine does, and its
refusal names the field.

Beyond ``conditions``' rules a field may say: ``default`` (chosen until the scorer
chooses; a string, or ``{"scope": "first_bidder"}``: a value of the deal), ``of``
(``players``, ``seats`` or ``defenders``: the players listed after its own options; a
player field lists the players), ``per: "defender"`` (asked of each defender, posted as
``<name>-<seat index>``, read as ``{player: value}``) and ``many`` (a long list: drawn
as a select).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from . import conditions


def read(
    form: Mapping[str, Any], posted: Mapping[str, str], deal: Mapping[str, Any]
) -> dict[str, Any]:
    """The values the scorer posted (a preset's over them), only of fields that apply.

    ``deal``: ``seats``, ``players`` and ``sitting_out`` of the hand (fixed on the page),
    and the deal's own values (``dealer``, ``first_bidder``). A field not posted takes its
    ``default`` (the page has it chosen), else stays out, so the engine names it.
    """
    values: dict[str, Any] = {k: v for k, v in deal.items() if k not in _FIXED}
    seats = list(deal.get("seats", deal.get("players", ())))
    for field in form["fields"]:
        default = default_of(field, deal)
        if field.get("per") == "defender":
            asked = {p: posted.get(per_name(field, i), default) for i, p in enumerate(seats)}
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
    return _defenders_only(form, only_applying(form, values))


_FIXED = ("players", "sitting_out")


def per_name(field: Mapping[str, Any], index: int) -> str:
    """The posted name of a ``per: "defender"`` field for the player at seat ``index``
    (``kontra-betli-2``)."""
    return f"{field['name']}-{index}"


def default_of(field: Mapping[str, Any], deal: Mapping[str, Any]) -> Any:
    """A field's ``default``: its string, or the deal's value it names."""
    default = field.get("default")
    if isinstance(default, Mapping):
        return deal.get(default["scope"]) or None
    return default


def _defenders_only(form: Mapping[str, Any], values: dict[str, Any]) -> dict[str, Any]:
    """A per-defender field asks only those who play and do not declare."""
    playing = [p for p in values.get("players", ()) if p != values.get("declarer")]
    for field in form["fields"]:
        asked = values.get(field["name"])
        if field.get("per") == "defender" and isinstance(asked, dict):
            values[field["name"]] = {p: asked[p] for p in playing if p in asked}
    return values


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


def without_absent(form: Mapping[str, Any], values: Mapping[str, Any]) -> dict[str, Any]:
    """``values`` without a player chosen who no longer plays (after a new deal)."""
    players = set(values.get("players", ()))
    out = dict(values)
    for field in form["fields"]:
        listed = field.get("of") or ("players" if field["kind"] == "player" else None)
        if listed in ("players", "defenders") and out.get(field["name"]):
            named = out[field["name"]]
            others = {o["value"] for o in field.get("options", ())}
            if isinstance(named, str) and named not in players | others:
                del out[field["name"]]
    return out


def redealt(
    form: Mapping[str, Any], values: Mapping[str, Any], old: Mapping[str, Any], new: Mapping
) -> dict[str, Any]:
    """``values`` for the deal ``new`` instead of ``old``: what the old deal chose (the
    starter) becomes the new deal's, and a player who no longer plays is chosen again."""
    out = {**values, **{k: new[k] for k in ("players", "sitting_out", "dealer") if k in new}}
    for field in form["fields"]:
        if isinstance(field.get("default"), Mapping):
            if out.get(field["name"]) in (None, default_of(field, old)):
                out[field["name"]] = default_of(field, new)
    return without_absent(form, {k: v for k, v in out.items() if v is not None})


def reproposed(
    form: Mapping[str, Any],
    values: Mapping[str, Any],
    deal: Mapping[str, Any],
    old: Mapping[str, str],
    new: Mapping[str, str],
) -> dict[str, Any]:
    """``values`` with what the game proposed when the page was drawn (``old``, as posted
    values) replaced by what it proposes now (``new``), wherever the scorer left it as
    proposed: another hand came first, and a Bock round may have begun or ended since.
    A value the scorer chose himself is kept."""
    was, now = read(form, old, deal), read(form, new, deal)
    out = dict(values)
    names = {f["name"] for f in form["fields"]}
    for name in (old.keys() | new.keys()) & names:
        if out.get(name) == was.get(name):
            if now.get(name) is None:
                out.pop(name, None)
            else:
                out[name] = now[name]
    return out


def layout(form: Mapping[str, Any], values: Mapping[str, Any]) -> str:
    """Which fields the page shows for ``values`` (and to whom a per-defender field is
    asked): without the script, a post whose layout changed is shown before it is saved."""
    on = conditions.applies(form, values)
    per = any(f.get("per") or f.get("of") == "defenders" for f in form["fields"] if f["name"] in on)
    return ",".join(on) + (f"|{values.get('declarer') or ''}" if per else "")


def unseen(form: Mapping[str, Any], values: Mapping[str, Any], shown: str) -> bool:
    """Whether ``values`` ask for a field the page (its ``layout``: ``shown``) never showed,
    or ask a per-defender field of other defenders; fields that went away need no look."""
    now, _, asked = layout(form, values).partition("|")
    before, _, was_asked = shown.partition("|")
    new = set(now.split(",")) - set(before.split(","))
    return bool(new - {""}) or (bool(asked or "|" in layout(form, values)) and asked != was_asked)


def chosen_preset(form: Mapping[str, Any], values: Mapping[str, Any]) -> str | None:
    """The one preset that looks chosen: the most specific one whose values all hold
    (after "piros passz" the plain "passz" holds too, and is not shown chosen)."""
    held = [p for p in form["presets"] if all(values.get(k) == v for k, v in p["set"].items())]
    return max(held, key=lambda p: len(p["set"]))["id"] if held else None


def draw(
    form: Mapping[str, Any],
    values: Mapping[str, Any],
    seats: Sequence[str],
    nobody: str,
) -> list[dict[str, Any]]:
    """The fields as the page draws them: shown or hidden, their options, the chosen one.

    A player field lists its own options first (snapszer's "alone"), then "nobody" if it
    is ``optional``, then every seat: shown for those who play (``of: players``; not the
    declarer for ``of: defenders``), every one for ``of: seats``. A ``per: "defender"``
    field is a row per seat (shown for the defenders), and a field the facts set carries
    the force's ``note``.
    A field's ``default`` is chosen where ``values`` has none: the common answer, so that
    it costs no tap once the field shows (it is posted, and read, only when it applies).
    """
    defaults = {f["name"]: default_of(f, values) for f in form["fields"]}
    values = {**{k: v for k, v in defaults.items() if v is not None}, **values}
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
        listed = list(seats) if of else []
        options += [{"value": p, "label": p, "player": of} for p in listed]
        if field["kind"] == "toggle" and not options:
            options = [{"value": "", "label": "—"}, {"value": "true", "label": "✓"}]
        for option in options:
            option["shown"] = conditions.shows(option, values) and _seated(
                option, of, players, declarer
            )
        value = values.get(field["name"], default_of(field, values))
        drawn_field = {
            "name": field["name"],
            "kind": field["kind"],
            "label": field["label"],
            "aria": field.get("aria"),
            "shown": field["name"] in on,
            "options": options,
            "value": value,
            "many": bool(field.get("many")),
            "optional": bool(field.get("optional")),
            "note": notes.get(field["name"]),
            "notes": [f["note"] for f in form.get("forces", ()) if field["name"] in f["set"]],
        }
        if field.get("per") == "defender":
            asked = value if isinstance(value, dict) else dict.fromkeys(seats, value)
            row_label = field.get("row_label") or "{name}"
            drawn_field["rows"] = [
                {
                    "player": p,
                    "label": row_label.format(name=p),
                    "name": per_name(field, i),
                    "shown": p in players and p != declarer,
                    "value": asked.get(p, default_of(field, values)),
                }
                for i, p in enumerate(seats)
            ]
        if field["kind"] == "number":  # typed, not tapped: an input with its bounds
            drawn_field.update(min=field.get("min"), max=field.get("max"), blank=field.get("blank"))
        out.append(drawn_field)
    return out


def _seated(option: Mapping[str, Any], of: str | None, players: list, declarer: Any) -> bool:
    """Whether a player's option is offered: he plays (and, for a defender, declares not)."""
    if not option.get("player") or of == "seats":
        return True
    return option["value"] in players and not (of == "defenders" and option["value"] == declarer)


DEAL_KEYS = ("players", "sitting_out", "dealer")
"""The hand's keys of who plays and deals: their refusals show at the ``dealer`` field."""


def error_field(form: Mapping[str, Any], key: str) -> str:
    """The field an engine refusal's ``key`` points at (``snapszer.by``: snapszer; who
    plays: the dealer's), or the field that names that hand key in its ``keys`` (Skat's
    matadors post ``mit`` or ``ohne``), else ``form`` (the message then shows at the top
    of the form)."""
    head = key.split(".")[0].split("[")[0]
    names = {f["name"] for f in form["fields"]}
    if head in DEAL_KEYS and "dealer" in names:
        return "dealer"
    for field in form["fields"]:
        if head == field["name"] or head in field.get("keys", ()):
            return field["name"]
    return "form"


SCRIPT_FIELD_KEYS = ("name", "rule", "optional", "per")
"""What the page's script reads of a field (``static/js/game-form.js``); of an option, its
``value`` and ``rule``. The labels and the rest are in the drawn markup already."""


def script_form(form: Mapping[str, Any]) -> dict[str, Any]:
    """The description as the page's script needs it: each field's name and rules, its
    options' values and rules, the presets' ids and values, and the forces; each rule's
    condition schema given once in ``schemas`` and named by its index where it stands
    (the script puts them back before it reads the rules).

    The page inlines it beside the markup that shows every label: a game with many rows
    (tarokk's figure rows, each listing every figure with the same conditions) would
    otherwise send each label twice and each condition dozens of times.
    """
    schemas: dict[str, int] = {}
    fields = []
    for field in form["fields"]:
        lean = {key: field[key] for key in SCRIPT_FIELD_KEYS if key in field}
        if "options" in field:
            lean["options"] = [
                {key: option[key] for key in ("value", "rule") if key in option}
                for option in field["options"]
            ]
        for item in (lean, *lean.get("options", ())):
            if "rule" in item:
                rule = item["rule"]
                item["rule"] = {**rule, "condition": _named(rule["condition"], schemas)}
        fields.append(lean)
    presets = [{"id": p["id"], "set": p["set"]} for p in form.get("presets", ())]
    return {
        "fields": fields,
        "presets": presets,
        "forces": form.get("forces", []),
        "schemas": [json.loads(text) for text in schemas],
    }


def _named(condition: Mapping[str, Any], schemas: dict[str, int]) -> dict[str, Any]:
    """``condition`` with each leaf's schema replaced by its index in ``schemas``."""
    if "conditions" in condition:
        parts = [_named(c, schemas) for c in condition["conditions"]]
        return {**condition, "conditions": parts}
    text = json.dumps(condition["schema"], sort_keys=True)
    return {**condition, "schema": schemas.setdefault(text, len(schemas))}

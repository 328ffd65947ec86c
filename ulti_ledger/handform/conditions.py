"""A game's form description evaluated: which fields apply to the values, what the facts force.

The same rules run in the browser (``static/js/form-conditions.js``); both are tested from
one set of cases (``tests/data/form_conditions.json``). A rule is JSON Forms' UI schema
rule: ``{"effect": "SHOW" | "HIDE", "condition": ...}``; a condition is a leaf
``{"scope": FIELD, "schema": {...}}`` (``const``, ``enum``, ``not``, ``pattern``; and
``minItems``, ``maxItems`` for ``players``, the list of who play) or
``{"type": "AND" | "OR", "conditions": [...]}``. Values are strings; "" is nothing chosen.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any


def holds(condition: Mapping[str, Any], values: Mapping[str, str]) -> bool:
    """Whether ``condition`` holds for the form's ``values``."""
    kind = condition.get("type")
    if kind == "AND":
        return all(holds(c, values) for c in condition["conditions"])
    if kind == "OR":
        return any(holds(c, values) for c in condition["conditions"])
    return _matches(condition["schema"], values.get(condition["scope"], ""))


def _matches(schema: Mapping[str, Any], value: Any) -> bool:
    if "minItems" in schema or "maxItems" in schema:
        size = len(value) if isinstance(value, list | tuple) else -1
        if size < schema.get("minItems", 0) or size > schema.get("maxItems", size):
            return False
    if "const" in schema and value != schema["const"]:
        return False
    if "enum" in schema and value not in schema["enum"]:
        return False
    if "pattern" in schema and not re.search(schema["pattern"], value):
        return False
    return not ("not" in schema and _matches(schema["not"], value))


def shows(item: Mapping[str, Any], values: Mapping[str, str]) -> bool:
    """Whether a field (or an option of one) applies: its rule, if any, says SHOW."""
    rule = item.get("rule")
    if rule is None:
        return True
    return holds(rule["condition"], values) == (rule["effect"] == "SHOW")


def applies(form: Mapping[str, Any], values: Mapping[str, str]) -> list[str]:
    """The names of the fields that apply to ``values``, in the form's order.

    A field that does not apply says nothing to the others' rules: its value (a chip
    still checked behind it) is read as nothing chosen, until nothing changes. Else a
    stale answer traps the scorer: snapszer's "reached 66 alone" hidden by a renonsz
    still hid the partner the renonsz hand needs.
    """
    fields = form["fields"]
    names = {f["name"] for f in fields}
    seen = dict(values)
    on = [f["name"] for f in fields if shows(f, seen)]
    for _ in fields:
        kept = {k: v for k, v in values.items() if k not in names or k in on}
        if kept == seen:
            break
        seen = kept
        on = [f["name"] for f in fields if shows(f, seen)]
    return on


def options(field: Mapping[str, Any], values: Mapping[str, str]) -> list[str]:
    """The values of ``field``'s options that apply to ``values``."""
    return [o["value"] for o in field.get("options", ()) if shows(o, values)]


def forced(form: Mapping[str, Any], values: Mapping[str, str]) -> tuple[dict[str, str], dict]:
    """``values`` with what the facts force set, and the note to show beside each such field.

    A force counts only where the field it sets applies (no parti: nothing to set). A value
    it sets is a string, or ``{"scope": NAME, "index": i}``: item ``i`` of the list value
    ``NAME`` (``players``: the first bidder is ``players[0]``); a force whose item is not
    there sets nothing.
    """
    out = dict(values)
    notes: dict[str, str] = {}
    for force in form.get("forces", ()):
        if not holds(force["when"], out):
            continue
        shown = set(applies(form, out))
        for name, value in force["set"].items():
            value = _value(value, out)
            if name in shown and value is not None:
                out[name] = value
                notes[name] = force["note"]
    return out, notes


def _value(value: Any, values: Mapping[str, Any]) -> str | None:
    """What a force sets: its string, or the item of a list value it points at."""
    if isinstance(value, str):
        return value
    items = values.get(value["scope"])
    index = value["index"]
    if not isinstance(items, list | tuple) or not -len(items) <= index < len(items):
        return None
    return str(items[index])

"""Tarokk's figure rows of the hand form: the fields of one row, and a figure to and from
a row's values.

A row says everything a recorded figure may say (name, side, announced, made, kontra, the
suit of a király figure or színcsalád, the figure it was raised from), so that the edit page
shows a hand exactly as it was. There are as many rows as a hand can have figures: each
figure once, dupla, hosszú dupla and volát once per side.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...settlement.form_rules import all_of, leaf, show
from .build import Rules
from .figures import PER_SIDE, SUITS

NAMED = {"not": {"const": ""}}
"""A field's value is chosen (the page's and the server's rules both read it)."""


def figure_rows(rules: Rules) -> int:
    """How many figures a hand of ``rules`` can list: the form offers that many rows."""
    return len(rules.figures) + sum(name in rules.figures for name in PER_SIDE)


def two_way(
    name: str,
    kind: str,
    label: str,
    first: tuple[str, str],
    second: tuple[str, str],
    rule: dict[str, Any],
    default: str | None = None,
) -> dict[str, Any]:
    """A field of two options, each ``(value, label)``: a side, yes or no."""
    field: dict[str, Any] = {"name": name}
    if default is not None:
        field["default"] = default
    options = [{"value": v, "label": text} for v, text in (first, second)]
    return {**field, "kind": kind, "label": label, "options": options, "rule": rule}


def levels(most: int, w: Mapping[str, str], t: Mapping[str, str]) -> list[dict[str, Any]]:
    """The kontra levels up to ``most``, "none" first."""
    out: list[dict[str, Any]] = [{"value": "0", "label": w["level0"]}]
    out += [{"value": str(k), "label": f"{t[f'kontra.{k}']} (×{2**k})"} for k in range(1, most + 1)]
    return out


def figure_row(
    n: int, rules: Rules, w: Mapping[str, str], t: Mapping[str, str], played: dict[str, Any]
) -> list[dict[str, Any]]:
    """Row ``n``: only the figures of this ruleset are offered; kontra shows for an
    announced figure, with the magas figures' levels cut to their ceiling; the suit for a
    király figure or színcsalád; "raised from" for an announced figure that can be raised."""
    p = f"fig{n}_"
    named = leaf(f"{p}name", NAMED)
    said = leaf(f"{p}announced", {"const": "true"})
    rule = show(all_of(played, named))
    previous = leaf(f"fig{n - 1}_name", NAMED) if n > 1 else played
    magas = [name for name, f in rules.figures.items() if f.magas]
    options = [{"value": "", "label": w["none"]}]
    options += [{"value": name, "label": t[f"fig.{name}"]} for name in rules.figures]
    kontra = levels(rules.max_kontra, w, t)
    for option in kontra[rules.magas_max_kontra + 1 :]:
        option["rule"] = show(leaf(f"{p}name", {"not": {"enum": magas}}))
    row: list[dict[str, Any]] = [
        {
            "name": f"{p}name",
            "kind": "choice",
            "label": w["figure"].format(n=n),
            "options": options,
            "rule": show(all_of(played, previous)),
        },
        two_way(
            f"{p}side",
            "side",
            w["by"],
            ("declarer", w["declarer_side"]),
            ("opponents", w["opponents"]),
            rule,
            default="declarer",
        ),
        two_way(
            f"{p}announced",
            "choice",
            w["announced"],
            ("true", w["yes_announced"]),
            ("false", w["silent"]),
            rule,
            default="true",
        ),
        two_way(
            f"{p}won",
            "choice",
            w["made"],
            ("true", w["yes"]),
            ("false", w["no"]),
            rule,
            default="true",
        ),
        {
            "name": f"{p}kontra",
            "default": "0",
            "kind": "level",
            "label": w["kontra"],
            "options": kontra,
            "rule": show(all_of(played, named, said)),
        },
    ]
    suited = [name for name in rules.figures if name.startswith("kiraly-") or name == "szincsalad"]
    if suited:
        row.append(
            {
                "name": f"{p}card",
                "kind": "choice",
                "label": w["card"],
                "optional": True,
                "options": [{"value": "", "label": w["card_none"]}]
                + [{"value": s, "label": t[f"suit.{s}"]} for s in SUITS],
                "rule": show(all_of(played, leaf(f"{p}name", {"enum": suited}))),
            }
        )
    raisable = sorted({high for highs in rules.raises.values() for high in highs})
    if raisable:
        lower = [{"value": "", "label": w["not_raised"]}]
        for low, highs in rules.raises.items():
            option_rule = show(leaf(f"{p}name", {"enum": list(highs)}))
            lower.append({"value": low, "label": t[f"fig.{low}"], "rule": option_rule})
        row.append(
            {
                "name": f"{p}raised_from",
                "kind": "choice",
                "label": w["raised_from"],
                "optional": True,
                "options": lower,
                "rule": show(all_of(played, said, leaf(f"{p}name", {"enum": raisable}))),
            }
        )
    return row


def row_figure(values: Mapping[str, Any], n: int) -> dict[str, Any] | None:
    """The figure of row ``n`` of ``values``, or None when the row names none."""
    p = f"fig{n}_"
    if not values.get(f"{p}name"):
        return None
    fig: dict[str, Any] = {"name": values[f"{p}name"]}
    for key in ("side", "announced", "won"):
        raw = values.get(f"{p}{key}")
        if raw:
            fig[key] = raw if key == "side" else to_bool(raw)
    if fig.get("announced") is True:
        fig["kontra"] = to_int(values.get(f"{p}kontra") or "0")
    for key in ("card", "raised_from"):
        if values.get(f"{p}{key}"):
            fig[key] = values[f"{p}{key}"]
    return fig


def row_values(fig: Mapping[str, Any], n: int) -> dict[str, str]:
    """Row ``n``'s values of a recorded figure (hand format)."""
    p = f"fig{n}_"
    out = {f"{p}name": fig["name"], f"{p}side": fig["side"]}
    out[f"{p}announced"] = "true" if fig["announced"] else "false"
    if "won" in fig:
        out[f"{p}won"] = "true" if fig["won"] else "false"
    out[f"{p}kontra"] = str(fig.get("kontra", 0))
    for key in ("card", "raised_from"):
        if fig.get(key):
            out[f"{p}{key}"] = fig[key]
    return out


def rows_in(values: Mapping[str, Any]) -> int:
    """The highest row number ``values`` name a field of (rows are ``fig<n>_...``)."""
    rows = [key[3:].split("_", 1)[0] for key in values if key.startswith("fig")]
    return max((int(r) for r in rows if r.isdigit()), default=0)


def to_bool(raw: str) -> Any:
    return {"true": True, "false": False}.get(raw, raw)


def to_int(raw: str) -> Any:
    return int(raw) if raw.isdigit() else raw

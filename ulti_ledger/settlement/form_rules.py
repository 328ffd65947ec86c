"""The conditions of a hand form described as data (JSON Forms' UI-schema rules).

Every game's ``hand_form`` says when a field applies with these shapes; the server
(``handform/conditions.py``) and the browser (``static/js/form-conditions.js``) evaluate
them, so a game builds them here instead of spelling the dicts itself.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any


def leaf(scope: str, schema: dict[str, Any]) -> dict[str, Any]:
    """Holds when field ``scope``'s value satisfies the JSON Schema ``schema``."""
    return {"scope": scope, "schema": schema}


def all_of(*conditions: dict[str, Any]) -> dict[str, Any]:
    return {"type": "AND", "conditions": list(conditions)}


def show(condition: dict[str, Any]) -> dict[str, Any]:
    """The field shows (and applies) only while ``condition`` holds."""
    return {"effect": "SHOW", "condition": condition}


def deal_fields(dealer: str, declarer: str, **declarer_extra: Any) -> list[dict[str, Any]]:
    """The two fields every drawn form opens with: the dealer (any seat) and the declarer
    (one who plays), the declarer proposed as the deal's first bidder, so that the common
    hand costs no tap there. ``declarer_extra`` adds to the declarer's field (a ``rule``)."""
    return [
        {"name": "dealer", "kind": "player", "of": "seats", "label": dealer},
        {
            "name": "declarer",
            "kind": "player",
            "of": "players",
            "label": declarer,
            "default": {"scope": "first_bidder"},
            **declarer_extra,
        },
    ]


def choices(pairs: Iterable[tuple[str, str]]) -> list[dict[str, str]]:
    """A choice's options, each ``(value, label)`` of ``pairs``."""
    return [{"value": value, "label": label} for value, label in pairs]


def none_or(pairs: Iterable[tuple[str, str]]) -> list[dict[str, str]]:
    """A choice's options where none need be chosen: "—" (posted empty) first, then each
    ``(value, label)`` of ``pairs``."""
    return [{"value": "", "label": "—"}, *choices(pairs)]


def outcome_field(
    label: str, options: list[dict[str, Any]], default: str | None = None
) -> dict[str, Any]:
    """The hand's outcome (played, or the game's others: a redeal, all pass ...), which
    every game's form has, with the game's ``options`` and, where one is set, ``default``."""
    field: dict[str, Any] = {
        "name": "outcome",
        "kind": "choice",
        "label": label,
        "options": options,
    }
    if default is not None:
        field["default"] = default
    return field


def steps(*labels: str) -> list[dict[str, str]]:
    """A choice's options for steps counted from one (a doubling: Kontra, Re; gspritzt,
    retour; the Bock rounds a hand is played in): none first, then each step's label (the
    game's words), posted as its number, the level the game's hand holds."""
    return none_or((str(n), label) for n, label in enumerate(labels, 1))


def renonsz_field(label: str, condition: dict[str, Any]) -> dict[str, Any]:
    """The renonsz every game's hand may have: who revoked (nobody first), shown while
    ``condition`` holds (a hand that was played)."""
    return {
        "name": "renonsz",
        "kind": "player",
        "of": "players",
        "label": label,
        "optional": True,
        "rule": show(condition),
    }


def seated_hand(values: Mapping[str, Any], *keys: str) -> dict[str, Any]:
    """The opening of the hand that every form's ``values`` describe: the players, who
    sits out, and each of ``keys`` that has a value. A key left empty stays out of the
    hand, so that the engine names it if the hand needs it."""
    hand: dict[str, Any] = {"players": list(values["players"])}
    if values.get("sitting_out"):
        hand["sitting_out"] = list(values["sitting_out"])
    for key in keys:
        if values.get(key):
            hand[key] = values[key]
    return hand


def any_of(*conditions: dict[str, Any]) -> dict[str, Any]:
    return {"type": "OR", "conditions": list(conditions)}


_INDEX = re.compile(r"\[(\d+)\]")


def coded_refusal(
    table: Mapping[str, tuple[str, str]],
    words: Mapping[str, str],
    key: str,
    code: str,
    hand: Mapping[str, Any],
) -> tuple[str | None, str | None]:
    """A game's ``form_refusal`` from its ``table``: ``"code@path"`` (the key without its
    list indexes: ``figures.won``), ``"code@head"`` (``figures``) or ``"code"`` →
    (the field, the msgid in ``words``). The field may say ``{row}``, the key's list
    index + 1 (tarokk's figure rows); the text may name the hand's ``{declarer}``,
    ``{partner}``. (None, None) where the table words no such refusal: the page then
    says the engine's own sentence."""
    path = _INDEX.sub("", key)  # figures[2].won: figures.won
    head = path.split(".")[0]
    found = table.get(f"{code}@{path}") or table.get(f"{code}@{head}") or table.get(code)
    if found is None:
        return None, None
    field, msgid = found
    index = _INDEX.search(key)
    row = int(index.group(1)) + 1 if index else 1
    names = {k: v for k, v in hand.items() if isinstance(v, str)}
    return field.format(row=row), words[msgid].format(**names)


@dataclass(frozen=True)
class FormRefusals:
    """The engine's refusals a game's form words itself, so that a person never reads a
    hand key: a game's ``form_refusal`` part, declared once in one shape for every game."""

    table: Mapping[str, tuple[str, str]]
    """``"code@path"``, ``"code@head"`` or ``"code"`` → (the field that shows it, its
    msgid in ``words``): ``coded_refusal``'s table."""
    words: Mapping[str, Mapping[str, str]]
    """The game's refusal words by language (``GameWords`` of context ``refusal``)."""
    fallback: str
    """The language read where the game does not speak the page's."""

    def __call__(
        self, key: str, code: str, hand: Mapping[str, Any], rules: Any, lang: str
    ) -> tuple[str | None, str | None]:
        """The form's field for a refusal at ``key`` and its words for ``code`` in ``lang``."""
        words = self.words[lang if lang in self.words else self.fallback]
        return coded_refusal(self.table, words, key, code, hand)

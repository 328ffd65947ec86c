"""The engine's refusal of a hand, in the hand form's words and beside its field.

The engine says what is wrong in English and names the JSON path at fault
(``components[0].won: a won durchmars (all ten tricks) beside a lost 40-100``). The
scorer reads Hungarian or English and sees fields, not paths: ``explain`` finds the field
the path points at and words the problem as the form would, with the form's own labels.
The problems a scorer can cause by tapping are worded here; anything else (a tampered
post, a problem the engine learns later) falls back to a general sentence with the
engine's own text, never its path. The engine's messages are matched by their path and
a few stable words (the first rule that matches decides); a message worded otherwise
falls back the same way rather than failing.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .. import i18n
from ..handform import HandState, Table
from ..i18n import t
from ..settlement.errors import Msg
from ..settlement.hungarian import article as number_article

_INDEXED = re.compile(r"(components|silent)\[(\d+)\]")


@dataclass
class _Hand:
    """The form's view of the refused hand: its contract, components and silent results."""

    table: Table
    state: HandState
    hand: dict[str, Any]
    """The hand the engine judged (``handform.to_hand``): its paths index into this."""
    index: int | None
    """The index in the engine's path (``components[1]``), if it names one."""

    @property
    def contract(self) -> dict[str, Any] | None:
        return self.table.contracts.get(self.state.contract or "")

    @property
    def component(self) -> dict[str, Any] | None:
        listed = self.contract["components"] if self.contract else []
        return listed[self.index] if self.index is not None and self.index < len(listed) else None

    @property
    def silent(self) -> dict[str, Any] | None:
        listed = self.hand.get("silent", [])
        if self.index is None or self.index >= len(listed):
            return None
        return self.table.silent.get(listed[self.index]["name"])

    def players(self) -> str:
        return ", ".join(self.state.players(self.table))

    def defenders(self) -> str:
        return ", ".join(self.state.defenders(self.table))

    def colour(self, name: str | None) -> str:
        if not name:
            return t("no_colour")
        return next((c["label"] for c in self.table.colours if c["name"] == name), name)


def explain(
    table: Table, state: HandState, hand: dict[str, Any], exc: Exception
) -> tuple[str, str]:
    """The form area an engine error belongs beside, and its message in the page's language.

    ``hand``: what the engine judged (from ``state``); ``exc``: what it said about it.
    """
    key = getattr(exc, "key", "") or ""
    problem = getattr(exc, "problem", None) or str(exc)
    match = _INDEXED.match(key)
    where = _Hand(table, state, hand, int(match.group(2)) if match else None)
    area = _area(where, key)
    say = next((say for k, words, say in _RULES if k.fullmatch(key) and words in problem), None)
    message = say(where) if say else None
    if message:
        return area, message
    exc_message = getattr(exc, "message", None)
    # a problem worded by the engine alone: in the page's language where it has one
    said = exc_message.text(i18n.current()) if isinstance(exc_message, Msg) else problem
    return area, t("engine_says", problem=said)


def _area(hand: _Hand, key: str) -> str:
    """The part of the form an engine error's ``key`` points at."""
    if key.startswith("components[") and hand.component:
        return f"component-{hand.component['name']}"
    if key.startswith("silent[") and hand.silent:
        return f"silent-{hand.silent['name']}"
    head = key.split(".")[0].split("[")[0]
    areas = {"players": "deal", "sitting_out": "deal", "dealer": "deal", "components": "contract"}
    kept = ("declarer", "outcome", "colour", "renonsz", "silent")
    return areas.get(head, head if head in kept else "form")


def article(label: str) -> str:
    """``label`` with its article in the page's language: az ulti, a betli; an ulti, a betli."""
    first = label[:1].lower()
    vowels = "aáeéiíoóöőuúüű"
    if i18n.current() == "en":
        return ("an " if first in vowels or first == "8" else "a ") + label
    number = re.match(r"\d+", label)
    if number:  # a 40-100, a 100: the number as it is read
        return f"{number_article(int(number.group()))} {label}"
    return ("az " if first in vowels else "a ") + label


def _named(field: str, label: str) -> dict[str, str]:
    """A label as a message may use it: bare, with its article, and starting a sentence."""
    with_article = article(label)
    return {
        field: label,
        f"a_{field}": with_article,
        f"A_{field}": with_article[:1].upper() + with_article[1:],
    }


def _contract_says(key: str) -> Callable[[_Hand], str | None]:
    def say(hand: _Hand) -> str | None:
        if hand.contract is None:
            return None
        return t(key, **_named("contract", hand.contract["label"]))

    return say


def _colour_not_allowed(hand: _Hand) -> str | None:
    if hand.contract is None:
        return None
    values = _named("contract", hand.contract["label"])
    values["colours"] = ", ".join(hand.colour(c) for c in hand.contract["colours"])
    return t("err_colour_not_allowed", colour=hand.colour(hand.state.colour), **values)


def _declarer(key: str) -> Callable[[_Hand], str | None]:
    def say(hand: _Hand) -> str | None:
        if not hand.state.declarer:
            return None
        return t(key, name=hand.state.declarer, players=hand.players())

    return say


def _all_pass_declarer(hand: _Hand) -> str | None:
    first = hand.state.first_bidder(hand.table)
    if not hand.state.declarer or not first:
        return None
    return t("err_all_pass_declarer", first=first, name=hand.state.declarer)


def _renonsz(hand: _Hand) -> str | None:
    if not hand.state.renonsz:
        return None
    return t("err_renonsz_player", name=hand.state.renonsz, players=hand.players())


def _deal_count(hand: _Hand) -> str | None:
    return t("err_deal_count", n=hand.table.active, m=len(hand.state.players(hand.table)))


def _component_says(key: str) -> Callable[[_Hand], str | None]:
    def say(hand: _Hand) -> str | None:
        if hand.component is None:
            return None
        top = hand.table.kontra[-1]["name"] or t("no_kontra")
        values = _named("component", hand.component["label"])
        return t(key, top=top, defenders=hand.defenders(), **values)

    return say


def _silent_says(key: str) -> Callable[[_Hand], str | None]:
    def say(hand: _Hand) -> str | None:
        if hand.silent is None:
            return None
        contract = hand.contract["label"] if hand.contract else ""
        values = {**_named("silent", hand.silent["label"]), **_named("contract", contract)}
        return t(key, defenders=hand.defenders(), **values)

    return say


def _simple(key: str) -> Callable[[_Hand], str]:
    return lambda hand: t(key)


_COMPONENT = r"components\[\d+\]"
_KONTRA = rf"{_COMPONENT}\.kontra(\..+)?"  # the common level, or one defender's
_SILENT = r"silent\[\d+\]"

_RULES: list[tuple[re.Pattern[str], str, Callable[[_Hand], str | None]]] = [
    (re.compile(key), words, say)
    for key, words, say in [
        ("colour", "needs a colour", _contract_says("err_colour_needed")),
        ("colour", "played without a colour", _contract_says("err_colour_none")),
        ("colour", "cannot be played in", _colour_not_allowed),
        ("colour", "", _simple("err_colour_unknown")),
        ("declarer", "is required", _simple("missing_declarer")),
        ("declarer", "sits out", _declarer("err_declarer_sits_out")),
        ("declarer", "is not playing", _declarer("err_declarer_not_playing")),
        ("declarer", "only the first bidder", _all_pass_declarer),
        (r"renonsz\.player", "", _renonsz),
        ("players", "is played by", _deal_count),
        ("sitting_out", "players sit out", _deal_count),
        ("dealer", "is not at this table", _simple("err_dealer")),
        ("components", "", _simple("err_not_a_contract")),
        (rf"{_COMPONENT}\.name", "house rules", _component_says("err_component_off")),
        (_KONTRA, "above this table", _component_says("err_kontra_ceiling")),
        (_KONTRA, "kontra level", _component_says("err_kontra_level")),
        (rf"{_COMPONENT}\.kontra", "not a defender", _component_says("err_kontra_defender")),
        (rf"{_COMPONENT}\.kontra", "is common", _component_says("err_kontra_common")),
        (rf"{_COMPONENT}\.kontra", "goes to both", _component_says("err_kontra_both")),
        (rf"{_COMPONENT}\.kontra", "never to one", _component_says("err_kontra_ladder")),
        (rf"{_COMPONENT}\.won", "a renonsz", _component_says("err_sweep_ulti")),
        (rf"{_COMPONENT}\.won", "tricks) beside a lost", _component_says("err_sweep_declarer")),
        (rf"{_COMPONENT}\.won", "tricks) beside a made", _component_says("err_sweep_defenders")),
        (rf"{_COMPONENT}\.won", "points) beside a lost", _component_says("err_100_declarer")),
        (rf"{_COMPONENT}\.won", "points) beside a made", _component_says("err_100_defenders")),
        (rf"{_COMPONENT}\.won", "say whether", _component_says("err_component_won")),
        ("silent", "thrown in", lambda hand: None),  # the form sends none in a bedobás
        ("silent", "has no silent results", _contract_says("err_silent_none")),
        (rf"{_SILENT}\.name", "reaches 100", _silent_says("err_silent_no_melds")),
        (rf"{_SILENT}\.name", "allows no", _silent_says("err_silent_not_allowed")),
        (rf"{_SILENT}\.name", "beside a bid", _silent_says("err_silent_not_allowed")),
        (rf"{_SILENT}\.name", "house rules", _silent_says("err_silent_off")),
        (rf"{_SILENT}\.side", "defenders score no", _silent_says("err_silent_side")),
        (rf"{_SILENT}\.won", "cannot fail", _silent_says("err_silent_fail")),
        (rf"{_SILENT}\.won", "took the last trick", _silent_says("err_silent_fail_sweep")),
        (rf"{_SILENT}\.player", "name the defender", _silent_says("err_silent_player")),
        (_SILENT, "all ten tricks", _silent_says("err_sweep_silent")),
    ]
]

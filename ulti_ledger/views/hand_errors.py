"""The engine's refusal of a hand, in the hand form's words and beside its field.

The engine says what is wrong in English and names the JSON path at fault
(``components[0].won: a won durchmars (all ten tricks) beside a lost 40-100``). The
scorer reads Hungarian or English and sees fields, not paths: ``explain`` finds the field
the path points at and words the problem as the form would, with the form's own labels.
The problems a scorer can cause by tapping are worded here, chosen by the refusal's
``code`` (``WORDED``), never by its English sentence; any other code (a tampered post,
a problem the engine learns later) is said in the engine's own words, translated into
the page's language, never with its path.
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

    ``hand``: what the engine judged (from ``state``); ``exc``: what it said about it. The
    refusal's ``code`` picks the form's own wording (``WORDED``); a code the form cannot
    cause by tapping is said in the engine's words, translated, never with its path.
    """
    key = getattr(exc, "key", "") or ""
    exc_message = getattr(exc, "message", None)
    code = exc_message.code if isinstance(exc_message, Msg) else ""
    match = _INDEXED.match(key)
    where = _Hand(table, state, hand, int(match.group(2)) if match else None)
    area = _area(where, key)
    say = WORDED.get(f"{code}@{key.split('[')[0].split('.')[0]}") or WORDED.get(code)
    message = say(where) if say else None
    if message:
        return area, message
    problem = getattr(exc, "problem", None) or str(exc)
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
    if i18n.current() == "de":  # a Hungarian game name has no German gender: it is quoted
        return f"„{label}“"
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


WORDED: dict[str, Callable[[_Hand], str | None]] = {
    # by the refusal's code; "code@field" where the same code says another thing there
    "colour_needed": _contract_says("err_colour_needed"),
    "colour_none": _contract_says("err_colour_none"),
    "colour_not_allowed": _colour_not_allowed,
    "colour_unknown": _simple("err_colour_unknown"),
    "player_missing@declarer": _simple("missing_declarer"),
    "player_sits_out@declarer": _declarer("err_declarer_sits_out"),
    "player_not_playing@declarer": _declarer("err_declarer_not_playing"),
    "all_pass_declarer": _all_pass_declarer,
    "player_missing@renonsz": _renonsz,
    "player_sits_out@renonsz": _renonsz,
    "player_not_playing@renonsz": _renonsz,
    "player_count": _deal_count,
    "sitting_out_count": _deal_count,
    "dealer_not_at_table": _simple("err_dealer"),
    "components_missing": _simple("err_not_a_contract"),
    "not_a_contract": _simple("err_not_a_contract"),
    "component_off": _component_says("err_component_off"),
    "kontra_ceiling": _component_says("err_kontra_ceiling"),
    "kontra_level": _component_says("err_kontra_level"),
    "kontra_not_defender": _component_says("err_kontra_defender"),
    "kontra_common": _component_says("err_kontra_common"),
    "kontra_both": _component_says("err_kontra_both"),
    "kontra_ladder": _component_says("err_kontra_ladder"),
    "sweep_beside_lost_why": _component_says("err_sweep_ulti"),
    "sweep_beside_lost": _component_says("err_sweep_declarer"),
    "sweep_beside_made": _component_says("err_sweep_defenders"),
    "points_beside_lost": _component_says("err_100_declarer"),
    "points_beside_made": _component_says("err_100_defenders"),
    "component_won_missing": _component_says("err_component_won"),
    "silent_none": _contract_says("err_silent_none"),
    "silent_needs_bid": _silent_says("err_silent_no_melds"),
    "silent_not_allowed": _silent_says("err_silent_not_allowed"),
    "silent_beside_bid": _silent_says("err_silent_not_allowed"),
    "silent_off": _silent_says("err_silent_off"),
    "silent_side": _silent_says("err_silent_side"),
    "silent_cannot_fail": _silent_says("err_silent_fail"),
    "silent_fail_sweep": _silent_says("err_silent_fail_sweep"),
    "silent_player_missing": _silent_says("err_silent_player"),
    "sweep_leaves_no_silent": _silent_says("err_sweep_silent"),
}
"""The form's own wording of the refusals a scorer can cause by tapping."""

"""The form's values (``HandState``): from a new hand's proposal, a recorded hand or a post."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from werkzeug.datastructures import MultiDict

from .. import rotation
from ..json_input import nesting, surrogate_path
from . import conditions
from .table import Table

ENDLESS = ("all_pass", "redeal")
"""Outcomes without a contract: nothing but who dealt and who would have bid."""


@dataclass
class HandState:
    """The form's values; levels stay as posted (the engine names a bad one)."""

    dealer: str
    sitting_out: list[str]
    declarer: str | None = None
    outcome: str = "played"
    contract: str | None = None
    colour: str | None = None
    won: dict[str, bool] = field(default_factory=dict)
    kontra: dict[str, Any] = field(default_factory=dict)
    """Common kontra by component; individual by (component, player)."""
    silent: dict[str, str] = field(default_factory=dict)
    """By silent result: "declarer", "defenders" or "defenders:<player>"."""
    silent_won: dict[str, bool] = field(default_factory=dict)
    renonsz: str | None = None
    order: list[str] = field(default_factory=list)
    """The players in the order recorded (or proposed); kept while they still play."""
    options: Any = None
    """A recorded hand's own house rules (the API allows them); carried through an edit."""
    proposed: str | None = None
    """The dealer the page proposes: the rotation's (a new hand) or the recorded one (edit)."""
    forced: dict[str, str] = field(default_factory=dict)
    """Fields the facts chose (``won-parti``), with the note the form shows beside each."""

    def players(self, table: Table) -> list[str]:
        """Who plays, first bidder first: as recorded, else from the dealer's right."""
        seats = table.seats
        playing = [p for p in seats if p not in self.sitting_out]
        if sorted(self.order) == sorted(playing):
            return list(self.order)
        start = seats.index(self.dealer) + 1 if self.dealer in seats else 0
        order = [seats[(start + k) % len(seats)] for k in range(len(seats))]
        return [p for p in order if p not in self.sitting_out]

    def first_bidder(self, table: Table) -> str | None:
        """Who bids first: the first player on the dealer's right (the ledger's rule)."""
        players = self.players(table)
        if self.dealer not in table.seats or not players:
            return players[0] if players else None
        return rotation.first_bidder(table.seats, self.dealer, players)

    def defenders(self, table: Table) -> list[str]:
        return [p for p in self.players(table) if p != self.declarer]

    def values(self, table: Table) -> dict[str, str]:
        """The form's fields as they hold this state (strings; "" for nothing chosen)."""
        values = {
            "dealer": self.dealer,
            "declarer": self.declarer or "",
            "outcome": self.outcome,
            "contract": self.contract or "",
            "colour": self.colour or "",
            "renonsz": self.renonsz or "",
        }
        for c in table.components:
            values[f"won-{c['name']}"] = "1" if self.won.get(c["name"], True) else "0"
        for name in table.silent:
            values[f"silent-{name}"] = self.silent.get(name, "")
            values[f"silent-{name}-won"] = "1" if self.silent_won.get(name, True) else "0"
        return values


def initial_state(table: Table, proposal: Mapping[str, Any]) -> HandState:
    """A new hand as the rotation proposes it; everything else at its one-tap default."""
    return HandState(
        dealer=proposal["dealer"],
        sitting_out=list(proposal["sitting_out"]),
        order=list(proposal["players"]),
        proposed=proposal["dealer"],
    )


def state_from_hand(table: Table, hand: Mapping[str, Any], dealer: str) -> HandState:
    """A recorded hand (hand format) as the form shows it, for editing."""
    state = HandState(
        dealer=dealer,
        sitting_out=list(hand.get("sitting_out", [])),
        order=list(hand["players"]),
        proposed=dealer,
        options=hand.get("options") or None,
        declarer=hand["declarer"],
        outcome=hand.get("outcome", "played"),
        colour=hand.get("colour"),
        renonsz=(hand.get("renonsz") or {}).get("player"),
    )
    components = hand.get("components", [])
    names = {c["name"] for c in components}
    is_open = any(c.get("open") for c in components)
    state.contract = next(
        (
            cid
            for cid, c in table.contracts.items()
            if {x["name"] for x in c["components"]} == names and c["open"] == is_open
        ),
        None,
    )
    for c in components:
        state.won[c["name"]] = c.get("won", True)
        kontra = c.get("kontra", 0)
        if isinstance(kontra, dict):
            for player, level in kontra.items():
                state.kontra[c["name"], player] = level
        else:
            state.kontra[c["name"]] = kontra
    for s in hand.get("silent", []):
        side = f"defenders:{s['player']}" if s.get("player") else s["side"]
        state.silent[s["name"]] = side
        state.silent_won[s["name"]] = s.get("won", True)
    return state


def state_from_form(
    table: Table, form: MultiDict[str, str], proposal: Mapping[str, Any]
) -> HandState:
    """The posted form's values; a preset tapped without the script is applied here."""
    dealer = form.get("dealer") or proposal["dealer"]
    if form.get("sitting_out_for") == dealer:
        sitting_out = form.getlist("sitting_out")
    else:  # the dealer changed without the script: his own deal
        sitting_out = list(table.deal(dealer).sitting_out) if dealer in table.seats else []
    state = HandState(
        dealer=dealer,
        sitting_out=sitting_out,
        declarer=form.get("declarer") or None,
        outcome=form.get("outcome") or "played",
        contract=form.get("contract") if form.get("contract") in table.contracts else None,
        colour=form.get("colour") or None,
        renonsz=form.get("renonsz") or None,
        order=list(proposal["players"]),
        options=_options(form.get("options", "")),
        proposed=proposal["dealer"],
    )
    for c in table.components:
        name = c["name"]
        state.won[name] = form.get(f"won-{name}", "1") != "0"
        state.kontra[name] = _level(form.get(f"kontra-{name}", "0"))
        for index, player in enumerate(table.seats):
            state.kontra[name, player] = _level(form.get(f"kontra-{name}-{index}", "0"))
    for name in table.silent:
        state.silent[name] = form.get(f"silent-{name}", "")
        state.silent_won[name] = form.get(f"silent-{name}-won", "1") != "0"
    preset = next((p for p in table.presets if p["id"] == form.get("preset")), None)
    if preset is not None:
        apply_preset(table, state, preset)
    apply_forces(table, state)
    return state


def apply_forces(table: Table, state: HandState) -> None:
    """Make the choices the facts force (the game's ``forces``; the script does the same):
    a defenders' csendes 100 means the parti was lost, whatever the toggle says."""
    values, notes = conditions.forced(table.description, state.values(table))
    for name in notes:
        if name.startswith("won-"):
            state.won[name.removeprefix("won-")] = values[name] != "0"
    state.forced = notes


def restored(form: Mapping[str, str]) -> bool:
    """Whether a posted form's deal fields disagree in a way only the browser can cause.

    The script sets ``sitting_out_for`` to the dealer whenever either changes, so with the
    script (``js=1``) the two always match. They part when the browser restores an earlier
    page's entries into this one after Back: the visible fields come back (an earlier
    hand's dealer), the hidden ones do not. Such a post is not what the page showed.
    """
    dealer = form.get("dealer")
    return form.get("js") == "1" and dealer is not None and form.get("sitting_out_for") != dealer


def deal_by(table: Table, state: HandState, dealer: str, proposal: Mapping[str, Any]) -> None:
    """Deal ``state`` by ``dealer``: the proposal's deal when he is its dealer, else his own.

    A declarer or renonsz who no longer plays is cleared (the scorer chooses again).
    """
    if dealer not in table.seats:
        dealer = proposal["dealer"]
    if dealer == proposal["dealer"]:
        state.sitting_out = list(proposal["sitting_out"])
        state.order = list(proposal["players"])
    else:
        state.sitting_out = list(table.deal(dealer).sitting_out)
        state.order = []
    state.dealer = dealer
    players = state.players(table)
    if state.declarer not in players:
        state.declarer = None
    if state.renonsz not in players:
        state.renonsz = None


def apply_preset(table: Table, state: HandState, preset: Mapping[str, Any]) -> None:
    """What one tap on a preset does (the script does the same in the browser).

    "mindenki passz" also chooses its declarer: only the first bidder throws in.
    """
    if preset.get("outcome"):
        state.outcome = preset["outcome"]
        if state.outcome == "all_pass":
            state.declarer = state.first_bidder(table)
        return
    contract = table.contracts[preset["contract"]]
    state.contract = contract["id"]
    if state.outcome in ENDLESS:
        state.outcome = "played"
    if preset["colour"]:
        state.colour = preset["colour"]
    elif not (contract["colour_required"] and state.colour in contract["colours"]):
        state.colour = None


OPTIONS_CHARS = 4000
"""A hand's own house rules as the page carries them: every option of a ruleset, spelled
out, is under 1,500 characters."""
OPTIONS_DEPTH = 4


class UnreadableOptions(ValueError):
    """The form's ``options`` field is no JSON the engine could be shown: ``reason`` is the
    key of the page's words for why (``options_too_long``), ``params`` their values."""

    def __init__(self, reason: str, **params: Any) -> None:
        super().__init__(reason)
        self.reason = reason
        self.params = params


def _options(raw: str) -> Any:
    """The hand's own options as the page carried them (JSON); the engine judges them.

    Checked first for what would break before the engine sees it (``UnreadableOptions``):
    too long, nested too deep to parse, or holding a lone surrogate.
    """
    if not raw:
        return None
    if len(raw) > OPTIONS_CHARS:
        raise UnreadableOptions("options_too_long", limit=OPTIONS_CHARS)
    if nesting(raw) > OPTIONS_DEPTH:
        raise UnreadableOptions("options_too_deep", limit=OPTIONS_DEPTH)
    try:
        data = json.loads(raw)
    except ValueError:
        return raw
    if surrogate_path(data) is not None:
        raise UnreadableOptions("options_surrogate")
    return data


def _level(raw: str) -> Any:
    try:
        return int(raw)
    except ValueError:
        return raw  # the engine says what a kontra level must be

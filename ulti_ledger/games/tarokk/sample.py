"""Random legal tarokk hands, for the property tests, ``bench/engine.py`` and samples."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from .build import CONTRACTS, RULINGS, Rules

CASES = ("volat-d", "dupla-d", "parti-d", "parti-o", "dupla-o", "volat-o")
"""Where the card points went, from the declarer's side's view: every trick, 71 or more,
48 or more, the mirror images for the opponents."""
PAIR = ("dupla", "volat", "hosszu-dupla")


def random_hand(rng: random.Random, rules: Rules, players: Sequence[str]) -> dict[str, Any]:
    """A legal hand of ``rules`` for a table of ``players`` (in seating order, from the
    first bidder on, the dealer last): at five the dealer sits out. Every kind of hand is
    drawn: both sides' parti, dupla and volát, announced or silent, figures made and
    failed at every kontra level, tarokkszám, bedobás, new deals and renonsz."""
    table = list(players)
    if len(table) not in (4, 5) or len(table) - 4 > rules.max_sitting_out:
        raise ValueError(f"{rules.id} is not played at a table of {len(table)}")
    active, out = table[:4], table[4:]
    declarer = rng.choice(active)
    hand: dict[str, Any] = {"ruleset": rules.id, "players": active, "declarer": declarer}
    if out:
        hand["sitting_out"] = out
    roll = rng.random()
    if roll < 0.03:
        hand["outcome"] = "redeal"
        return hand
    if rules.double_round and rng.random() < 0.3:  # drawn only where the house rule is on
        hand["double"] = True
    skart = rng.random() < 0.05
    partner = (
        None if skart or rng.random() < 0.1 else rng.choice([p for p in active if p != declarer])
    )
    hand["partner"] = partner
    if skart:
        hand["skart"] = True
    if roll < 0.06:
        hand["outcome"] = "no_play"
        return hand
    hand["contract"] = rng.choice(CONTRACTS)
    ruling = None
    if roll < 0.14:
        ruling = rng.choice(RULINGS) if rules.renonsz_mode == "vote" else None
        hand["renonsz"] = {"player": rng.choice(active)}
        if ruling:
            hand["renonsz"]["ruling"] = ruling
        if ruling != "continue":
            hand["game"] = {"kontra": rng.choice((0, 0, 1))}
            hand["figures"] = _figures(rng, rules, None)[:2]
            for fig in hand["figures"]:
                fig.pop("won", None)
            return hand
    case = rng.choice(CASES)
    hand["game"] = {"won": case.endswith("-d"), "kontra": _level(rng, rules.max_kontra)}
    if rules.tie_kontra_single and case == "parti-o" and rng.random() < 0.3:
        hand["game"]["tie"] = True  # 47:47, drawn only where it changes the payment
    hand["figures"] = _pair(rng, rules, case) + _figures(rng, rules, case)
    if not hand["figures"]:
        del hand["figures"]
    if rng.random() < 0.2:
        shown = rng.sample(active, rng.choice((1, 1, 2)))
        hand["tarokkszam"] = [{"player": p, "count": rng.choice((8, 9))} for p in shown]
    return hand


def _level(rng: random.Random, most: int) -> int:
    return min(most, rng.choice((0, 0, 0, 1, 1, 2, 3, 4, 5)))


def _pair(rng: random.Random, rules: Rules, case: str) -> list[dict[str, Any]]:
    """The dupla and volát figures that agree with where the points went."""
    made_side = "declarer" if case.endswith("-d") else "opponents"
    volat_made = case.startswith("volat")
    dupla_made = volat_made or case.startswith("dupla")
    out = []
    for side in ("declarer", "opponents"):
        mine = side == made_side
        said_volat = rng.random() < 0.12
        said_dupla = rng.random() < 0.15
        if said_dupla:
            name = (
                "hosszu-dupla"
                if "hosszu-dupla" in rules.figures and rng.random() < 0.3
                else "dupla"
            )
            out.append(_said(rng, rules, name, side, mine and dupla_made))
        if said_volat:
            out.append(_said(rng, rules, "volat", side, mine and volat_made))
        if mine and volat_made and not said_volat:
            out.append({"name": "volat", "side": side, "announced": False, "won": True})
        elif mine and dupla_made and not volat_made and not said_dupla and not said_volat:
            out.append({"name": "dupla", "side": side, "announced": False, "won": True})
    return out


def _said(rng: random.Random, rules: Rules, name: str, side: str, won: bool) -> dict[str, Any]:
    level = _level(rng, rules.max_level(name))
    return {"name": name, "side": side, "announced": True, "won": won, "kontra": level}


def _figures(rng: random.Random, rules: Rules, case: str | None) -> list[dict[str, Any]]:
    """Up to four other figures, each legal beside the others."""
    names = [n for n in rules.figures if n not in PAIR]
    out: list[dict[str, Any]] = []
    tricks: set[object] = set()
    paros: set[str] = set()
    for name in rng.sample(names, rng.choice((0, 1, 1, 2, 2, 3, 4))):
        figure = rules.figures[name]
        side = rng.choice(("declarer", "opponents"))
        announced = figure.silent == 0 or rng.random() < 0.5
        won = rng.random() < 0.6
        if not announced and not figure.silent_fails:
            won = True
        if won and figure.trick and figure.trick in tricks:
            if not announced and not figure.silent_fails:
                continue
            won = False
        if won and figure.trick:
            tricks.add(figure.trick)
        if name in ("pagat-facan", "sas-facan") and not announced and side in paros:
            continue
        fig: dict[str, Any] = {"name": name, "side": side, "announced": announced, "won": won}
        if announced:
            fig["kontra"] = _level(rng, rules.max_level(name))
            if name == "parosfacan":
                paros.add(side)
                out = [
                    f
                    for f in out
                    if not (
                        f["name"].endswith("-facan") and not f["announced"] and f["side"] == side
                    )
                ]
            lower = [low for low, highs in rules.raises.items() if name in highs]
            taken = {f["name"] for f in out if f["side"] == side}
            lower = [low for low in lower if low not in taken]
            if lower and rng.random() < 0.3:
                fig["raised_from"] = rng.choice(lower)
        out.append(fig)
    # a raised figure replaces the lower one: drop a lower figure named later
    raised = {(f["side"], f.get("raised_from")) for f in out}
    out = [f for f in out if (f["side"], f["name"]) not in raised]
    if rules.one_figure_per_raise:
        _one_raise(out)
    if rules.silent_over_failed and rng.random() < 0.5:
        out += _silent_over_failed(rules, out, tricks, paros)
    return out


def _one_raise(out: list[dict[str, Any]]) -> None:
    """A párosfácán raised from a pagát figure beside its side's pagát ultimó and kismadár
    is said afresh instead (seed 002 section 14: one raise raises one figure)."""
    for fig in out:
        raised = fig.get("raised_from") or ""
        if fig["name"] != "parosfacan" or not raised.startswith("pagat-"):
            continue
        said = {f["name"] for f in out if f["side"] == fig["side"] and f["announced"]}
        said |= {f.get("raised_from") for f in out if f["side"] == fig["side"]}
        if "pagat-ultimo" in said and said & {"kismadar", "pagat-kismadar"}:
            del fig["raised_from"]


def _silent_over_failed(
    rules: Rules, out: list[dict[str, Any]], tricks: set[object], paros: set[str]
) -> list[dict[str, Any]]:
    """The other side's silent figure made where one side's announcement failed (option
    silent_over_failed), where nothing beside it forbids it."""
    added = []
    for fig in out:
        figure = rules.figures[fig["name"]]
        other = "opponents" if fig["side"] == "declarer" else "declarer"
        if not (fig["announced"] and fig["won"] is False and figure.silent and figure.either_side):
            continue
        if figure.trick and figure.trick in tricks:
            continue
        if fig["name"].endswith("-facan") and other in paros:
            continue
        if any(f["name"] == fig["name"] for f in out if f is not fig):
            continue
        if figure.trick:
            tricks.add(figure.trick)
        added.append({"name": fig["name"], "side": other, "announced": False, "won": True})
    return added

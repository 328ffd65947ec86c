"""Settling a tarokk hand: the team part, the tarokkszám, a renonsz, the pagát kitty.

The team part is a value per player of the receiving side (RULES.md 5.1): at 2 v 2 each
winner receives it from one loser, and one against three the lone player receives it
from (or pays it to) each of the three. The tarokkszám is paid by each of the other three
whatever the result. Every amount is a `Line` that says who pays whom and why.
"""

from __future__ import annotations

from ...settlement.kitty import KittyMove
from ...settlement.result import Line, Settlement
from .build import Rules
from .figures import Fig
from .hand import Hand
from .parti import OTHER, Item, parti_items


def settle(hand: Hand, rules: Rules) -> Settlement:
    """The hand's payments (+ receives), its lines, and what it does to the kitty."""
    lines: list[Line] = []
    kitty = None
    if hand.skart:
        lines.append(Line("skart", {"declarer": hand.declarer}, {}))
    if hand.outcome == "redeal":
        lines.append(Line("redeal", {}, {}))
    elif hand.outcome == "no_play":
        lines.append(_no_play(hand, rules))
    elif hand.renonsz is not None and hand.ruling != "continue":
        line, kitty = _renonsz(hand, rules)
        lines.append(line)
        if hand.ruling in (None, "charge"):
            lines += _tarokkszam(hand, rules)
    else:
        if hand.renonsz is not None:
            lines.append(Line("renonsz_continue", {"player": hand.renonsz}, {}))
        for item in _team(hand, rules):
            lines.append(_line(item, hand))
        lines += _tarokkszam(hand, rules)
        kitty = _kitty(hand, rules)
        if kitty is not None:
            if kitty.takers:
                lines.append(Line("kitty_take", {"players": kitty.takers}, {}))
            if kitty.payers:
                params = {"players": kitty.payers, "step": kitty.amount, "cap": kitty.cap}
                lines.append(Line("kitty_pay_in", params, {}))
    payments = dict.fromkeys(hand.players, 0)
    for line in lines:
        for name, amount in line.amounts.items():
            payments[name] += amount
    for name in hand.sitting_out:
        payments[name] = 0
        lines.append(Line("sits_out", {"player": name}, {name: 0}))
    return Settlement(payments, tuple(lines), kitty=kitty)


def _team(hand: Hand, rules: Rules) -> list[Item]:
    """Every item of the team part: the parti, dupla and volát, then the other figures."""
    assert hand.game_won is not None
    items = parti_items(hand.g, hand.game_won, hand.game_kontra, hand.figures, rules)
    volat_by = next((f.side for f in hand.figures if f.name == "volat" and f.won), None)
    for fig in hand.figures:
        figure = rules.figures[fig.name]
        if fig.name == "volat" or fig.name == "dupla" or figure.dupla:
            continue
        g = hand.g if figure.per_g else 1
        if fig.announced:
            base = figure.announced * g
            to = fig.side if fig.won else OTHER[fig.side]
            items.append(Item("figure", _params(fig, base), to, base * 2**fig.kontra))
        elif figure.volat_absorbs and fig.won and volat_by == fig.side:
            items.append(
                Item("silent_not_paid", {"name": fig.name, "by": "volat_made"}, fig.side, 0)
            )
        else:
            base = figure.silent * g
            to = fig.side if fig.won else OTHER[fig.side]
            items.append(Item("figure", _params(fig, base), to, base))
    return items


def _params(fig: Fig, base: int) -> dict:
    return {
        "name": fig.name,
        "side": fig.side,
        "announced": fig.announced,
        "made": bool(fig.won),
        "base": base,
        "level": fig.kontra,
        "raised_from": fig.raised_from,
        "card": fig.card,
    }


def _line(item: Item, hand: Hand) -> Line:
    winners, losers = (
        (hand.side, hand.others) if item.to == "declarer" else (hand.others, hand.side)
    )
    params = {**item.params, "winners": winners, "losers": losers, "value": item.value}
    if item.key == "parti":
        params["contract"] = hand.contract
    return Line(item.key, params, spread(item.value, winners, losers))


def spread(value: int, winners: tuple[str, ...], losers: tuple[str, ...]) -> dict[str, int]:
    """``value`` per player from ``losers`` to ``winners``: at 2 v 2 each once; a lone
    player receives it from (or pays it to) each of the others."""
    if not value:
        return {}
    if len(winners) == len(losers):
        win, lose = value, -value
    elif len(winners) == 1:
        win, lose = value * len(losers), -value
    else:
        win, lose = value, -value * len(winners)
    out = dict.fromkeys(winners, win)
    out.update(dict.fromkeys(losers, lose))
    return out


def _tarokkszam(hand: Hand, rules: Rules) -> list[Line]:
    lines = []
    for name, count in hand.tarokkszam:
        value = rules.tarokkszam[count]
        others = tuple(p for p in hand.players if p != name)
        params = {
            "player": name,
            "count": count,
            "value": value,
            "winners": (name,),
            "losers": others,
        }
        lines.append(Line("tarokkszam", params, spread(value, (name,), others)))
    return lines


def renonsz_base(hand: Hand, rules: Rules) -> int:
    """What was announced or made before the renonsz, with its kontras, per player: the
    game (g at its kontra) and every figure listed (announced at its kontra, silent at
    its silent value)."""
    total = hand.g * 2**hand.game_kontra if hand.contract else 0
    for fig in hand.figures:
        figure = rules.figures[fig.name]
        g = hand.g if figure.per_g else 1
        if fig.announced:
            total += figure.announced * g * 2**fig.kontra
        else:
            total += figure.silent * g
    return total


def _renonsz(hand: Hand, rules: Rules) -> tuple[Line, KittyMove | None]:
    offender = hand.renonsz
    assert offender is not None
    others = tuple(p for p in hand.players if p != offender)
    base = renonsz_base(hand, rules)
    params = {"player": offender, "base": base, "ruling": hand.ruling, "winners": others}
    params["losers"] = (offender,)
    if hand.ruling is None:  # ITVB 9.8-9.9
        value = min(max(base, rules.renonsz_min), rules.renonsz_max)
        params.update(value=value, min=rules.renonsz_min, max=rules.renonsz_max)
        return Line("renonsz", params, spread(value, others, (offender,))), None
    if hand.ruling == "charge":
        params["value"] = base
        return Line("renonsz_charge", params, spread(base, others, (offender,))), None
    if hand.ruling == "new_deal" or not rules.kitty:
        return Line("renonsz_new_deal", params, {}), None
    amount = rules.kitty_new_deal
    if hand.ruling == "points_to_kitty":
        amount = max(base, rules.kitty_points_min)
        params["min"] = rules.kitty_points_min
    params["value"] = amount
    move = KittyMove(payers=(offender,), amount=amount, cap=_cap(hand, rules))
    return Line(f"renonsz_{hand.ruling}", params, {}), move


def _no_play(hand: Hand, rules: Rules) -> Line:
    value = rules.no_play
    params = {"value": value, "winners": hand.side, "losers": hand.others}
    if not value:
        return Line("no_play", params, {})
    # each opponent pays the declarer's side ``value``: shared between a pair
    amounts = dict.fromkeys(hand.others, -value)
    share, rest = divmod(value * len(hand.others), len(hand.side))
    for i, name in enumerate(hand.side):
        amounts[name] = share + (1 if i < rest else 0)
    return Line("no_play_paid", params, amounts)


def _cap(hand: Hand, rules: Rules) -> int:
    return rules.kitty_cap_per_player * (len(hand.players) + len(hand.sitting_out))


def _kitty(hand: Hand, rules: Rules) -> KittyMove | None:
    """A made announcement of the pagát takes the kitty; a failed one pays in (seed 002
    section 15): the kitty's balance again, at least a step, up to the cap."""
    if not rules.kitty:
        return None
    sides = {"declarer": hand.side, "opponents": hand.others}
    takers: tuple[str, ...] = ()
    payers: tuple[str, ...] = ()
    for fig in hand.figures:
        if fig.announced and rules.figures[fig.name].kitty:
            if fig.won:
                takers = takers or sides[fig.side]
            else:
                payers = payers or sides[fig.side]
    if not takers and not payers:
        return None
    step = rules.kitty_step
    return KittyMove(takers, payers, step, True, step, _cap(hand, rules))

"""Settling a tarokk hand: the team part, the tarokkszám, a renonsz, the pagát kitty.

The team part is a value per player of the receiving side (RULES.md 5.1): at 2 v 2 each
winner receives it from one loser, and one against three the lone player receives it
from (or pays it to) each of the three. The tarokkszám is paid by each of the other three
whatever the result. Every amount is a `Line` that says who pays whom and why.
"""

from __future__ import annotations

from operator import itemgetter

from ...settlement.kitty import KittyAccount, KittyMove
from ...settlement.pairs import spread
from ...settlement.result import Line, Settlement, explained_later
from .build import Rules
from .hand import Hand
from .parti import Item, team_items

_READ = ("players", "sitting_out", "outcome", "tarokkszam", "renonsz", "ruling", "side", "team")
_READ += ("double",)
_SETTLED = itemgetter(*[Hand._fields.index(name) for name in _READ])
"""The fields `settle` reads, in one call: a named tuple's field is a lookup each, and this
runs for every hand of every scoresheet."""
_new = tuple.__new__


def settle(hand: Hand, rules: Rules) -> Settlement:
    """The hand's payments (+ receives), what it does to the kitty, and its lines (worked
    out when first read: a scoreboard needs the sums of every hand, the words of few)."""
    players, sitting_out, outcome, shown, offender, ruling, side, team, double = _SETTLED(hand)
    kitty = None
    if outcome == "played" and (offender is None or ruling == "continue"):
        payments = dict.fromkeys(players, -team)  # each of the others pays the team part
        share = team * (len(players) - len(side)) // len(side)  # 2 v 2 once, alone thrice
        for name in side:
            payments[name] = share
        if shown:
            _tarokkszam_paid(payments, shown, rules)
        if rules.kitty:
            kitty = _kitty(hand, rules)
    else:
        payments = dict.fromkeys(players, 0)
        if outcome == "no_play":
            payments.update(_no_play_amounts(hand, rules))
        elif offender is not None:
            value, kitty = _renonsz_value(hand, rules, renonsz_base(hand, rules))
            payments.update(spread(value, _others_of(hand), (offender,)))  # to each of them
            if ruling in (None, "charge"):
                _tarokkszam_paid(payments, shown, rules)
    for name in sitting_out:
        payments[name] = 0
    if double:  # a double round after an annulled deal: every payment counts twice
        payments = {name: units * 2 for name, units in payments.items()}
    return explained_later(payments, _lines, (hand, rules), kitty)


def _tarokkszam_paid(
    payments: dict[str, int], shown: tuple[tuple[str, int], ...], rules: Rules
) -> None:
    """Each tarokkszám into ``payments`` (the players only): each other player pays it."""
    for name, count in shown:
        value = rules.tarokkszam[count]
        for other in payments:
            payments[other] -= value
        payments[name] += value * len(payments)


def _lines(hand: Hand, rules: Rules) -> tuple[Line, ...]:
    """Every line of the hand, each with exactly the amounts it moves."""
    lines: list[Line] = []
    if hand.skart:
        lines.append(Line("skart", {"declarer": hand.declarer}, {}))
    if hand.outcome == "redeal":
        lines.append(Line("redeal", {}, {}))
    elif hand.outcome == "no_play":
        lines.append(_no_play(hand, rules))
    elif hand.renonsz is not None and hand.ruling != "continue":
        lines.append(_renonsz(hand, rules)[0])
        if hand.ruling in (None, "charge"):
            lines += _tarokkszam(hand, rules)
    else:
        if hand.renonsz is not None:
            lines.append(Line("renonsz_continue", {"player": hand.renonsz}, {}))
        level = 0 if hand.tie and rules.tie_kontra_single else None
        items = team_items(hand.g, hand.game_won, hand.game_kontra, hand.figures, rules, level)
        lines += [_line(item, hand) for item in items]
        lines += _tarokkszam(hand, rules)
        kitty = _kitty(hand, rules)
        if kitty is not None:
            if kitty.takers:
                lines.append(Line("kitty_take", {"players": kitty.takers}, {}))
            if kitty.payers:
                params = {"players": kitty.payers, "step": kitty.amount, "cap": kitty.cap}
                key = "kitty_pay_in_each" if kitty.each else "kitty_pay_in"
                lines.append(Line(key, params, {}))
    if hand.double:  # the same amounts again: the lines add up to the doubled payments
        once: dict[str, int] = {}
        for line in lines:
            for name, units in line.amounts.items():
                once[name] = once.get(name, 0) + units
        lines.append(Line("double_round", {}, {n: u for n, u in once.items() if u}))
    for name in hand.sitting_out:
        lines.append(Line("sits_out", {"player": name}, {name: 0}))
    return tuple(lines)


def _params(item: Item, hand: Hand) -> dict:
    if item.fig is None:  # the parti: at its kontra, unless 47:47 left it out (tie_kontra)
        level = hand.game_kontra
        if item.key == "parti" and item.value != item.base << level:
            level = 0
        return {"g": item.base, "level": level, "won": hand.game_won}
    fig = item.fig
    if item.key == "silent_not_paid":
        return {"name": fig.name, "by": item.why}
    return {
        "name": fig.name,
        "side": fig.side,
        "announced": fig.announced,
        "made": item.to == fig.side,
        "base": item.base,
        "level": fig.kontra,
        "raised_from": fig.raised_from,
        "card": fig.card,
    }


def _line(item: Item, hand: Hand) -> Line:
    to_declarer = item.to == "declarer"
    winners, losers = (hand.side, hand.others) if to_declarer else (hand.others, hand.side)
    params = {**_params(item, hand), "winners": winners, "losers": losers, "value": item.value}
    if item.key == "parti":
        params["contract"] = hand.bid
    return Line(item.key, params, spread(item.value, winners, losers))


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
    total = hand.g * 2**hand.game_kontra if hand.bid else 0
    for fig in hand.figures:
        figure = rules.figures[fig.name]
        g = hand.g if figure.per_g else 1
        if fig.announced:
            total += figure.announced * g * 2**fig.kontra
        else:
            total += figure.silent * g
    return total


def _renonsz_value(hand: Hand, rules: Rules, base: int) -> tuple[int, KittyMove | None]:
    """What the offender pays each of the others (0: nothing) and puts in the kitty
    (None: nothing), by the ruling; ``base``: `renonsz_base`."""
    ruling = hand.ruling
    if ruling is None:  # ITVB 9.8-9.9
        return min(max(base, rules.renonsz_min), rules.renonsz_max), None
    if ruling == "charge":
        return base, None
    if ruling == "new_deal" or not rules.kitty:
        return 0, None
    amount = rules.kitty_new_deal
    if ruling == "points_to_kitty":
        amount = max(base, rules.kitty_points_min)
    offender = hand.renonsz
    assert offender is not None
    cap = 0 if rules.kitty_each else _cap(hand, rules)  # seed 002 section 16: paid in whole
    return 0, KittyMove(payers=(offender,), amount=amount, cap=cap)


def _renonsz(hand: Hand, rules: Rules) -> tuple[Line, KittyMove | None]:
    offender = hand.renonsz
    assert offender is not None
    others = _others_of(hand)
    base = renonsz_base(hand, rules)
    value, move = _renonsz_value(hand, rules, base)
    params = {"player": offender, "base": base, "ruling": hand.ruling, "winners": others}
    params["losers"] = (offender,)
    if hand.ruling is None:
        params.update(value=value, min=rules.renonsz_min, max=rules.renonsz_max)
        return Line("renonsz", params, spread(value, others, (offender,))), None
    if hand.ruling == "charge":
        params["value"] = value
        return Line("renonsz_charge", params, spread(value, others, (offender,))), None
    if move is None:
        return Line("renonsz_new_deal", params, {}), None
    if hand.ruling == "points_to_kitty":
        params["min"] = rules.kitty_points_min
    params["value"] = move.amount
    return Line(f"renonsz_{hand.ruling}", params, {}), move


def _others_of(hand: Hand) -> tuple[str, ...]:
    """The players other than the renonsz's offender."""
    return tuple([p for p in hand.players if p != hand.renonsz])


def _no_play(hand: Hand, rules: Rules) -> Line:
    params = {"value": rules.no_play, "winners": hand.side, "losers": hand.others}
    if not rules.no_play:
        return Line("no_play", params, {})
    return Line("no_play_paid", params, _no_play_amounts(hand, rules))


def _no_play_amounts(hand: Hand, rules: Rules) -> dict[str, int]:
    """Each opponent pays the declarer's side the bedobás payment, shared between a pair
    (the first of the pair takes what does not divide)."""
    value = rules.no_play
    if not value:
        return {}
    amounts = dict.fromkeys(hand.others, -value)
    share, rest = divmod(value * len(hand.others), len(hand.side))
    for i, name in enumerate(hand.side):
        amounts[name] = share + (1 if i < rest else 0)
    return amounts


def _cap(hand: Hand, rules: Rules) -> int:
    return rules.kitty_cap_per_player * (len(hand.players) + len(hand.sitting_out))


def kitty_account(rules: Rules, table: int) -> KittyAccount | None:
    """The pagát kitty as a group carries it between evenings: uncapped where the cap
    bounds each pay-in (seed 002 section 15: an evening whose kitty grew past the cap keeps
    it), else capped at ``table`` (the players at the table, sitting out included) times
    the cap per player, as each hand's pay-in is; None where the ruleset plays without it."""
    if not rules.kitty:
        return None
    cap = 0 if rules.kitty_each else rules.kitty_cap_per_player * table
    return KittyAccount("pagat", cap, rules.kitty_end)


def _kitty(hand: Hand, rules: Rules) -> KittyMove | None:
    """A made announcement of the pagát takes the kitty; a failed one pays in (seed 002
    section 15): the kitty's balance again, at least a step, at most the cap (the files
    before issue 25: up to the balance's cap, ``Rules.kitty_each``). The first
    of each, by side, is the hand's ``pot`` (`figures.Tally`)."""
    taken_by, paid_by = hand.pot
    if not rules.kitty or (taken_by is None and paid_by is None):
        return None
    takers = _players_of(hand, taken_by) if taken_by else ()
    payers = _players_of(hand, paid_by) if paid_by else ()
    step = rules.kitty_step
    cap = _cap(hand, rules)
    return _new(KittyMove, (takers, payers, step, True, step, cap, rules.kitty_each))


def _players_of(hand: Hand, side: str) -> tuple[str, ...]:
    """The players of ``side`` (``declarer``: the declarer's side; ``opponents``)."""
    return hand.side if side == "declarer" else hand.others

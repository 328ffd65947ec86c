"""Settling a validated Ulti hand: RULES.md 1.2 as code, every number from the rules.

Per defender d the declarer receives, for each bid component c, v·2^k if it was made
and pays v·(2^k + failed_extra) if it was lost; silent results add or take their value
without kontra. Renonsz, bedobás and all-pass have their own rows (RULES.md 1.10).
"""

from __future__ import annotations

from operator import itemgetter

from ...settlement.result import Line, Settlement, Term, explained_later
from .hand import Component, Hand
from .rules import Rules
from .stakes import stakes as stakes_of

_OUTCOME_RENONSZ = itemgetter(5, 10)
"""A hand's outcome and renonsz, read in C (see `Hand`'s field order)."""


def settle(hand: Hand, rules: Rules) -> Settlement:
    """Payments (+ receives) for every player named in the hand, and their lines.

    The payments are summed straight from the per-component factors (a scoreboard needs
    them for every hand); the lines are built from the same factors when first read
    (a player opens the explanation of a few).
    """
    outcome, renonsz = _OUTCOME_RENONSZ(hand)
    if renonsz is None and outcome == "played":
        payments = _played_payments(hand, rules)
    elif renonsz == hand.declarer or outcome == "conceded":
        payments = _declarer_pays(hand, rules)
    elif renonsz is not None:
        payments = _offender_pays(hand, rules)
    else:
        payments = _passed_payments(hand, rules)
    return explained_later(payments, _lines, (hand, rules))


def _passed_payments(hand: Hand, rules: Rules) -> dict[str, int]:
    """All pass: the first bidder pays each other active player; a redeal moves nothing."""
    payments = _zeros(hand)
    if hand.outcome == "all_pass":
        each = rules.all_pass_pays_each
        payments.update(dict.fromkeys(hand.defenders, each))
        payments[hand.declarer] = -each * len(hand.defenders)
    return payments


def _zeros(hand: Hand) -> dict[str, int]:
    """Every player named in the hand, in seating order (then who sits out), at 0."""
    payments = dict.fromkeys(hand.players, 0)
    if hand.sitting_out:
        payments.update(dict.fromkeys(hand.sitting_out, 0))
    return payments


def _lines(hand: Hand, rules: Rules) -> tuple[Line, ...]:
    lines: list[Line] = []
    if hand.outcome == "redeal":
        lines.append(Line("redeal", {}, {}))
    elif hand.outcome == "all_pass":
        lines.append(_all_pass(hand, rules))
    elif hand.renonsz == hand.declarer:
        lines.extend(_declarer_renonsz(hand, rules))
    elif hand.renonsz is not None:
        lines.extend(_defender_renonsz(hand, rules))
    elif hand.outcome == "conceded":
        lines.extend(_throw_in(hand, rules))
    else:
        lines.extend(_played(hand, rules))
    for player in hand.sitting_out:
        if any(line.amounts.get(player) for line in lines):
            lines.append(Line("sits_out_pays", {"player": player}, {}))
        elif player not in _also(hand, rules) or hand.outcome == "all_pass":
            lines.append(Line("sits_out", {"player": player}, {}))
    return tuple(lines)


def _played_payments(hand: Hand, rules: Rules) -> dict[str, int]:
    """What `_played` sums to, without building its lines: the components' stakes
    (`Hand.stakes`, worked out once per list) times the colour's factor, and the silent
    results."""
    # one unpacking instead of a dozen attribute reads: this runs for every hand shown
    (
        _,
        _,
        players,
        sitting_out,
        declarer,
        _,
        colour,
        contract,
        components,
        silent,
        _,
        defenders,
        (stakes),
    ) = hand
    pays = len(sitting_out) == 1 and rules.sitting_out_pays  # as `_payers`, inlined: hot
    payers = defenders + sitting_out if pays else defenders
    paying = len(payers)
    if silent and _parti_replaced_by(hand, rules):  # the parti is not paid
        each, apart = stakes_of(components, contract, rules, paying, parti=False)
    elif stakes is None:  # a hand not from `parse_hand`
        each, apart = stakes_of(components, contract, rules, paying)
    else:
        each, apart = stakes[pays]
    factor = 1 if colour is None else rules.colours[colour].factor  # `Rules.colour_factor`
    each *= factor  # what every payer pays the declarer
    # every player in seating order, then who sits out (at 0 unless he pays): one dict
    payments = dict.fromkeys(players + sitting_out if sitting_out else players, -each)
    if sitting_out and not pays:
        for player in sitting_out:
            payments[player] = 0
    payments[declarer] = each * paying
    if apart is not None:  # and on top, per payer, for individual kontras
        for player, amount in zip(payers, apart, strict=True):
            payments[player] -= amount * factor
            payments[declarer] += amount * factor
    for s in silent:
        if not _absorbed(s, hand, rules):
            for player, amount in _silent_amounts(s, hand, rules, payers).items():
                payments[player] += amount
    return payments


def _declarer_pays(hand: Hand, rules: Rules) -> dict[str, int]:
    """What `_throw_in` or `_declarer_renonsz` sums to, without building the lines."""
    payers = _payers(hand, rules)
    paid = [0] * len(payers)  # what the declarer pays each payer
    extras = rules.failed_extras[hand.contract.id]
    scale, with_extra = _payout_scale(hand, rules)
    for c in hand.components:
        v = rules.values[c.name, c.open, hand.colour]
        extra = extras[c.name] if with_extra else 0
        for i in range(len(payers)):
            paid[i] += (scale[_level(c, rules, i)] + extra) * v
    payments = _zeros(hand)
    payments[hand.declarer] = -sum(paid)
    for player, amount in zip(payers, paid, strict=True):
        payments[player] = amount
    return payments


def _payout_scale(hand: Hand, rules: Rules) -> tuple[tuple[int, ...], bool]:
    """What the declarer pays a payer per unit of value at each kontra level, and whether
    a lost component's failed extra comes on top: his renonsz or his throw-in."""
    powers = rules.powers
    if hand.renonsz is not None:  # the loss value of the whole bid
        return powers, True
    if rules.throw_in_mode == "double_win":
        return tuple(rules.throw_in_factor * p for p in powers), False
    # the loss at the next kontra level
    return tuple(p * rules.kontra.factor for p in powers), True


def _payout_kind(hand: Hand, rules: Rules) -> str:
    """Which of `_payout_scale`'s three scales applies: renonsz, double_win, next_kontra."""
    if hand.renonsz is not None:
        return "renonsz"
    return "double_win" if rules.throw_in_mode == "double_win" else "next_kontra"


def _payers(hand: Hand, rules: Rules) -> tuple[str, ...]:
    """Who settles with the declarer as a defender: the sitting-out dealer too, if the table
    says so (`_also`)."""
    if rules.sitting_out_pays and len(hand.sitting_out) == 1:  # as `_also`, inlined: hot
        return hand.defenders + hand.sitting_out
    return hand.defenders


def _level(c: Component, rules: Rules, index: int) -> int:
    """The kontra level of the index-th payer (defenders first, then who sits out and pays)."""
    if index < len(c.kontra):
        return c.kontra[index]
    # a sitting-out player who pays: the common level, or none of his own in an individual game
    individual = rules.games[rules.components[c.name].game].individual_kontra
    return 0 if individual else c.kontra[0]


def _value(c: Component, hand: Hand, rules: Rules) -> int:
    return rules.values[c.name, c.open, hand.colour]


def _extra(c: Component, hand: Hand, rules: Rules) -> int:
    """The failed-bid extra of a lost component in this contract (see `Rules.failed_extras`)."""
    return rules.failed_extras[hand.contract.id][c.name]


def _label(c: Component, rules: Rules, colour: str | None) -> str:
    rule = rules.components[c.name]
    if c.open and rule.open:
        return rule.open.label
    if rule.label_red and colour == "piros" and not rules.games[rule.game].colour_required:
        return rule.label_red
    return rule.label


def _term(
    player: str, level: int, factor: int, value: int, rules: Rules, shown: tuple[int, int]
) -> Term:
    """``shown``: the (level, extra) the factor is written with (see `Term`)."""
    return Term(player, rules.kontra.names[level], factor, value, *shown)


def _colour(hand: Hand, rules: Rules) -> dict[str, object]:
    """Where a value comes from, for the lines: the base value, the colour and its factor."""
    factor = rules.colour_factor(hand.colour)
    params: dict[str, object] = {"kontra_factor": rules.kontra.factor, "colour_factor": factor}
    if hand.colour is not None:
        params["colour"] = rules.colours[hand.colour].label
    return params


def _played(hand: Hand, rules: Rules) -> list[Line]:
    lines: list[Line] = []
    payers = _payers(hand, rules)
    replaced_by = _parti_replaced_by(hand, rules)
    declarer, colour, values = hand.declarer, hand.colour, rules.values
    powers, names = rules.powers, rules.kontra.names
    for c in hand.components:
        label = _label(c, rules, colour)
        if c.name == "parti" and replaced_by:
            lines.append(Line("parti_replaced", {"label": label, "by": replaced_by}, {}))
            continue
        v = values[c.name, c.open, colour]
        extra = 0 if c.won else _extra(c, hand, rules)
        sign = 1 if c.won else -1
        terms, amounts, total = [], {}, 0
        for i, d in enumerate(payers):
            k = c.kontra[i] if i < len(c.kontra) else _level(c, rules, i)
            factor = powers[k] + extra
            terms.append(Term(d, names[k], factor, v, k, extra))
            amounts[d] = -sign * factor * v
            total += sign * factor * v
        amounts[declarer] = total
        params = {"label": label, "won": c.won, "terms": terms, **_colour(hand, rules)}
        lines.append(Line("component", {**params, "also": _also(hand, rules)}, amounts))
    for s in hand.silent:
        lines.append(_silent_line(s, hand, rules, payers))
    return lines


def _also(hand: Hand, rules: Rules) -> tuple[str, ...]:
    """Who sits out and yet settles with the declarer as a defender (house rule
    ``four_player_dealer``): the dealer of a four-player table. At five, where two sit
    out, nobody does: the rule speaks of the four-player dealer, and a fourth and fifth
    payer would change the game's stakes (games/ulti/rulesets/README.md)."""
    if rules.sitting_out_pays and len(hand.sitting_out) == 1:
        return hand.sitting_out
    return ()


def _parti_replaced_by(hand: Hand, rules: Rules) -> str | None:
    for s in hand.silent:
        rule = rules.silent[s.name]
        if s.won and rule.replaces_parti and not _absorbed(s, hand, rules):
            return rule.label
    return None


def _absorbed(s, hand: Hand, rules: Rules) -> str | None:
    absorbers = rules.silent[s.name].absorbed_by
    for other in hand.silent:
        if other.name in absorbers and other.side == s.side and other.won:
            return rules.silent[other.name].label
    return None


def _silent_line(s, hand: Hand, rules: Rules, payers: tuple[str, ...]) -> Line:
    rule = rules.silent[s.name]
    absorbed_by = _absorbed(s, hand, rules)
    params = {"label": rule.label, "side": s.side, "won": s.won, "player": s.player}
    if absorbed_by:
        return Line("silent_absorbed", {**params, "by": absorbed_by}, {})
    params.update(factor=1 if s.won else rule.failed_factor, value=_silent_value(s, hand, rules))
    params.update(_colour(hand, rules), also=_also(hand, rules))
    return Line("silent", params, _silent_amounts(s, hand, rules, payers))


def _silent_value(s, hand: Hand, rules: Rules) -> int:
    return rules.silent[s.name].value * rules.colour_factor(hand.colour)


def _silent_amounts(s, hand: Hand, rules: Rules, payers: tuple[str, ...]) -> dict[str, int]:
    """Who pays whom for a silent result that is paid (not absorbed)."""
    amount = _silent_value(s, hand, rules) * (1 if s.won else rules.silent[s.name].failed_factor)
    # gain: what the maker's side receives from each player of the other side
    gain = amount if s.won else -amount
    if s.side == "declarer":
        amounts = {d: -gain for d in payers}
        amounts[hand.declarer] = gain * len(payers)
    elif s.player is None:
        amounts = {d: gain for d in payers}
        amounts[hand.declarer] = -gain * len(payers)
    else:  # "everyone": the maker settles with the declarer and with his partner
        others = [p for p in hand.players if p != s.player]
        amounts = {p: -gain for p in others}
        amounts[s.player] = gain * len(others)
    return amounts


def _declarer_renonsz(hand: Hand, rules: Rules) -> list[Line]:
    lines = [Line("renonsz_declarer", {"player": hand.declarer}, {})]
    return lines + _payout_lines(hand, rules, "renonsz_component")


def _payout_lines(hand: Hand, rules: Rules, key: str) -> list[Line]:
    """A line per component of what the declarer pays: his renonsz or his throw-in."""
    lines = []
    scale, with_extra = _payout_scale(hand, rules)
    # how the factor is written: 2^k (+ extra), one level higher for a throw-in, or plain
    step = {"renonsz": 0, "next_kontra": 1}.get(_payout_kind(hand, rules), -1)
    for c in hand.components:
        v = _value(c, hand, rules)
        extra = _extra(c, hand, rules) if with_extra else 0
        terms, amounts = [], {hand.declarer: 0}
        for i, d in enumerate(_payers(hand, rules)):
            k = _level(c, rules, i)
            factor = scale[k] + extra
            shown = (k + step, extra) if step >= 0 else (-1, 0)
            terms.append(_term(d, k, factor, v, rules, shown))
            amounts[d] = factor * v
            amounts[hand.declarer] -= factor * v
        label = _label(c, rules, hand.colour)
        params = {"label": label, "terms": terms, "also": _also(hand, rules)}
        lines.append(Line(key, {**params, **_colour(hand, rules)}, amounts))
    return lines


def _defender_renonsz(hand: Hand, rules: Rules) -> list[Line]:
    offender, partner = hand.renonsz, _partner(hand)
    double = rules.defender_renonsz == "double_win_to_declarer"
    lines = [
        Line("renonsz_defender", {"player": offender, "partner": partner, "double": double}, {})
    ]
    for c in hand.components:
        v, k_off, win_factor, k_par, partner_factor = _offender_factors(c, hand, rules, partner)
        to_declarer = (win_factor + partner_factor) * v if double else win_factor * v
        to_partner = 0 if double else partner_factor * v
        terms = [
            _term(offender, k_off, win_factor, v, rules, (k_off, 0)),
            _term(
                partner,
                k_par,
                partner_factor,
                v,
                rules,
                (k_par, partner_factor - rules.powers[k_par]),
            ),
        ]
        amounts = {hand.declarer: to_declarer, offender: -to_declarer - to_partner}
        if to_partner:
            amounts[partner] = to_partner
        label = _label(c, rules, hand.colour)
        lines.append(
            Line(
                "renonsz_defender_component",
                {"label": label, "terms": terms, "double": double, **_colour(hand, rules)},
                amounts,
            )
        )
    return lines


def _offender_pays(hand: Hand, rules: Rules) -> dict[str, int]:
    """What `_defender_renonsz` sums to, without building the lines."""
    offender, partner = hand.renonsz, _partner(hand)
    double = rules.defender_renonsz == "double_win_to_declarer"
    to_declarer = to_partner = 0
    for c in hand.components:
        v, _, win_factor, _, partner_factor = _offender_factors(c, hand, rules, partner)
        if double:
            to_declarer += (win_factor + partner_factor) * v
        else:
            to_declarer += win_factor * v
            to_partner += partner_factor * v
    payments = _zeros(hand)
    payments[hand.declarer] = to_declarer
    payments[partner] = to_partner
    payments[offender] = -to_declarer - to_partner
    return payments


def _partner(hand: Hand) -> str:
    return next(d for d in hand.defenders if d != hand.renonsz)


def _offender_factors(
    c: Component, hand: Hand, rules: Rules, partner: str
) -> tuple[int, int, int, int, int]:
    """Value; the offender's kontra level and win factor; the partner's level and factor.

    The partner's factor is his loss factor (failed extra included) unless the offender
    pays the declarer both defenders' win shares (``double_win_to_declarer``).
    """
    v = _value(c, hand, rules)
    k_off = _level(c, rules, hand.defenders.index(hand.renonsz))
    k_par = _level(c, rules, hand.defenders.index(partner))
    partner_factor = rules.powers[k_par]
    if rules.defender_renonsz != "double_win_to_declarer":
        partner_factor += _extra(c, hand, rules)
    return v, k_off, rules.powers[k_off], k_par, partner_factor


def _throw_in(hand: Hand, rules: Rules) -> list[Line]:
    lines = [Line("throw_in", {"player": hand.declarer, "mode": rules.throw_in_mode}, {})]
    return lines + _payout_lines(hand, rules, "throw_in_component")


def _all_pass(hand: Hand, rules: Rules) -> Line:
    each = rules.all_pass_pays_each
    others = hand.defenders
    amounts = {p: each for p in others}
    amounts[hand.declarer] = -each * len(others)
    params = {"player": hand.declarer, "each": each, "receivers": others}
    return Line("all_pass", params, amounts)

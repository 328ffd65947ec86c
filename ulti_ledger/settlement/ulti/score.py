"""Settling a validated Ulti hand: RULES.md 1.2 as code, every number from the rules.

Per defender d the declarer receives, for each bid component c, v·2^k if it was made
and pays v·(2^k + failed_extra) if it was lost; silent results add or take their value
without kontra. Renonsz, bedobás and all-pass have their own rows (RULES.md 1.10).
"""

from __future__ import annotations

from ..result import Line, Settlement, Term
from .hand import Component, Hand
from .rules import Rules


def settle(hand: Hand, rules: Rules) -> Settlement:
    """Payments (+ receives) for every player named in the hand, and their lines.

    A played hand's payments are summed straight from the components (the common case,
    and the one a scoreboard repeats thousands of times); its lines follow on demand
    from the same per-component factors. Other outcomes sum their lines.
    """
    if hand.outcome == "played" and hand.renonsz is None:
        return Settlement(_played_payments(hand, rules), explain=lambda: _lines(hand, rules))
    lines = _lines(hand, rules)
    payments = dict.fromkeys(hand.players, 0)
    if hand.sitting_out:
        payments.update(dict.fromkeys(hand.sitting_out, 0))
    for line in lines:
        for player, amount in line.amounts.items():
            payments[player] += amount
    return Settlement(payments, lines)


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
        if not rules.sitting_out_pays or hand.outcome == "all_pass":
            lines.append(Line("sits_out", {"player": player}, {}))
    return tuple(lines)


def _played_payments(hand: Hand, rules: Rules) -> dict[str, int]:
    """What `_played` sums to, without building its lines."""
    payers = _payers(hand, rules)
    n = len(payers)
    owed = [0] * n  # what each payer pays the declarer
    values, powers = rules.values, rules.powers
    replaced = hand.silent and _parti_replaced_by(hand, rules)
    for c in hand.components:
        if replaced and c.name == "parti":
            continue
        v = values[c.name, c.open, hand.colour]
        kontra = c.kontra
        if len(kontra) < n:  # sitting-out players who pay as defenders
            kontra = tuple(_level(c, rules, i) for i in range(n))
        if c.won:
            for i in range(n):
                owed[i] += powers[kontra[i]] * v
        else:
            extra = _extra(c, hand, rules)
            for i in range(n):
                owed[i] -= (powers[kontra[i]] + extra) * v
    payments = dict.fromkeys(hand.players, 0)
    if hand.sitting_out:
        payments.update(dict.fromkeys(hand.sitting_out, 0))
    payments[hand.declarer] = sum(owed)
    for i in range(n):
        payments[payers[i]] = -owed[i]
    for s in hand.silent:
        for player, amount in _silent_line(s, hand, rules, payers).amounts.items():
            payments[player] += amount
    return payments


def _payers(hand: Hand, rules: Rules) -> tuple[str, ...]:
    """Who settles with the declarer as a defender: the sitting-out too, if the table says so."""
    if rules.sitting_out_pays:
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
    rule = rules.components[c.name]
    if rule.failed_extra_unless_with and any(
        o.name in rule.failed_extra_unless_with for o in hand.components
    ):
        return 0
    return rule.failed_extra


def _label(c: Component, rules: Rules, colour: str | None) -> str:
    rule = rules.components[c.name]
    if c.open and rule.open:
        return rule.open.label
    if rule.label_red and colour == "piros" and not rules.games[rule.game].colour_required:
        return rule.label_red
    return rule.label


def _term(player: str, level: int, factor: int, value: int, rules: Rules) -> Term:
    return Term(player, rules.kontra.names[level], factor, value)


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
            terms.append(Term(d, names[k], factor, v))
            amounts[d] = -sign * factor * v
            total += sign * factor * v
        amounts[declarer] = total
        lines.append(Line("component", {"label": label, "won": c.won, "terms": terms}, amounts))
    for s in hand.silent:
        lines.append(_silent_line(s, hand, rules, payers))
    return lines


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
    value = rule.value * rules.colour_factor(hand.colour)
    factor = 1 if s.won else rule.failed_factor
    amount = factor * value
    # gain: what the maker's side receives from each player of the other side
    gain = amount if s.won else -amount
    params.update(factor=factor, value=value)
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
    return Line("silent", params, amounts)


def _declarer_renonsz(hand: Hand, rules: Rules) -> list[Line]:
    lines = [Line("renonsz_declarer", {"player": hand.declarer}, {})]
    for c in hand.components:
        v = _value(c, hand, rules)
        extra = _extra(c, hand, rules)
        terms, amounts = [], {hand.declarer: 0}
        for i, d in enumerate(_payers(hand, rules)):
            k = _level(c, rules, i)
            factor = rules.kontra.factor**k + extra
            terms.append(_term(d, k, factor, v, rules))
            amounts[d] = factor * v
            amounts[hand.declarer] -= factor * v
        label = _label(c, rules, hand.colour)
        lines.append(Line("renonsz_component", {"label": label, "terms": terms}, amounts))
    return lines


def _defender_renonsz(hand: Hand, rules: Rules) -> list[Line]:
    offender = hand.renonsz
    partner = next(d for d in hand.defenders if d != offender)
    double = rules.defender_renonsz == "double_win_to_declarer"
    lines = [
        Line("renonsz_defender", {"player": offender, "partner": partner, "double": double}, {})
    ]
    for c in hand.components:
        v = _value(c, hand, rules)
        k_off = _level(c, rules, hand.defenders.index(offender))
        k_par = _level(c, rules, hand.defenders.index(partner))
        win_factor = rules.kontra.factor**k_off
        terms = [_term(offender, k_off, win_factor, v, rules)]
        if double:
            partner_factor = rules.kontra.factor**k_par
            to_declarer, to_partner = (win_factor + partner_factor) * v, 0
            terms.append(_term(partner, k_par, partner_factor, v, rules))
        else:
            partner_factor = rules.kontra.factor**k_par + _extra(c, hand, rules)
            to_declarer, to_partner = win_factor * v, partner_factor * v
            terms.append(_term(partner, k_par, partner_factor, v, rules))
        amounts = {hand.declarer: to_declarer, offender: -to_declarer - to_partner}
        if to_partner:
            amounts[partner] = to_partner
        label = _label(c, rules, hand.colour)
        lines.append(
            Line(
                "renonsz_defender_component",
                {"label": label, "terms": terms, "double": double},
                amounts,
            )
        )
    return lines


def _throw_in(hand: Hand, rules: Rules) -> list[Line]:
    lines = [Line("throw_in", {"player": hand.declarer, "mode": rules.throw_in_mode}, {})]
    for c in hand.components:
        v = _value(c, hand, rules)
        terms, amounts = [], {hand.declarer: 0}
        for i, d in enumerate(_payers(hand, rules)):
            k = _level(c, rules, i)
            if rules.throw_in_mode == "double_win":
                factor = rules.throw_in_factor * rules.kontra.factor**k
            else:
                factor = rules.kontra.factor ** (k + 1) + _extra(c, hand, rules)
            terms.append(_term(d, k, factor, v, rules))
            amounts[d] = factor * v
            amounts[hand.declarer] -= factor * v
        label = _label(c, rules, hand.colour)
        lines.append(Line("throw_in_component", {"label": label, "terms": terms}, amounts))
    return lines


def _all_pass(hand: Hand, rules: Rules) -> Line:
    each = rules.all_pass_pays_each
    others = hand.defenders
    amounts = {p: each for p in others}
    amounts[hand.declarer] = -each * len(others)
    return Line("all_pass", {"player": hand.declarer, "each": each}, amounts)

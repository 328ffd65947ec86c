"""What a played hand's bid components are worth to the declarer from each payer, per
unit of the colour factor (RULES.md 1.2): v·2^k for a made component, -v·(2^k + failed
extra) for a lost one, with v its value before the colour factor.

Every value is its base value times the colour's factor (`Rules.component_value`), so
these sums times the factor are the payments: worked out once per component list when it
is first checked (`Hand.stakes`), they leave a settled hand one multiplication per payer.
"""

from __future__ import annotations

from collections.abc import Sequence

from .rules import Contract, Rules

Stakes = tuple[int, tuple[int, ...] | None]
"""(each, apart): what every payer pays the declarer, and on top what each payer pays
(defenders in order, then who sits out and pays) where individual kontras differ (None
where nobody pays apart)."""


def stakes(
    components: Sequence[tuple], contract: Contract, rules: Rules, paying: int, parti: bool = True
) -> Stakes:
    """The stakes of these components for ``paying`` payers; without the parti where a
    silent result replaced it (``parti`` false).

    A common kontra is the same for every payer, so most hands owe one amount per payer;
    only components whose individual kontras differ (betli, színtelen durchmars; in
    színlicites every game) are summed per payer.
    """
    values, powers, rules_of = rules.values, rules.powers, rules.components
    extras = rules.failed_extras[contract.id]
    each = 0
    apart = None
    for name, open_, won, kontra in components:
        if not parti and name == "parti":
            continue
        v = values[name, open_, None]  # no colour: the base value
        k = kontra[0]
        # one level for every payer: a common kontra, or individual ones that are all equal
        # (the count falls short if a sitting-out payer, with no level there, pays too)
        if not rules_of[name].individual or kontra.count(k) == paying:
            each += powers[k] * v if won else -(powers[k] + extras[name]) * v
            continue
        if apart is None:
            apart = [0] * paying
        extra = 0 if won else extras[name]
        signed = v if won else -v
        for i, k in enumerate(kontra):
            apart[i] += (powers[k] + extra) * signed
        for i in range(len(kontra), paying):  # who sits out and pays: no level of his own
            apart[i] += (powers[0] + extra) * signed
    return each, None if apart is None else tuple(apart)


def both_stakes(
    components: Sequence[tuple], contract: Contract, rules: Rules, defenders: int
) -> tuple[Stakes, Stakes | None]:
    """The stakes with the defenders alone paying, and with who sits out paying too (None
    where the table's house rules never let him: ``sitting_out_pays``); `Hand.stakes`."""
    alone = stakes(components, contract, rules, defenders)
    if not rules.sitting_out_pays:
        return alone, None
    return alone, stakes(components, contract, rules, defenders + 1)

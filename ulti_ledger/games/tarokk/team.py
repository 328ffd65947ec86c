"""The team part of a played tarokk hand, checked and summed in one pass over its figures.

The parti, the dupla and the volát interlock ([HUSPEC] section 7.2, ``parti.py``), but
every other figure is paid on its own: its value, its kontra, and whether its side made
it (a silent trull or four kings also asks whether its side made the volát). So the pass
sums the other figures, and the parti with the hand's dupla and volát figures is worked
out (and checked, ``consistency.py``) once per shape: who won the game and whether it was
kontra'd, and each dupla and volát by name, side, announced and made (``parti.pair_terms``:
the contract and the kontra levels only scale it), as one number (the figures' ``shape``).
A table meets a few dozen shapes in a night, where the other figures make nearly every
hand's list a new one.
"""

from __future__ import annotations

from .build import Rules
from .consistency import check_parti, check_rest
from .figures import Fig, Tally
from .parti import pair_terms


def team_part(
    g: int,
    game_won: bool,
    game_kontra: int,
    figures: tuple[Fig, ...],
    tally: Tally,
    rules: Rules,
    parti_level: int | None = None,
) -> int:
    """The team part per player of the declarer's side (+ receives), as `parti.team_value`
    sums it, once `consistency` has found nothing to refuse; ``tally``:
    what `figures.parse_figures` summed of the figures in its pass; ``parti_level``: the
    kontra the parti is paid at, where it is not the game's (47:47, option tie_kontra)."""
    value, per_g_value, pair, said, shape, absorbed, clash, odd, _ = tally
    key = (shape << 2) | (game_won << 1) | (game_kontra > 0)
    memo = rules.memo
    found = memo.get(key)
    if found is None:
        if pair:
            check_parti(pair, figures, game_won, rules)
        found = pair_terms(game_won, game_kontra > 0, pair, rules)
        if len(memo) < rules.memo_size:
            memo[key] = found
    if clash or odd:
        check_rest(figures, rules, clash, odd)
    signs, fixed, parti, volat_by, dupla_by = found
    if game_kontra and rules.kontra_silent_pair:  # the game's kontra on a silent dupla, volát
        fixed <<= game_kontra
    for sign, amount in zip(signs, said, strict=True):
        fixed += sign * amount
    for side, unit, per_g_unit, kings in absorbed:
        if side != volat_by and not (kings and side == dupla_by):
            value += unit + per_g_unit * g
    level = game_kontra if parti_level is None else parti_level
    return value + (per_g_value + fixed) * g + parti * (g << level)

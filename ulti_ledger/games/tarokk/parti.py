"""The parti, the dupla and the volát together: [HUSPEC] section 7.2, exactly.

Without announcements only the highest made of the three is paid; an announced dupla or
volát is always scored (made or failed) and keeps its side from scoring the parti; a
silent volát displaces the silent dupla of its side; a kontra'd game is always scored.
`items` returns what is paid, each as (key, params, receiving side, value per player).
"""

from __future__ import annotations

from typing import NamedTuple

from .build import Rules
from .figures import Fig

OTHER = {"declarer": "opponents", "opponents": "declarer"}
OTHER_PAIR = ("dupla", "volat")
KINGS = "negy-kiraly"
"""The figure Kégl does not pay beside its side's silent dupla (`Rules.kings_void_beside_dupla`)."""
"""The pair figures by name; a ruleset's other ones are marked ``dupla`` (hosszú dupla)."""


class Item(NamedTuple):
    """One amount of the team part: ``value`` per player, to the side ``to``; ``fig`` the
    figure it pays (None for the parti), ``base`` its value before the kontra, ``why``
    what keeps a figure from being paid. The words are made only when a line is read."""

    key: str
    fig: Fig | None
    to: str
    value: int
    base: int = 0
    why: str = ""


def parti_items(
    g: int,
    game_won: bool,
    game_kontra: int,
    figures: tuple[Fig, ...],
    rules: Rules,
    parti_level: int | None = None,
) -> list[Item]:
    """The parti, dupla and volát items of a played hand (figures: the hand's);
    ``parti_level`` the kontra the parti is paid at where it is not the game's (47:47)."""
    winner = "declarer" if game_won else "opponents"
    dupla: dict[str, Fig] = {}
    volat: dict[str, Fig] = {}
    silent: list[Fig] = []
    for fig in figures:
        is_dupla = fig.name == "dupla" or rules.figures[fig.name].dupla
        if not (is_dupla or fig.name == "volat"):
            continue
        if not fig.announced:
            silent.append(fig)
        elif is_dupla:
            dupla[fig.side] = fig
        else:
            volat[fig.side] = fig
    volat_by = next((f.side for f in figures if f.name == "volat" and f.won), None)
    dupla_by = next(
        (f.side for f in figures if f.won and (f.name == "dupla" or rules.figures[f.name].dupla)),
        volat_by,
    )
    out: list[Item] = []
    # 1) announced dupla and volát: always scored, by whether they were made
    for side in ("declarer", "opponents"):
        for fig, made_by in ((dupla.get(side), dupla_by), (volat.get(side), volat_by)):
            if fig is None:
                continue
            base = rules.figures[fig.name].announced * g
            made = made_by == side
            to = side if made else OTHER[side]
            out.append(Item("figure", fig, to, base << fig.kontra, base))
    # 2) the silent dupla or volát: a volát displaces the silent dupla of its side
    paid: Fig | None = None
    if volat_by and volat_by not in volat:
        paid = next(f for f in silent if f.name == "volat")
    elif dupla_by and dupla_by not in dupla and dupla_by not in volat:
        paid = next((f for f in silent if f.name != "volat" and f.side == dupla_by), None)
    for fig in silent:
        if fig is not paid:
            out.append(Item("silent_not_paid", fig, fig.side, 0, 0, _why(fig, dupla, volat)))
    # 3) the parti: a kontra'd game always counts
    if game_kontra > 0:
        scored = True
    else:
        scored = not (paid is not None and paid.side == winner) and not (
            winner in dupla or winner in volat
        )
    if scored:
        level = game_kontra if parti_level is None else parti_level
        out.append(Item("parti", None, winner, g << level, g))
    else:
        out.append(Item("parti_displaced", None, winner, 0, g))
    if paid is not None:
        base = rules.figures[paid.name].silent * g
        value = base << game_kontra if rules.kontra_silent_pair else base
        out.append(Item("figure", paid, paid.side, value, base))
    return out


def _why(fig: Fig, dupla: dict[str, Fig], volat: dict[str, Fig]) -> str:
    """Why a silent dupla or volát is not paid: what its side announced, or its volát."""
    if fig.side in volat:
        return "volat"
    if fig.side in dupla:
        return "dupla"
    return "volat_silent"


def team_items(
    g: int,
    game_won: bool | None,
    game_kontra: int,
    figures: tuple[Fig, ...],
    rules: Rules,
    parti_level: int | None = None,
) -> list[Item]:
    """Every item of the team part: the parti, dupla and volát, then the other figures."""
    assert game_won is not None
    items = parti_items(g, game_won, game_kontra, figures, rules, parti_level)
    volat_by = None
    for fig in figures:
        if fig.name == "volat" and fig.won:
            volat_by = fig.side
    dupla_by = _silent_dupla_by(items, rules)
    table = rules.figures
    for fig in figures:
        figure = table[fig.name]
        if fig.name == "volat" or fig.name == "dupla" or figure.dupla:
            continue
        each = g if figure.per_g else 1
        to = fig.side if fig.won else OTHER[fig.side]
        if fig.announced:
            base = figure.announced * each
            items.append(Item("figure", fig, to, base << fig.kontra, base))
        elif figure.volat_absorbs and fig.won and volat_by == fig.side:
            items.append(Item("silent_not_paid", fig, fig.side, 0, 0, "volat_made"))
        elif fig.name == KINGS and fig.won and dupla_by == fig.side:
            items.append(Item("silent_not_paid", fig, fig.side, 0, 0, "dupla_made"))
        else:
            base = figure.silent * each
            items.append(Item("figure", fig, to, base, base))
    return items


def _silent_dupla_by(items: list[Item], rules: Rules) -> str | None:
    """The side whose silent dupla is paid, where a silent négy király is not paid beside
    it (`Rules.kings_void_beside_dupla`); else None."""
    if not rules.kings_void_beside_dupla:
        return None
    for item in items:
        fig = item.fig
        if item.key == "figure" and fig is not None and not fig.announced and fig.name != "volat":
            return fig.side
    return None


def team_value(
    g: int, game_won: bool | None, game_kontra: int, figures: tuple[Fig, ...], rules: Rules
) -> int:
    """The team part per player of the declarer's side (+ receives): what `team_items`
    sums to, worked out without making the items (a hand's sums are needed at every
    settle, its lines only when read; tests/games/tarokk/test_tarokk_speed.py holds them equal)."""
    assert game_won is not None
    table = rules.figures
    pair = [f for f in figures if f.name in OTHER_PAIR or table[f.name].dupla]
    signs, paid, parti, volat_by, dupla_by = pair_terms(game_won, game_kontra > 0, pair, rules)
    if rules.kontra_silent_pair:
        paid <<= game_kontra
    for sign, fig in zip(signs, pair, strict=True):
        paid += sign * (table[fig.name].announced << fig.kontra)
    value = paid * g + parti * (g << game_kontra)
    for fig in figures:
        figure = table[fig.name]
        if fig.name in OTHER_PAIR or figure.dupla:
            continue
        each = g if figure.per_g else 1
        if fig.announced:
            amount = (figure.announced * each) << fig.kontra
        elif figure.volat_absorbs and fig.won and volat_by == fig.side:
            continue
        elif fig.name == KINGS and fig.won and dupla_by == fig.side:
            continue
        else:
            amount = figure.silent * each
        value += amount if (fig.side == "declarer") == fig.won else -amount
    return value


def pair_terms(
    game_won: bool, kontra_said: bool, pair: list[Fig], rules: Rules
) -> tuple[tuple[int, ...], int, int, str | None, str | None]:
    """The parti with the hand's dupla and volát figures (``pair``, in the hand's order):
    ``(signs, paid, parti, volat_by)``. Per player of the declarer's side the part is
    ``(paid + sum(sign * (announced value << kontra))) * g + parti * (g << game_kontra)``
    (a sign per figure of ``pair``: +1 or -1 where it is paid as announced, else 0), and
    ``volat_by`` is the side that made the volát.

    Every amount of it is a multiple of g, and what is paid depends on whether the game
    was kontra'd (``kontra_said``), never on a level, so one answer serves every contract
    and every kontra. The fifth value is the side whose silent dupla is paid where a silent
    négy király is then not paid (`Rules.kings_void_beside_dupla`), else None."""
    table = rules.figures
    dupla: dict[str, int] = {}
    volat: dict[str, int] = {}
    silent: list[Fig] = []
    volat_by = dupla_by = None
    for index, fig in enumerate(pair):
        is_dupla = fig.name == "dupla" or table[fig.name].dupla
        if is_dupla and fig.won and dupla_by is None:
            dupla_by = fig.side
        if fig.name == "volat" and fig.won and volat_by is None:
            volat_by = fig.side
        if not fig.announced:
            silent.append(fig)
        elif is_dupla:
            dupla[fig.side] = index
        else:
            volat[fig.side] = index
    if dupla_by is None:
        dupla_by = volat_by
    signs = [0] * len(pair)
    for announced, made_by in ((dupla, dupla_by), (volat, volat_by)):
        for side, index in announced.items():
            signs[index] = 1 if (made_by == side) == (side == "declarer") else -1
    paid_fig: Fig | None = None
    if volat_by and volat_by not in volat:
        paid_fig = next(f for f in silent if f.name == "volat")
    elif dupla_by and dupla_by not in dupla and dupla_by not in volat:
        paid_fig = next((f for f in silent if f.name != "volat" and f.side == dupla_by), None)
    winner = "declarer" if game_won else "opponents"
    parti = 0
    if kontra_said or not (
        (paid_fig is not None and paid_fig.side == winner) or winner in dupla or winner in volat
    ):
        parti = 1 if game_won else -1
    paid = 0
    dupla_silent = None
    if paid_fig is not None:
        paid = table[paid_fig.name].silent
        if paid_fig.side != "declarer":
            paid = -paid
        if paid_fig.name != "volat" and rules.kings_void_beside_dupla:
            dupla_silent = paid_fig.side
    return tuple(signs), paid, parti, volat_by, dupla_silent

"""What the figures of a played tarokk hand must agree on, together with the parti.

A dupla (71 points) or a volát (every trick) is made by one side at most, and that side
won the parti; a volát makes its side's dupla too. Each trick is won once, so two figures
of the same trick are never both made. An announced párosfácán keeps its side's silent
fácán from being scored (seed 002 section 4), and a raised figure replaces the lower one.
"""

from __future__ import annotations

from ...settlement.errors import HandError
from .build import Rules
from .figures import Fig

FACANS = ("pagat-facan", "sas-facan")


def check_parti(
    pair: list[Fig], figures: tuple[Fig, ...], game_won: bool | None, rules: Rules
) -> None:
    """Refuse a played-out hand whose dupla and volát figures (``pair``, of ``figures``)
    cannot all have happened beside its parti (``team.py`` asks once per shape)."""
    volat_sides: set[str] = set()
    dupla_sides: set[str] = set()
    for name, side, _, won, *_ in pair:
        if won:
            (volat_sides if name == "volat" else dupla_sides).add(side)
    _check_parti(figures, game_won, rules, volat_sides, dupla_sides)


def check_rest(figures: tuple[Fig, ...], rules: Rules, tricks: bool, odd: bool) -> None:
    """The checks after the parti's, where they could refuse: ``tricks``, two or more
    made figures name a trick; ``odd``, an emelés or a párosfácán is among them
    (``team.py`` runs these alone when the parti's check of the same dupla and volát
    passed before)."""
    if tricks:
        _one_per_trick(figures, rules)
    if odd:
        _parosfacan(figures)
        _raises(figures)
        if rules.one_figure_per_raise:
            _one_raise(figures)


def _check_parti(
    figures: tuple[Fig, ...],
    game_won: bool | None,
    rules: Rules,
    volat_sides: set[str],
    dupla_sides: set[str],
) -> None:
    """The dupla and the volát: made by one side at most, the side that won the parti."""
    game_side = "declarer" if game_won else "opponents"
    volat_by = _one_side(volat_sides, "volat")
    dupla_by = _one_side(dupla_sides, "dupla") or volat_by
    for kind, by in (("volat", volat_by), ("dupla", dupla_by)):
        if by is not None and by != game_side:
            raise HandError(
                _key(figures, kind, by, rules),
                (
                    "a {figure} made by the declarer's side cannot stand beside the opponents' "
                    "parti: the side that makes it wins the game"
                    if by == "declarer"
                    else "a {figure} made by the opponents cannot stand beside the declarer's "
                    "side's parti: the side that makes it wins the game"
                ),
                code="volat_beside_parti",
                figure="volát" if kind == "volat" else "dupla",
            )
    for index, fig in enumerate(figures):
        is_dupla = rules.figures[fig.name].dupla or fig.name == "dupla"
        if is_dupla and volat_by == fig.side:
            if not fig.announced:
                raise HandError(
                    f"figures[{index}]",
                    "a silent dupla is not paid beside the same side's volát: list the volát only",
                    code="dupla_beside_volat",
                )
            if fig.won is False:
                raise HandError(
                    f"figures[{index}].won",
                    "a volát takes every trick, so its side's dupla is made",
                    code="dupla_failed_beside_volat",
                )
        if (
            (is_dupla or fig.name == "volat")
            and fig.won
            and fig.side != (volat_by if fig.name == "volat" else dupla_by)
        ):
            raise HandError(
                f"figures[{index}].won", "one side only can make it", code="made_by_both"
            )


def _one_side(sides: set[str], kind: str) -> str | None:
    """The side that made the dupla (or the volát), where one did."""
    if len(sides) > 1:
        raise HandError(
            "figures",
            "both sides cannot make the {figure}",
            code="made_by_both",
            figure="volát" if kind == "volat" else "dupla",
        )
    return next(iter(sides)) if sides else None


def _key(figures: tuple[Fig, ...], kind: str, side: str, rules: Rules) -> str:
    for index, f in enumerate(figures):
        same = f.name == kind or (kind == "dupla" and rules.figures[f.name].dupla)
        if same and f.side == side and f.won:
            return f"figures[{index}]"
    return "game.won"


def _one_per_trick(figures: tuple[Fig, ...], rules: Rules) -> None:
    made: dict[object, str] = {}
    for index, fig in enumerate(figures):
        trick = rules.figures[fig.name].trick
        if not trick or not fig.won:
            continue
        if trick in made:
            raise HandError(
                f"figures[{index}]",
                "{name} and {other} cannot both be made: one card wins the trick they name",
                code="same_trick",
                name=fig.name,
                other=made[trick],
            )
        made[trick] = fig.name


def _parosfacan(figures: tuple[Fig, ...]) -> None:
    announced = [side for name, side, said, *_ in figures if name == "parosfacan" and said]
    if not announced:
        return
    for index, (name, side, said, *_) in enumerate(figures):
        if name in FACANS and not said and side in announced:
            raise HandError(
                f"figures[{index}]",
                "beside its announced párosfácán a side's silent fácán is not scored, made or "
                "failed (seed 002, section 4)",
                code="facan_beside_parosfacan",
            )


def _one_raise(figures: tuple[Fig, ...]) -> None:
    """Seed 002 section 14: "egy emeléssel csak 1 figurát lehet emelni (pagát ulti és
    kismadár bemondása után nem lehet pagátra vonatkozó párosfácánt mondani)": a
    párosfácán raised from a pagát figure, where its side said the pagát ultimó and a
    kismadár (listed, or as what a figure was raised from), is refused."""
    for index, fig in enumerate(figures):
        raised = fig.raised_from
        if fig.name != "parosfacan" or raised is None or not raised.startswith("pagat-"):
            continue
        said = {f.name for f in figures if f.side == fig.side and f.announced}
        said |= {f.raised_from for f in figures if f.side == fig.side and f.raised_from}
        if "pagat-ultimo" in said and said & {"kismadar", "pagat-kismadar"}:
            raise HandError(
                f"figures[{index}].raised_from",
                "a párosfácán on the pagát cannot follow its side's pagát ultimó and kismadár: "
                "one raise raises one figure (seed 002, section 14)",
                code="parosfacan_after_ulti_and_kismadar",
            )


def _raises(figures: tuple[Fig, ...]) -> None:
    for index, fig in enumerate(figures):
        raised_from = fig[6]
        if raised_from is None:
            continue
        side = fig[1]
        for other in figures:
            if other[0] == raised_from and other[1] == side:
                raise HandError(
                    f"figures[{index}].raised_from",
                    "the raised figure replaces {name}: leave {name} out of the figures",
                    code="raised_twice",
                    name=raised_from,
                )

"""Reading the tarokk sections of a ruleset file into `Rules`, with every check.

The generic part (identity, options, ``extends``) is read by ``settlement/loader.py``; this
module knows what a tarokk ruleset holds: the contracts' base values, the figures with
their announced and silent values, the kontra ladder, the tarokkszám, the renonsz, the
bedobás and the pagát kitty. Both shipped rulesets (illusztrált and magas) are read here.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, NamedTuple

from ...settlement.schema import RulesIdentity, Table, identity

SECTIONS = ("table", "contracts", "kontra", "figures", "tarokkszam", "renonsz", "no_play")
SECTIONS += ("kitty", "raise", "announcements", "scoring")
CONTRACTS = ("harom", "ketto", "egy", "szolo")
RENONSZ_MODES = ("itvb", "vote")
RULINGS = ("new_deal", "new_deal_kitty", "charge", "continue", "points_to_kitty")
"""The magas tarokk renonsz vote's five rulings (seed 002 section 16), in its order."""
LAST_THREE = "last-three"
"""The ``trick`` of a figure of the last three tricks (színcsalád, három király)."""
TRICKS = (*range(1, 10), LAST_THREE)
PER_SIDE = ("dupla", "hosszu-dupla", "volat")
"""Figures each side may have once; every other figure is in a hand once at most."""
SIDES = ("declarer", "opponents")


class Figure(NamedTuple):
    """One figure's values: per player of the side that receives it."""

    announced: int
    silent: int
    """0: counted only when announced."""
    per_g: bool
    """Dupla, volát: the values are multiples of the game's base value g."""
    magas: bool
    """A magas tarokk figure: kontra only (``magas_max_level``)."""
    trick: int | str
    """The trick it names (1, 6 ... 9, or `LAST_THREE`); 0 for none. Made once at most."""
    silent_fails: bool
    """A silent one can fail (pagát ultimó played to trick 9 and beaten): its side pays."""
    volat_absorbs: bool
    """Silent, it is not paid beside its side's volát (tulétroá, négy király)."""
    kitty: bool
    """Announced, it takes the pagát kitty when made and pays in when failed."""
    dupla: bool
    """Scored as the dupla (hosszú dupla)."""
    either_side: bool = False
    """Made by taking cards the other side may take too (tulétroá, négy király): where one
    side's announcement fails, the other side may make it silently (``silent_over_failed``);
    a figure of one's own card (an ultimó, a fácán, the XXI-fogás) never."""


Facts = tuple[int, int, int, int, bool, "int | str", bool, bool, bool]
"""What reading and settling a figure asks of it, as a plain tuple (unpacked in one step:
a named tuple's fields are read one lookup each): ``(pair, most, announced, silent,
per_g, trick, silent_fails, volat_absorbs, kitty)``; ``pair`` is `VOLAT`, `DUPLA` (the dupla or
a figure scored as one) or 0, ``most`` the figure's kontra ceiling, ``trick`` the trick it
names (`Figure.trick`; 0 for none)."""
DUPLA, VOLAT = 1, 2
SHAPES = 256
"""`pair_codes` numbers fewer shapes than this (``figures.SHAPE_BITS``)."""


def figure_facts(figures: dict[str, Figure], most: int, magas_most: int) -> dict[str, Facts]:
    """`Facts` of every figure; ``most`` and ``magas_most``: the kontra ceilings."""
    out = {}
    for name, f in figures.items():
        pair = VOLAT if name == "volat" else DUPLA if (name == "dupla" or f.dupla) else 0
        ceiling = magas_most if f.magas else most
        out[name] = (pair, ceiling, f.announced, f.silent, f.per_g, f.trick)
        out[name] += (f.silent_fails, f.volat_absorbs, f.kitty)
    return out


@dataclass(frozen=True, slots=True)
class Rules(RulesIdentity):
    """One tarokk ruleset with its house rules resolved."""

    max_sitting_out: int
    base_values: dict[str, int]
    """The contracts' base values g (the file's ``[contracts]``; not named ``contracts``,
    which the outer layers take for Ulti's list of bids)."""
    figures: dict[str, Figure]
    kontra_names: tuple[str, ...]
    max_kontra: int
    magas_max_kontra: int
    tarokkszam: dict[int, int]
    renonsz_mode: str
    renonsz_min: int
    renonsz_max: int
    no_play: int
    kitty: bool
    kitty_step: int
    kitty_cap_per_player: int
    kitty_new_deal: int
    kitty_points_min: int
    kitty_end: str
    """What a balance left at the end of the evening does: ``stays`` (the group's next
    evening opens with it) or ``shared`` (the evening's players share it out)."""
    kitty_each: bool
    """The cap bounds each pay-in, never the balance (``[kitty] cap_bounds = "pay_in"``,
    seed 002 section 15), and a renonsz pay-in is whole; False: the files before issue 25,
    whose cap bounds the balance (an evening pinned to one keeps its rules)."""
    one_dupla: bool
    """A side announces one dupla: a dupla and a hosszú dupla of one side are refused
    (``[announcements] one_dupla_per_side``)."""
    one_figure_per_raise: bool
    """One raise raises one figure: a párosfácán raised from a pagát figure beside the
    side's pagát ultimó and kismadár is refused (``[announcements] one_figure_per_raise``,
    seed 002 section 14)."""
    silent_over_failed: bool
    """The other side scores, as its own silent figure, a figure that one side announced
    and failed (``[scoring] silent_over_failed``; the ITVB reading: False)."""
    kings_void_beside_dupla: bool
    """A silent négy király is not paid beside the same side's silent dupla
    (``[scoring] silent_kings_void_beside_dupla``; Kégl)."""
    tie_kontra_single: bool
    """At 47:47 (``game.tie``) a kontra'd game is scored without its kontra
    (``[scoring] tie_kontra_doubles = false``)."""
    kontra_silent_pair: bool
    """The game's kontra multiplies a silent dupla or volát (``[scoring]
    kontra_multiplies_silent_pair``; pagat.com's variant)."""
    lone_as_szolo: bool
    """A declarer alone against three plays at szóló's base value
    (``[scoring] lone_as_szolo``)."""
    double_round: int
    """How many hands after an annulled deal are doubled (``[scoring]
    double_round_after_redeal``; 0: none, the ITVB reading)."""
    raises: dict[str, tuple[str, ...]]
    """Emelés: what an announced figure may be raised to (magas tarokk); empty: none."""
    facts: dict[str, Facts]
    """Each figure's `Facts`, worked out once from ``figures`` for the hot path."""
    memo: dict[int, tuple] = field(default_factory=dict, repr=False, compare=False)
    """Checked games with their dupla and volát figures, and the team part they give
    (``team.py``): a table plays the same few all night."""
    memo_size: int = field(default=4096, repr=False, compare=False)
    """How many each memo keeps (fewer for rules resolved with house rules: the loader)."""
    seats: dict[tuple, tuple] = field(default_factory=dict, repr=False, compare=False)
    """Checked seatings (``seats.py``): the same players and pairs all night."""
    fig_memo: dict[tuple, tuple] = field(default_factory=dict, repr=False, compare=False)
    """Checked figure entries (``figures.py``): a ruleset has a few thousand legal ones
    at most, and a table names a few dozen of them."""

    slot_bits: dict[str | int, int] = field(default_factory=dict, repr=False, compare=False)
    """One bit for each slot (what a hand lists once: a figure's name, or for a figure of
    `PER_SIDE` its name and side, ``"dupla declarer"``) and each trick (`TRICKS`) a
    figure names (`figure_bits`)."""
    slot_mask: int = field(default=0, repr=False, compare=False)
    """The bits of the slots among ``slot_bits`` (the others are the tricks')."""
    pair_codes: dict[tuple, int] = field(default_factory=dict, repr=False, compare=False)
    """Each shape a dupla or volát figure can have, (name, side, announced, won), numbered
    from 1 (`shape_codes`)."""

    def forget(self) -> None:
        """Empty the memos (for benchmarks and tests of a cold start)."""
        self.memo.clear()
        self.seats.clear()
        self.fig_memo.clear()

    def max_level(self, name: str) -> int:
        """The kontra ceiling of a figure (or of the game, ``parti``)."""
        figure = self.figures.get(name)
        return self.magas_max_kontra if figure and figure.magas else self.max_kontra


def figure_bits(figures: dict[str, Figure]) -> tuple[dict[str | int, int], int]:
    """`Rules.slot_bits`, the tricks' bits first, and the mask of the slots' bits."""
    bits: dict[str | int, int] = {trick: 1 << i for i, trick in enumerate(TRICKS)}
    mask = 0
    for name in figures:
        for slot in [f"{name} {side}" for side in SIDES] if name in PER_SIDE else [name]:
            bits[slot] = 1 << len(bits)
            mask |= bits[slot]
    return bits, mask


def shape_codes(facts: dict[str, Facts]) -> dict[tuple, int]:
    """`Rules.pair_codes`: every (name, side, announced, won) of the dupla and volát
    figures, won None where the hand was not played out."""
    shapes = [
        (name, side, announced, won)
        for name, fact in facts.items()
        if fact[0]
        for side in SIDES
        for announced in (True, False)
        for won in (True, False, None)
    ]
    if len(shapes) >= SHAPES:
        raise ValueError(f"{len(shapes)} dupla and volát shapes: at most {SHAPES - 1}")
    return {shape: code for code, shape in enumerate(shapes, 1)}


def build_rules(raw: dict[str, Any], source: str) -> Rules:
    """Check the file's tarokk data and turn it into `Rules`."""
    top = Table(raw, "", source)
    table = top.table("table")
    max_out = table.int("max_sitting_out")
    table.finish()
    contracts_t = top.table("contracts")
    contracts = {c: contracts_t.int(c, minimum=1) for c in CONTRACTS}
    contracts_t.finish()
    kontra = top.table("kontra")
    names = tuple(kontra.str_list("names"))
    max_kontra = kontra.int("max_level")
    magas_max = kontra.int("magas_max_level")
    if max_kontra > len(names) or magas_max > max_kontra:
        raise kontra.error("max_level", f"must be at most {len(names)}, the levels named")
    kontra.finish()
    figures = _figures(top.table("figures"))
    count = top.table("tarokkszam")
    tarokkszam = {n: count.int(str(n), minimum=1) for n in (8, 9)}
    count.finish()
    renonsz = top.table("renonsz")
    mode = renonsz.choice("mode", RENONSZ_MODES)
    low, high = renonsz.int("min"), renonsz.int("max")
    if high < low:
        raise renonsz.error("max", f"must be at least min ({low})")
    renonsz.finish()
    no_play_t = top.table("no_play")
    no_play = no_play_t.int("payment")
    no_play_t.finish()
    kitty = top.table("kitty")
    kitty_values = {
        "kitty": kitty.bool("enabled"),
        "kitty_step": kitty.int("step", minimum=1),
        "kitty_cap_per_player": kitty.int("cap_per_player", minimum=1),
        "kitty_new_deal": kitty.int("new_deal"),
        "kitty_points_min": kitty.int("points_min"),
        "kitty_end": kitty.choice("end", ("stays", "shared"), "stays"),
        "kitty_each": kitty.choice("cap_bounds", ("balance", "pay_in"), "balance") == "pay_in",
    }
    kitty.finish()
    said = top.table("announcements", {})
    checks = {
        "one_dupla": said.bool("one_dupla_per_side", False),
        "one_figure_per_raise": said.bool("one_figure_per_raise", False),
    }
    said.finish()
    scoring_t = top.table("scoring", {})
    scoring = {
        "silent_over_failed": scoring_t.bool("silent_over_failed", False),
        "kings_void_beside_dupla": scoring_t.bool("silent_kings_void_beside_dupla", False),
        "tie_kontra_single": not scoring_t.bool("tie_kontra_doubles", True),
        "kontra_silent_pair": scoring_t.bool("kontra_multiplies_silent_pair", False),
        "lone_as_szolo": scoring_t.bool("lone_as_szolo", False),
        "double_round": scoring_t.int("double_round_after_redeal", 0),
    }
    scoring_t.finish()
    raises = _raises(top.table("raise", {}), figures)
    facts = figure_facts(figures, max_kontra, magas_max)
    slot_bits, slot_mask = figure_bits(figures)
    return Rules(
        **identity(raw),
        max_sitting_out=max_out,
        base_values=contracts,
        figures=figures,
        kontra_names=names,
        max_kontra=max_kontra,
        magas_max_kontra=magas_max,
        tarokkszam=tarokkszam,
        renonsz_mode=mode,
        renonsz_min=low,
        renonsz_max=high,
        no_play=no_play,
        raises=raises,
        facts=facts,
        slot_bits=slot_bits,
        slot_mask=slot_mask,
        pair_codes=shape_codes(facts),
        **kitty_values,
        **checks,
        **scoring,
    )


def _figures(table: Table) -> dict[str, Figure]:
    out = {}
    for name, fig in [(n, table.table(n)) for n in table.data]:
        trick = fig.get(
            "trick",
            lambda v: (type(v) is int and 0 <= v <= 9) or v == LAST_THREE,
            f'a trick number 1 to 9, or "{LAST_THREE}"',
            0,
        )
        out[name] = Figure(
            announced=fig.int("announced", minimum=1),
            silent=fig.int("silent"),
            per_g=fig.bool("per_g", False),
            magas=fig.bool("magas", False),
            trick=trick,
            silent_fails=fig.bool("silent_fails", False),
            volat_absorbs=fig.bool("volat_absorbs", False),
            kitty=fig.bool("kitty", False),
            dupla=fig.bool("dupla", False),
            either_side=fig.bool("either_side", False),
        )
        fig.finish()
    for needed in ("dupla", "volat"):
        if needed not in out:
            raise table.error(needed, "is required: the parti, dupla and volát interlock")
    return out


def _raises(table: Table, figures: dict[str, Figure]) -> dict[str, tuple[str, ...]]:
    out = {}
    for name in list(table.data):
        if name not in figures:
            raise table.error(name, "is not a figure of this ruleset")
        targets = table.str_list(name)
        for target in targets:
            if target not in figures:
                raise table.error(name, f"{target} is not a figure of this ruleset")
        out[name] = tuple(targets)
    table.finish()
    return out


def bounded_rules(rules: Rules, memo_size: int) -> Rules:
    """``rules`` with memos of at most ``memo_size`` entries each: the loader asks for it
    for rules resolved with house rules, of which a server may keep many."""
    return replace(rules, memo_size=min(rules.memo_size, memo_size))

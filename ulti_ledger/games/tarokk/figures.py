"""The figures of a tarokk hand: each one read and checked on its own.

A figure is announced (its value, times its kontra) or silent (half value, never
kontra'd), made or failed, by either side. What only the figures together can break (a
volát beside the other side's parti, two figures of one trick) is ``consistency.py``'s.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from ...settlement.errors import HandError, Msg
from ...settlement.hand_checks import check_keys, kind, not_one_of
from ...settlement.schema import suggestion
from .build import DUPLA, PER_SIDE, SIDES, Facts, Rules

FIGURE_KEYS = ("name", "side", "announced", "won", "kontra", "card", "raised_from")
ONE_CARD = {"pagat-ultimo": "pagát", "sas-ultimo": "sas", "xxi-fogas": "skíz"}
"""The figures that hang on one card, and the card: a side announces them only holding it
(the XXI-fogás: the skíz that takes the XXI), so one side's failed announcement and the
other side's silent figure never meet (RULES.md, tarokk, ``silent_over_failed``). A
property of the deck, not a house rule: no ruleset file changes it."""
SUITS = ("kor", "karo", "treff", "pikk")
"""The suits a király figure or a színcsalád may name (``card``)."""
A_FIGURE = Msg("a figure")
KINGS = "negy-kiraly"
_new = tuple.__new__


class Fig(NamedTuple):
    """One figure of a hand: ``won`` is None when the hand was not played out."""

    name: str
    side: str
    announced: bool
    won: bool | None
    kontra: int = 0
    card: str | None = None
    raised_from: str | None = None


Checked = tuple[Fig, int, int, int, int, int]
"""A checked figure entry with what settling it asks, worked out once (`_checked`), as a
plain tuple (unpacked in one step): ``(fig, bits, unit, per_g_unit, kind, code)``.
``bits``: the figure's slot (what a hand lists once: the name, with the side for the
figures of `PER_SIDE`) and, where it was made, the trick it names, one bit each
(`Rules.slot_bits`), so that one ``&`` finds a figure listed twice or two made figures of one
trick; ``unit`` and ``per_g_unit``: what it is worth per player of the declarer's side
(+ receives), the second before g (a figure is one or the other), or for a dupla or
volát its announced value at its kontra (0: silent) as ``unit``; ``kind``: 0 for a
figure paid on its own and nothing else to note, else the flags `PAIR` (a dupla or
volát, whose shape, its name, side, announced and made, is numbered ``code``:
`Rules.pair_codes`), `ABSORBS` (silent and made, not paid beside its side's volát),
`ODD` (an emelés or a párosfácán: checks of the whole list), `TAKES` and `PAYS` (an
announcement of the pagát kitty's, made or failed)."""
PAIR, ABSORBS, ODD, TAKES, PAYS = 1, 2, 4, 8, 16
SHAPE_BITS = 8
"""Each dupla or volát shifts a hand's shape number by this many bits (`Rules.pair_codes`
numbers fewer shapes than ``1 << SHAPE_BITS``)."""

Tally = tuple[
    int,
    int,
    Sequence[Fig],
    Sequence[int],
    int,
    Sequence[tuple[str, int, int, bool]],
    bool,
    bool,
    tuple["str | None", "str | None"],
]
"""What the pass over a hand's figures sums for the team part (``team.py``) and the
kitty, as a plain tuple: ``(value, per_g_value, pair, said, shape, absorbed, clash, odd,
pot)``. ``value`` and ``per_g_value``: the figures paid on their own, per player of the
declarer's side (the second before g); ``pair`` and ``said``: the dupla and volát
figures and their announced values, ``shape`` their shapes' codes in the hand's order
as one number (0: none); ``absorbed``: the silent made figures a volát of their side
takes in, as (side, unit, per_g_unit, whether it is the négy király, which a paid silent
dupla of its side may take in too); ``clash``: two made figures name one trick;
``odd``: an emelés or a párosfácán is listed; ``pot``: the sides of the first made and
the first failed announcement of the kitty's (None: none)."""
NO_FIGURES: Tally = (0, 0, (), (), 0, (), False, False, (None, None))


def parse_figures(raw: Any, rules: Rules, played_out: bool) -> tuple[tuple[Fig, ...], Tally]:
    """Every figure of ``raw`` (the hand's ``figures``), each one checked, with their
    `Tally`, summed in the same pass.

    An entry checked before comes from ``rules.fig_memo`` (a table names the same few
    dozen all night), kept by its keys and values; equal values of another type (``1``
    for ``true``, ``1.0`` for ``1``) are told apart by identity, as a checked entry holds
    only strings, ``true``, ``false``, ``null`` and small whole numbers. A new entry is
    read by `_entry`.
    """
    if not raw:
        if raw is None or type(raw) is list:
            return (), NO_FIGURES
    if type(raw) is not list:
        raise HandError(
            "figures", "must be a list of figures, not {kind}", code="not_a_list", kind=kind(raw)
        )
    memo = rules.fig_memo
    out: list[Fig] = []
    value = per_g_value = seen = shape = 0
    clash = odd = False
    pair: list[Fig] | tuple = ()
    said: list[int] | tuple = ()
    absorbed: list[tuple[str, int, int, bool]] | tuple = ()
    taken_by = paid_by = None
    for entry in raw:
        try:
            key = (played_out, *entry, *entry.values())
            found = memo.get(key)
        except (AttributeError, TypeError):  # not an object, or an unhashable value
            key = found = None
        if found is not None:
            fig = found[0]
            if (
                entry["announced"] is not fig[2]
                or entry.get("won") is not fig[3]
                or entry.get("kontra", 0) is not fig[4]
            ):
                found = key = None
        if found is None:
            found = _entry(entry, key, len(out), rules, played_out)
        fig, bits, unit, per_g_unit, flags, code = found
        if seen & bits:
            clash = _twice(seen & bits, fig, out, rules) or clash
        seen |= bits
        out.append(fig)
        if not flags:
            value += unit
            per_g_value += per_g_unit
            continue
        if flags & PAIR:
            if not pair:
                pair, said = [], []
            pair.append(fig)
            said.append(unit)
            shape = (shape << SHAPE_BITS) | code
        elif flags & ABSORBS:  # not paid beside its side's volát
            if not absorbed:
                absorbed = []
            absorbed.append((fig[1], unit, per_g_unit, fig[0] == KINGS))
        else:
            value += unit
            per_g_value += per_g_unit
        if flags & ODD:
            odd = True
        if flags & TAKES:
            taken_by = taken_by or fig[1]
        if flags & PAYS:
            paid_by = paid_by or fig[1]
    tally = (value, per_g_value, pair, said, shape, absorbed, clash, odd, (taken_by, paid_by))
    return tuple(out), tally


def _twice(both: int, fig: Fig, out: list[Fig], rules: Rules) -> bool:
    """What an entry's bits share with those listed before it (``out``): a slot refuses (a
    figure listed twice, or two duplas of one side), a trick is a clash, for
    `consistency.check_rest` (True). Where the other side scores a failed announcement
    as its own silent figure (`Rules.silent_over_failed`), the two entries of it stand."""
    index = len(out)
    if both & rules.slot_mask:
        name, side = fig[0], fig[1]
        duplas = rules.one_dupla and rules.facts[name][0] == DUPLA
        for other in out if duplas else ():
            if other[1] == side and other[0] != name and rules.facts[other[0]][0] == DUPLA:
                raise HandError(
                    f"figures[{index}].name",
                    "{name} and {other} are both listed for one side: a side announces one "
                    "dupla (hosszú dupla when it holds 7 or more tarokks); leave one out",
                    code="two_duplas",
                    name=name,
                    other=other[0],
                )
        if rules.silent_over_failed and rules.figures[name].either_side and _over_failed(fig, out):
            return bool(both & ~rules.slot_mask)
        if name in ONE_CARD and _over_failed(fig, out):
            raise HandError(
                f"figures[{index}].name",
                "{name} hangs on one card, the {card}: only the side that holds it announces "
                "{name} or makes it silently, so one side's failed announcement and the "
                "other side's silent {name} cannot both happen",
                code="one_card_twice",
                name=name,
                card=ONE_CARD[name],
            )
        raise HandError(
            f"figures[{index}].name",
            "{name} is listed twice: a figure is made or failed once",
            code="figure_twice",
            name=fig[0],
        )
    return True


def _over_failed(fig: Fig, out: list[Fig]) -> bool:
    """Whether ``fig`` and the entry of the same name before it are one side's announced
    and failed figure and the other side's silent made one (`Rules.silent_over_failed`)."""
    for other in out:
        if other[0] != fig[0]:
            continue
        if other[1] == fig[1]:
            return False
        said, silent = (other, fig) if other[2] else (fig, other)
        if not (said[2] and said[3] is False and not silent[2] and silent[3]):
            return False
    return True


def _entry(entry: Any, key: tuple | None, index: int, rules: Rules, played_out: bool) -> Checked:
    """A figure entry not met before, read and checked, with its `Checked` facts (kept in
    the memo under ``key``, where it has one). A usual entry (a figure of the ruleset, no
    emelés) is read by `_usual`, anything else the long way, by `_figure`, which says what
    is wrong or reads the rest: both take the same entries."""
    fig = (_usual(entry, rules.facts, played_out) if key is not None else None) or (
        _figure(entry, f"figures[{index}]", rules, played_out)
    )
    found = _checked(fig, rules)
    if key is not None and len(rules.fig_memo) < rules.memo_size:
        rules.fig_memo[key] = found
    return found


def _checked(fig: Fig, rules: Rules) -> Checked:
    name, side, announced, won, kontra, _, raised = fig
    pair, _, full, half, per_g, trick, _, absorbs, kitty = rules.facts[name]
    bits = rules.slot_bits[name if name not in PER_SIDE else f"{name} {side}"]
    if pair == DUPLA and rules.one_dupla:  # a side announces one dupla (magas tarokk)
        bits |= rules.slot_bits[f"dupla {side}"]
    if won and trick:
        bits |= rules.slot_bits[trick]
    flags = ODD if raised is not None or name == "parosfacan" else 0
    if announced and kitty:
        flags |= TAKES if won else PAYS
    if pair:
        said = full << kontra if announced else 0
        return (fig, bits, said, 0, flags | PAIR, rules.pair_codes[fig[:4]])
    unit = full << kontra if announced else half
    if (side == "declarer") != won:
        unit = -unit
    if absorbs and not announced and won is True:
        flags |= ABSORBS
    if per_g:
        return (fig, bits, 0, unit, flags, 0)
    return (fig, bits, unit, 0, flags, 0)


def _usual(entry: dict[str, Any], facts: dict[str, Facts], played_out: bool) -> Fig | None:
    """The entry as a `Fig` when it is a usual one that `_figure` takes; None for any
    other, which `_figure` then reads or refuses. The keys looked up are counted, so an
    entry holding any other key is left to `_figure` too."""
    try:
        name = entry["name"]
        side = entry["side"]
        announced = entry["announced"]
        won = entry["won"] if played_out else entry.get("won")
        _, most, _, silent, _, _, fails, _, _ = facts[name]
    except (KeyError, TypeError):  # a key missing, a name unknown or unhashable
        return None
    if (
        (side != "declarer" and side != "opponents")
        or type(announced) is not bool
        or (type(won) is not bool and (played_out or won is not None))
    ):
        return None
    count = 4 if played_out or "won" in entry else 3
    kontra = 0
    if announced:
        if "kontra" in entry:
            kontra = entry["kontra"]
            count += 1
            if type(kontra) is not int or kontra < 0 or kontra > most:
                return None
    elif "kontra" in entry or not silent or (won is False and not fails):
        return None
    card = None
    if len(entry) != count:
        card = entry.get("card")
        if card is not None and (
            card not in SUITS or not (name.startswith("kiraly-") or name == "szincsalad")
        ):
            return None
        if entry.get("raised_from") is not None:  # the emelés: checked against the raises
            return None
        if len(entry) != count + ("card" in entry) + ("raised_from" in entry):
            return None  # a key that is not a figure's
    return _new(Fig, (name, side, announced, won, kontra, card, None))


def _figure(entry: Any, key: str, rules: Rules, played_out: bool) -> Fig:
    if not isinstance(entry, dict):
        raise HandError(
            key, "must be a figure object, not {kind}", code="not_an_object", kind=kind(entry)
        )
    check_keys(entry, FIGURE_KEYS, key, A_FIGURE)
    name = entry.get("name")
    figure = rules.figures.get(name) if isinstance(name, str) else None
    if figure is None:
        shown = name if isinstance(name, str) else repr(name)
        raise HandError(
            f"{key}.name",
            "{name} is not a figure of {ruleset}{hint}; its figures: {known}",
            code="figure_unknown",
            name=shown,
            ruleset=rules.label,
            hint=suggestion(shown, rules.figures),
            known=", ".join(rules.figures),
        )
    side = entry.get("side")
    if side not in SIDES:
        raise HandError(f"{key}.side", not_one_of(side, SIDES), code="side_unknown")
    announced = entry.get("announced")
    if type(announced) is not bool:
        raise HandError(
            f"{key}.announced",
            "must be true (announced) or false (made or failed silently)",
            code="not_a_boolean",
        )
    won = entry.get("won")
    if played_out and type(won) is not bool:
        raise HandError(f"{key}.won", "must be true (made) or false (failed)", code="not_a_boolean")
    if not played_out and won is not None and type(won) is not bool:
        raise HandError(f"{key}.won", "must be true or false", code="not_a_boolean")
    kontra = 0
    if announced:
        kontra = _kontra(entry.get("kontra", 0), f"{key}.kontra", name, rules)
    else:
        _silent(entry, key, name, figure.silent, figure.silent_fails, won)
    card = entry.get("card")
    if card is not None and (
        not (name.startswith("kiraly-") or name == "szincsalad") or card not in SUITS
    ):
        raise HandError(
            f"{key}.card",
            "only a király figure or a színcsalád names a suit: {allowed}",
            code="card_not_named",
            allowed=", ".join(SUITS),
        )
    raised = _raised_from(entry.get("raised_from"), key, name, announced, rules)
    return Fig(name, side, announced, won, kontra, card, raised)


def _kontra(raw: Any, key: str, name: str, rules: Rules) -> int:
    if raw == 0 and type(raw) is int:
        return 0
    most = rules.max_level(name)
    if rules.figures[name].magas and type(raw) is int and raw > most:
        raise HandError(
            key,
            "{name} is a magas figure: kontra only, no rekontra or higher (level {level})",
            code="magas_kontra_only",
            name=name,
            level=raw,
        )
    return kontra_level(raw, key, most, rules)


def _silent(entry: dict[str, Any], key: str, name: str, value: int, fails: bool, won: Any) -> None:
    if "kontra" in entry:
        raise HandError(
            f"{key}.kontra",
            "a silent figure is never kontra'd: leave kontra out of {name}",
            code="silent_kontra",
            name=name,
        )
    if value == 0:
        raise HandError(
            f"{key}.announced",
            "{name} counts only when announced: it cannot be made or failed silently",
            code="announced_only",
            name=name,
        )
    if won is False and not fails:
        raise HandError(
            f"{key}.won",
            "a silent {name} is never failed: only a silent figure of one card (the pagát or "
            "sas ultimó, a fácán) fails silently",
            code="silent_cannot_fail",
            name=name,
        )


def _raised_from(raw: Any, key: str, name: str, announced: bool, rules: Rules) -> str | None:
    if raw is None:
        return None
    if not rules.raises:
        raise HandError(
            f"{key}.raised_from",
            "{ruleset} has no raising (emelés): leave raised_from out",
            code="no_raise",
            ruleset=rules.label,
        )
    allowed = [low for low, highs in rules.raises.items() if name in highs]
    if not announced:
        raise HandError(
            f"{key}.announced",
            "a raised figure is announced (emelés is said aloud): a silent {name} is "
            "never raised from {value!r}; mark it announced, or leave raised_from out",
            code="raise_silent",
            name=name,
            value=raw,
        )
    if raw not in allowed:
        raise HandError(
            f"{key}.raised_from",
            "{name} cannot be raised from {value!r}; it is raised from: {allowed}",
            code="raise_not_allowed",
            name=name,
            value=raw,
            allowed=", ".join(allowed) or "-",
        )
    return raw


def kontra_level(raw: Any, key: str, most: int, rules: Rules) -> int:
    """A kontra level from 0 to ``most``, or a refusal naming the ceiling."""
    if type(raw) is not int or raw < 0:
        raise HandError(
            key,
            "must be a kontra level, a whole number from 0 to {most}",
            code="kontra_level",
            most=most,
        )
    if raw > most:
        raise HandError(
            key,
            "kontra level {level} is above this table's ceiling, {name} ({most})",
            code="kontra_ceiling",
            level=raw,
            name=rules.kontra_names[most - 1] if most else "-",
            most=most,
        )
    return raw

"""Reading the Skat sections of a ruleset file into `Rules`, with every check.

The generic part of the file (identity, options, seating) is read by the core; this
module knows what a Skat ruleset holds: the base values and the null table, the list
(ISkO or Seeger–Fabian), and the house rules' data (Ramsch, Bock, Kontra and Re).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...settlement.schema import RulesIdentity, Table, identity

SECTIONS = ("values", "null", "list", "all_pass", "bock", "kontra", "ramsch")
SUITS = ("karo", "herz", "pik", "kreuz")
GAMES = (*SUITS, "grand", "null")
"""The hand format's ``game`` values, suits by rank (Karo lowest)."""
NULLS = ("plain", "hand", "ouvert", "ouvert_hand")
LISTS = ("isko", "seeger_fabian")
ALL_PASS = ("no_entry", "ramsch")
RAMSCH = ("augen", "fest")
TRIGGERS = ("sixty_sixty", "grand_hand", "null_ouvert_hand", "kontra_re")
"""The triggers of option ``bock`` (the bundle, RULES.md "Bock rounds"); each is also its
own option, ``bock_<trigger>`` (``bock_re`` for ``kontra_re``), that turns on one alone."""
NULL_OVERBID = ("any", "playable")
"""What covers an overbid Null: any Null value (the files before issue 25), or only those
the declarer could still play (RULES.md: after picking up the skat never a Hand value)."""
SCHNEIDER = ("off", "on", "no_bock_pending")
"""Whether a Schneider opens a Bock round: never, always, or only while none is pending."""


@dataclass(frozen=True, slots=True)
class Rules(RulesIdentity):
    """One Skat ruleset with its house rules resolved."""

    base: dict[str, int]
    """Base value per suit and Grand (Karo 9 ... Grand 24)."""
    max_matadors: dict[str, int]
    null: dict[str, int]
    """Null values by ``plain``, ``hand``, ``ouvert``, ``ouvert_hand``."""
    null_overbid: str
    list_mode: str
    lost_factor: int
    sf_won: int
    sf_lost: int
    sf_others: dict[int, int]
    """Seeger–Fabian: what each other player gets for a lost game, by the table's size."""
    all_pass: str
    ramsch_variant: str
    ramsch_fixed: tuple[int, int, int]
    jungfrau: bool
    durchmarsch: bool
    durchmarsch_value: int
    bock: bool
    bock_factor: int
    bock_triggers: tuple[str, ...]
    bock_kontra_declarer_lost: bool
    """A game with Kontra (or Re) that the declarer lost opens a Bock round: "Successful
    Kontra (declarer loses)", Andy4495 skat-scoresheet README (option
    ``bock_kontra_declarer_lost``)."""
    bock_lost_kontra: bool
    """Deprecated, kept so that an evening pinned with it settles as it did: a game with
    Kontra that the declarer *won* opens a Bock round (the option ``bock_lost_kontra``
    of 0.9.0's earlier builds, which read its source the other way)."""
    ramsch_only_grand_hand: bool
    ramsch_splits_checked: bool
    """Ramsch results that cannot happen are refused (a single loser at 40 or less, two tied
    at 40, a single loser at 60 or less beside a Jungfrau); a file pinned before 0.9.0's
    rulings (without ``[ramsch] splits_checked``) keeps accepting what it stored."""
    """In an evening of Ramsch only a Grand Hand may be declared instead of the Ramsch
    (Andy4495 setup: "Is a bid of Grand Hand allowed?"); False: only Ramsch."""
    bock_schneider: str
    """``off``, ``on`` or ``no_bock_pending`` (`SCHNEIDER`)."""
    bock_value_from: int
    """A game whose value, before Kontra, Re and Bock, is at least this opens a round (0:
    never)."""
    bock_idle_rounds: int
    """So many full rounds without a Bock game open one (0: never)."""
    ramsch_rounds: bool
    """A Ramsch round (a game per player) follows each Bock round."""
    ramsch_only: bool
    """An evening of Ramsch only: every hand is a Ramsch."""
    kontra_re: bool
    kontra_factors: tuple[int, int]
    active_players: int = 3
    max_sitting_out: int = 1


def build_rules(raw: dict[str, Any], source: str) -> Rules:
    """Check the file's Skat data and turn it into `Rules`."""
    top = Table(raw, "", source)
    values = top.table("values")
    base = {game: values.int(game, minimum=1) for game in (*SUITS, "grand")}
    most = values.table("max_matadors")
    max_matadors = {game: most.int(game, minimum=1) for game in (*SUITS, "grand")}
    most.finish()
    values.finish()
    null_table = top.table("null")
    null = {kind: null_table.int(kind, minimum=1) for kind in NULLS}
    null_overbid = null_table.choice("overbid", NULL_OVERBID, "any")
    null_table.finish()
    listing = top.table("list")
    mode = listing.choice("mode", LISTS)
    lost_factor = listing.int("lost_factor", minimum=1)
    sf = {key: listing.int(key) for key in ("sf_won", "sf_lost")}
    others = listing.table("sf_others")
    sf_others = {n: others.int(str(n)) for n in (3, 4)}
    others.finish()
    listing.finish()
    passing = top.table("all_pass")
    all_pass = passing.choice("mode", ALL_PASS)
    variant = passing.choice("ramsch_variant", RAMSCH)
    fixed = passing.get(
        "fixed",
        lambda v: isinstance(v, list) and len(v) == 3 and all(type(x) is int for x in v),
        "three whole numbers (no, one, two Jungfrau)",
    )
    jungfrau, durchmarsch = passing.bool("jungfrau"), passing.bool("durchmarsch")
    durchmarsch_value = passing.int("durchmarsch_value", minimum=1)
    passing.finish()
    bock = top.table("bock")
    bock_on, bock_factor = bock.bool("enabled"), bock.int("factor", minimum=1)
    triggers = bock.str_list("triggers")
    for name in triggers:
        if name not in TRIGGERS:
            raise bock.error("triggers", f'"{name}" is not one of {", ".join(TRIGGERS)}')
    if not bock.bool("classic", True):  # Bock rounds opened by the further triggers only
        triggers = []
    # Each trigger of the bundle alone (option bock_<trigger>), after the file's own.
    triggers = [*triggers, *(t for t in TRIGGERS if bock.bool(t, False) and t not in triggers)]
    # The further triggers (issue 25); a file without them (pinned before) plays none.
    extra = {
        "bock_kontra_declarer_lost": bock.bool("kontra_declarer_lost", False),
        "bock_lost_kontra": bock.bool("lost_kontra", False),
        "bock_schneider": bock.choice("schneider", SCHNEIDER, "off"),
        "bock_value_from": bock.int("value_from", 0),
        "bock_idle_rounds": bock.int("idle_rounds", 0),
    }
    bock.finish()
    ramsch = top.table("ramsch", {})
    rounds = {
        "ramsch_rounds": ramsch.bool("after_bock", False),
        "ramsch_only": ramsch.bool("only", False),
        # a file pinned before 0.9.0's rulings refused the Grand Hand: it keeps refusing it
        "ramsch_only_grand_hand": ramsch.bool("only_grand_hand", False),
        "ramsch_splits_checked": ramsch.bool("splits_checked", False),
    }
    ramsch.finish()
    kontra = top.table("kontra")
    kontra_on = kontra.bool("enabled")
    factors = kontra.get(
        "factors",
        lambda v: isinstance(v, list) and len(v) == 2 and all(type(x) is int for x in v),
        "two whole numbers (Kontra, Re)",
    )
    kontra.finish()
    return Rules(
        **identity(raw),
        base=base,
        max_matadors=max_matadors,
        null=null,
        null_overbid=null_overbid,
        list_mode=mode,
        lost_factor=lost_factor,
        **sf,
        sf_others=sf_others,
        all_pass=all_pass,
        ramsch_variant=variant,
        ramsch_fixed=tuple(fixed),  # type: ignore[arg-type]
        jungfrau=jungfrau,
        durchmarsch=durchmarsch,
        durchmarsch_value=durchmarsch_value,
        bock=bock_on,
        bock_factor=bock_factor,
        bock_triggers=tuple(triggers),
        **extra,
        **rounds,
        kontra_re=kontra_on,
        kontra_factors=tuple(factors),  # type: ignore[arg-type]
    )


def null_cover(hand_game: bool, rules: Rules) -> tuple[int, ...]:
    """The Null values that may cover an overbid Null: those the declarer could still play
    (RULES.md, Skat decisions): after picking up the skat Null and Null Ouvert, never a
    Hand value; in a hand game the Hand values. Files before issue 25: any of the four."""
    if rules.null_overbid == "any":
        return tuple(rules.null.values())
    kinds = ("hand", "ouvert_hand") if hand_game else ("plain", "ouvert")
    return tuple(rules.null[kind] for kind in kinds)

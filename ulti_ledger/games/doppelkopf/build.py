"""Reading the Doppelkopf sections of a ruleset file into `Rules`, with every check.

The generic part of the file (identity, options, seating) is read by
``settlement/loader.py``; this module knows what a Doppelkopf ruleset holds: the game
points of the DDV tournament rules (RULES.md here), the contracts a
table allows, the extra points, and the house rules' Bock rounds and Schweinchen.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...settlement.schema import RulesIdentity, Table, identity

SECTIONS = ("table", "points", "contracts", "extras", "bock", "schweinchen")
SOLOS = ("damensolo", "bubensolo", "farbsolo", "fleischlos")
"""The solos of the DDV rules (TSR 4.2, 4.3): the soloist alone against three."""
CONTRACTS = ("normal", "hochzeit", "armut", *SOLOS)
"""What a hand was played as: a normal game, a Hochzeit, an Armut (house rules), a solo."""
SUITS = ("kreuz", "pik", "herz", "karo")
"""The trump suit of a Farbsolo."""
TRIGGERS = ("tie_120", "lost_announcement", "solo")
"""What opens a Bock round (each its own option): a 120:120, a party that said Re or
Kontra and lost, a solo."""


@dataclass(frozen=True, slots=True)
class Rules(RulesIdentity):
    """One Doppelkopf ruleset with its house rules resolved."""

    sizes: tuple[int, ...]
    """How many play a hand: 4."""
    max_sitting_out: int
    won: int
    """The base value of a won game (TSR 7.2.2 a: 1)."""
    tier: int
    """Each of "keine 90", "keine 60", "keine 30", "schwarz" played (TSR 7.2.2 a: 1)."""
    announcement: int
    """Re or Kontra said (TSR 7.2.2 b: 2 each)."""
    absage: int
    """Each "keine 90/60/30/schwarz" said (TSR 7.2.2 c, d: 1 each)."""
    reached: int
    """120 against "keine 90", 90 against "keine 60"... reached (TSR 7.2.2 e, f: 1 each)."""
    contracts: tuple[str, ...]
    """The contracts a hand may be played as at this table."""
    extras: bool
    """The extra points are counted (Doppelkopf, Fuchs gefangen, Karlchen, gegen die Alten)."""
    extra: int
    """What each extra point is worth (1)."""
    bock: tuple[str, ...]
    """The `TRIGGERS` that open a Bock round here (none: no Bock rounds)."""
    bock_factor: int
    schweinchen: bool
    """Both Karo aces in one hand are the highest trumps (a play rule, recorded)."""


def build_rules(raw: dict[str, Any], source: str) -> Rules:
    """Check the file's Doppelkopf data and turn it into `Rules`."""
    top = Table(raw, "", source)
    table = top.table("table")
    sizes = table.get(
        "players",
        lambda v: isinstance(v, list) and v == [4],
        "[4]: a Doppelkopf hand is played by four",
    )
    max_out = table.int("max_sitting_out")
    table.finish()
    points = top.table("points")
    values = {k: points.int(k, minimum=1) for k in ("won", "tier", "announcement", "absage")}
    values["reached"] = points.int("reached", minimum=0)
    points.finish()
    contracts = top.table("contracts")
    allowed = ["normal", *SOLOS]
    for name in ("hochzeit", "armut"):
        if contracts.bool(name):
            allowed.append(name)
    contracts.finish()
    extras = top.table("extras")
    extras_on, extra = extras.bool("enabled"), extras.int("value", minimum=1)
    extras.finish()
    bock = top.table("bock")
    triggers = tuple(t for t in TRIGGERS if bock.bool(t))
    bock_factor = bock.int("factor", minimum=2)
    bock.finish()
    pigs = top.table("schweinchen")
    schweinchen = pigs.bool("enabled")
    pigs.finish()
    return Rules(
        **identity(raw),
        sizes=tuple(sizes),
        max_sitting_out=max_out,
        **values,
        contracts=tuple(c for c in CONTRACTS if c in allowed),
        extras=extras_on,
        extra=extra,
        bock=triggers,
        bock_factor=bock_factor,
        schweinchen=schweinchen,
    )

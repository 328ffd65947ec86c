"""Each player's short label: the whole name when short, else initials that tell apart.

Where a long name does not fit (the PDF's hand table, a phone's tiles, the drawn table,
the chart's legend), the player goes by initials, Hungarian letters whole ("Szentgyörgyi"
is "Sz", not "S"), and two players whose initials are alike get their seat number after
them ("KSzA", "KPP3"), so that two Kovács-Szabós can still be told apart.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

SHORT = 10
"""The longest name the hand table prints whole; a longer one goes by its initials."""
DIGRAPHS = ("dzs", "cs", "dz", "gy", "ly", "ny", "sz", "ty", "zs")
"""Hungarian letters written with two or three characters: "Szabó" is "Sz", not "S"."""


def labels(players: Sequence[str], longest: int = SHORT) -> dict[str, str]:
    """Each player's name in the hand table: whole when short, else up to three initials.

    Labels are unique: initials that would be alike, or a player's whole name, get the
    player's seat number after them ("KPP3", "KPP4"). ``longest`` is the longest name
    kept whole (the pages ask 0: every name's initials, shown only where it does not fit).
    """
    out = {p: p if len(p) <= longest else _initials(p) for p in players}
    seen: dict[str, list[str]] = {}
    for player, label in out.items():
        seen.setdefault(label.casefold(), []).append(player)
    for group in seen.values():
        for player in group if len(group) > 1 else ():
            if out[player] != player:
                out[player] = f"{out[player]}{players.index(player) + 1}"
    return out


def _initials(name: str) -> str:
    words = [w for w in re.split(r"[\s\-]+", name) if w and w[0].isalpha()]
    picked = []
    for word in words[:3]:
        size = next((len(d) for d in DIGRAPHS if word.casefold().startswith(d)), 1)
        picked.append(word[:size].capitalize())
    return "".join(picked) or name[:SHORT]

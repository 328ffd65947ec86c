"""What a Doppelkopf evening's sheets show beside the hands: the Bock games still to come
(``session_sheet``), and the next hand's proposal (``form_proposal``: Bock ticked).

A hand that fires a trigger of the rules (a 120:120, a lost Re or Kontra, a solo) opens a
Bock round: a game per player at the table, from the next deal on. Rounds stack: a deal
played while two rounds run is a Doppelbock (×4). Read from the rows in order, as the
scoreboard shows them (``row`` gives each hand's ``doppelkopf_bock``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .build import Rules
from .sheet import WORDS


def running(rows: Sequence[Mapping[str, Any]], rules: Rules) -> list[int]:
    """The Bock rounds running after these hands: each the games it has left."""
    rounds: list[int] = []
    if not rules.bock:
        return rounds
    for hand in rows:
        entry = hand.get("doppelkopf_bock", {})
        rounds = [n - 1 for n in rounds if n > 1]
        if entry.get("fires"):
            rounds.append(entry.get("table", 4))
    return rounds


def form_proposal(rows: Sequence[Mapping[str, Any]], rules: Rules) -> dict[str, str]:
    """The next hand's form values: Bock at the level of the rounds running (at most 3)."""
    level = len(running(rows, rules))
    return {"bock": str(min(level, 3))} if level else {}


def session_sheet(
    rows: Sequence[Mapping[str, Any]], players: Sequence[str], rules: Rules, lang: str = "hu"
) -> dict[str, Any]:
    """``notices`` (the Bock games to come) and no tallies."""
    w = WORDS[lang if lang in WORDS else "hu"]
    out: dict[str, Any] = {"notices": [], "tallies": None}
    rounds = running(rows, rules)
    if rounds:
        left = max(rounds)
        out["notices"].append(w["bock_left_one" if left == 1 else "bock_left"].format(n=left))
    return out

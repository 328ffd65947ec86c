"""What a Skat evening's sheets show beside the hands: the Bock games still to come, and
under Seeger–Fabian each player's games won and lost (games/README.md, ``session_sheet``).

Both are read from the hands in order as the scoreboard shows them (``row`` gives each
hand's ``skat_list``: who declared, won or lost, and the Bock games its trigger opens),
so the notice and the counts need no facts beyond what the rows already hold.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .build import Rules
from .explain import lang_of
from .sheet import WORDS


def bock_to_come(rows: Sequence[Mapping[str, Any]]) -> int:
    """The doubled games still to come after these hands: each trigger opens a round of a
    game per player at the table, and every deal after it, eingepasst too, plays one."""
    pending = 0
    for hand in rows:
        entry = hand.get("skat_list", {})
        pending = max(0, pending - 1) + entry.get("opens", 0)
    return pending


def form_proposal(rows: Sequence[Mapping[str, Any]], rules: Rules) -> dict[str, str]:
    """The next hand's form values proposed from the hands so far: Bock ticked while a
    Bock round still has games to come (the scorer may untick it)."""
    return {"bock": "true"} if rules.bock and bock_to_come(rows) else {}


def won_lost(rows: Sequence[Mapping[str, Any]], players: Sequence[str]) -> dict[str, list[int]]:
    """Each player's games won and lost as declarer (Ramsch and eingepasst count for none)."""
    counts = {name: [0, 0] for name in players}
    for hand in rows:
        won = hand.get("skat_list", {}).get("won")
        if won is None:
            continue
        counts.setdefault(hand["declarer"], [0, 0])[0 if won else 1] += 1
    return counts


def session_sheet(
    rows: Sequence[Mapping[str, Any]], players: Sequence[str], rules: Rules, lang: str = "hu"
) -> dict[str, Any]:
    """``notices`` (texts over the sheet) and ``tallies`` (a small table per player)."""
    w = WORDS[lang_of(lang)]
    out: dict[str, Any] = {"notices": [], "tallies": None}
    if rules.bock:
        left = bock_to_come(rows)
        if left:
            out["notices"].append(w["bock_left_one" if left == 1 else "bock_left"].format(n=left))
    if rules.list_mode == "seeger_fabian":
        counts = won_lost(rows, players)
        out["tallies"] = {
            "title": w["sf_tally"],
            "columns": [
                {"key": "won", "label": w["sf_won"]},
                {"key": "lost", "label": w["sf_lost"]},
            ],
            "players": {name: {"won": won, "lost": lost} for name, (won, lost) in counts.items()},
        }
    return out

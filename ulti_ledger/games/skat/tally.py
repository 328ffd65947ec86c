"""What a Skat evening's sheets show beside the hands: the Bock and Ramsch games still to
come, and under Seeger–Fabian each player's games won and lost (games/README.md,
``session_sheet``); and the next hand's proposal (``form_proposal``).

Both are read from the hands in order as the scoreboard shows them (``row`` gives each
hand's ``skat_list``: who declared, won or lost, and the Bock games its trigger opens),
so the notice and the counts need no facts beyond what the rows already hold.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from .build import Rules
from .explain import lang_of
from .sheet import WORDS


class Rounds(NamedTuple):
    """The evening's rounds after its hands: the games still to come, in order (``bock``
    a doubled game, ``ramsch`` a game of a Ramsch round), and the hands played since the
    last Bock game (for ``bock_two_rounds``)."""

    queue: tuple[str, ...]
    idle: int


def rounds(rows: Sequence[Mapping[str, Any]], rules: Rules) -> Rounds:
    """The Bock and Ramsch rounds the hands leave to come (RULES.md, Skat decisions).

    Every deal plays the next game of the queue, eingepasst too. A hand that fires any
    trigger opens at most one new round, queued after those waiting: a Bock game per
    player at the table, and with ``ramsch_after_bock`` a Ramsch game per player after
    it. The hand's own triggers come with its row, except in a game of a Ramsch round: a
    Grand Hand declared there opens no Bock round (Andy4495 README: "No bock can be
    created in this case"), whatever it fires. The evening adds its two: a Schneider
    under ``no_bock_pending`` opens nothing while a Bock game is played or waits, and
    ``bock_two_rounds`` opens a round after so many full rounds without a Bock game."""
    queue: list[str] = []
    idle = 0
    for hand in rows:
        entry = hand.get("skat_list", {})
        playing = queue.pop(0) if queue else None
        in_bock = playing == "bock" or bool(entry.get("bock"))
        fired = list(entry.get("triggers", ["bock"] if entry.get("opens") else []))
        if playing == "ramsch":  # a Grand Hand declared in a Ramsch round opens none
            fired = []
        if rules.bock_schneider == "no_bock_pending" and (in_bock or "bock" in queue):
            fired = [t for t in fired if t != "schneider"]
        table = entry.get("table", 3)
        idle = 0 if in_bock or playing is not None else idle + 1
        if rules.bock and rules.bock_idle_rounds and idle >= rules.bock_idle_rounds * table:
            fired.append("two_rounds")
        if fired:
            idle = 0
            queue += ["bock"] * table + (["ramsch"] * table if rules.ramsch_rounds else [])
    return Rounds(tuple(queue), idle)


def bock_to_come(rows: Sequence[Mapping[str, Any]], rules: Rules) -> int:
    """The doubled games still to come after these hands."""
    return rounds(rows, rules).queue.count("bock")


def form_proposal(rows: Sequence[Mapping[str, Any]], rules: Rules) -> dict[str, str]:
    """The next hand's form values proposed from the hands so far: Bock ticked while the
    next game is one of a Bock round, a Ramsch in a Ramsch round and in an evening of
    Ramsch only (the scorer may change either: a Grand Hand may be declared instead; in a
    Ramsch round it then keeps ``ramsch_round`` ticked, and opens no Bock round)."""
    if rules.ramsch_only:
        return {"outcome": "ramsch"}
    queue = rounds(rows, rules).queue
    if not queue:
        return {}
    if queue[0] == "bock":
        return {"bock": "true"}
    return {"outcome": "ramsch", "ramsch_round": "true"}


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
        queue = rounds(rows, rules).queue
        left = queue.count("bock")
        if left:
            out["notices"].append(w["bock_left_one" if left == 1 else "bock_left"].format(n=left))
        ramsch = queue.count("ramsch")
        if ramsch:
            key = "ramsch_left_one" if ramsch == 1 else "ramsch_left"
            out["notices"].append(w[key].format(n=ramsch))
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

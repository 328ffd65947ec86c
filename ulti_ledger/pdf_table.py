"""The scoresheet's hand table as text: the rows the PDF template prints, one per hand.

Why text and not a cell per value: WeasyPrint's time grows with the boxes it lays out
and draws, and a 300-hand evening with a cell per value (15 a row) took twice the 4 s we
allow. So the values that are short and tabular, the hand's number, dealer and declarer,
and every player's change and running total, are set as two texts per row in a
monospaced face, padded to fixed widths; columns exactly that many characters wide keep
them under their headers. The game, the kontras, the silent results and the renonsz stay
cells of their own (they wrap), and neighbouring empty ones are one cell.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from .ledger.notation import with_lost

MONO_EM = Decimal("0.60205")
"""DejaVu Sans Mono's advance width (1233/2048 em)."""
MONO_PT = 7
"""The size of the table's monospaced text, in points (the stylesheet's ``.p``)."""
GAP = 3
"""Spaces before each player's numbers: the gutter between the players' columns."""


def signed(units: int) -> str:
    """Units as the sheet writes them: +12, −12 (a true minus sign), 0."""
    return f"+{units}" if units > 0 else f"−{-units}" if units < 0 else "0"


@dataclass(frozen=True, slots=True)
class Columns:
    """The widths, in characters, of the monospaced columns of one session's table."""

    number: int
    name: int
    change: int
    total: int

    @classmethod
    def of(cls, summary: Mapping[str, Any], words: Mapping[str, str]) -> Columns:
        """Wide enough for every value of ``summary`` (and for the headers)."""
        hands = summary["hands"]
        changes = [len(signed(v)) for h in hands for v in h["changes"].values()]
        totals = [len(signed(v)) for h in hands for v in h["totals"].values()]
        names = (*summary["players"], words["dealer"], words["declarer"])
        return cls(
            number=max(len(words["number"]), len(str(len(hands)))),
            name=max(len(name) for name in names),
            change=max([len(words["change"]), *changes]),
            total=max([len(words["total"]), *totals]),
        )

    def lead(self, number: object, dealer: str, declarer: str) -> str:
        return f"{number!s:>{self.number}}  {dealer:<{self.name}}  {declarer:<{self.name}}"

    def player(self, change: str, total: str) -> str:
        return f"{change:>{GAP + self.change}}  {total:>{self.total}}"

    def lead_width(self) -> str:
        """The CSS width of the number-dealer-declarer column (one space to spare)."""
        return _points(self.number + 2 + self.name + 2 + self.name + 1)

    def player_width(self) -> str:
        return _points(GAP + self.change + 2 + self.total)


def rows(summary: Mapping[str, Any], columns: Columns) -> list[dict[str, Any]]:
    """One dict per hand: ``lead``, ``notation``, ``own_options``, ``notes``, ``players``.

    ``notes`` are the kontra, silent and renonsz cells as (text, colspan). "·" marks a
    player sitting the hand out.
    """
    players = summary["players"]
    out = []
    for hand in summary["hands"]:
        playing = set(hand["players"])
        changes, totals = hand["changes"], hand["totals"]
        own = hand["hand"].get("options")
        out.append(
            {
                "lead": columns.lead(hand["number"], hand["dealer"], hand["declarer"]),
                "notation": with_lost(hand),
                "own_options": ", ".join(f"{k}: {v}" for k, v in own.items()) if own else "",
                "notes": _notes(
                    ", ".join(f"{k['label']} {k['text']}" for k in hand["kontras"]),
                    ", ".join(s["text"] for s in hand["silent"]),
                    hand["renonsz"] or "",
                ),
                "players": "".join(
                    columns.player(
                        signed(changes[p]) if p in playing or changes[p] else "·",
                        signed(totals[p]),
                    )
                    for p in players
                ),
            }
        )
    return out


def _notes(*texts: str) -> list[tuple[str, int]]:
    """Cells as (text, colspan), neighbouring empty ones merged: most hands have none."""
    cells: list[tuple[str, int]] = []
    for text in texts:
        if not text and cells and not cells[-1][0]:
            cells[-1] = ("", cells[-1][1] + 1)
        else:
            cells.append((text, 1))
    return cells


def _points(chars: int) -> str:
    return f"{chars * MONO_EM * MONO_PT:.3f}pt"

"""The scoresheet's hand table as text: the rows the PDF template prints, one per hand.

Why text and not a cell per value: WeasyPrint's time grows with the boxes it lays out
and draws, and a 300-hand evening with a cell per value (15 a row) took twice the 4 s we
allow. So the values that are short and tabular, the hand's number, dealer and declarer,
and every player's change and running total, are set as two texts per row in a
monospaced face, padded to fixed widths; columns exactly that many characters wide keep
them under their headers. The game and the game's own columns (``summary["columns"]``:
Ulti's kontras, silent results and renonsz) stay cells of their own (they wrap), and
neighbouring empty ones are one cell.

Why short labels for long names: a full name of 60 to 80 characters, wrapped in a
column a fifth of the page wide, makes a six-line header on every page and a row of
several lines for every hand, and in a monospaced column it cannot wrap at all. So a
name longer than ``SHORT`` characters is written in the table by its initials
("Dr. Szentgyörgyi-Kovácsné Bárczay Erzsébet" -> "DSzK"), with a legend of the full
names in the table's repeated header; every other part of the sheet prints names whole.
Ordinary names ("Anna", "Kovács Pál") are printed whole, as before. When even the
short columns leave the game too little room (five players, totals of five digits), the
table turns to landscape (``Columns.landscape``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from .settlement.who_pays import shown_lines

MONO_EM = Decimal("0.60205")
"""DejaVu Sans Mono's advance width (1233/2048 em)."""
MONO_PT = 7
"""The size of the table's monospaced text, in points (the stylesheet's ``.p``)."""
GAP = 3
"""Spaces before each player's numbers: the gutter between the players' columns."""
SHORT = 10
"""The longest name the hand table prints whole; a longer one goes by its initials."""
PORTRAIT_MM = Decimal(186)
"""A4's width inside the stylesheet's margins (210 - 2 x 12 mm); landscape has 273."""
NOTE_MM = {"note": Decimal(24), "name": Decimal(13)}
"""A game column's width by its kind (the stylesheet's ``.c-note``, ``.c-name``)."""
GAME_MM = Decimal(24)
"""The least room left for the game column: "piros 40-100 ulti (bukott: ulti)" on two lines."""
DIGRAPHS = ("dzs", "cs", "dz", "gy", "ly", "ny", "sz", "ty", "zs")
"""Hungarian letters written with two or three characters: "Szabó" is "Sz", not "S"."""


def signed(units: int) -> str:
    """Units as the sheet writes them: +12, −12 (a true minus sign), 0."""
    return f"+{units}" if units > 0 else f"−{-units}" if units < 0 else "0"


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


def shortened(text: str, short: Mapping[str, str]) -> str:
    """``text`` (a cell of the game's columns) with the long names in it as labels."""
    for name in sorted(short, key=len, reverse=True):
        if short[name] != name:
            text = text.replace(name, short[name])
    return text


@dataclass(frozen=True, slots=True)
class Columns:
    """The widths, in characters, of the monospaced columns of one session's table."""

    number: int
    name: int
    change: int
    total: int

    @classmethod
    def of(
        cls, summary: Mapping[str, Any], words: Mapping[str, str], short: Mapping[str, str]
    ) -> Columns:
        """Wide enough for every value of ``summary`` (and for the headers); names are
        written as ``short`` (``labels``) gives them."""
        hands = summary["hands"]
        changes = [len(signed(v)) for h in hands for v in h["changes"].values()]
        totals = [len(signed(v)) for h in hands for v in h["totals"].values()]
        names = (*short.values(), words["dealer"], words["declarer"])
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

    def landscape(self, players: int, notes: Sequence[Mapping[str, str]]) -> bool:
        """Whether the table needs a landscape page to leave the game column its room
        beside the game's own columns ``notes``."""
        chars = self.number + 2 + 2 * self.name + 2 + 1
        chars += players * (GAP + self.change + 2 + self.total)
        notes_mm = sum((NOTE_MM[note["kind"]] for note in notes), Decimal(0))
        return _mm(chars) + notes_mm + GAME_MM > PORTRAIT_MM


def rows(
    summary: Mapping[str, Any],
    columns: Columns,
    short: Mapping[str, str],
    option_text: Callable[[str, Any], str] | None = None,
) -> list[dict[str, Any]]:
    """One dict per hand: ``lead``, ``notation``, ``edited``, ``own_options``, ``notes``,
    ``players``.

    ``notes`` are the cells of the game's columns (``summary["columns"]``) as (text,
    colspan). "·" marks a player sitting the hand out. Names are written as ``short``
    gives them; a hand's own house rules (kept when the evening's changed) as
    ``option_text`` words them.
    """
    words = option_text or (lambda name, value: f"{name}: {value}")
    players = summary["players"]
    keys = [column["key"] for column in summary["columns"]]
    out = []
    for hand in summary["hands"]:
        playing = set(hand["players"])
        changes, totals = hand["changes"], hand["totals"]
        own = hand["hand"].get("options")
        sheet = hand["sheet"]
        out.append(
            {
                "lead": columns.lead(
                    hand["number"], _label(short, hand["dealer"]), _label(short, hand["declarer"])
                ),
                "notation": sheet["game"],
                "edited": hand["edited"],
                "own_options": "; ".join(words(k, v) for k, v in own.items()) if own else "",
                "notes": _notes(*(shortened(sheet["cells"][key], short) for key in keys)),
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


def explanations(summary: Mapping[str, Any], lang: str = "hu") -> list[dict[str, Any]]:
    """The appendix: per hand its number, notation, declarer, edited and the engine's lines
    (in the summary's language, ``lang``; who pays whom where the hand says it), so a
    dispute can be settled from the paper."""
    return [
        {
            "number": hand["number"],
            "notation": hand["sheet"]["game"],
            "declarer": hand["declarer"],
            "edited": hand["edited"],
            "lines": shown_lines(hand["result"], lang),
        }
        for hand in summary["hands"]
    ]


def _label(short: Mapping[str, str], name: str) -> str:
    """A name as the table writes it (a name outside the seats, from an old hand, whole)."""
    return short.get(name, name)


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


def _mm(chars: int) -> Decimal:
    return chars * MONO_EM * MONO_PT * Decimal("0.3528")

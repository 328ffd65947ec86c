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
Ordinary names ("Anna", "Kovács Pál") are printed whole, as before.

Why each column is measured (``layout``): a game adds columns of its own (Skat's list,
Seeger–Fabian and the list's running sums; tarokk's figures), and fixed widths that
suit Ulti's short kontra notes pushed Skat's notation to one word per line and its last
column off the page. So every game column is as wide as its longest word needs (its
header's too) and, room permitting, its longest text; the game column keeps at least
``GAME_MIN_MM``. The table is portrait when that fits, landscape when it fits there, and
otherwise split in two tables (the game's columns, then the players' numbers), each hand
keeping its number, dealer, declarer and game in both. Widths come from the bundled fonts'
own advance widths (``static/fonts``), the ones WeasyPrint sets the text in.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from functools import cache
from typing import Any

from ..config import STATIC
from ..settlement.contract import paper_game
from ..settlement.who_pays import shown_lines

MONO_EM = Decimal("0.60205")
"""DejaVu Sans Mono's advance width (1233/2048 em)."""
MONO_PT = 7
"""The size of the table's monospaced text, in points (the stylesheet's ``.p``)."""
GAP = 3
"""Spaces before each player's numbers: the gutter between the players' columns."""
PORTRAIT_MM = 186.0
"""A4's width inside the stylesheet's margins (210 - 2 x 12 mm)."""
LANDSCAPE_MM = 273.0
"""A4 landscape's width inside the same margins (297 - 2 x 12 mm)."""
KINDS = frozenset({"note", "name"})
"""The kinds of a game's column (games/README.md, part ``columns``): a text that wraps, or
a player's name (written as ``labels`` gives it)."""
NOTE_MAX_MM = 34.0
"""The widest a game column grows for a long text (it wraps beyond)."""
GAME_MIN_MM = 30.0
"""The least room for the game column: a long notation on two or three lines, never a
word a line."""
GAME_MAX_MM = 62.0
"""The widest the game column asks for before the others get their room."""
CELL_PAD_MM = 2.0 + 0.6
"""A cell's left and right padding (the stylesheet's 1 mm each), and a little to spare
for kerning."""
PLAYER_PAD_MM = 4.0
"""The player's header's left padding (``th.player``)."""
WORD_BREAKS = re.compile(r"[ \t\n]+")
"""Where a cell's text may wrap: at its spaces, never at a no-break space."""
FONTS = STATIC / "fonts"
SANS = {False: "DejaVuSansCondensed.ttf", True: "DejaVuSansCondensed-Bold.ttf"}
POINT_MM = 25.4 / 72
NOTE_PT, HEAD_PT, GAME_PT = 6.8, 7.0, 7.5
"""The sizes of a game column's cells, the headers and the game column (the stylesheet's
``td.s``, ``th``, ``table.hands``)."""


def signed(units: int) -> str:
    """Units as the sheet writes them: +12, −12 (a true minus sign), 0."""
    return f"+{units}" if units > 0 else f"−{-units}" if units < 0 else "0"


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
    gap: int = GAP
    """Spaces before a player's numbers: more where a header's short name needs them."""

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
        change = max([len(words["change"]), *changes])
        total = max([len(words["total"]), *totals])
        head = max((text_mm(label, HEAD_PT, bold=True) for label in short.values()), default=0)
        room = _chars(head + PLAYER_PAD_MM)  # the header's short name over the numbers
        return cls(
            number=max(len(words["number"]), len(str(len(hands)))),
            name=max(len(name) for name in names),
            change=change,
            total=total,
            gap=max(GAP, room - change - 2 - total),
        )

    def lead(self, number: object, dealer: str, declarer: str) -> str:
        return f"{number!s:>{self.number}}  {dealer:<{self.name}}  {declarer:<{self.name}}"

    def player(self, change: str, total: str) -> str:
        return f"{change:>{self.gap + self.change}}  {total:>{self.total}}"

    def lead_chars(self) -> int:
        return self.number + 2 + self.name + 2 + self.name + 1

    def player_chars(self) -> int:
        return self.gap + self.change + 2 + self.total

    def lead_width(self) -> str:
        """The CSS width of the number-dealer-declarer column (one space to spare)."""
        return _points(self.lead_chars())

    def player_width(self) -> str:
        return _points(self.player_chars())


@dataclass(frozen=True, slots=True)
class Layout:
    """How the hand table sits on A4: its orientation, whether it is split in two (the
    game's columns, then the players' numbers), and each game column's CSS width."""

    landscape: bool
    split: bool
    notes: tuple[str, ...]
    """The CSS width of each of the game's columns, in order (the game column takes what
    the others leave, never less than ``GAME_MIN_MM``)."""


def layout(
    columns: Columns,
    players: int,
    heads: Sequence[str],
    cells: Sequence[Iterable[str]],
    notations: Iterable[str],
    game_head: str,
) -> Layout:
    """The table's layout: ``heads`` are the game's columns' headers, ``cells`` each
    column's texts (as printed), ``notations`` the game column's."""
    fixed = _mm(columns.lead_chars()) + players * _mm(columns.player_chars())
    least, wanted, whole = [], [], []
    for head, texts in zip(heads, cells, strict=True):
        low, high = _needs(texts, NOTE_PT, head)
        least.append(low)
        wanted.append(max(low, min(high, NOTE_MAX_MM)))
        whole.append(max(low, high))
    low, high = _needs(notations, GAME_PT, game_head, bold=True)
    game_least = max(low, GAME_MIN_MM)
    game_wanted = max(game_least, min(high, GAME_MAX_MM))
    if fixed + sum(wanted) + game_wanted <= PORTRAIT_MM:
        widths = _grown(wanted, whole, PORTRAIT_MM - fixed - game_wanted)
        return Layout(False, False, tuple(map(_css_mm, widths)))
    if fixed + sum(least) + game_least <= LANDSCAPE_MM:
        *widths, _ = _shrunk([*wanted, game_wanted], [*least, game_least], LANDSCAPE_MM - fixed)
        widths = _grown(widths, whole, LANDSCAPE_MM - fixed - game_wanted)
        return Layout(True, False, tuple(map(_css_mm, widths)))
    # Two tables, landscape: the game's columns beside the game, then the players' numbers.
    room = LANDSCAPE_MM - _mm(columns.lead_chars())
    *widths, _ = _shrunk([*wanted, game_wanted], [*least, game_least], room)
    widths = _grown(widths, whole, room - game_wanted)
    return Layout(True, True, tuple(map(_css_mm, widths)))


def _needs(texts: Iterable[str], size: float, head: str, bold: bool = False) -> tuple[float, float]:
    """The least width of a column (its longest word, its header's longest word) and the
    width its longest text wants on one line, padding included."""
    word = max((text_mm(w, HEAD_PT, bold=True) for w in WORD_BREAKS.split(head)), default=0.0)
    line = text_mm(head, HEAD_PT, bold=True)
    for text in texts:
        for w in WORD_BREAKS.split(text):
            word = max(word, text_mm(w, size, bold))
        line = max(line, text_mm(text, size, bold))
    return word + CELL_PAD_MM, line + CELL_PAD_MM


def _shrunk(wanted: Sequence[float], least: Sequence[float], room: float) -> list[float]:
    """``wanted`` widths brought down toward ``least`` alike until they fit ``room``."""
    over = sum(wanted) - room
    slack = sum(wanted) - sum(least)
    if over <= 0 or slack <= 0:
        return list(wanted) if over <= 0 else list(least)
    part = min(1.0, over / slack)
    return [w - (w - low) * part for w, low in zip(wanted, least, strict=True)]


def _grown(widths: Sequence[float], whole: Sequence[float], room: float) -> list[float]:
    """``widths`` grown alike toward ``whole`` (each column's longest text on one line)
    with what ``room`` leaves: a long figure list wraps less, rather than the game column
    taking every spare millimetre for a short notation."""
    spare = room - sum(widths)
    short = [max(0.0, w - width) for width, w in zip(widths, whole, strict=True)]
    if spare <= 0 or not sum(short):
        return list(widths)
    part = min(1.0, spare / sum(short))
    return [width + gap * part for width, gap in zip(widths, short, strict=True)]


def text_mm(text: str, size: float, bold: bool = False) -> float:
    """The width of ``text`` set in the sheet's sans at ``size`` points, in mm."""
    advances, default, per_em = _metrics(bold)
    units = sum(advances.get(ord(c), default) for c in text)
    return units / per_em * size * POINT_MM


@cache
def _metrics(bold: bool) -> tuple[dict[int, int], int, int]:
    """Each character's advance width in the bundled font (the one WeasyPrint uses)."""
    from fontTools.ttLib import TTFont

    with TTFont(FONTS / SANS[bold]) as font:
        metrics = font["hmtx"].metrics
        advances = {code: metrics[name][0] for code, name in font.getBestCmap().items()}
        return advances, max(advances.values()), font["head"].unitsPerEm


def _css_mm(mm: float) -> str:
    return f"{mm:.2f}mm"


def _chars(mm: float) -> int:
    """The monospaced characters that take at least ``mm``."""
    return math.ceil(mm / _mm(1))


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
                "notation": paper_game(sheet),
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


def _mm(chars: int) -> float:
    return float(chars * MONO_EM * MONO_PT) * POINT_MM

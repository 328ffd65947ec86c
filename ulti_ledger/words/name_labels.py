"""Each player's short label: the whole name when short, else initials that tell apart.

Where a long name does not fit (the PDF's hand table, a phone's tiles, the drawn table,
the chart's legend), the player goes by initials, Hungarian letters whole ("Szentgyörgyi"
is "Sz", not "S"). Two players whose initials are alike, or alike but for an accent ("KSzA"
and "KSzÁ" read the same at a glance, and a clipped accent makes them one), take more
letters of the first word that tells them apart ("Kovács-Szabó Anna" and "Kovács-Szabó
Árpád" are "KSzAn" and "KSzÁr"); where their first three words are alike, their seat number
follows ("KPP3", "KPP4").
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence

SHORT = 10
"""The longest name the hand table prints whole; a longer one goes by its initials."""
DIGRAPHS = ("dzs", "cs", "dz", "gy", "ly", "ny", "sz", "ty", "zs")
"""Hungarian letters written with two or three characters: "Szabó" is "Sz", not "S"."""


def labels(players: Sequence[str], longest: int = SHORT) -> dict[str, str]:
    """Each player's name in the hand table: whole when short, else up to three initials.

    Labels are unique, and differ in their letters, not only in accents: initials that
    would be alike take more letters of the first word that differs ("KSzAn", "KSzÁr"),
    and failing that the player's seat number after them ("KPP3", "KPP4"). ``longest`` is
    the longest name kept whole (the pages ask 0: every name's initials, shown only where
    it does not fit).
    """
    out = {p: p if len(p) <= longest else _initials(p) for p in players}
    seen: dict[str, list[str]] = {}
    for player, label in out.items():
        seen.setdefault(plain(label), []).append(player)
    for group in seen.values():
        if len(group) < 2:
            continue
        longer = _told_apart([p for p in group if out[p] != p])
        for player in group:
            if out[player] == player:
                continue
            out[player] = longer.get(player) or f"{out[player]}{players.index(player) + 1}"
    return out


def plain(text: str) -> str:
    """``text`` as it reads at a glance: without accents, in one case ("KSzÁ" is "ksza")."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()


def _told_apart(names: Sequence[str]) -> dict[str, str]:
    """Longer initials for names whose initials are alike: the first of their first three
    words that differs gives each name as many letters as it takes to differ from the others
    (in letters, not accents). Names alike in those words are left out."""
    words = {n: _words(n)[:3] for n in names}
    out: dict[str, str] = {}
    for at in range(3):
        if len({plain(words[n][at]) if at < len(words[n]) else "" for n in names}) < 2:
            continue
        for name in names:
            mine = words[name][at] if at < len(words[name]) else ""
            others = [plain(words[n][at]) if at < len(words[n]) else "" for n in names if n != name]
            size = max(1, _letter(mine))
            while size < len(mine) and any(o[:size] == plain(mine[:size]) for o in others):
                size += 1
            if any(o[:size] == plain(mine[:size]) for o in others):
                continue  # a word that is the start of another's: the seat number tells
            picked = [w[: _letter(w)].capitalize() for w in words[name]]
            if at < len(picked):
                picked[at] = mine[:size].capitalize()
            out[name] = "".join(picked)
        return out
    return out


def _words(name: str) -> list[str]:
    return [w for w in re.split(r"[\s\-]+", name) if w and w[0].isalpha()]


def _letter(word: str) -> int:
    """How many characters the word's first Hungarian letter takes ("Sz": 2, "Dzs": 3)."""
    return next((len(d) for d in DIGRAPHS if word.casefold().startswith(d)), 1)


def _initials(name: str) -> str:
    picked = [word[: _letter(word)].capitalize() for word in _words(name)[:3]]
    return "".join(picked) or name[:SHORT]

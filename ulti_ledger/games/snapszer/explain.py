"""Words for the line of a snapszer settlement, in English, Hungarian or German.

A line says how the hand ended, what it is worth in game points, and who pays whom:
``Anna snapszert mondott és megcsinálta: 6 pont; Anna mindkét ellenfelétől 6-ot kap,
összesen 12-t``. Numbers take their Hungarian suffix as they are read (`hungarian`);
names never take one, so a sentence names players only where Hungarian needs no ending.
Game terms stay Hungarian in every language (snapszer, renonsz). Any other language reads
the English.
"""

from __future__ import annotations

from pathlib import Path

from ...settlement.hungarian import accusative
from ...settlement.result import Line
from ...settlement.words import GameWords

TEXT = GameWords(Path(__file__).parent / "locale", "snapszer", ("en", "hu", "de"))
"""The explanation lines, from the game's own catalogue (``locale/``)."""


def describe(line: Line, lang: str = "en") -> str:
    """The line in words a player at the table trusts."""
    t = TEXT[lang if lang in TEXT else "en"]
    p = line.params
    if line.key in ("redeal", "sits_out"):
        return t[line.key].format(**p)
    n = p["n"]
    words = {
        "points": t["one_point"] if n == 1 else t["points"].format(n=n),
        "winners": _names(p["winners"], t),
        "tier": t[p["tier"]] if p.get("tier") else "",
        **{k: v for k, v in p.items() if k in ("by", "winner", "player")},
    }
    if p.get("kontra"):  # a game term in every language: gspritzt, retour
        k = p["kontra"]
        word = "gspritzt" if k["level"] == 1 else "retour"
        before = t["one_point"] if k["before"] == 1 else t["points"].format(n=k["before"])
        words["points"] = f"{before} × {k['factor']} ({word}) = {words['points']}"
    if p.get("credited"):  # the scoresheet mode: the winners' points on the list, nobody pays
        credit = t["credited" if len(p["winners"]) == 1 else "credited_each"]
        return f"{t[line.key].format(**words)}; {credit.format(winners=words['winners'], n=n)}"
    return f"{t[line.key].format(**words)}; {_money(p['winners'], p['losers'], n, t, lang)}"


def _money(winners: tuple, losers: tuple, n: int, t: dict, lang: str) -> str:
    """Who receives and who pays, and how much, as the transfer settles it."""
    say = accusative if lang == "hu" else str
    if len(winners) == 1 and len(losers) > 1:
        total = n * len(losers)
        return t["lone_receives"].format(
            player=winners[0], each=t[f"each_of_{len(losers)}"], n=say(n), total=say(total)
        )
    if len(losers) == 1 and len(winners) > 1:
        total = n * len(winners)
        return t["lone_pays"].format(
            player=losers[0], each=t[f"each_of_{len(winners)}"], n=say(n), total=say(total)
        )
    return t["pairs"].format(losers=_names(losers, t), winners=_names(winners, t), n=say(n))


def _names(players: tuple, t: dict) -> str:
    if len(players) <= 2:
        return t["and"].join(players)
    return f"{', '.join(players[:-1])}{t['and']}{players[-1]}"

"""Words for the line of a Doppelkopf settlement, in English, Hungarian or German.

A line says who won and with how many card points, each party's items of the game value
(TSR 7.2.2, 7.2.3), the net value, a Bock round's doubling, and who pays whom:
``Re gewinnt mit 151:89. Re: gewonnen 1, keine 90 1, Re 2. Kontra: Fuchs gefangen 1.
Wert 3; Anna und Béla erhalten je 3``. The game's words stay German in every language
(Re, Kontra, keine 90, Fuchs gefangen, Karlchen, Doppelkopf, gegen die Alten).
"""

from __future__ import annotations

from pathlib import Path

from ...settlement.hungarian import accusative
from ...settlement.result import Line
from ...settlement.words import GameWords

TEXT = GameWords(Path(__file__).parent / "locale", "doppelkopf", ("en", "hu", "de"))
"""The explanation lines, from the game's own catalogue (``locale/``)."""
GAME_WORDS = {
    "keine_90": "keine 90",
    "keine_60": "keine 60",
    "keine_30": "keine 30",
    "schwarz": "schwarz",
    "re": "Re",
    "kontra": "Kontra",
    "gegen_die_alten": "gegen die Alten",
    "doppelkopf": "Doppelkopf",
    "fuchs": "Fuchs gefangen",
    "karlchen": "Karlchen",
}
"""The game's own words: German in every language."""


def item_words(key: str, t: dict) -> tuple[str, str | None]:
    """One item of the value in words, and the party it counts for where it names one."""
    parts = key.split("_")
    if key == "won":
        return t["item_won"], None
    if key in GAME_WORDS:  # keine_90 ... schwarz of a won game; gegen die Alten
        return GAME_WORDS[key], None
    if parts[0] == "said":
        return GAME_WORDS[parts[1]], parts[1]
    if parts[0] == "absage":  # absage_re_keine_90
        return t["item_absage"].format(tier=GAME_WORDS["_".join(parts[2:])]), parts[1]
    if parts[0] == "reached":  # reached_kontra_120
        tier = {"120": "keine_90", "90": "keine_60", "60": "keine_30", "30": "schwarz"}
        return t["item_reached"].format(n=parts[2], tier=GAME_WORDS[tier[parts[2]]]), parts[1]
    if parts[0] == "keine":  # keine_90_re: a tier where nobody won
        return GAME_WORDS[f"keine_{parts[1]}"], parts[2]
    return GAME_WORDS[parts[0]], parts[1]  # doppelkopf_re, fuchs_kontra, karlchen_re


def describe(line: Line, lang: str = "en") -> str:
    """The line in words a player at the table trusts."""
    t = TEXT[lang if lang in TEXT else "en"]
    p = line.params
    if line.key in ("redeal", "sits_out"):
        return t[line.key].format(**p)
    re_points = p["re_points"]
    score = f"{re_points}:{240 - re_points}"
    if p["winner"] is None:
        head = t["nobody_won"].format(score=score)
    else:
        head = t["party_won"].format(party=GAME_WORDS[p["winner"]], score=score)
    groups: dict[str, list[str]] = {"re": [], "kontra": []}
    for key, n in p["items"]:
        words, party = item_words(key, t)
        groups[party or ("re" if n > 0 else "kontra")].append(f"{words} {abs(n)}")
    said = [f"{GAME_WORDS[party]}: {', '.join(items)}" for party, items in groups.items() if items]
    value = p["value"]
    if value == 0:
        worth = t["worth_nothing"]
    else:
        worth = t["worth"].format(party=GAME_WORDS["re" if value > 0 else "kontra"], n=abs(value))
    if p["bock"]:
        worth += " " + t["bock"].format(factor=p["factor"], n=p["n"])
    text = f"{head}. {'; '.join(said)}. {worth}" if said else f"{head}. {worth}"
    if not p["n"]:
        return text
    winners, losers = (p["re"], p["kontra"]) if value > 0 else (p["kontra"], p["re"])
    return f"{text}; {_money(tuple(winners), tuple(losers), p['n'], t, lang)}"


def _money(winners: tuple, losers: tuple, n: int, t: dict, lang: str) -> str:
    """Who receives and who pays, and how much: a soloist from (or to) each of three."""
    say = accusative if lang == "hu" else str
    if len(winners) == 1:
        return t["lone_receives"].format(player=winners[0], n=say(n), total=say(n * 3))
    if len(losers) == 1:
        return t["lone_pays"].format(player=losers[0], n=say(n), total=say(n * 3))
    return t["pairs"].format(losers=t["and"].join(losers), winners=t["and"].join(winners), n=say(n))

"""Words for the lines of a Skat settlement, in Hungarian, English or German.

The first line says the value as a Skat player does: ``Grand Hand mit 2, Schneider:
5 × 24 = 120``. Skat's terms stay German in every language (Karo, Herz, Pik, Kreuz,
Grand, Null, Hand, Schneider, Schwarz, Ouvert, Kontra, Re, Bock, Ramsch, eingepasst);
the rest is the reader's language. Any other language reads the English.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ...settlement.result import Line
from ...settlement.words import GameWords

LANGUAGES = ("hu", "en", "de")
TEXT = GameWords(Path(__file__).parent / "locale", "skat", LANGUAGES)
"""The explanation lines, from the game's own catalogue (``locale/``)."""
GAME_NAMES = {
    "karo": "Karo",
    "herz": "Herz",
    "pik": "Pik",
    "kreuz": "Kreuz",
    "grand": "Grand",
    "null": "Null",
}
"""Skat's game names: German in every language."""
MINUS = "\u2212"


def lang_of(lang: str) -> str:
    return lang if lang in LANGUAGES else "en"


def signed(n: int) -> str:
    """+5, −5 and 0, with a real minus sign."""
    return f"+{n}" if n > 0 else f"{MINUS}{-n}" if n < 0 else "0"


def game_name(game: str, mit: int | None, ohne: int | None, levels: tuple[str, ...], t) -> str:
    """``Grand Hand mit 2, Schneider``: the game, Hand and Ouvert, the matadors, the rest."""
    words = [GAME_NAMES[game]]
    if "hand" in levels and "ouvert" not in levels:
        words.append("Hand")
    if "ouvert" in levels:
        words.append("Ouvert" + (" Hand" if game == "null" and "hand" in levels else ""))
    if mit is not None:
        words.append(f"mit {mit}")
    elif ohne is not None:
        words.append(f"ohne {ohne}")
    name = " ".join(words)
    rest = [t[level] for level in levels if level not in ("hand", "ouvert")]
    return ", ".join([name, *rest])


def value_text(params: Any, t) -> str:
    """The value line: ``Grand Hand mit 2, Schneider: 5 × 24 = 120``; Null: ``Null Hand: 35``."""
    name = game_name(params["game"], params["mit"], params["ohne"], params["levels"], t)
    if params["game"] == "null":
        return f"{name}: {params['played']}"
    return f"{name}: {params['mult']} × {params['base']} = {params['played']}"


def describe(line: Line, lang: str = "en") -> str:
    """The line in words a Skat player trusts."""
    t = TEXT[lang_of(lang)]
    p = line.params
    key = line.key
    if key == "value":
        return value_text(p, t)
    if key == "overbid":
        if p["game"] == "null":
            return t["overbid_null"].format(bid=p["bid"], value=p["covered"])
        mult = p["covered"] // p["base"]
        return t["overbid"].format(bid=p["bid"], mult=mult, base=p["base"], value=p["covered"])
    if key == "kontra":
        word = "Kontra" if p["level"] == 1 else "Re"
        return f"{word}: {p['before']} × {p['factor']} = {p['before'] * p['factor']}"
    if key == "bock":
        return f"Bock: {p['before']} × {p['factor']} = {p['before'] * p['factor']}"
    if key == "renonsz":
        return t["renonsz_won" if p["won"] else "renonsz_lost"].format(player=p["player"])
    if key == "list":
        return f"{_entry(p, t)}; {_money(line.amounts, t)}"
    if key == "bock_round":
        triggers = ", ".join(t[f"trigger_{name}"] for name in p["triggers"])
        return t["bock_round"].format(games=p["games"], triggers=triggers)
    if key == "all_pass":
        return t["all_pass"]
    if key == "ramsch":
        return f"{_ramsch(p, t)}; {_money(line.amounts, t)}"
    raise KeyError(key)


def _entry(p: Any, t) -> str:
    """What the list enters at the declarer (and, Seeger–Fabian, at the others)."""
    who, value, score = p["declarer"], p["value"], p["score"]
    points = "" if p["points"] is None else t["with_points"].format(n=p["points"])
    if p["won"]:
        entry = f"+{value}"
        if p["seeger_fabian"]:
            entry = f"{value} + 50 = {signed(score[who])}"
        return t["list_won"].format(declarer=who, points=points, entry=entry)
    entry = f"{MINUS}{p['lost_factor']} × {value} = {signed(score[who])}"
    if p["seeger_fabian"]:
        lost = p["lost_factor"] * value
        entry = f"{MINUS}{p['lost_factor']} × {value} {MINUS} 50 = {signed(-lost - 50)}"
        others = [n for n in score if n != who]
        bonus = score[others[0]]
        text = t["list_lost"].format(declarer=who, points=points, entry=entry)
        return f"{text}, {t['others_bonus'].format(n=bonus)}"
    return t["list_lost"].format(declarer=who, points=points, entry=entry)


def _money(amounts: Any, t) -> str:
    shown = ", ".join(f"{name} {signed(n)}" for name, n in amounts.items())
    return t["pair_by_pair"].format(amounts=shown)


def _ramsch(p: Any, t) -> str:
    """The Ramsch entry; under Bock from the entry before doubling, as a scorer checks it
    ("−136 × 2 (Bock) = −272": the list holds −272, not −272 doubled again)."""
    bock = p["bock"]

    def entry_text(entry: int) -> str:
        if bock <= 1:
            return signed(entry)
        return f"{signed(entry // bock)} × {bock} (Bock) = {signed(entry)}"

    if p["durchmarsch"] is not None:
        entry = entry_text(p["score"][p["durchmarsch"]])
        return t["durchmarsch"].format(player=p["durchmarsch"], entry=entry)
    losers = p["losers"] if "losers" in p else (p["loser"],)  # lines stored before ties
    who = ", ".join(losers)
    jungfrau = ""
    if p["jungfrau"]:
        jungfrau = t["jungfrau"].format(names=", ".join(p["jungfrau"]))
    key = "ramsch_lost" if len(losers) == 1 else "ramsch_tie"
    entry = entry_text(p["score"][losers[0]])  # tied losers lose alike
    return t[key].format(loser=who, points=p["points"], jungfrau=jungfrau, entry=entry)

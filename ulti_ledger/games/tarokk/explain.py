"""Words for the lines of a tarokk settlement, in Hungarian, English or German.

Each line says what was paid (the figure in full, how it went, the value it used and its
kontra: "pagát ultimó: a felvevő oldal bemondta és teljesítette, kontrával (×2): 10 × 2 =
20") and who pays whom ("E és W fejenként 20-at fizet, S és N fejenként 20-at kap").
Numbers take their Hungarian suffix as they are read; names never take one. Game terms
stay Hungarian in every language. Any other language reads the English.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...settlement.hungarian import accusative
from ...settlement.result import Line
from .words import LINES as TEXT
from .words import lang_of

PLAIN = ("redeal", "no_play", "skart", "sits_out", "renonsz_new_deal", "renonsz_continue")
PLAIN += ("double_round",)


def describe(line: Line, lang: str = "en") -> str:
    """The line in words a player at the table trusts."""
    t = TEXT[lang_of(lang)]
    p = line.params
    key = line.key
    if key in PLAIN:
        return t[key].format(**p)
    if key == "parti_displaced":
        return t[key]
    if key == "silent_not_paid":
        return t[f"not_paid.{p['by']}"].format(name=t[f"fig.{p['name']}"])
    if key in ("kitty_take", "kitty_pay_in", "kitty_pay_in_each"):
        return t[key].format(**{**p, "players": _names(p["players"], t)})
    if key in ("renonsz_new_deal_kitty", "renonsz_points_to_kitty"):
        return t[key].format(**{"min": "", **p})
    money = _money(p["winners"], p["losers"], p["value"], t, lang) if line.amounts else ""
    if key == "figure":
        return t["figure"].format(
            name=t[f"fig.{p['name']}"],
            card=t["card"].format(suit=t[f"suit.{p['card']}"]) if p.get("card") else "",
            raised=t["raised"].format(name=t[f"fig.{p['raised_from']}"])
            if p.get("raised_from")
            else "",
            how=t[_how(p)],
            kontra=_kontra(p["level"], t),
            calc=_calc(p["base"], p["level"], p["value"]),
            money=money,
        )
    if key == "parti":
        side = "declarer" if p["won"] else "opponents"
        return t[f"parti.{side}"].format(
            contract=t[f"contract.{p['contract']}"],
            g=p["g"],
            kontra=_kontra(p["level"], t),
            calc=_calc(p["g"], p["level"], p["value"]),
            money=money,
        )
    if key.startswith("renonsz"):
        say = accusative if lang == "hu" else str
        n = p["value"]
        money = t["lone_pays_all"].format(player=p["player"], n=say(n), total=say(3 * n))
    if key == "tarokkszam":
        say = accusative if lang == "hu" else str
        n = p["value"]
        money = t["all_pay"].format(player=p["player"], n=say(n), total=say(3 * n))
    return t[key].format(**{**p, "money": money})


def _how(p: Mapping[str, Any]) -> str:
    said = "announced" if p["announced"] else "silent"
    return f"how.{said}.{'made' if p['made'] else 'failed'}.{p['side']}"


def _kontra(level: int, t: Mapping[str, str]) -> str:
    if not level:
        return ""
    return t["with_kontra"].format(kontra=t[f"kontra.{level}"], factor=2**level)


def _calc(base: int, level: int, value: int) -> str:
    return f"{base} × {2**level} = {value}" if level else str(value)


def _money(winners: tuple, losers: tuple, n: int, t: Mapping[str, str], lang: str) -> str:
    """Who receives and who pays, and how much: a lone player settles with each of three."""
    say = accusative if lang == "hu" else str
    if len(winners) == 1 and len(losers) > 1:
        return t["lone_receives"].format(player=winners[0], n=say(n), total=say(n * len(losers)))
    if len(losers) == 1 and len(winners) > 1:
        return t["lone_pays"].format(player=losers[0], n=say(n), total=say(n * len(winners)))
    return t["pairs"].format(losers=_names(losers, t), winners=_names(winners, t), n=say(n))


def _names(players: tuple, t: Mapping[str, str]) -> str:
    if len(players) <= 2:
        return t["and"].join(players)
    return f"{', '.join(players[:-1])}{t['and']}{players[-1]}"

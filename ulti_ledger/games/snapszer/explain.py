"""Words for the line of a snapszer settlement, in English or Hungarian.

A line says how the hand ended, what it is worth in game points, and who pays whom:
``Anna snapszert mondott és megcsinálta: 6 pont; Anna mindkét ellenfelétől 6-ot kap,
összesen 12-t``. Numbers take their Hungarian suffix as they are read (`hungarian`);
names never take one, so a sentence names players only where Hungarian needs no ending.
Game terms stay Hungarian in both languages (snapszer, renonsz). Any other language reads
the English.
"""

from __future__ import annotations

from ...settlement.hungarian import accusative
from ...settlement.result import Line

TEXT = {
    "en": {
        "won": "{winners} won; {tier}: {points}",
        "snapszer_made": "{by} announced a snapszer and made it: {points}",
        "snapszer_failed": "{by} announced a snapszer and failed: {points} to {winners}",
        "alone_66": "{winner} reached 66 before the chosen card was seen and won alone "
        "against the other three; {tier}: {points}",
        "renonsz": "renonsz by {player}: that side loses, {points} to {winners}",
        "redeal": "redeal: nobody pays",
        "sits_out": "{player} sits out this hand: 0",
        "no_trick": "the losing side took no trick",
        "below_33": "the losing side stayed below 33",
        "reached_33": "the losing side reached 33",
        "one_point": "1 point",
        "points": "{n} points",
        "and": " and ",
        "each_of": {2: "each of the two", 3: "each of the three"},
        "lone_receives": "{player} receives {n} from {each} opponents, {total} in all",
        "lone_pays": "{player} pays {n} to {each} opponents, {total} in all",
        "pairs": "{losers} pay {n} each; {winners} receive {n} each",
    },
    "hu": {
        "won": "{winners} nyert, {tier}: {points}",
        "snapszer_made": "{by} snapszert mondott és megcsinálta: {points}",
        "snapszer_failed": "{by} snapszert mondott, de elbukta: {points} {winners} javára",
        "alone_66": "{winner} a választott lap előtt elérte a 66-ot, és egyedül nyert a "
        "másik három ellen; {tier}: {points}",
        "renonsz": "{player} renonszot vétett, az oldala veszít: {points} {winners} javára",
        "redeal": "újraosztás: senki sem fizet",
        "sits_out": "{player} kimarad ebből a leosztásból: 0",
        "no_trick": "a vesztes oldalnak nem volt ütése",
        "below_33": "a vesztes oldal 33 alatt maradt",
        "reached_33": "a vesztes oldal elérte a 33-at",
        "one_point": "1 pont",
        "points": "{n} pont",
        "and": " és ",
        "each_of": {2: "mindkét", 3: "mind a három"},
        "lone_receives": "{player} {each} ellenfelétől {n} kap, összesen {total}",
        "lone_pays": "{player} {each} ellenfelének {n} fizet, összesen {total}",
        "pairs": "{losers} fejenként {n} fizet, {winners} fejenként {n} kap",
    },
}


def describe(line: Line, lang: str = "en") -> str:
    """The line in words a player at the table trusts."""
    t = TEXT["hu" if lang == "hu" else "en"]
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
    return f"{t[line.key].format(**words)}; {_money(p['winners'], p['losers'], n, t, lang)}"


def _money(winners: tuple, losers: tuple, n: int, t: dict, lang: str) -> str:
    """Who receives and who pays, and how much, as the transfer settles it."""
    say = accusative if lang == "hu" else str
    if len(winners) == 1 and len(losers) > 1:
        total = n * len(losers)
        return t["lone_receives"].format(
            player=winners[0], each=t["each_of"][len(losers)], n=say(n), total=say(total)
        )
    if len(losers) == 1 and len(winners) > 1:
        total = n * len(winners)
        return t["lone_pays"].format(
            player=losers[0], each=t["each_of"][len(winners)], n=say(n), total=say(total)
        )
    return t["pairs"].format(losers=_names(losers, t), winners=_names(winners, t), n=say(n))


def _names(players: tuple, t: dict) -> str:
    if len(players) <= 2:
        return t["and"].join(players)
    return f"{', '.join(players[:-1])}{t['and']}{players[-1]}"

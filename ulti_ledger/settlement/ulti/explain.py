"""Words for the lines of an Ulti settlement, in English or Hungarian.

Game terms stay Hungarian in both languages (ulti, betli, kontra, renonsz, csendes).
"""

from __future__ import annotations

from collections.abc import Callable

from ..result import Line, Term

TEXT = {
    "en": {
        "made": "made",
        "lost": "lost",
        "with": "with",
        "each_defender_pays": "from each defender",
        "to_each_defender": "to each defender",
        "pays": "pays",
        "receives": "receives",
        "declarer": "the declarer",
        "defenders": "the defenders",
        "redeal": "redeal (light renonsz): nobody pays",
        "all_pass": "all pass: {player} throws in and pays {each} to each other player",
        "sits_out": "{player} sits out this hand: 0",
        "parti_replaced": "{label} not paid: the {by} replaces it",
        "silent_absorbed": "{label} of {side} not paid: the {by} includes it",
        "silent_made": "{label} made by {side}",
        "silent_failed": "{label} failed by {side}",
        "renonsz_declarer": "renonsz: {player} pays each defender the bid as lost",
        "renonsz_defender": "renonsz: {player} pays the declarer the bid as won and "
        "{partner}, the partner, the bid as lost",
        "renonsz_defender_double": "renonsz: {player} pays the declarer both defenders' "
        "shares of the bid as won",
        "throw_in": "bedobás: {player} throws in and pays each defender twice the bid's value",
        "throw_in_next": "bedobás: {player} throws in; the bid counts as lost one kontra higher",
        "as_lost": "{label} as lost",
        "as_won": "{label}",
        "doubled": "{label} doubled",
        "to": "to",
        "from": "from",
    },
    "hu": {
        "made": "nyert",
        "lost": "bukott",
        "with": "",
        "each_defender_pays": "mindkét védő fizeti",
        "to_each_defender": "mindkét védőnek",
        "pays": "fizet",
        "receives": "kap",
        "declarer": "a felvevő",
        "defenders": "a védők",
        "redeal": "újraosztás (könnyű renonsz): senki sem fizet",
        "all_pass": "mindenki passzolt: {player} bedobja, és mindenkinek {each} egységet fizet",
        "sits_out": "{player} kimarad ebből a leosztásból: 0",
        "parti_replaced": "{label} nem jár: a {by} helyettesíti",
        "silent_absorbed": "{label} ({side}) nem jár: a {by} magában foglalja",
        "silent_made": "{label} ({side})",
        "silent_failed": "bukott {label} ({side})",
        "renonsz_declarer": "{player} renonsza: minden védőnek a bukott bemondás értékét fizeti",
        "renonsz_defender": "{player} renonsza: a felvevőnek a nyert, a társának ({partner}) "
        "a bukott bemondás értékét fizeti",
        "renonsz_defender_double": "{player} renonsza: a felvevőnek mindkét védő nyert részét "
        "fizeti",
        "throw_in": "bedobás: {player} a bemondás kétszeresét fizeti minden védőnek",
        "throw_in_next": "bedobás: {player} bukottként fizet, egy fokkal magasabb kontrával",
        "as_lost": "{label} bukottként",
        "as_won": "{label}",
        "doubled": "{label} kétszeresen",
        "to": "→",
        "from": "←",
    },
}


def describe(line: Line, lang: str = "en") -> str:
    """One line of the explanation in words a player at the table trusts."""
    t = TEXT["hu" if lang == "hu" else "en"]
    p = line.params
    render: Callable[[Line, dict[str, str]], str] | None = _RENDER.get(line.key)
    if render is not None:
        return render(line, t)
    return t[line.key].format(**{k: _side(v, t) if k == "side" else v for k, v in p.items()})


def calc(factor: int, value: int) -> str:
    """'4' or '3 × 4 = 12': the multiplication a player can check."""
    return str(value) if factor == 1 else f"{factor} × {value} = {factor * value}"


def _side(side: str, t: dict[str, str]) -> str:
    return t["declarer"] if side == "declarer" else t["defenders"]


def _terms(terms: list[Term], t: dict[str, str], to_defenders: bool) -> str:
    """'3 × 4 = 12 to each defender' or 'B pays 10 (kontra), C pays 5'."""
    shapes = {(x.factor, x.value, x.kontra) for x in terms}
    if len(shapes) == 1:
        factor, value, _ = shapes.pop()
        tail = t["to_each_defender"] if to_defenders else t["each_defender_pays"]
        return f"{calc(factor, value)} {tail}"
    verb = t["receives"] if to_defenders else t["pays"]
    parts = []
    for x in terms:
        kontra = f" ({x.kontra})" if x.kontra else ""
        parts.append(f"{x.player}{kontra} {verb} {calc(x.factor, x.value)}")
    return ", ".join(parts)


def _kontra_suffix(terms: list[Term], t: dict[str, str]) -> str:
    names = {x.kontra for x in terms}
    if len(names) == 1 and (name := names.pop()):
        return f" {t['with']} {name}".replace("  ", " ") if t["with"] else f", {name}"
    return ""


def _component(line: Line, t: dict[str, str]) -> str:
    p = line.params
    won = p["won"]
    head = f"{p['label']} {t['made'] if won else t['lost']}{_kontra_suffix(p['terms'], t)}"
    return f"{head}: {_terms(p['terms'], t, to_defenders=not won)}"


def _silent(line: Line, t: dict[str, str]) -> str:
    p = line.params
    side = p["player"] or _side(p["side"], t)
    head = t["silent_made" if p["won"] else "silent_failed"].format(label=p["label"], side=side)
    amount = calc(p["factor"], p["value"])
    gain = p["won"] == (p["side"] == "declarer")
    tail = t["each_defender_pays"] if gain else t["to_each_defender"]
    if p["player"]:
        others = ", ".join(k for k in line.amounts if k != p["player"])
        tail = f"{t['from'] if p['won'] else t['to']} {others}"
    return f"{head}: {amount} {tail}"


def _renonsz_component(line: Line, t: dict[str, str]) -> str:
    return _payout(t["as_lost"].format(label=line.params["label"]), line, t)


def _payout(label: str, line: Line, t: dict[str, str]) -> str:
    """A component the declarer pays every payer for: his renonsz or his throw-in."""
    terms = line.params["terms"]
    return f"  {label}{_kontra_suffix(terms, t)}: " + _terms(terms, t, to_defenders=True)


def _renonsz_defender_component(line: Line, t: dict[str, str]) -> str:
    p = line.params
    off, par = p["terms"]
    to_declarer = calc(off.factor, off.value)
    if p["double"]:
        both = f"{to_declarer} + {calc(par.factor, par.value)}"
        return f"  {p['label']}: {both} {t['to']} {t['declarer']}"
    return (
        f"  {p['label']}: {to_declarer} {t['to']} {t['declarer']}, "
        f"{calc(par.factor, par.value)} {t['to']} {par.player}"
    )


def _throw_in(line: Line, t: dict[str, str]) -> str:
    p = line.params
    key = "throw_in" if p["mode"] == "double_win" else "throw_in_next"
    return t[key].format(player=p["player"])


def _throw_in_component(line: Line, t: dict[str, str]) -> str:
    return _payout(line.params["label"], line, t)


def _renonsz_defender(line: Line, t: dict[str, str]) -> str:
    p = line.params
    key = "renonsz_defender_double" if p["double"] else "renonsz_defender"
    return t[key].format(player=p["player"], partner=p["partner"])


_RENDER: dict[str, Callable[[Line, dict[str, str]], str]] = {
    "component": _component,
    "silent": _silent,
    "renonsz_component": _renonsz_component,
    "renonsz_defender_component": _renonsz_defender_component,
    "renonsz_defender": _renonsz_defender,
    "throw_in": _throw_in,
    "throw_in_component": _throw_in_component,
}

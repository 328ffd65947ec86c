"""Words for the lines of an Ulti settlement, in English, Hungarian or German.

Every line says where its numbers come from: the kontra multiplier (2¹, 2²), the failed
bid's extra (+ 1), the value and the colour factor (8 = 4 × 2, piros), then who pays or
receives how much: ``ulti bukott, kontra: (2¹ + 1) × 8 = 24, 8 = 4 × 2 (piros); mindkét
védő 24-et kap``. Hungarian numbers take their suffix as they are read (`hungarian`);
names never take one (a name's suffix cannot be guessed), so a sentence names players
only where Hungarian needs no ending. Game terms stay Hungarian in every language
(ulti, betli, kontra, renonsz, csendes); "made" is the hand form's word: megvan.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path

from ...settlement.hungarian import accusative
from ...settlement.result import Line, Term
from ...settlement.words import GameWords

TEXT = GameWords(Path(__file__).parent / "locale", "ulti", ("en", "hu", "de"))
"""The lines' words by language: ``locale/<lang>/LC_MESSAGES/ulti.po`` in this package."""

_SUPERSCRIPT = str.maketrans("0123456789-", "⁰¹²³⁴⁵⁶⁷⁸⁹⁻")


def describe(line: Line, lang: str = "en") -> str:
    """One line of the explanation in words a player at the table trusts."""
    lang = lang if lang in ("hu", "de") else "en"
    t = TEXT[lang]
    render: Callable[[Line, dict[str, str], str], str] | None = _RENDER.get(line.key)
    if render is not None:
        return render(line, t, lang)
    p = line.params
    return t[line.key].format(**{k: _side(v, t) if k == "side" else v for k, v in p.items()})


def amount(n: int, lang: str) -> str:
    """A number of units as the object of a Hungarian sentence (4-et), or as it is (4)."""
    return accusative(n) if lang == "hu" else str(n)


def calc(factor: int, value: int) -> str:
    """'4' or '3 × 4 = 12': the multiplication a player can check."""
    return str(value) if factor == 1 else f"{factor} × {value} = {factor * value}"


def multiplier(term: Term, base: int) -> str:
    """How a term's factor is made: '2¹', '(2¹ + 1)', '(1 + 1)'; '' for a factor of 1."""
    if term.level < 0:
        return "" if term.factor == 1 else str(term.factor)
    power = "1" if term.level == 0 else f"{base}{str(term.level).translate(_SUPERSCRIPT)}"
    if term.extra:
        return f"({power} + {term.extra})"
    return "" if term.level == 0 else power


def product(term: Term, base: int) -> str:
    """'(2¹ + 1) × 8', or '' when nothing multiplies the value."""
    mult = multiplier(term, base)
    return f"{mult} × {term.value}" if mult else ""


def term_calc(term: Term, base: int) -> str:
    """'(2¹ + 1) × 8 = 24', or '8' when nothing multiplies the value."""
    shown = product(term, base)
    return f"{shown} = {term.factor * term.value}" if shown else str(term.value)


def _in_brackets(term: Term, base: int) -> str:
    shown = product(term, base)
    return f" ({shown})" if shown else ""


def colour_note(value: int, p: dict) -> str:
    """'8 = 4 × 2 (piros)': the colour factor inside a value; '' where it is 1."""
    factor = p.get("colour_factor", 1)
    if factor == 1 or not value:
        return ""
    return f"{value} = {value // factor} × {factor} ({p.get('colour', '')})"


def _side(side: str, t: Mapping[str, str]) -> str:
    return t["declarer"] if side == "declarer" else t["defenders"]


def _names(names: tuple[str, ...] | list[str], t: Mapping[str, str]) -> str:
    """'Anna', 'Anna and Béla', 'Anna, Béla and Csaba'."""
    names = list(names)
    if not names:
        return ""
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + t["and"] + names[-1]


def _also(names: tuple[str, ...] | list[str], t: Mapping[str, str]) -> str:
    """Both defenders and the sitters who settle beside them, as one list: "mindkét védő
    és Dóra", "mindkét védő, Anna és Dóra" (never "… és Anna és Dóra")."""
    return _names([t["each_defender"], *names], t)


def _with_colour(text: str, value: int, p: dict) -> str:
    note = colour_note(value, p)
    if not note:
        return text
    return note if text == str(value) else f"{text}, {note}"


def _terms(p: dict, t: Mapping[str, str], lang: str, receives: bool) -> str:
    """'(2¹ + 1) × 8 = 24, 8 = 4 × 2 (piros); mindkét védő 24-et kap', or per payer."""
    terms: list[Term] = p["terms"]
    base = p.get("kontra_factor", 2)
    also = p.get("also", ())
    shapes = {(x.factor, x.value, x.level, x.extra) for x in terms}
    if len(shapes) == 1:
        x = terms[0]
        key = ("each_also_" if also else "each_") + ("receives" if receives else "pays")
        who = t[key].format(n=amount(x.factor * x.value, lang), also=_also(also, t))
        how = _with_colour(term_calc(x, base), x.value, p)
        return who if how == str(x.factor * x.value) else f"{how}; {who}"
    key = "player_receives" if receives else "player_pays"
    parts = []
    for x in terms:
        kontra = f" ({x.kontra})" if x.kontra else ""
        n = amount(x.factor * x.value, lang)
        how = _in_brackets(x, base)
        parts.append(t[key].format(player=f"{x.player}{kontra}", n=n, calc=how))
    note = colour_note(terms[0].value, p)
    return ", ".join(parts) + (f"; {note}" if note else "")


def _kontra(terms: list[Term]) -> str:
    """', kontra' when every payer plays at one kontra level; its name is said once."""
    names = {x.kontra for x in terms}
    if len(names) == 1 and (name := names.pop()):
        return f", {name}"
    return ""


def _component(line: Line, t: Mapping[str, str], lang: str) -> str:
    p = line.params
    won, terms = p["won"], p["terms"]
    shared = len({(x.factor, x.level) for x in terms}) == 1
    head = f"{p['label']} {t['made'] if won else t['lost']}{_kontra(terms) if shared else ''}"
    return f"{head}: {_terms(p, t, lang, receives=not won)}"


def _silent(line: Line, t: Mapping[str, str], lang: str) -> str:
    p = line.params
    side = p["player"] or _side(p["side"], t)
    head = t["silent_made" if p["won"] else "silent_failed"].format(label=p["label"], side=side)
    factor, value = p["factor"], p["value"]
    how = _with_colour(calc(factor, value), value, p)
    n = amount(factor * value, lang)
    if p["player"]:
        if p["won"]:
            others = [k for k in line.amounts if k != p["player"]]
            who = t["others_pay"].format(others=_names(others, t), n=n)
        else:
            who = t["maker_pays"].format(player=p["player"], n=n)
    else:
        gain = p["won"] == (p["side"] == "declarer")
        also = p.get("also", ())
        key = ("each_also_" if also else "each_") + ("pays" if gain else "receives")
        who = t[key].format(n=n, also=_also(also, t) if also else "")
    return f"{head}: {who}" if how == str(factor * value) else f"{head}: {how}; {who}"


def _renonsz_component(line: Line, t: Mapping[str, str], lang: str) -> str:
    return _payout(t["as_lost"].format(label=line.params["label"]), line, t, lang)


def _payout(label: str, line: Line, t: Mapping[str, str], lang: str) -> str:
    """A component the declarer pays every payer for: his renonsz or his throw-in."""
    terms = line.params["terms"]
    return f"  {label}{_kontra(terms)}: " + _terms(line.params, t, lang, receives=True)


def _renonsz_defender_component(line: Line, t: Mapping[str, str], lang: str) -> str:
    p = line.params
    off, par = p["terms"]
    base = p.get("kontra_factor", 2)
    note = colour_note(off.value, p)
    tail = f"; {note}" if note else ""
    if p["double"]:
        n = off.factor * off.value + par.factor * par.value
        both = f"{product(off, base) or off.value} + {product(par, base) or par.value}"
        return f"  {p['label']}: {t['to_declarer'].format(n=amount(n, lang))} ({both}){tail}"
    to_declarer = t["to_declarer"].format(n=amount(off.factor * off.value, lang))
    to_partner = t["to_partner"].format(player=par.player, n=amount(par.factor * par.value, lang))
    off_how, par_how = _in_brackets(off, base), _in_brackets(par, base)
    return f"  {p['label']}: {to_declarer}{off_how}, {to_partner}{par_how}{tail}"


def _throw_in(line: Line, t: Mapping[str, str], lang: str) -> str:
    p = line.params
    key = "throw_in" if p["mode"] == "double_win" else "throw_in_next"
    return t[key].format(player=p["player"])


def _throw_in_component(line: Line, t: Mapping[str, str], lang: str) -> str:
    return _payout(line.params["label"], line, t, lang)


def _renonsz_defender(line: Line, t: Mapping[str, str], lang: str) -> str:
    p = line.params
    key = "renonsz_defender_double" if p["double"] else "renonsz_defender"
    return t[key].format(player=p["player"], partner=p["partner"])


def _all_pass(line: Line, t: Mapping[str, str], lang: str) -> str:
    p = line.params
    receivers = p.get("receivers") or [k for k in line.amounts if k != p["player"]]
    return t["all_pass"].format(
        player=p["player"], receivers=_names(receivers, t), each=amount(p["each"], lang)
    )


_RENDER: dict[str, Callable[[Line, dict[str, str], str], str]] = {
    "component": _component,
    "silent": _silent,
    "renonsz_component": _renonsz_component,
    "renonsz_defender_component": _renonsz_defender_component,
    "renonsz_defender": _renonsz_defender,
    "throw_in": _throw_in,
    "throw_in_component": _throw_in_component,
    "all_pass": _all_pass,
}

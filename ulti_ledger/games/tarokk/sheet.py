"""What the scoresheets show of a tarokk hand, the API's hand schema, and ``rules show``.

The game column says the contract and the parti ("kettő, parti megvan"); the game's own
columns name the partner, the figures (in full, with their side and kontra) and a
renonsz offender. The row's tags say the same beside the contract on the scoreboard and
the preview (the figures, the kontras, the tarokkszám), so every amount shows its reason.
"""

from __future__ import annotations

from typing import Any

from .build import CONTRACTS, Rules
from .hand import Hand
from .words import FORM, LINES, lang_of
from .words import ROW as WORDS

COLUMNS = (("partner", "name"), ("figures", "note"), ("renonsz", "name"))
PAPER_MARKS = ("tag tag-kontra", "tag tag-double", "tag tag-tie")
"""The tags the paper sheets print after the game (the rest have a column of their own)."""


def columns(rules: Rules, lang: str = "hu") -> list[dict[str, str]]:
    """The sheets' tarokk columns after the game column: partner, figures, renonsz."""
    w = WORDS[lang_of(lang, "hu")]
    return [{"key": key, "label": w[key], "kind": kind} for key, kind in COLUMNS]


def row(facts: dict[str, Any], hand: Hand, rules: Rules, lang: str = "hu") -> dict[str, Any]:
    """The hand's notation and its sheet cells (games/README.md, part ``row``)."""
    w = WORDS[lang_of(lang, "hu")]
    t = LINES[lang_of(lang, "hu")]
    game = _notation(hand, w, t)
    if hand.outcome == "redeal":
        partner = ""
    elif hand.partner:
        partner = hand.partner
    else:
        partner = w["skart"] if hand.skart else w["alone"]
    figures = "; ".join(_figure(f, rules, w, t) for f in hand.figures)
    if hand.tarokkszam:
        shown = ", ".join(f"{p} {c}" for p, c in hand.tarokkszam)
        figures = (
            f"{figures}; {w['tarokkszam']}: {shown}" if figures else f"{w['tarokkszam']}: {shown}"
        )
    tags = _tags(hand, rules, lang, partner)
    cells = {"partner": partner, "figures": figures, "renonsz": hand.renonsz or ""}
    # on paper the partner, figures, tarokkszám and renonsz have columns; the rest is
    # marked, and a renonsz's ruling (its column names only the offender)
    ruled = "tag tag-renonsz" if hand.ruling else None
    marks = [text for cls, text in tags if cls in PAPER_MARKS or cls == ruled]
    sheet = {"game": game, "tags": tags, "marks": marks, "cells": cells}
    out = {"notation": game, "sheet": sheet}
    if hand.outcome == "redeal":  # the table size, for the double round after it
        out["redeal"] = len(hand.players) + len(hand.sitting_out)
    return out


def _tags(hand: Hand, rules: Rules, lang: str, partner: str) -> list[tuple[str, str]]:
    """What decided the payments, beside the contract on the scoreboard and the preview:
    the declarer alone (or the called card in the skart), the parti's kontra, each
    figure (side, silent or failed, its kontra), the tarokkszám, a renonsz's ruling, and a
    hand of a double round or a 47:47 parti (house rules ``double_round``, ``tie_kontra``)."""
    w = WORDS[lang_of(lang, "hu")]
    t = LINES[lang_of(lang, "hu")]
    tags: list[tuple[str, str]] = []
    if hand.outcome == "redeal":
        return tags
    if hand.bid is not None and not hand.partner:
        tags.append(("tag", partner))
    if hand.game_kontra:
        tags.append(("tag tag-kontra", f"parti {t[f'kontra.{hand.game_kontra}']}"))
    tags += [("tag tag-figure", _figure(f, rules, w, t)) for f in hand.figures]
    tags += [("tag", f"{w['tarokkszam']}: {p} {c}") for p, c in hand.tarokkszam]
    if hand.renonsz:
        text = f"renonsz: {hand.renonsz}"
        if hand.ruling:
            text += f" ({FORM[lang_of(lang, 'hu')][f'ruling.{hand.ruling}']})"
        tags.append(("tag tag-renonsz", text))
    if hand.double:
        tags.append(("tag tag-double", w["double"]))
    if hand.tie:
        tags.append(("tag tag-tie", "47:47"))
    return tags


def _notation(hand: Hand, w: Any, t: Any) -> str:
    if hand.outcome == "redeal":
        return w["redeal"]
    if hand.outcome == "no_play":
        return w["no_play"]
    contract = t[f"contract.{hand.bid}"]
    if hand.game_won is None:
        return contract
    return f"{contract}, {w['won' if hand.game_won else 'lost']}"


def _figure(fig: Any, rules: Rules, w: Any, t: Any) -> str:
    text = t[f"fig.{fig.name}"]
    text += f" ({w[f'side.{fig.side}']})"
    if not fig.announced:
        text += f" {w['silent']}"
    if fig.won is False:
        text += f" {w['failed']}"
    if fig.kontra:
        text += f" ×{2**fig.kontra}"
    return text


def rules_table(rules: Rules, lang: str = "en") -> dict[str, Any]:
    """The game's part of ``rules show``: contracts, figure values, kontra, renonsz, kitty."""
    w = WORDS[lang_of(lang)]
    t = LINES[lang_of(lang)]
    figures = {
        name: {"announced": f.announced, "silent": f.silent, "per_g": f.per_g, "magas": f.magas}
        for name, f in rules.figures.items()
    }
    text = [
        f"{w['contracts']}: "
        + ", ".join(f"{t[f'contract.{c}']} {rules.base_values[c]}" for c in CONTRACTS)
    ]
    text.append(f"{w['figure_values']}:")
    for name, f in rules.figures.items():
        g = " × g" if f.per_g else ""
        silent = f"{f.silent}{g}" if f.silent else "-"
        mark = " *" if f.magas else ""
        text.append(f"  {t[f'fig.{name}']:<18} {f.announced}{g} / {silent}{mark}")
    text.append(f"{w['tarokkszam']}: 8 → {rules.tarokkszam[8]}, 9 → {rules.tarokkszam[9]}")
    ceiling = rules.kontra_names[rules.max_kontra - 1] if rules.max_kontra else "-"
    text.append(f"{w['kontra_ceiling']}: {ceiling} (×{2**rules.max_kontra})")
    if any(f.magas for f in rules.figures.values()):
        text.append(f"* {w['magas_kontra']}")
    text.append(
        f"{w['renonsz_rule']}: {w[f'renonsz_{rules.renonsz_mode}']}"
        f", {rules.renonsz_min}-{rules.renonsz_max}"
    )
    if rules.kitty:
        text.append(f"{w['kitty']}: {rules.kitty_step} / {rules.kitty_cap_per_player}")
    table = {
        "contracts": dict(rules.base_values),
        "figures": figures,
        "tarokkszam": {str(k): v for k, v in rules.tarokkszam.items()},
        "max_kontra_level": rules.max_kontra,
        "magas_max_kontra_level": rules.magas_max_kontra,
        "renonsz": {"mode": rules.renonsz_mode, "min": rules.renonsz_min, "max": rules.renonsz_max},
        "no_play_payment": rules.no_play,
        "kitty": {
            "enabled": rules.kitty,
            "step": rules.kitty_step,
            "cap_per_player": rules.kitty_cap_per_player,
        },
    }
    return {"table": table, "text": text, "summary": w["summary"].format(n=len(figures))}

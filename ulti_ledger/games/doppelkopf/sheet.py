"""What the scoresheets show of a Doppelkopf hand, and ``rules show``.

The game column says the contract, who won and the card points ("Normalspiel: Re gewinnt,
151:89 Augen, Re, keine 90 → Re 4"); the game's own columns name the Re party and the net
value (who receives it). The tags name every fact that changed the payment: Re, Kontra and
their Absagen, keine 90/60/30, schwarz, the extra points (Doppelkopf, Fuchs, Karlchen,
gegen die Alten), Bock.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ...settlement.words import GameWords
from .build import Rules
from .explain import GAME_WORDS, item_words
from .form import SUIT_NAMES, contract_name
from .hand import Hand, levels
from .score import game_points

COLUMNS = (("re", "note"), ("net", "note"))
WORDS = GameWords(Path(__file__).parent / "locale", "doppelkopf", ("hu", "en", "de"), "row")
TEXT = GameWords(Path(__file__).parent / "locale", "doppelkopf", ("hu", "en", "de"))


def _lang(lang: str) -> str:
    return lang if lang in WORDS else "hu"


def columns(rules: Rules, lang: str = "hu") -> list[dict[str, str]]:
    """The sheets' Doppelkopf columns after the game column: the Re party, the net value."""
    w = WORDS[_lang(lang)]
    return [{"key": key, "label": w[key], "kind": kind} for key, kind in COLUMNS]


def level_word(party: str, level: int) -> str:
    """A party's highest announcement as players say it: "Re", "Kontra", "keine 90"."""
    step = levels(party)[level - 1]
    return GAME_WORDS[party] if step == party else f"{GAME_WORDS[party]}: {GAME_WORDS[step]}"


def row(facts: dict[str, Any], hand: Hand, rules: Rules, lang: str = "hu") -> dict[str, Any]:
    """The hand's notation and its sheet cells (games/README.md, part ``row``)."""
    key = _lang(lang)
    w, t = WORDS[key], TEXT[key]
    table = len(hand.players) + len(hand.sitting_out)
    if hand.outcome == "redeal":
        notation = w["redeal"]
        return {
            "notation": notation,
            "sheet": {"game": notation, "tags": [], "cells": {"re": "", "net": ""}},
            "doppelkopf_bock": {"fires": False, "table": table},
        }
    won, items, value = game_points(hand, rules)
    total = value * rules.bock_factor**hand.bock
    name = contract_name(hand.contract, key)
    if hand.suit:
        name = f"{name} {SUIT_NAMES[hand.suit]}"
    score = f"{hand.re_points}:{240 - (hand.re_points or 0)}"
    if won is None:
        who = w["nobody_won"] + f" ({score})"
    else:
        who = t["party_won"].format(party=GAME_WORDS[won], score=score)
    reasons = []
    tags: list[tuple[str, str]] = []
    for party, level in (("re", hand.re_level), ("kontra", hand.kontra_level)):
        if level:
            word = level_word(party, level)
            reasons.append(word)
            tags.append((f"tag tag-{party}", word))
    for item, _ in items:
        words, party = item_words(item, t)
        if item in ("won",) or item.startswith(("said_", "absage_")):
            continue
        label = f"{words} ({GAME_WORDS[party]})" if party else words
        reasons.append(label)
        tags.append(("tag tag-" + item.split("_")[0], label))
    if hand.bock:
        reasons.append("Bock" if hand.bock == 1 else f"Bock ×{rules.bock_factor**hand.bock}")
        tags.append(("tag tag-bock", reasons[-1]))
    if hand.schweinchen:
        tags.append(("tag tag-schweinchen", f"Schweinchen: {hand.schweinchen}"))
    signed = f"{'Re' if total > 0 else 'Kontra'} {abs(total)}" if total else "0"
    game = f"{name}: {who}"
    if reasons:
        game = f"{game}, {', '.join(reasons)}"
    notation = f"{game} → {signed}"
    fires = _fires(hand, won, rules)
    return {
        "notation": notation,
        "sheet": {
            "game": notation,
            "tags": tags,
            "cells": {"re": ", ".join(hand.re), "net": signed},
            "numbers": {"net": total},
        },
        "doppelkopf_bock": {"fires": fires, "table": table},
    }


def _fires(hand: Hand, won: str | None, rules: Rules) -> bool:
    """Whether the hand opens a Bock round under these rules' triggers."""
    if "tie_120" in rules.bock and hand.re_points == 120:
        return True
    if "solo" in rules.bock and hand.solo:
        return True
    if "lost_announcement" in rules.bock:
        said = {"re": hand.re_level, "kontra": hand.kontra_level}
        lost = [p for p in said if said[p] and won != p]
        if lost:
            return True
    return False


def rules_table(rules: Rules, lang: str = "en") -> dict[str, Any]:
    """The game's part of ``rules show``: the game points, the contracts, the house rules."""
    w = WORDS[lang if lang in WORDS else "en"]
    points = {
        "won": rules.won,
        "tier": rules.tier,
        "announcement": rules.announcement,
        "absage": rules.absage,
        "reached": rules.reached,
        "extra": rules.extra if rules.extras else 0,
    }
    text = [f"{w['points']}:"]
    text += [f"  {w['points_' + key]:<36} {value}" for key, value in points.items()]
    text.append(f"{w['contracts']}: {', '.join(contract_name(c, lang) for c in rules.contracts)}")
    text.append(f"{w['solo']}: ×3")
    if rules.bock:
        text.append(f"Bock: {', '.join(w['bock_' + t] for t in rules.bock)} (×{rules.bock_factor})")
    return {
        "table": {
            "points": points,
            "contracts": list(rules.contracts),
            "bock": list(rules.bock),
            "schweinchen": rules.schweinchen,
        },
        "text": text,
        "summary": w["summary"].format(n=len(rules.contracts)),
    }

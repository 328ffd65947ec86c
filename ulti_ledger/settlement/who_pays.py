"""A hand's "who pays whom" in words, for every game: "Béla pays Anna 3".

The line names both players of each pair (``pairs.hand_pairs``), in English, Hungarian
or German. Hungarian names never take a suffix here (a name's ending cannot be guessed:
Annának, Bélának, but Ödönnek), so the sentence is built round them: "Béla 3-at fizet
Anna javára" (in Anna's favour), the number taking its suffix as it is read
(``hungarian.accusative``). German needs no case ending on a name.

Shown only for a result that carries ``pairs`` (``result.result_extras``: two or more
pay and two or more receive), after the hand's own lines, which stay one per ``Line``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from .hungarian import accusative
from .pairs import Pair
from .words import GameWords

LANGS = ("en", "hu", "de")
PAIR = "{payer} pays {payee} {n}"
HEAD = "who pays whom: "
NOBODY = "nobody pays"
"""English msgids of the core's catalogue (``locale/<lang>/LC_MESSAGES/settlement.po``)."""
_WORDS = GameWords(Path(__file__).parent / "locale", "settlement", ("hu", "de"))
SEPARATOR = "; "


def pair_text(pair: Pair, lang: str = "en") -> str:
    """One pair in words; an unknown language reads English."""
    template = _say(PAIR, lang)
    n = accusative(pair.amount) if lang == "hu" else str(pair.amount)
    return template.format(payer=pair.payer, payee=pair.payee, n=n)


def pairs_line(pairs: Iterable[Pair], lang: str = "en") -> str:
    """A hand's pairs as one explanation line:
    "who pays whom: Béla pays Anna 3; Dóra pays Csaba 3"."""
    lang = lang if lang in LANGS else "en"
    texts = [pair_text(pair, lang) for pair in pairs]
    return _say(HEAD, lang) + (SEPARATOR.join(texts) if texts else _say(NOBODY, lang))


def pairs_line_json(pairs: Iterable[Mapping[str, Any]], lang: str = "en") -> str:
    """The same line from a result's ``pairs`` (``{"from", "to", "amount"}``)."""
    return pairs_line((Pair(p["from"], p["to"], p["amount"]) for p in pairs), lang)


def _say(english: str, lang: str) -> str:
    """``english`` in ``lang``; English for an unknown language."""
    return _WORDS[lang].get(english, english) if lang in _WORDS else english


def shown_lines(result: Mapping[str, Any], lang: str = "en") -> list[str]:
    """The lines a reader sees for a hand's result (``settlement_json``'s shape): its
    explanation lines, then who pays whom where the result carries ``pairs``."""
    lines = list(result["lines"])
    if result.get("pairs"):
        lines.append(pairs_line_json(result["pairs"], lang))
    return lines

"""Hungarian grammar for numbers written in digits: the article and the suffixes.

A Hungarian reader says the number aloud, and the article and the suffix follow that
sound, not the digits: ``az 5.`` (öt) but ``a 6.``; ``2-t`` (kettőt) but ``3-at``
(hármat), ``1000-et`` (ezret). The suffix follows the last word of the reading, the
article the first, so both hold for any integer. Pure and stdlib only: the engine's
explanations use it, and so do the pages.
"""

from __future__ import annotations

_UNITS = ("nulla", "egy", "kettő", "három", "négy", "öt", "hat", "hét", "nyolc", "kilenc")
_TENS = (
    "",
    "tíz",
    "húsz",
    "harminc",
    "negyven",
    "ötven",
    "hatvan",
    "hetven",
    "nyolcvan",
    "kilencven",
)
_ILLIONS = ("millió", "milliárd")
"""10^6k ends in -ió (millió, billió ...), 10^(6k+3) in -árd (milliárd, billiárd ...)."""

# word -> (accusative, -szor/-szer/-ször, -val/-vel as the digits take it)
_SUFFIXES = {
    "nulla": ("t", "szor", "val"),
    "egy": ("et", "szer", "gyel"),
    "kettő": ("t", "szer", "vel"),
    "három": ("at", "szor", "mal"),
    "négy": ("et", "szer", "gyel"),
    "öt": ("öt", "ször", "tel"),
    "hat": ("ot", "szor", "tal"),
    "hét": ("et", "szer", "tel"),
    "nyolc": ("at", "szor", "cal"),
    "kilenc": ("et", "szer", "cel"),
    "tíz": ("et", "szer", "zel"),
    "húsz": ("at", "szor", "szal"),
    "harminc": ("at", "szor", "cal"),
    "negyven": ("et", "szer", "nel"),
    "ötven": ("et", "szer", "nel"),
    "hatvan": ("at", "szor", "nal"),
    "hetven": ("et", "szer", "nel"),
    "nyolcvan": ("at", "szor", "nal"),
    "kilencven": ("et", "szer", "nel"),
    "száz": ("at", "szor", "zal"),
    "ezer": ("et", "szer", "rel"),
    "millió": ("t", "szor", "val"),
    "milliárd": ("ot", "szor", "dal"),
}


def last_word(n: int) -> str:
    """The word the reading of ``n`` ends with: 12 → kettő, 20 → húsz, 3000 → ezer."""
    n = abs(n)
    if n % 10 or n == 0:
        return _UNITS[n % 10]
    if n % 100:
        return _TENS[n // 10 % 10]
    if n % 1000:
        return "száz"
    if n % 1_000_000:
        return "ezer"
    thousands = 0  # how many times 1000 goes into n beyond the first million
    n //= 1_000_000
    while n % 1000 == 0:
        n //= 1000
        thousands += 1
    return _ILLIONS[thousands % 2]


def accusative(n: int) -> str:
    """``n`` as an object: 2-t, 3-at, 4-et, 5-öt, 6-ot, 10-et, 12-t, 20-at, 1000-et."""
    return f"{_digits(n)}-{_SUFFIXES[last_word(n)][0]}"


def times(n: int) -> str:
    """``n`` times: 1-szer, 3-szor, 5-ször, 10-szer, 100-szor."""
    return f"{_digits(n)}-{_SUFFIXES[last_word(n)][1]}"


def instrumental(n: int) -> str:
    """``n`` with -val/-vel, assimilated as said: 2-vel, 3-mal, 5-tel, 10-zel, 1000-rel."""
    return f"{_digits(n)}-{_SUFFIXES[last_word(n)][2]}"


def article(n: int, capital: bool = False) -> str:
    """The definite article before ``n``: az 1., az 5., az 50., az 1000., a 3., a 100.

    ``az`` when the reading starts with a vowel: egy (1, egymillió), öt (5, 50, 500,
    5000 ...), ezer (1000 to 1999: read without egy). ``a`` before nulla, mínusz, száz.
    """
    word = "az" if n > 0 and _starts_with_vowel(n) else "a"
    return word.capitalize() if capital else word


def with_article(n: int, capital: bool = False) -> str:
    """``az 5``, ``a 3``: the number after its article (the ordinal dot is the caller's)."""
    return f"{article(n, capital)} {n}"


def _starts_with_vowel(n: int) -> bool:
    first = n
    while first >= 1000:
        first //= 1000
    if first == 1:
        return True  # egy, ezer, egymillió
    hundreds, tens, units = first // 100, first // 10 % 10, first % 10
    if hundreds:
        return hundreds == 5  # száz, kétszáz ... ötszáz
    if tens:
        return tens == 5  # tíz, tizen-, húsz ... ötven
    return units == 5  # kettő ... öt


def _digits(n: int) -> str:
    return f"\u2212{-n}" if n < 0 else str(n)

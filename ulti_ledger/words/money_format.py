"""Money for reading, one way everywhere: the pages, the hand preview and the PDF.

``−1 250,50 EUR`` in Hungarian (groups split by a narrow no-break space, a decimal comma),
``−1,250.50 EUR`` in English, ``−1.250,50 EUR`` in German (Babel's ``de`` groups with a
dot); a real minus sign; the currency code in capitals (``HUF``,
never ``Ft``; an old evening's ``huf`` too), after a no-break space. An amount shows the
currency's minor digits (the engine's smallest coin says how many: HUF 0, EUR 2) and more
only when it has them (a unit of 0,125 EUR), so an exact amount is never rounded for show.
"""

from __future__ import annotations

from decimal import Decimal

from ..settlement.money import smallest_coin

MINUS = "\u2212"
"""A real minus sign: as wide as the plus, so columns of numbers line up."""


def total_text(units: int) -> str:
    """A running total as a list writes it: 12, −310 (the real minus), 0; no plus sign,
    as it is a sum, not a change (that is ``signed``)."""
    return f"{MINUS}{-units}" if units < 0 else str(units)


GROUP = {"hu": "\u202f", "en": ",", "de": "."}
NBSP = "\u00a0"
HUF_NAMES = frozenset({"ft", "huf", "forint"})
"""What people write for the forint: Ft, ft., huf (any case, a trailing dot or not)."""


def currency_code(text: str | None) -> str:
    """A currency as a code: ``Ft``, ``ft.``, ``huf`` → HUF; ``eur`` → EUR; None → ''."""
    if not text:
        return ""
    stripped = text.strip().removesuffix(".").strip()
    return "HUF" if stripped.casefold() in HUF_NAMES else stripped.upper()


def minor_digits(currency: str | None) -> int:
    """How many decimals the currency's amounts show: HUF 0, EUR 2, an unknown code 2."""
    coin = smallest_coin(currency_code(currency) or None)
    return max(0, -coin.normalize().as_tuple().exponent)


def money_text(
    amount: str | Decimal | int, currency: str | None, lang: str = "hu", unit: bool = True
) -> str:
    """``amount`` (a decimal string, never a float) as money; ``unit=False``: the number only."""
    value = Decimal(amount)
    places = minor_digits(currency)
    if value:
        places = max(places, -value.normalize().as_tuple().exponent)
    text = f"{abs(value):,.{places}f}"
    if lang != "en":
        group = GROUP.get(lang, GROUP["hu"])
        text = text.translate(str.maketrans({",": group, ".": ","}))
    number = f"{MINUS}{text}" if value < 0 else text
    return f"{number}{NBSP}{currency_code(currency)}" if unit and currency else number


def signed_money(amount: str | Decimal, currency: str | None, lang: str = "hu") -> str:
    """Money with its sign always written: ``+2,50 EUR``, ``−5 HUF`` (a change, not a sum)."""
    text = money_text(amount, currency, lang)
    return f"+{text}" if Decimal(amount) > 0 else text


def rounding_moves(exact: dict[str, str], rounded: dict[str, str]) -> dict[str, str]:
    """What rounding to the coin moved, per player it moved (rounded − exact), in order."""
    moves = {}
    for name, amount in exact.items():
        moved = Decimal(rounded[name]) - Decimal(amount)
        if moved:
            moves[name] = format(moved, "f")
    return moves


def rounding_text(moves: dict[str, str], currency: str | None, lang: str = "hu") -> str:
    """``Anna +2,50 EUR, Béla −2,50 EUR``: who absorbed the rounding, and how much."""
    return ", ".join(f"{name} {signed_money(m, currency, lang)}" for name, m in moves.items())

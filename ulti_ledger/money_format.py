"""Money for reading, one way everywhere: the pages, the hand preview and the PDF.

``−1 250,50 EUR`` in Hungarian (groups split by a narrow no-break space, a decimal comma),
``−1,250.50 EUR`` in English; a real minus sign; the currency code in capitals (``HUF``,
never ``Ft``; an old evening's ``huf`` too), after a no-break space. An amount shows the
currency's minor digits (the engine's smallest coin says how many: HUF 0, EUR 2) and more
only when it has them (a unit of 0,125 EUR), so an exact amount is never rounded for show.
"""

from __future__ import annotations

from decimal import Decimal

from .settlement.money import smallest_coin

MINUS = "\u2212"
"""A real minus sign: as wide as the plus, so columns of numbers line up."""
GROUP = {"hu": "\u202f", "en": ","}
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
        text = text.replace(",", GROUP["hu"]).replace(".", ",")
    number = f"{MINUS}{text}" if value < 0 else text
    return f"{number}{NBSP}{currency_code(currency)}" if unit and currency else number

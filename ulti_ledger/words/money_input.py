"""A stake as people type it: one reading for the new-evening form, the API and import.

``1 000``, ``1 000`` (no-break space) and ``1 000`` (narrow no-break space, as the
pages write it) are a thousand; ``2,5`` and ``2.5`` are two and a half, where the
currency has minor units (EUR has cents, HUF has no fillér in use). ``Ft``, ``ft.``
and ``huf`` are HUF; any other code is kept in capitals. A refusal is a `MoneyInputError`
whose ``code`` says what is wrong (the form words it in the reader's language) and
whose message says it in English (the API's and import's words).
"""

from __future__ import annotations

import re
from decimal import Decimal

from .money_format import currency_code, minor_digits

MAX_CODE = 8
SEPARATORS = " \u00a0\u202f"
"""Thousands separators people type or paste: space, no-break space, narrow no-break space."""
_GROUPED = re.compile(rf"[0-9]{{1,3}}([{SEPARATORS}][0-9]{{3}})+")
_PLAIN = re.compile(r"[0-9]{1,12}")
_FRACTION = re.compile(r"[0-9]{1,6}")
_UNPRINTABLE = re.compile(r"[\x00-\x1f\x7f\ud800-\udfff]")

MESSAGES = {
    "amount_required": "is required: the value of a unit, such as 10 or 0,5",
    "amount_not_number": 'must be a positive decimal string such as "10", "1 000" or "0,5", '
    "not {value!r}",
    "amount_not_string": 'must be a positive decimal string such as "10", "1 000" or "0,5", '
    "not {value!r}",
    "amount_digits": "write the digits 0-9, not {value!r}",
    "amount_not_positive": "must be positive (more than zero), not {value!r}",
    "amount_no_minor_units": "{currency} has no minor units: give a whole amount, not {value!r}",
    "amount_too_precise": "at most 6 decimals, not {value!r}",
    "amount_ambiguous": "{value!r} could be a thousand or a fraction: write 1000 or 1 000 for a "
    "thousand, 1,5 for one and a half",
    "currency_required": 'is required: the currency code, such as "HUF" or "EUR"',
    "currency_invalid": "must be a short code such as HUF or EUR, not {value!r}",
}


class MoneyInputError(ValueError):
    """A stake or currency that cannot be read; ``key`` is amount or currency."""

    def __init__(self, key: str, code: str, **params: object) -> None:
        self.key = key
        self.code = code
        self.params = params
        super().__init__(MESSAGES[code].format(**params))


def foreign_digit(text: str) -> bool:
    """Whether ``text`` holds a digit other than ASCII 0-9 ("١٠", "１０", "²"): Python's
    ``int``, ``Decimal`` and ``\\d`` read them as numbers, but nobody types an amount so on
    purpose, and a pasted one should be refused, not read as something else."""
    return any(c.isdigit() and not ("0" <= c <= "9") for c in text)


def parse_currency(raw: object) -> str:
    """The currency code: ``Ft``, ``ft.``, ``huf`` → HUF; ``eur`` → EUR."""
    if raw is None or (isinstance(raw, str) and not raw.strip()):
        raise MoneyInputError("currency", "currency_required")
    if not isinstance(raw, str):
        raise MoneyInputError("currency", "currency_invalid", value=raw)
    code = currency_code(raw)
    if not code or len(code) > MAX_CODE or _UNPRINTABLE.search(code) or " " in code:
        raise MoneyInputError("currency", "currency_invalid", value=raw)
    return code


def parse_amount(raw: object, currency: str | None) -> str:
    """The value of a unit as a canonical decimal string ("1000", "2.5"), or a refusal.

    ``currency`` is a code `parse_currency` gave: it says whether decimals are allowed
    (None: not known yet, the amount's own form is checked).
    """
    if raw is None or (isinstance(raw, str) and not raw.strip()):
        raise MoneyInputError("amount", "amount_required")
    if not isinstance(raw, str):
        raise MoneyInputError("amount", "amount_not_string", value=raw)
    text = raw.strip()
    if foreign_digit(text):
        raise MoneyInputError("amount", "amount_digits", value=raw)
    whole, comma, fraction = text.replace(",", ".").partition(".")
    if "." in fraction or not (_PLAIN.fullmatch(whole) or _GROUPED.fullmatch(whole)):
        raise MoneyInputError("amount", "amount_not_number", value=raw)
    if comma and not fraction.isdigit():
        raise MoneyInputError("amount", "amount_not_number", value=raw)
    if (
        len(fraction) == 3
        and whole.isascii()
        and whole.isdigit()
        and len(whole) <= 3
        and whole != "0"
    ):
        # "1.000" is a thousand to many Hungarian and German writers, one to others.
        raise MoneyInputError("amount", "amount_ambiguous", value=raw)
    digits = "".join(c for c in whole if c.isdigit())
    if len(digits) > 12:
        raise MoneyInputError("amount", "amount_not_number", value=raw)
    if fraction and not _FRACTION.fullmatch(fraction):
        raise MoneyInputError("amount", "amount_too_precise", value=raw)
    value = Decimal(f"{digits}.{fraction}" if fraction else digits)
    if value <= 0:
        raise MoneyInputError("amount", "amount_not_positive", value=raw)
    if currency is not None and value != value.to_integral_value() and not minor_digits(currency):
        raise MoneyInputError("amount", "amount_no_minor_units", value=raw, currency=currency)
    return f"{digits}.{fraction}" if fraction else digits


def parse_stake(amount: object, currency: object) -> tuple[str, str]:
    """The (amount, currency code) of a stake: a malformed amount is named first, then the
    currency, then a fraction the currency has no coin for."""
    parse_amount(amount, None)
    code = parse_currency(currency)
    return parse_amount(amount, code), code

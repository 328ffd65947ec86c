"""Whole numbers from the outside world: URL segments, form fields and query arguments.

``str.isdigit`` accepts "²" and "٣", which ``int`` then refuses or reads as 3, and a
5,000-digit string passes it too; ids beyond 2³¹−1 overflow the database's INTEGER (a
500 on SQLite and PostgreSQL). Everything here takes ASCII digits only, within 2³¹−1.
"""

from __future__ import annotations

import re

from werkzeug.routing import IntegerConverter

MAX_ID = 2**31 - 1
"""The largest id, version or number any of our INTEGER columns holds."""
DIGITS = re.compile(r"[0-9]{1,10}")


def up_to(limit: int) -> str:
    """A regular expression for the decimal numbers from 0 to ``limit`` (no leading zeros
    beyond ``limit``'s length): a URL with a larger one matches no route at all."""
    text = str(limit)
    if len(text) == 1:
        return f"[0-{text}]"
    parts = [f"[0-9]{{1,{len(text) - 1}}}"]
    for i, digit in enumerate(text):
        rest = len(text) - i - 1
        if digit != "0":
            low = "1" if i == 0 else "0"
            top = int(digit) - (0 if rest == 0 else 1)
            if top >= int(low):
                parts.append(f"{text[:i]}[{low}-{top}]" + (f"[0-9]{{{rest}}}" if rest else ""))
    if text[-1] == "0":
        parts.append(text)
    return "(?:" + "|".join(parts) + ")"


class BoundedInt(IntegerConverter):
    """``<int:...>`` for ids: ASCII digits up to ``MAX_ID``, so a larger one is a 404.

    The bound is in the pattern, not only in ``max``: werkzeug answers a value its
    converter refuses with 405 when another method's rule has the same path."""

    regex = up_to(MAX_ID)

    def __init__(self, map, fixed_digits=0, min=None, max=MAX_ID, signed=False) -> None:  # noqa: A002
        super().__init__(map, fixed_digits, min, MAX_ID if max is None else max, signed)


def non_negative_int(raw: object, maximum: int = MAX_ID) -> int | None:
    """``raw`` as a whole number from 0 to ``maximum``, or None if it is anything else."""
    if not isinstance(raw, str) or not DIGITS.fullmatch(raw):
        return None
    value = int(raw)
    return value if value <= maximum else None

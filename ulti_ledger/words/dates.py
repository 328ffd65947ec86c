"""An evening's date as each language writes it, on every page and in the PDF.

Hungarian writes the year first, each part with a dot: ``2026. 12. 01.`` (Babel's short
``hu`` form). English gets ``1 Dec 2026`` (Babel's medium ``en_GB`` form): the month's
name makes it unambiguous on both sides of the Atlantic, where ``01/12/2026`` is not.
German writes ``01.12.2026`` (Babel's medium ``de`` form), as a German reader expects.
The API and the files keep ISO 8601 (``2026-12-01``), for machines.
"""

from __future__ import annotations

import datetime as dt

from babel.dates import format_date

FORMATS = {"hu": ("short", "hu"), "en": ("medium", "en_GB"), "de": ("medium", "de")}


def date_text(value: dt.date | str | None, lang: str = "hu") -> str:
    """``value`` (a date, or its ISO text) for reading; '' for none."""
    if not value:
        return ""
    day = dt.date.fromisoformat(value) if isinstance(value, str) else value
    form, locale = FORMATS[lang if lang in FORMATS else "hu"]
    return format_date(day, form, locale=locale)

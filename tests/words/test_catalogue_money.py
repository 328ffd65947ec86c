"""No catalogue writes money itself: every page writes a currency by its code (HUF, EUR) and
works an amount out from the evening's stake, so a text that says "50 Ft" or "5 forintos"
is wrong at any other stake, and in any other currency (issue 27).

Every gettext catalogue is read: the app's (``translations/``, the rulesets' words too),
the engine's and each game's own domain, templates and translations alike; and the
shipped ruleset files' own labels and help, which a page shows where a game has no words.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[2]
CATALOGUES = sorted(
    [*(ROOT / "translations").rglob("*.po*"), *(ROOT / "ulti_ledger").rglob("locale/**/*.po*")]
)

# The forint and the euro as people write them, not as codes: Ft, ft., forint(os), €, Euro.
NOT_A_CODE = re.compile(r"\bFt\b|\bft\.|forint|€|\beuros?\b", re.IGNORECASE)
# A number next to a currency, code or not: "50 Ft", "150 HUF", "€5", "10 EUR".
AN_AMOUNT = re.compile(
    r"\d[\d\s.,]*\s*(?:Ft\b|ft\.|forint|€|[A-Z]{3}\b)|(?:€|\b[A-Z]{3})\s*\d", re.IGNORECASE
)
CODES = ("HUF", "EUR", "USD", "GBP", "CHF")


def money_in(text: str) -> list[str]:
    """What in ``text`` writes money itself: a currency not by its code, or an amount."""
    found = [m.group(0) for m in NOT_A_CODE.finditer(text)]
    for match in AN_AMOUNT.finditer(text):
        amount = match.group(0)
        if NOT_A_CODE.search(amount) or any(code in amount.upper() for code in CODES):
            found.append(amount.strip())
    return found


def texts(path: Path) -> list[tuple[str, str]]:
    """Each message's id and text, and the English and Hungarian of its comments."""
    with path.open("rb") as source:
        catalogue = read_po(source)
    out = []
    for message in catalogue:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for text in (*ids, *strings, *message.auto_comments):
            out.append((str(message.id), text))
    return out


def test_the_check_finds_money_written_into_a_text():
    assert money_in("10 pont, 5 forintos alapon 50 Ft") == ["forint", "Ft", "5 forint", "50 Ft"]
    assert money_in("new deal + 150 HUF into the kitty") == ["150 HUF"]
    assert money_in("neues Geben + 5 € in die Kasse") == ["€", "5 €"]
    assert money_in("Give the currency, such as HUF or EUR.") == []
    assert money_in("új osztás + {points} pont a kasszába") == []
    assert money_in("10 Punkte je Spieler; 40-100 ulti; XXI-fogás") == []


def test_no_catalogue_writes_a_currency_or_an_amount_of_money():
    assert len(CATALOGUES) > 10  # the app's, the rulesets', the engine's and each game's
    found = [
        f"{path.relative_to(ROOT)}: {key}: {text!r} ({', '.join(money)})"
        for path in CATALOGUES
        for key, text in texts(path)
        if (money := money_in(text))
    ]
    assert found == [], "\n".join(found)


def ruleset_words(raw: object, where: str = "") -> list[tuple[str, str]]:
    """Every label and help text of a ruleset file, with where it is."""
    if isinstance(raw, dict):
        found = []
        for key, value in raw.items():
            if isinstance(value, str) and key.startswith(("label", "help", "description")):
                found.append((f"{where}.{key}", value))
            else:
                found += ruleset_words(value, f"{where}.{key}")
        return found
    return []


def test_no_shipped_ruleset_writes_money_into_its_words():
    files = sorted((ROOT / "ulti_ledger" / "games").glob("*/rulesets/*.toml"))
    assert files
    found = [
        f"{path.relative_to(ROOT)}: {key}: {text!r}"
        for path in files
        for key, text in ruleset_words(tomllib.loads(path.read_text(encoding="utf-8")))
        if money_in(text)
    ]
    assert found == [], "\n".join(found)

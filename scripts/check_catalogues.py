"""Refuse to compile the gettext catalogues when one is missing or fuzzy (``make translations``).

``pybabel compile`` skips a catalogue whose header is marked fuzzy (Babel's default for a
new one) and leaves out fuzzy messages, and says so only as a warning: the app would then
show English, or the key, where a game's words should be. This check runs first and fails
naming each problem: every domain (the pages' ``translations/``, the engine's
``ulti_ledger/settlement/locale``, each game's ``ulti_ledger/games/<game>/locale``) must
have its template and a ``.po`` for each of its languages, none of them fuzzy.

Usage: ``python scripts/check_catalogues.py [ROOT]`` (ROOT: the checkout, by default the
folder above this script). Exit status 1 when a problem is found.
"""

from __future__ import annotations

import sys
from pathlib import Path

from babel.messages.pofile import read_po

LANGUAGES = ("hu", "en", "de")
ENGINE_LANGUAGES = ("hu", "de")
"""The engine's msgids are English sentences: its catalogue has no English ``.po``."""


def domains(root: Path) -> list[tuple[Path, str, tuple[str, ...]]]:
    """Each domain as (its locale folder, its name, the languages it must have)."""
    found = [(root / "translations", "messages", LANGUAGES)]
    found.append((root / "ulti_ledger" / "settlement" / "locale", "settlement", ENGINE_LANGUAGES))
    for game in sorted((root / "ulti_ledger" / "games").iterdir()):
        if (game / "__init__.py").is_file():  # a game package; its locale must be there
            found.append((game / "locale", game.name, LANGUAGES))
    return found


def problems(root: Path) -> list[str]:
    """What stops the catalogues from compiling whole: a missing template or ``.po``, a
    fuzzy header, a fuzzy message."""
    out = []
    for localedir, domain, languages in domains(root):
        if not (localedir / f"{domain}.pot").is_file():
            out.append(f"{localedir}/{domain}.pot is missing")
        for lang in languages:
            po = localedir / lang / "LC_MESSAGES" / f"{domain}.po"
            if not po.is_file():
                out.append(f"{po} is missing")
                continue
            with po.open("rb") as source:
                catalog = read_po(source, locale=lang)
            if catalog.fuzzy:
                out.append(f"{po}: the header is marked fuzzy (remove '#, fuzzy' once checked)")
            fuzzy = [m.id for m in catalog if m.id and m.fuzzy]
            out += [f"{po}: {m!r} is fuzzy" for m in fuzzy]
    return out


def main(argv: list[str]) -> int:
    root = Path(argv[1]) if len(argv) > 1 else Path(__file__).resolve().parent.parent
    found = problems(root)
    for problem in found:
        print(f"translations: {problem}", file=sys.stderr)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

"""Every key in the app's catalogue is asked for somewhere: a text nothing shows is a text
nobody keeps right, and a dead copy of a live one misleads the next translator."""

from __future__ import annotations

from pathlib import Path

from babel.messages.pofile import read_po

from ulti_ledger import PROJECT_ROOT
from ulti_ledger.words import messages

BUILT = ("stats.", "error_", "change_", "action_", "via_", "grp_err_", "err_hidden_", "pay_err_")
BUILT += ("bank_qr_none_", "seat_err_", "agree_", "confirm_mode_")
"""Key prefixes the code builds from a value (``t(f"error_{code}")``, ``_label("via", via)``):
each key under them is one value's text, not a literal in the source."""

SOURCES = ("ulti_ledger", "templates", "static", "app.py")


def _source_text() -> str:
    files: list[Path] = []
    for name in SOURCES:
        path = PROJECT_ROOT / name
        files.extend([path] if path.is_file() else path.rglob("*"))
    wanted = {".py", ".html", ".css", ".js", ".toml"}
    return "\n".join(f.read_text("utf-8") for f in files if f.suffix in wanted)


def test_every_key_of_the_app_catalogue_is_used():
    with (messages.ROOT / "messages.pot").open("rb") as source:
        catalogue = read_po(source)
    code = _source_text()
    keys = {m.id if isinstance(m.id, str) else m.id[0] for m in catalogue if m.id}
    unused = sorted(
        key
        for key in keys
        if not key.startswith(BUILT)
        and f'"{key}"' not in code
        and f"'{key}'" not in code
        and f"w.{key}" not in code  # the PDF's words: ``{{ w.no_hands }}``
    )
    assert unused == [], f"keys nothing asks for (remove them from every catalogue): {unused}"

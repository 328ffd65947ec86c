"""Write docs/example-scoresheet.pdf and docs/example-scoresheet.png: a realistic evening.

Four friends, twenty-six hands of ordinary play (mostly passz, ulti, betli and 40-100,
a few kontras, a silent 100, a failed silent ulti, a renonsz, an all pass, a bedobás),
recorded through the ledger into a throwaway SQLite database, then rendered exactly as
the app renders a scoresheet. The PNG (first page) needs ``pdftoppm`` (poppler-utils).

    .venv/bin/python scripts/example_scoresheet.py [OUT_DIR]
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from ulti_ledger import create_app, ledger, rotation  # noqa: E402
from ulti_ledger.pdf.document import scoresheet_pdf  # noqa: E402

SEATS = ("Anna", "Béla", "Győző", "Tünde")
HOUSE_RULES = {"max_kontra_level": 3, "silent_100_vs_parti": "replaces"}


def played(name: str, won: bool = True, kontra: int | dict[str, int] = 0) -> dict[str, Any]:
    part: dict[str, Any] = {"name": name, "won": won}
    if kontra:
        part["kontra"] = kontra
    return part


def silent(name: str, side: str = "declarer", won: bool = True) -> dict[str, Any]:
    return {"name": name, "side": side, "won": won}


# (declarer, colour, components, extra keys); the dealer rotates and sits out.
EVENING: list[tuple[str, str | None, list[dict[str, Any]], dict[str, Any]]] = [
    ("Béla", "piros", [played("parti")], {}),
    ("Győző", "zold", [played("40-100")], {}),
    ("Tünde", None, [played("betli")], {}),
    ("Anna", "piros", [played("parti", False)], {}),
    ("Béla", None, [], {"outcome": "all_pass"}),
    ("Tünde", "tok", [played("ulti", kontra=1), played("parti")], {}),
    ("Anna", "piros", [played("40-100")], {}),
    ("Béla", "makk", [played("parti")], {"silent": [silent("100")]}),
    ("Győző", "piros", [played("betli", False, {"Béla": 1})], {}),
    ("Anna", "zold", [played("ulti", False), played("parti")], {}),
    ("Tünde", "piros", [played("parti")], {}),
    ("Béla", "makk", [played("40-100", kontra=1)], {}),
    ("Győző", "tok", [{"name": "parti"}], {"renonsz": {"player": "Tünde"}}),
    ("Anna", "piros", [played("parti")], {}),
    ("Tünde", None, [played("betli", False)], {}),
    ("Anna", "makk", [played("40-100"), played("ulti")], {}),
    ("Béla", "piros", [played("parti")], {"silent": [silent("ulti", won=False)]}),
    ("Győző", "zold", [played("durchmars")], {}),
    ("Tünde", "piros", [played("parti", False)], {}),
    ("Béla", None, [{"name": "betli", "open": True, "won": True}], {}),
    ("Győző", "piros", [played("ulti", kontra=2), played("parti")], {}),
    ("Tünde", "tok", [played("40-100", False, 1)], {}),
    ("Anna", "zold", [{"name": "20-100"}], {"outcome": "conceded"}),
    ("Béla", "piros", [played("parti")], {}),
    ("Győző", "makk", [played("parti")], {}),
    ("Tünde", "piros", [played("40-100")], {}),
]


def evening() -> dict[str, Any]:
    """The session@1 body of the example evening (who plays each hand follows the deal)."""
    hands = []
    for number, (declarer, colour, components, extra) in enumerate(EVENING):
        deal = rotation.deal(SEATS, SEATS[number % len(SEATS)])
        assert declarer in deal.players, f"hand {number + 1}: {declarer} sits out"
        hand: dict[str, Any] = {
            "players": list(deal.players),
            "sitting_out": list(deal.sitting_out),
            "declarer": declarer,
        }
        if colour:
            hand["colour"] = colour
        if components:
            hand["components"] = components
        hands.append({**hand, **extra})
    return {
        "format": "ulti-ledger/session@1",
        "name": "Péntek esti ulti",
        "date": "2024-11-29",
        "place": "Hűvösvölgy, Budapest",
        "ruleset": "ulti",
        "options": HOUSE_RULES,
        "unit_value": {"amount": "20", "currency": "HUF"},
        "players": list(SEATS),
        "hands": hands,
    }


def main(out_dir: Path) -> None:
    from flask_migrate import upgrade

    with tempfile.TemporaryDirectory() as tmp:
        app = create_app(
            {"SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp}/example.sqlite3", "SECRET_KEY": "x"}
        )
        with app.app_context():
            upgrade()
            session = ledger.create_session(evening())
            pdf = scoresheet_pdf(session)
            from ulti_ledger.db import db

            db.session.remove()
            db.engine.dispose()
    out_dir.mkdir(parents=True, exist_ok=True)
    target = out_dir / "example-scoresheet.pdf"
    target.write_bytes(pdf)
    print(f"wrote {target} ({len(pdf) // 1024} KiB)")
    if shutil.which("pdftoppm") is None:
        print("pdftoppm not found (apt-get install poppler-utils): no PNG written")
        return
    stem = out_dir / "example-scoresheet"
    subprocess.run(
        ["pdftoppm", "-png", "-r", "80", "-f", "1", "-l", "1", "-singlefile", target, stem],
        check=True,
    )
    print(f"wrote {stem}.png")


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs")

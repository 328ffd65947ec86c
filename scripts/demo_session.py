"""Create a realistic evening of Ulti for four (13 hand-picked hands) and print its links.

For trying the app and for the README's screenshots. Writes through the ledger, the same
path as the forms and the API, into the configured database (``instance/`` SQLite, or
``DATABASE_URL``); the database must exist (``flask --app app db upgrade``).

    .venv/bin/python scripts/demo_session.py [--base-url http://127.0.0.1:5000]
"""

from __future__ import annotations

import argparse
import datetime as dt
from collections.abc import Callable
from typing import Any

from ulti_ledger import create_app, ledger

PLAYERS = ["Anna", "Béla", "Csaba", "Dóra"]

Hand = Callable[[list[str]], dict[str, Any]]
"""A hand as a function of who plays it (first bidder first): the deal rotates."""


def _played(declarer: int, colour: str | None, components: list[dict], **extra: Any) -> Hand:
    def make(players: list[str]) -> dict[str, Any]:
        hand: dict[str, Any] = {"declarer": players[declarer], "components": components}
        if colour:
            hand["colour"] = colour
        for key, value in extra.items():
            hand[key] = value(players) if callable(value) else value
        return hand

    return make


def _defender(index: int, declarer: int) -> Callable[[list[str]], str]:
    return lambda players: [p for p in players if p != players[declarer]][index]


def _betli_with_kontra(players: list[str]) -> dict[str, Any]:
    """Hand 3: a lost betli, one defender said kontra (individual kontra)."""
    declarer = players[2]
    defender = next(p for p in players if p != declarer)
    return {
        "declarer": declarer,
        "components": [{"name": "betli", "won": False, "kontra": {defender: 1}}],
    }


EVENING: list[Hand] = [
    _played(0, "piros", [{"name": "parti", "won": True}]),
    _played(1, "zold", [{"name": "40-100", "won": True, "kontra": 1}]),
    _betli_with_kontra,
    _played(
        0, "tok", [{"name": "ulti", "won": False, "kontra": 1}, {"name": "parti", "won": True}]
    ),
    lambda players: {"declarer": players[0], "outcome": "all_pass"},
    _played(
        1,
        "piros",
        [{"name": "parti", "won": False}],
        silent=[{"name": "100", "side": "defenders", "won": True}],
    ),
    _played(2, "makk", [{"name": "parti", "won": False}]),
    _played(0, "piros", [{"name": "20-100", "won": True}]),
    _played(1, None, [{"name": "betli", "open": True, "won": True}]),
    _played(
        2,
        "zold",
        [{"name": "ulti", "won": True}, {"name": "parti", "won": True}],
        silent=[{"name": "negy-asz", "side": "declarer", "won": True}],
    ),
    _played(
        0,
        "makk",
        [{"name": "40-100"}],
        renonsz=lambda players: {"player": _defender(1, 0)(players)},
    ),
    _played(1, "tok", [{"name": "durchmars", "won": True, "kontra": 2}]),
    lambda players: {
        "declarer": players[2],
        "outcome": "conceded",
        "colour": "piros",
        "components": [{"name": "ulti"}, {"name": "parti"}],
    },
]


def create_demo(name: str = "Pénteki ulti") -> Any:
    """Create the session with its hands, each dealt by the rotation; returns the session."""
    session = ledger.create_session(
        {
            "format": ledger.SESSION_FORMAT,
            "ruleset": "ulti",
            "options": {},
            "unit_value": {"amount": "10", "currency": "HUF"},
            "players": PLAYERS,
            "name": name,
            "date": dt.date.today().isoformat(),
            "place": "Béláéknál",
        }
    )
    for make in EVENING:
        deal = ledger.next_hand(session)
        hand = make(list(deal["players"]))
        hand.update(players=deal["players"], sitting_out=deal["sitting_out"])
        ledger.add_hand(session, hand)
    return session


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base-url", default="http://127.0.0.1:5000")
    args = parser.parse_args()
    app = create_app()
    with app.app_context():
        session = create_demo()
        print(f"edit: {args.base_url}/e/{session.edit_token}")
        print(f"view: {args.base_url}/s/{session.view_token}")


if __name__ == "__main__":
    main()

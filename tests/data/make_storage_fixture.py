"""Write the storage fixture: a database at revision 5d2e8f1b9c34 (the schema before hands
were stored as canonical facts) holding a hand of every Ulti kind, as a JSON backup, and
what the app said about it then.

Run once, on commit 0c566ef (the last one with that schema), from the checkout's root:
``.venv/bin/python tests/data/make_storage_fixture.py``. It writes
``tests/data/backup-5d2e8f1b9c34.json`` (the backup the app wrote) and
``tests/data/backup-5d2e8f1b9c34.expected.json`` (each session's hands with their facts
and results, its history, its deleted hands and its JSON export, as that version read
them). ``tests/ledger/test_storage_migration.py`` checks the newer code against both.
"""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent.parent))

from flask_migrate import upgrade  # noqa: E402

from testkit import samples  # noqa: E402
from tests.conftest import HAND_KINDS  # noqa: E402
from ulti_ledger import create_app, ledger  # noqa: E402
from ulti_ledger.backup.files import backup  # noqa: E402

REVISION = "5d2e8f1b9c34"


def expected(session_id: int) -> dict:
    session = ledger.get_session(session_id)
    summary = ledger.session_json(session)
    return {
        "hands": [
            {"number": h["number"], "dealer": h["dealer"], "hand": h["hand"], "result": h["result"]}
            for h in summary["hands"]
        ],
        "history": ledger.session_history(session),
        "hand_histories": [ledger.hand_history(session, h["number"]) for h in summary["hands"]],
        "deleted": ledger.deleted_hands(session),
        "export": ledger.session_export_json(session),
        "totals": summary["totals"],
    }


def every_kind() -> int:
    """Every kind of hand, one edited (twice), one deleted, one deleted and restored."""
    body = samples.session_body(hands=list(HAND_KINDS.values()))
    session = ledger.create_session(body)
    ledger.replace_hand(session, 1, {**HAND_KINDS["piros passz"], "declarer": "Béla"})
    ledger.replace_hand(
        session,
        1,
        {
            **HAND_KINDS["betli, individual kontra"],
            "declarer": "Anna",
            "components": [{"name": "betli", "won": False, "kontra": {"Béla": 2, "Csaba": 0}}],
        },
    )
    ledger.delete_hand(session, 3)
    ledger.add_hand(session, HAND_KINDS["terített betli"])
    number, hand_id = ledger.undo_last_hand(session)
    ledger.restore_hand(session, hand_id)
    ledger.delete_hand(session, 4)  # the rebetli; the all pass stays
    return session.id


def changing_evening() -> int:
    """A rename, a late arrival, a leaver and house rules kept by the recorded hands."""
    session = ledger.create_session(
        samples.session_body(hands=[HAND_KINDS["piros passz"], HAND_KINDS["renonsz"]])
    )
    ledger.change_players(session, {"add": {"name": "Ede", "seat": 2}})
    deal = ledger.next_hand(session)
    ledger.add_hand(
        session,
        {
            "players": deal["players"],
            "sitting_out": deal["sitting_out"],
            "declarer": deal["players"][0],
            "components": [
                {
                    "name": "betli",
                    "won": True,
                    "kontra": {deal["players"][1]: 1, deal["players"][2]: 0},
                }
            ],
        },
    )
    ledger.change_players(session, {"rename": {"Béla": "Béla Kovács"}})
    ledger.change_players(session, {"remove": {"name": "Dóra"}})
    ledger.update_session(
        session, {"options": {"four_player_dealer": "pays_as_defender"}, "resettle": False}
    )
    deal = ledger.next_hand(session)
    ledger.add_hand(
        session,
        {
            "players": deal["players"],
            "sitting_out": deal["sitting_out"],
            "declarer": deal["players"][2],
            "colour": "tok",
            "components": [{"name": "parti", "won": False}],
            "silent": [{"name": "100", "side": "defenders", "won": True}],
        },
    )
    return session.id


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        app = create_app(
            {
                "SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder}/fixture.sqlite3",
                "SECRET_KEY": "fixture",
                "LAN_ADDRESSES": "",
                "PUBLIC_URL": None,
            }
        )
        with app.app_context():
            upgrade(revision=REVISION)
            ids = [every_kind(), changing_evening()]
            found = {str(i): expected(i) for i in ids}
        backup(app, HERE / f"backup-{REVISION}.json", "json")
    text = json.dumps(found, ensure_ascii=False, indent=1) + "\n"
    (HERE / f"backup-{REVISION}.expected.json").write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()

"""An evening begun through the API, as the ledger tests of every game begin theirs, and
the check that its JSON export imports back byte for byte with its pages served."""

from __future__ import annotations

from typing import Any


def begin_evening(
    client,
    ruleset: str,
    players: list[str],
    amount: str,
    currency: str = "HUF",
    options: dict[str, Any] | None = None,
    hands: list[dict[str, Any]] | None = None,
) -> tuple[int, dict[str, str], str]:
    """A new evening: its id, the scorer's Authorization header and its view path
    (``/v/...``, the address without host)."""
    body: dict[str, Any] = {
        "format": "ulti-ledger/session@1",
        "ruleset": ruleset,
        "players": players,
        "unit_value": {"amount": amount, "currency": currency},
    }
    if options:
        body["options"] = options
    if hands:
        body["hands"] = hands
    created = client.post("/api/v1/sessions", json=body)
    assert created.status_code == 201, created.get_json()
    made = created.get_json()
    return made["id"], {"Authorization": f"Bearer {made['edit_token']}"}, path_of(made["view_url"])


def path_of(url: str) -> str:
    """``http://host:port/v/abc`` → ``/v/abc``."""
    return "/" + url.split("//", 1)[1].split("/", 1)[1]


def assert_export_imports_back(client, path: str) -> None:
    """The evening's JSON export, imported as a new evening, exports the same bytes; its
    scoreboard, PDF and CSV are served."""
    exported = client.get(f"{path}/session.json").get_data()
    again = client.post("/api/v1/sessions", data=exported, content_type="application/json")
    assert again.status_code == 201, again.get_json()
    copy = path_of(again.get_json()["view_url"])
    assert client.get(f"{copy}/session.json").get_data() == exported
    for page in ("", "/scoresheet.pdf", "/hands.csv"):
        assert client.get(f"{path}{page}").status_code == 200

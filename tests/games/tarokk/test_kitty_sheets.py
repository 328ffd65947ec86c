"""The kitty on every sheet: a magas tarokk evening whose hands put into the pagát kitty
and take it shows its balance and history on the scoreboard, in the API, the PDF, the CSV,
the JSON export and `ulti-ledger settle`, with what happens to a balance left in it."""

from __future__ import annotations

import csv
import io
import json

import pdfplumber
import pytest

from tests.games.tarokk.test_tarokk_ledger import HANDS, _evening
from ulti_ledger.cli.main import main
from ulti_ledger.ledger.kitty import session_kitty
from ulti_ledger.settlement.kitty import KittyMove

# 1: the declarers' failed pagát ultimó pays one step in (Béla 5, Dóra 5): 10.
# 2: a renonsz, "new deal and a payment into the kitty": Ede pays 150 Ft (30 points): 40.
# 3: a pagát fácán made takes it all (Dóra 20, Béla 20): 0.
# 4: hand 1 again: 10 left at the end, 50 HUF at 5 HUF a point.
EVENING = [*HANDS, HANDS[0]]


def _record(client):
    sid, auth, view = _evening(client)
    for hand in EVENING:
        saved = client.post(f"/api/v1/sessions/{sid}/hands", json=hand, headers=auth)
        assert saved.status_code == 201, saved.get_json()
    return sid, auth, view


def test_the_kitty_runs_from_hand_to_hand():
    moves = [
        {"kitty_move": KittyMove(payers=("A",), amount=10, doubles=True, step=10, cap=50)},
        {"kitty_move": None},
        {"kitty_move": KittyMove(payers=("B", "C"), amount=10, doubles=True, step=10, cap=50)},
        {"kitty_move": KittyMove(takers=("C",))},
    ]
    entries, kitty = session_kitty(moves, "5")
    assert entries == [{"A": -10}, None, {"B": -5, "C": -5}, {"C": 20}]
    assert kitty["balance"] == 0 and kitty["money"] == "0"
    assert [(h["number"], h["put_in"], h["took"], h["balance"]) for h in kitty["hands"]] == [
        (1, {"A": 10}, {}, 10),
        (3, {"B": 5, "C": 5}, {}, 20),
        (4, {}, {"C": 20}, 0),
    ]
    assert session_kitty([{"kitty_move": None}], "5") == ([None], None)


@pytest.mark.db
def test_the_api_gives_each_hand_its_entries_and_the_balance(client):
    sid, auth, _ = _record(client)
    session = client.get(f"/api/v1/sessions/{sid}", headers=auth).get_json()
    entries = [h["result"].get("kitty") for h in session["hands"]]
    assert entries == [
        {"Béla": -5, "Dóra": -5},
        {"Ede": -30},
        {"Dóra": 20, "Béla": 20},
        {"Béla": -5, "Dóra": -5},
    ]
    kitty = session["kitty"]
    assert kitty["balance"] == 10 == -sum(sum(e.values()) for e in entries)
    assert kitty["money"] == "50" and kitty["rule"] == "stays"
    assert [h["balance"] for h in kitty["hands"]] == [10, 40, 0, 10]
    third = client.get(f"/api/v1/sessions/{sid}/hands/3", headers=auth).get_json()
    assert third["result"]["kitty"] == {"Dóra": 20, "Béla": 20}  # counted in the evening


@pytest.mark.db
@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("hu", ("Kassza", "A kassza egyenlege: 10 (50 HUF)", "következő estéjére marad")),
        ("en", ("Kitty", "Kitty balance: 10 (50 HUF)", "s next evening; it is not part")),
        ("de", ("Kasse", "Stand der Kasse: 10 (50 HUF)", "nächsten Abend der Runde")),
    ],
)
def test_the_scoreboard_shows_the_kitty(client, lang, words):
    _, _, path = _record(client)
    page = client.get(f"{path}?lang={lang}").get_data(as_text=True).replace("\u00a0", " ")
    for word in words:
        assert word in page
    assert 'data-testid="kitty-hand-3"' in page and "Béla 20, Dóra 20" in page
    assert 'data-testid="kitty-hand-2"' in page and "Ede 30" in page
    # the end-of-night settlement says it too, on the card and in its text to copy
    settle = page.split('data-testid="settle"', 1)[1].split("</details>", 1)[0]
    assert 'data-testid="settle-kitty"' in settle
    copied = settle.split('data-testid="transfers-text">', 1)[1].split("</textarea>", 1)[0]
    assert words[2] in copied.replace("&#39;", "'")


@pytest.mark.db
def test_an_evening_without_a_kitty_shows_none(client):
    body = {"ruleset": "tarokk", "players": ["Anna", "Béla", "Csaba", "Dóra"]}
    body |= {"format": "ulti-ledger/session@1", "unit_value": {"amount": "5", "currency": "HUF"}}
    made = client.post("/api/v1/sessions", json=body).get_json()
    path = "/" + made["view_url"].split("//", 1)[1].split("/", 1)[1]
    assert 'data-testid="kitty"' not in client.get(path).get_data(as_text=True)
    assert "kitty" not in client.get(f"/api/v1/sessions/{made['id']}").get_json()


@pytest.mark.db
def test_the_pdf_carries_the_kitty(client):
    _, _, path = _record(client)
    pdf = client.get(f"{path}/scoresheet.pdf?lang=en").get_data()
    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        text = "\n".join(page.extract_text() or "" for page in doc.pages).replace("\u00a0", " ")
    assert "Kitty balance: 10 (50 HUF)" in text
    assert "stays for the group's next evening" in text
    assert "Béla 20, Dóra 20" in text


@pytest.mark.db
def test_the_csv_carries_the_kitty(client):
    _, _, path = _record(client)
    text = client.get(f"{path}/hands.csv").get_data(as_text=True).lstrip("\ufeff")
    header, *cells = csv.reader(io.StringIO(text), delimiter=";")
    words = ("Kasszába tett", "Kasszából vitt", "Kassza utána")
    put, took, after = (header.index(w) for w in words)
    assert [c[after] for c in cells] == ["10", "40", "0", "10"]
    assert cells[1][put] == "Ede 30" and cells[2][took] == "Béla 20, Dóra 20"


@pytest.mark.db
def test_the_json_export_carries_the_kitty_and_imports_back(client):
    _, _, path = _record(client)
    exported = client.get(f"{path}/session.json").get_data()
    assert json.loads(exported)["kitty"] == {"balance": 10, "rule": "stays"}
    again = client.post("/api/v1/sessions", data=exported, content_type="application/json")
    assert again.status_code == 201, again.get_json()
    copy = "/" + again.get_json()["view_url"].split("//", 1)[1].split("/", 1)[1]
    assert client.get(f"{copy}/session.json").get_data() == exported


def _session_file(tmp_path):
    data = {
        "format": "ulti-ledger/session@1",
        "ruleset": "magas-tarokk",
        "players": ["Anna", "Béla", "Csaba", "Dóra", "Ede"],
        "unit_value": {"amount": "5", "currency": "HUF"},
        "hands": EVENING,
    }
    path = tmp_path / "evening.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return str(path)


def test_settle_prints_the_kitty(tmp_path):
    from click.testing import CliRunner

    file = _session_file(tmp_path)
    out = CliRunner().invoke(main, ["settle", file])
    assert out.exit_code == 0, out.output
    kitty = json.loads(out.output)["kitty"]
    assert kitty["balance"] == 10 and kitty["money"] == "50" and kitty["rule"] == "stays"
    assert [h["balance"] for h in kitty["hands"]] == [10, 40, 0, 10]
    assert json.loads(out.output)["hands"][2]["kitty"] == {"Dóra": 20, "Béla": 20}
    text = CliRunner().invoke(main, ["settle", "--format", "text", "--lang", "hu", file])
    assert text.exit_code == 0, text.output
    said = text.output.replace("\u00a0", " ")
    assert "A kassza egyenlege: 10 (50 HUF)" in said
    assert "A kasszában maradt 50 HUF a társaság következő estéjére marad" in said
    assert (
        "# | Betett | Elvitte | Egyenleg utána" in said and "3. |  | Béla 20, Dóra 20 | 0" in said
    )

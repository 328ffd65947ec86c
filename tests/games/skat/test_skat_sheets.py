"""What a Skat evening's sheets show beside the hands, through the API and the real DB:
the Bock games still to come on the scoreboard, and the Seeger–Fabian games won and lost
per player on the scoreboard, the PDF and the CSV."""

from __future__ import annotations

import csv
import io
import re
from html import unescape

import openpyxl
import pytest
from pypdf import PdfReader

SEATS = ["Anna", "Béla", "Csaba"]


def _evening(client, options):
    body = {
        "format": "ulti-ledger/session@1",
        "ruleset": "skat",
        "options": options,
        "players": SEATS,
        "unit_value": {"amount": "0.10", "currency": "EUR"},
    }
    created = client.post("/api/v1/sessions", json=body)
    assert created.status_code == 201, created.get_json()
    made = created.get_json()
    auth = {"Authorization": f"Bearer {made['edit_token']}"}
    path = "/" + made["view_url"].split("//", 1)[1].split("/", 1)[1]
    return made["id"], auth, path


def _play(client, sid, auth, game, declarer=None):
    deal = client.get(f"/api/v1/sessions/{sid}", headers=auth).get_json()["next"]
    hand = {"players": deal["players"], "sitting_out": deal["sitting_out"], **game}
    if "outcome" not in game:
        hand["declarer"] = declarer or deal["players"][0]
    saved = client.post(f"/api/v1/sessions/{sid}/hands", json=hand, headers=auth)
    assert saved.status_code == 201, saved.get_json()


def _notices(html):
    return [unescape(n) for n in re.findall(r'data-testid="game-notice">([^<]*)<', html)]


@pytest.mark.db
def test_the_scoreboard_counts_down_the_bock_games_still_to_come(client):
    sid, auth, path = _evening(client, {"bock": "on"})
    assert _notices(client.get(f"{path}?lang=de").get_data(as_text=True)) == []
    _play(client, sid, auth, {"game": "kreuz", "mit": 1, "declarer_points": 61})
    assert _notices(client.get(f"{path}?lang=de").get_data(as_text=True)) == []
    _play(client, sid, auth, {"game": "grand", "mit": 1, "hand": True, "declarer_points": 70})
    shown = client.get(f"{path}?lang=de").get_data(as_text=True)
    assert _notices(shown) == ["Bock: noch 3 Spiele zählen doppelt"]
    _play(client, sid, auth, {"game": "herz", "mit": 1, "declarer_points": 80, "bock": True})
    _play(client, sid, auth, {"outcome": "all_pass", "bock": True})  # eingepasst plays one
    assert _notices(client.get(f"{path}?lang=de").get_data(as_text=True)) == [
        "Bock: noch ein Spiel zählt doppelt"
    ]
    assert _notices(client.get(f"{path}?lang=hu").get_data(as_text=True)) == [
        "Bock: még egy játék számít duplán"
    ]
    pdf = client.get(f"{path}/scoresheet.pdf?lang=de").get_data()
    first = " ".join(PdfReader(io.BytesIO(pdf)).pages[0].extract_text().split())
    assert "Bock: noch ein Spiel zählt doppelt" in first
    _play(client, sid, auth, {"game": "pik", "mit": 1, "declarer_points": 40, "bock": True})
    assert _notices(client.get(path).get_data(as_text=True)) == []


@pytest.mark.db
def test_a_new_trigger_in_a_bock_round_adds_a_round(client):
    sid, auth, path = _evening(client, {"bock": "on"})
    _play(client, sid, auth, {"game": "grand", "mit": 1, "hand": True, "declarer_points": 70})
    grand = {"game": "grand", "mit": 1, "hand": True, "declarer_points": 70, "bock": True}
    _play(client, sid, auth, grand)
    assert _notices(client.get(f"{path}?lang=en").get_data(as_text=True)) == [
        "Bock: 5 more games count double"
    ]


@pytest.mark.db
def test_without_bock_rounds_no_notice_is_shown(client):
    sid, auth, path = _evening(client, {})
    _play(client, sid, auth, {"game": "grand", "mit": 1, "hand": True, "declarer_points": 70})
    assert _notices(client.get(path).get_data(as_text=True)) == []


def _sf_evening(client):
    sid, auth, path = _evening(client, {"list": "seeger_fabian"})
    _play(client, sid, auth, {"game": "kreuz", "mit": 1, "declarer_points": 61}, "Anna")
    _play(client, sid, auth, {"game": "herz", "mit": 1, "declarer_points": 50}, "Anna")
    _play(client, sid, auth, {"game": "pik", "mit": 2, "declarer_points": 90}, "Anna")
    _play(client, sid, auth, {"game": "grand", "mit": 1, "declarer_points": 30}, "Béla")
    _play(client, sid, auth, {"outcome": "all_pass"})
    return path


@pytest.mark.db
def test_seeger_fabian_games_won_and_lost_on_the_scoreboard(client):
    path = _sf_evening(client)
    html = client.get(f"{path}?lang=de").get_data(as_text=True)
    assert "Seeger–Fabian: gewonnene und verlorene Spiele" in html
    counts = {
        (name, key): int(value)
        for name, key, value in re.findall(
            r'data-testid="tally-([^"-]+)-(won|lost)">(\d+)<', unescape(html)
        )
    }
    assert counts == {
        ("Anna", "won"): 2,
        ("Anna", "lost"): 1,
        ("Béla", "won"): 0,
        ("Béla", "lost"): 1,
        ("Csaba", "won"): 0,
        ("Csaba", "lost"): 0,
    }


@pytest.mark.db
def test_seeger_fabian_games_won_and_lost_in_the_workbook_and_the_pdf(client):
    """The counts per player are a table of their own: the workbook's second sheet (the
    CSV holds the hands only, one table a file)."""
    path = _sf_evening(client)
    text = client.get(f"{path}/hands.csv?lang=de").get_data(as_text=True).lstrip("\ufeff")
    rows = list(csv.reader(io.StringIO(text), delimiter=";"))
    assert all(len(row) == len(rows[0]) for row in rows)
    book = openpyxl.load_workbook(io.BytesIO(client.get(f"{path}/hands.xlsx?lang=de").data))
    assert book.sheetnames[1] == "Seeger–Fabian  gewonnene und ve"
    counts = [[str(c) if c is not None else "" for c in r] for r in book.worksheets[1].values]
    at = {name: counts[0].index(name) for name in SEATS}
    won, lost = counts[1], counts[2]
    assert won[0] == "gewonnen" and lost[0] == "verloren"
    assert [won[at[n]] for n in SEATS] == ["2", "0", "0"]
    assert [lost[at[n]] for n in SEATS] == ["1", "1", "0"]

    pdf = client.get(f"{path}/scoresheet.pdf?lang=de").get_data()
    first = " ".join(PdfReader(io.BytesIO(pdf)).pages[0].extract_text().split())
    assert "Seeger–Fabian: gewonnene und verlorene Spiele" in first
    assert "Spieler gewonnen verloren Anna 2 1 Béla 0 1 Csaba 0 0" in first


@pytest.mark.db
def test_the_isko_list_shows_no_tallies(client):
    sid, auth, path = _evening(client, {})
    _play(client, sid, auth, {"game": "kreuz", "mit": 1, "declarer_points": 61})
    assert 'data-testid="game-tallies"' not in client.get(path).get_data(as_text=True)
    text = client.get(f"{path}/hands.csv").get_data(as_text=True)
    assert "Seeger" not in text


@pytest.mark.db
@pytest.mark.parametrize("lang", ["hu", "en", "de"])
def test_every_column_of_the_skat_sheet_has_its_own_header(client, lang):
    """Skat's own columns (whom the entry goes to, the entry) are named apart from the
    sheet's declarer and its running list (before: "Alleinspieler" and "Liste" twice each
    in German, "declarer"/"Declarer" and "list"/"List" in English)."""
    path = _sf_evening(client)
    text = client.get(f"{path}/hands.csv?lang={lang}").get_data(as_text=True).lstrip("\ufeff")
    header = next(csv.reader(io.StringIO(text), delimiter=";"))
    named = [h.casefold() for h in header if h]
    assert len(named) == len(set(named)), header
    pdf = client.get(f"{path}/scoresheet.pdf?lang={lang}").get_data()
    pages = [" ".join(p.extract_text().split()) for p in PdfReader(io.BytesIO(pdf)).pages]
    table = next(p for p in pages if "Seeger–Fabian" in p and "Kreuz" in p)
    if lang == "de":
        head = table.split("Seeger–Fabian", 1)[0]
        assert head.count("Alleinspieler") == 1 and "eingetragen bei" in head
        assert "Eintrag" in head

"""A game's own score column on every sheet: a snapszer evening with ``scoresheet`` on (the
race to 7: the winners are credited, nobody pays) shows each hand's points and the running
and final sums on the scoreboard, in the PDF, the CSV and the API, equal to the engine's."""

from __future__ import annotations

import csv
import io
import re

import pytest

from tests.api_evening import begin_evening
from tests.pdf.test_pdf import flat, pages_text
from ulti_ledger.games import builtin_engine

SEATS = ["Anna", "Béla", "Csaba", "Dóra"]
OPTIONS = {"snapszer_settlement": "scoresheet"}
HANDS = [
    {"players": SEATS, "declarer": "Anna", "partner": "Csaba", "won": True, "loser": "below_33"},
    {"players": SEATS, "declarer": "Béla", "partner": None, "won": False, "loser": "no_trick"},
    {"players": SEATS, "declarer": "Csaba", "winner": "Dóra", "loser": "reached_33"},
    {
        "players": SEATS,
        "declarer": "Dóra",
        "partner": "Béla",
        "snapszer": {"by": "Dóra"},
        "won": True,
    },
    {"players": SEATS, "declarer": "Anna", "partner": None, "outcome": "redeal"},
]


def engine_scores() -> tuple[list[dict[str, int]], dict[str, int]]:
    """Each hand's score and the sums, from the engine alone (no ledger, no pages)."""
    engine = builtin_engine()
    per_hand = []
    for hand in HANDS:
        settlement = engine.settle({**hand, "ruleset": "snapszer", "options": OPTIONS})
        assert all(v == 0 for v in settlement.payments.values())  # nobody pays
        per_hand.append(dict(settlement.score))
    return per_hand, {p: sum(s.get(p, 0) for s in per_hand) for p in SEATS}


@pytest.fixture
def evening(client):
    return begin_evening(client, "snapszer", SEATS, "10", options=OPTIONS, hands=HANDS)


def test_the_engine_credits_the_winners_and_nobody_pays():
    per_hand, totals = engine_scores()
    assert per_hand[0] == {"Anna": 2, "Béla": 0, "Csaba": 2, "Dóra": 0}
    assert per_hand[2] == {"Anna": 0, "Béla": 0, "Csaba": 0, "Dóra": 1}
    assert per_hand[4] == dict.fromkeys(SEATS, 0)  # a redeal scores nothing
    assert totals == {"Anna": 5, "Béla": 6, "Csaba": 5, "Dóra": 10}


@pytest.mark.db
def test_the_api_gives_each_hands_score_and_the_sums(client, evening):
    sid, auth, _ = evening
    per_hand, totals = engine_scores()
    session = client.get(f"/api/v1/sessions/{sid}", headers=auth).get_json()
    assert [h["result"]["score"] for h in session["hands"]] == per_hand
    assert session["totals"]["scores"] == totals
    assert session["hands"][-1]["score_totals"] == totals
    assert session["totals"]["units"] == dict.fromkeys(SEATS, 0)


@pytest.mark.db
def test_the_scoreboard_shows_the_points_per_hand_and_the_totals(client, evening):
    _, _, view = evening
    per_hand, totals = engine_scores()
    page = client.get(view).get_data(as_text=True)
    for name, points in totals.items():
        shown = re.search(rf'data-testid="score-total-{name}">([^<]*)<', page).group(1)
        assert shown == f"Játékpont: {points}"
    cells = re.findall(r'<small class="c-score">(.*?)</small>', page)
    # what the eye sees: the words for a screen reader ("Játékpont, a leosztásé:") left out
    assert all(
        c.startswith('<span class="sr-only">, Játékpont, a leosztásé: </span>') for c in cells
    )
    cells = [
        re.sub(r"<[^>]+>", "", re.sub(r'<span class="sr-only">.*?</span>', "", c)) for c in cells
    ]
    running = dict.fromkeys(SEATS, 0)
    expected = []
    for score in per_hand:
        for name in SEATS:
            running[name] += score[name]
            sign = f"+{score[name]}" if score[name] else "0"
            expected.append(f"{sign} → {running[name]}")
    assert cells == expected
    assert 'data-testid="score-legend"' in page
    english = client.get(f"{view}?lang=en").get_data(as_text=True)
    assert "Game points: 10<" in english
    german = client.get(f"{view}?lang=de").get_data(as_text=True)
    assert "Spielpunkte: 10<" in german  # was Hungarian: the label knew only hu and en


@pytest.mark.db
def test_the_pdf_prints_the_score_totals_and_each_hands_points(client, evening):
    _, _, view = evening
    _, totals = engine_scores()
    pdf = client.get(f"{view}/scoresheet.pdf").data
    first = pages_text(pdf)[0]
    for name, points in totals.items():
        line = next(line for line in first.splitlines() if line.startswith(f"{name} "))
        assert line.split()[-1] == str(points), line
    text = flat(" ".join(pages_text(pdf)))
    assert "Játékpont" in text
    assert "Dóra +6 (10)" in text  # hand 4: Dóra's snapszer, her running sum


@pytest.mark.db
def test_the_csv_has_each_hands_points_and_the_running_sums(client, evening):
    _, _, view = evening
    per_hand, totals = engine_scores()
    text = client.get(f"{view}/hands.csv").get_data(as_text=True).lstrip("\ufeff")
    rows = list(csv.DictReader(io.StringIO(text), delimiter=";"))
    assert len(rows) == len(HANDS)
    for row, score in zip(rows, per_hand, strict=True):
        assert {p: int(row[f"{p} Játékpont"]) for p in SEATS} == score
    assert {p: int(rows[-1][f"{p} Játékpont összesen"]) for p in SEATS} == totals


@pytest.mark.db
def test_a_game_without_a_score_column_shows_none(client):
    body = {
        "format": "ulti-ledger/session@1",
        "ruleset": "snapszer",
        "players": SEATS,
        "unit_value": {"amount": "10", "currency": "HUF"},
        "hands": HANDS[:2],
    }
    made = client.post("/api/v1/sessions", json=body).get_json()
    auth = {"Authorization": f"Bearer {made['edit_token']}"}
    session = client.get(f"/api/v1/sessions/{made['id']}", headers=auth).get_json()
    assert "scores" not in session["totals"] and "score_totals" not in session["hands"][0]
    view = "/" + made["view_url"].split("//", 1)[1].split("/", 1)[1]
    assert "c-score" not in client.get(view).get_data(as_text=True)
    header = client.get(f"{view}/hands.csv").get_data(as_text=True).splitlines()[0]
    assert "Játékpont" not in header and "Pontok" not in header

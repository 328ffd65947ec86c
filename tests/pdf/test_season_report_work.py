"""The season report's work is bounded by what it shows, not by what the group holds
(issue 34): it reads each evening's stored summary, never a hand, and its request waits
at most ``PDF_REPORT_WAIT_SECONDS`` before a 503 that the browser retries by itself.

Real renders (WeasyPrint) of real evenings; the statements are counted on the engine, so
the pool's thread, which draws the report, is counted too.
"""

from __future__ import annotations

import io
import re

import pdfplumber
import pytest
from sqlalchemy import event

from testkit import samples
from tests.conftest import close_app, make_app
from tests.pdf.test_pdf_render import pool_held, renders, under_way
from ulti_ledger import groups, ledger
from ulti_ledger.db import db
from ulti_ledger.pdf import pool as pdf_render

pytestmark = pytest.mark.db

SEATS = ("Anna", "Béla", "Csaba", "Dóra")
HANDS_READ = re.compile(r"\b(FROM|JOIN)\s+(hands|hand_seats)\b", re.IGNORECASE)
"""A statement that reads the hands table or their seat rows (not ``evening_summaries.hands``)."""


@pytest.fixture
def app(request, tmp_path):
    asked = {"PDF_BUDGET_SECONDS": 600.0, **getattr(request, "param", {})}  # a loaded host
    made = make_app(tmp_path, GROUP_TODAY="2026-11-20", **asked)
    yield made
    with made.app_context():
        assert pdf_render.renderer().idle(120)
    close_app(made)


def group_of(app, hands: int, name: str) -> str:
    """A group of three evenings of ``hands`` hands each; its view token."""
    with app.app_context():
        group = groups.create_group(name)
        for number in range(3):
            body = samples.random_session(SEATS, hands, seed=number, name=f"Este {number + 1}")
            body["date"] = f"2026-10-{number + 6:02d}"
            groups.add_evening(group, ledger.create_session(body))
        return group.view_token


def report_statements(app, token: str) -> list[str]:
    """The statements a cold season report of ``token`` runs (nothing of the group kept
    in the result cache): the request and the pool's render."""
    seen: list[str] = []
    with app.app_context():
        engine = db.engine
        ledger.result_cache().clear()

    def note(conn, cursor, statement, *args):
        seen.append(statement)

    event.listen(engine, "before_cursor_execute", note)
    try:
        answer = app.test_client().get(f"/g/{token}/report.pdf")
        with app.app_context():
            assert pdf_render.renderer().idle(120)
    finally:
        event.remove(engine, "before_cursor_execute", note)
    assert answer.status_code == 200 and answer.data.startswith(b"%PDF")
    return seen


def test_a_cold_season_report_reads_no_hand(app):
    token = group_of(app, 6, "Keddi kör")
    seen = report_statements(app, token)
    assert seen  # the statements were counted
    assert [s for s in seen if HANDS_READ.search(s)] == []


def test_the_season_report_s_statements_do_not_grow_with_its_hands(app):
    report_statements(app, group_of(app, 2, "Első"))  # what a process reads once (rulesets)
    few = report_statements(app, group_of(app, 4, "Rövid esték"))
    many = report_statements(app, group_of(app, 40, "Hosszú esték"))
    assert len(many) == len(few)


@pytest.mark.parametrize("app", [{"PDF_REPORT_WAIT_SECONDS": 0.05}], indirect=True)
def test_a_report_request_waits_its_own_short_time_then_the_browser_asks_again(app):
    token = group_of(app, 4, "Keddi kör")
    client = app.test_client()
    url = f"/g/{token}/report.pdf"
    with pool_held(app):  # the render waits in the pool: the request does not wait for it
        busy = client.get(url)
        assert busy.status_code == 503 and under_way(app) == 1
        # the render is under way: ask again in a second (that request waits for it
        # again), not after the budget's 600 s; the browser's Refresh says the same
        assert busy.headers["Retry-After"] == "1"
        assert busy.headers["Refresh"] == busy.headers["Retry-After"]
        assert "az idényösszesítő elkészítése tovább tart" in busy.text  # not "a long evening"
    with app.app_context():
        assert pdf_render.renderer().idle(120)
        assert pdf_render.renderer().budget == 600.0  # a scoresheet still waits its budget
    ready = client.get(url)
    assert ready.status_code == 200 and ready.mimetype == "application/pdf"
    assert renders(app) == 1  # the render the 503 started, served from the cache


def test_a_member_s_game_counts_run_on_grouped_by_path_and_keep_every_number():
    """The words a path repeats are printed once: where each next-to-last word is counted
    by the same two or three measures, they are named once in the label and the groups
    of one outer path share it, a measure never counted printed as 0; elsewhere the
    next-to-last word with its counts in brackets. Every number kept, in order."""
    from ulti_ledger.pdf.season import fold_game_counts

    def game_row(stat, label, value, game="one"):
        return {"stat": stat, "label": label, "value": value, "game": game}

    rows = [
        {"stat": "hands", "label": "Lejátszott leosztás", "value": "12", "game": None},
        {"stat": "money.HUF.units", "label": "Egyenleg (HUF)", "value": "+10 Ft"},
        game_row("games.one.bids.ulti.hearts.played", "licitek · ulti · kőr · játszott", "3"),
        game_row("games.one.kontras.said", "kontrák · mondott", "1"),
        game_row("games.one.bids.ulti.hearts.won", "licitek · ulti · kőr · nyert", "2"),
        game_row("games.one.bids.ulti.spades.played", "licitek · ulti · pikk · játszott", "1"),
        game_row("games.one.bids.betli.none.played", "licitek · betli · színtelen · játszott", "4"),
        game_row("games.one.bids.betli.none.won", "licitek · betli · színtelen · nyert", "4"),
        game_row("games.one.silent.made.ulti", "csendes · megcsinálta · ulti", "5"),
        game_row("games.one.silent.made.s100", "csendes · megcsinálta · száz", "6"),
        game_row("games.one.silent.failed.ulti", "csendes · elbukta · ulti", "7"),
        game_row("games.one.silent.suffered.durchmars", "csendes · elszenvedte · durchmars", "8"),
        game_row("games.two.types", "átlagos játékérték", "24,5", "two"),
    ]
    folded = fold_game_counts(rows, {"one": "Egyik", "two": "Másik"})
    assert [row["stat"] for row in folded["rows"]] == ["hands", "money.HUF.units"]
    assert folded["games"] == [
        {
            "game": "one",
            "title": "Egyik",
            "counts": [
                {
                    "label": "licitek (játszott/nyert)",
                    "text": "ulti: kőr\xa03/2, pikk\xa01/0; betli: színtelen\xa04/4",
                },
                {"label": "kontrák", "text": "mondott\xa01"},
                {
                    "label": "csendes",
                    "text": "megcsinálta (ulti\xa05, száz\xa06), elbukta (ulti\xa07),"
                    " elszenvedte (durchmars\xa08)",
                },
            ],
        },
        {
            "game": "two",
            "title": "Másik",
            "counts": [{"label": "átlagos játékérték", "text": "24,5"}],
        },
    ]
    # every figure of the rows is printed, and no other
    printed = " ".join(c["text"] for g in folded["games"] for c in g["counts"])
    figures = sorted(re.findall(r"\d+(?:,\d+)?", printed))
    counted = [r["value"] for r in rows if r.get("game")] + ["0"]  # pikk: never won
    assert figures == sorted(counted)


def test_one_stake_is_named_once_above_the_standings_not_on_every_evening(app):
    """Every evening of this group is at 10 HUF: the standings say it once, and the 500
    lines an evening of a large group would each repeat it are spared (their stake is
    printed where the period has several: tests/ledger/test_group_figures_with_their_stake.py)."""
    token = group_of(app, 3, "Egy tét")
    answer = app.test_client().get(f"/g/{token}/report.pdf")
    assert answer.status_code == 200
    with pdfplumber.open(io.BytesIO(answer.data)) as pdf:
        text = " ".join(" ".join((p.extract_text() or "").split()) for p in pdf.pages)
    assert text.count("1 egység = 10 HUF") == 1
    for number in (1, 2, 3):  # each evening's line is there, with its hands and units
        assert re.search(rf"Este {number} · Rablóulti · Leosztások: 3 · Anna [+−0]", text)

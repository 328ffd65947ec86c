"""No group figure read without its stake or in the wrong currency (issue 35).

A group whose HUF evenings were played at 10 and at 25 HUF a unit, and an EUR evening at
0.10 EUR: a member who sat only at one stake, and each game of a member's, had its units
shown as "+12 egység" under a heading of two stakes. Here every unit count on the group's
page names the stake it was counted at, each evening's card gives each player's money in
that evening's own currency (units times its stake, to the minor unit) beside his units,
and a typed link to the hands behind a units-counted statistic answers in money per
currency, as the statistics page does, in Hungarian, English and German.
"""

from __future__ import annotations

import html
import io
import re
from decimal import Decimal

import pdfplumber
import pytest

from testkit import samples
from ulti_ledger import groups, ledger
from ulti_ledger.games import builtin_engine
from ulti_ledger.stats import stats_with_money
from ulti_ledger.words.money_format import money_text, signed_money

LANGS = ("hu", "en", "de")
UNIT = {"hu": "egység", "en": "units", "de": "Einheiten"}


def ruleset_of(game: str) -> str:
    return min(r for r, rs in builtin_engine().rulesets.items() if rs.scorer == game)


EVENINGS = (
    # (game, seats, currency, stake): Dóra sits only at 25 HUF, Cili only at 10 HUF
    ("ulti", ("Anna", "Béla", "Cili"), "HUF", "10"),
    ("snapszer", ("Anna", "Béla", "Dóra"), "HUF", "25"),
    ("ulti", ("Anna", "Béla", "Cili"), "EUR", "0.10"),
)


@pytest.fixture
def group(app):
    with app.app_context():
        group = groups.create_group("Két tét")
        made = []
        for index, (game, seats, code, stake) in enumerate(EVENINGS):
            body = samples.random_session(
                seats, 8, seed=7 + index, name=f"Este {index + 1}", ruleset=ruleset_of(game)
            )
            body.update(
                date=f"2026-11-0{index + 1}", unit_value={"amount": stake, "currency": code}
            )
            session = ledger.create_session(body)
            groups.add_evening(group, session)
            made.append((session.id, ledger.session_summary(session)["totals"], code, stake))
        yield group.view_token, made


def card(page: str, testid: str) -> str:
    found = re.search(
        rf'data-testid="{re.escape(testid)}">(.*?)(?:data-testid="standing-|</ol>)', page, re.S
    )
    assert found, testid
    return re.sub(r"<[^>]+>", " ", found.group(1))


@pytest.mark.parametrize("lang", LANGS)
def test_every_unit_count_names_its_stake(client, group, lang):
    view, made = group
    page = client.get(f"/g/{view}?period=all&lang={lang}").get_data(as_text=True)
    ten, quarter = money_text("10", "HUF", lang), money_text("25", "HUF", lang)
    # a member who sat at one stake only: his units, and what one was worth
    assert ten in card(page, "standing-HUF-Cili") and UNIT[lang] in card(page, "standing-HUF-Cili")
    assert quarter in card(page, "standing-HUF-Dóra")
    # a member at both: no units summed, and each game's units with its own stake
    anna = card(page, "standing-HUF-Anna")
    hints = re.findall(r"\(([^()]*)\)", anna)
    assert len(hints) == 2 and all(UNIT[lang] in hint for hint in hints), hints
    assert ten in hints[0] and quarter in hints[1], hints  # Ulti at 10, snapszer at 25
    # EUR had one stake: the heading says it, and the cards need not repeat it
    assert money_text("0.10", "EUR", lang) in page
    assert "gereiht" not in page  # Austrian for "ranked": a German table reads "Rangfolge"


@pytest.mark.parametrize("lang", LANGS)
def test_each_evenings_card_gives_money_in_its_own_currency(client, group, lang):
    view, made = group
    page = client.get(f"/g/{view}?period=all&lang={lang}").get_data(as_text=True)
    for session_id, totals, code, stake in made:
        for name, units in totals["units"].items():
            line = re.search(
                rf'data-testid="evening-{session_id}-{name}">.*?'
                r'<span class="evening-money[^"]*">([^<]+)</span>\s*'
                r'<span class="hint nowrap">\(([^<]+)\)</span>',
                page,
                re.S,
            )
            assert line, (session_id, name)
            assert line.group(1) == signed_money(Decimal(units) * Decimal(stake), code, lang)
            assert UNIT[lang] in line.group(2), line.group(2)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("stat", ["biggest_win", "biggest_loss", "best_evening", "units"])
def test_a_typed_units_statistic_answers_in_money_per_currency(app, client, group, stat, lang):
    view, made = group
    ids = [session_id for session_id, *_ in made]
    stakes = {i: (Decimal(s), c) for i, _, c, s in made}
    with app.app_context():
        money = stats_with_money(ids, stakes)["money"]["Anna"]
    answer = client.get(f"/g/{view}/stats/hands?period=all&player=Anna&stat={stat}&lang={lang}")
    assert answer.status_code == 200
    page = answer.get_data(as_text=True)
    title = html.unescape(re.search(r"<h1>(.*?)</h1>", page, re.S).group(1))
    for code, figures in money.items():
        amount = figures[stat] if stat == "units" else figures[stat] and figures[stat]["money"]
        if amount is not None:
            assert signed_money(amount, code, lang) in title, (code, title)
    assert "HUF" in title and "EUR" in title
    # the hands behind a record: its own hand in each currency, linked
    links = re.findall(r'data-testid="behind-(\d+)-(\d+)"', page)
    if stat in ("biggest_win", "biggest_loss"):
        wanted = {
            (str(figures[stat]["session"]), str(figures[stat]["hand"]))
            for figures in money.values()
            if figures[stat]
        }
        assert set(links) == wanted


@pytest.mark.parametrize("lang", LANGS)
def test_the_season_report_prints_units_with_their_stake(client, group, lang):
    """The report's evenings name each one's stake before its players' units, and a units
    figure of a currency with two stakes carries the one it was counted at."""
    view, made = group
    answer = client.get(f"/g/{view}/report.pdf?period=all&lang={lang}")
    assert answer.status_code == 200
    with pdfplumber.open(io.BytesIO(answer.data)) as pdf:
        text = " ".join(" ".join((page.extract_text() or "").split()) for page in pdf.pages)
    text = text.replace("\u00a0", " ")
    unit = {"hu": "1 egység =", "en": "1 unit =", "de": "1 Einheit ="}[lang]
    for _, _, code, stake in made:
        worth = f"{unit} {money_text(stake, code, lang)}".replace("\u00a0", " ")
        assert worth in text, worth
    quarter = money_text("25", "HUF", lang).replace("\u00a0", " ")
    assert re.search(rf"[+−]\d+ × {quarter}", text), "Dóra's units at 25 HUF"


def test_the_standings_give_the_stake_each_unit_count_was_counted_at(app, group):
    """What the page, the report and the API read: ``stake`` beside every ``units``."""
    with app.app_context():
        made = groups.group_by_token(group[0], "view")
        standings = groups.group_standings(made, groups.Period("all", None, None))
    huf = next(p for p in standings["by_currency"] if p["currency"] == "HUF")
    rows = huf["rows"]
    assert (rows["Cili"]["units"] is not None, rows["Cili"]["stake"]) == (True, "10")
    assert (rows["Dóra"]["units"] is not None, rows["Dóra"]["stake"]) == (True, "25")
    assert (rows["Anna"]["units"], rows["Anna"]["stake"]) == (None, None)  # two stakes
    first, second = EVENINGS[0][0], EVENINGS[1][0]  # Anna's two HUF games, at 10 and 25
    assert {g: part["stake"] for g, part in rows["Anna"]["games"].items()} == {
        first: "10",
        second: "25",
    }

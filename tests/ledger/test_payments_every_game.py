"""A group whose evenings are partly paid shows, in every format, what was paid and what
remains, summing exactly: for every game of the registry, its evening's page, CSV, PDF
scoresheet, JSON file and API, and the group's page, season report and API.

One evening per game (a shipped ruleset of it, eight random legal hands), all in one group; one
of them in euros (cents), the others in forints, so the group settles in two currencies.
Each evening's first transfer is half paid and its second paid whole.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
import json
import re
from decimal import Decimal

import pytest
from pypdf import PdfReader

from testkit import samples
from tests.conftest import close_app, make_app
from ulti_ledger import groups, ledger
from ulti_ledger.games import REGISTRY
from ulti_ledger.ledger.pinning import builtin_engine
from ulti_ledger.words.messages import text

GAMES = sorted(REGISTRY)
EURO_GAME = GAMES[1]
SEATS = ("Kovács-Szabó Annamária", "Béla", "Nagy-Ördögh Árpád", "Dóra")
DAY = dt.date(2026, 12, 1)


def first_ruleset(game: str) -> str:
    return min(r.id for r in builtin_engine().rulesets.values() if r.scorer == game)


def exact(value: str) -> Decimal:
    return Decimal(value)


@pytest.fixture(scope="module")
def table(tmp_path_factory):
    """The app, the group's tokens and, per game, its evening's tokens and payments."""
    app = make_app(tmp_path_factory.mktemp("payments-every-game"), GROUP_TODAY="2026-12-01")
    evenings = {}
    try:
        with app.app_context():
            group = groups.create_group("Fizetős kör", None, None)
            for seed, game in enumerate(GAMES):
                ruleset = first_ruleset(game)
                body = samples.random_session(SEATS, 8, seed=seed, name=game, ruleset=ruleset)
                if game == EURO_GAME:
                    body["unit_value"] = {"amount": "0.35", "currency": "EUR"}
                body["date"] = f"2026-11-{10 + seed:02d}"
                session = ledger.create_session(body)
                groups.add_evening(group, session)
                summary = ledger.session_summary(session)
                transfers = summary["totals"]["transfers"]
                assert transfers, f"{game}: an evening where nobody pays tests nothing"
                first = transfers[0]
                scale = 100 if game == EURO_GAME else 1
                half = Decimal(int(Decimal(first["amount"]) * scale) // 2) / scale
                paid = [(first, str(half))] + [(t, t["amount"]) for t in transfers[1:2]]
                for t, amount in paid:
                    data = {"from": t["from"], "to": t["to"], "amount": amount}
                    summary = ledger.session_summary(session)
                    ledger.record_payment(session, summary, {**data, "paid_on": "2026-11-30"}, DAY)
                evenings[game] = {
                    "id": session.id,
                    "view": session.view_token,
                    "paid": [Decimal(a) for _, a in paid],
                    "owed": transfers,
                }
            tokens = {"id": group.id, "view": group.view_token, "edit": group.edit_token}
        yield app, tokens, evenings
    finally:
        close_app(app)


def check_sums(up):
    """What any format's settle-up says: per transfer and in total, paid + remaining = owed."""
    for t in up["transfers"]:
        assert exact(t["paid"]) + exact(t["remaining"]) == exact(t["amount"]), t
    assert exact(up["paid"]) + exact(up["remaining"]) == exact(up["owed"])


@pytest.mark.parametrize("game", GAMES)
def test_the_api_and_the_json_file_say_what_was_paid_and_what_remains(table, game):
    app, _, evenings = table
    e = evenings[game]
    client = app.test_client()
    up = client.get(f"/api/v1/sessions/{e['id']}/payments?token={e['view']}").get_json()
    check_sums(up)
    assert exact(up["paid"]) == sum(e["paid"]) and not up["settled"]
    assert up["owed_minor"] == up["paid_minor"] + up["remaining_minor"]
    document = json.loads(client.get(f"/s/{e['view']}/session.json").get_data(as_text=True))
    check_sums(document["settle_up"])
    assert sum(exact(p["amount"]) for p in document["payments"]) == sum(e["paid"])
    assert document["settle_up"]["remaining"] == up["remaining"]


@pytest.mark.parametrize("game", GAMES)
def test_the_csv_lists_the_payments_and_each_transfer_sums(table, game):
    """Each a file of its own (one table a file, as a spreadsheet reads it), in each
    language's style: "39,40" with ``;`` in Hungarian and German, "39.40" with ``,`` in
    English, the amounts numbers that sum; the hands' file holds the hands only."""
    app, _, evenings = table
    e = evenings[game]
    client = app.test_client()
    for lang in ("hu", "en", "de"):
        style = ledger.csv_style(lang)

        def read(name, lang=lang, style=style):
            answer = client.get(f"/s/{e['view']}/{name}?lang={lang}")
            assert answer.status_code == 200 and answer.mimetype == "text/csv"
            body = answer.get_data(as_text=True).removeprefix("\ufeff")
            return list(csv.reader(io.StringIO(body), delimiter=style.delimiter))

        def number(cell, style=style):
            assert re.fullmatch(rf"-?\d+(\{style.decimal}\d+)?", cell), cell
            return Decimal(cell.replace(style.decimal, "."))

        made = read("payments.csv")[1:]
        assert made and all(len(row) == 5 for row in made)
        assert sum(number(r[3]) for r in made) == sum(e["paid"])
        lines = read("transfers.csv")[1:]
        assert len(lines) == len(e["owed"]) and all(len(row) == 6 for row in lines)
        for line in lines:
            assert number(line[3]) + number(line[4]) == number(line[2])
        assert sum(number(line[3]) for line in lines) == sum(e["paid"])
        hands = read("hands.csv")
        assert all(len(row) == len(hands[0]) for row in hands)  # one table: no blocks below


def squeeze(words: str) -> str:
    return re.sub(r"[\s\u00a0\u202f]+", "", words)


@pytest.mark.parametrize("game", GAMES)
def test_the_pdf_scoresheet_says_what_was_paid_and_what_remains(table, game):
    app, _, evenings = table
    e = evenings[game]
    client = app.test_client()
    pdf = client.get(f"/s/{e['view']}/scoresheet.pdf?lang=en")
    assert pdf.status_code == 200
    words = squeeze("".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf.data)).pages))
    up = client.get(f"/api/v1/sessions/{e['id']}/payments?token={e['view']}").get_json()
    with app.test_request_context():
        from ulti_ledger.words.money_format import money_text

        def cash(amount):
            return money_text(amount, up["currency"], "en")

        totals = text("pay_totals", "en").format(
            owed=cash(up["owed"]), paid=cash(up["paid"]), remaining=cash(up["remaining"])
        )
    assert squeeze(text("pay_payments", "en")) in words
    assert squeeze(totals) in words
    first = up["transfers"][0]
    assert squeeze(text("pay_remaining", "en").format(money=cash(first["remaining"]))) in words


@pytest.mark.parametrize("game", GAMES)
def test_the_evenings_page_shows_paid_and_remaining(table, game):
    app, _, evenings = table
    page = app.test_client().get(f"/s/{evenings[game]['view']}?lang=en").get_data(as_text=True)
    assert page.count('data-testid="remaining"') == 1  # the half-paid transfer
    assert 'data-testid="pay-totals"' in page and 'data-testid="settled"' not in page


def test_the_group_shows_every_currencys_payments_summing_exactly(table):
    app, tokens, evenings = table
    client = app.test_client()
    answer = client.get(f"/api/v1/groups/{tokens['id']}/payments?token={tokens['view']}")
    settlements = answer.get_json()["settlements"]
    assert sorted(s["currency"] for s in settlements) == ["EUR", "HUF"]
    for up in settlements:
        check_sums(up)
        games = [g for g in GAMES if (g == EURO_GAME) == (up["currency"] == "EUR")]
        made = sum(p["amount_minor"] for p in up["at_evenings"] + up["payments"])
        scale = 100 if up["currency"] == "EUR" else 1
        assert Decimal(made) / scale == sum(sum(evenings[g]["paid"]) for g in games)
        assert sum(exact(v) for v in up["balances"].values()) == 0
        # what remains to be paid on the group's transfers settles its balances exactly
        left = {p: exact(m) for p, m in up["balances"].items()}
        for t in up["transfers"]:
            left[t["from"]] += exact(t["remaining"])
            left[t["to"]] -= exact(t["remaining"])
        assert set(left.values()) == {0}
    page = client.get(f"/g/{tokens['view']}?lang=en").get_data(as_text=True)
    assert page.count('data-testid="pay-totals"') == 2
    report = client.get(f"/g/{tokens['view']}/report.pdf?lang=en")
    assert report.status_code == 200
    words = squeeze("".join(p.extract_text() for p in PdfReader(io.BytesIO(report.data)).pages))
    assert squeeze(text("pay_payments", "en")) in words

"""The debts as ihatemoney's CSV, read back the way ihatemoney and Cospend read it.

Both readers are replicated here line by line from their sources (the versions read for
docs/expense-apps.md), and nothing of ours is used to read the file:

- ihatemoney ``ihatemoney/utils.py`` ``csv2list_of_dicts`` (``TextIOWrapper`` in UTF-8,
  ``csv.DictReader``, ``amount`` and ``payer_weight`` as floats, ``owers`` split at
  commas and stripped), ``ihatemoney/web.py`` ``import_project`` (the attributes every
  bill must have, "" or "XXX" as the project's currency, one currency only in a project
  without a default currency), ``utils.get_members`` and ``models.Project.full_balance``
  (an expense: the payer +amount, each ower −weight × amount / total weight);
- Cospend ``lib/Service/CospendService.php`` ``importCsvProjectStream`` (the bill
  section found by its column names, a numeric ``amount``, ``date`` as ``Y-m-d``, owers
  split at commas and trimmed, none empty).

Real database, engine and routes; every game of the registry, and a group in two currencies.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
from collections import defaultdict
from decimal import Decimal
from io import BytesIO, TextIOWrapper

import pytest

from testkit import samples
from tests.conftest import close_app, make_app
from ulti_ledger import groups, ledger
from ulti_ledger.games import builtin_engine

pytestmark = pytest.mark.db
SEATS = ("Kovács, Béla", "Anna", "=Csaba", "Dóra Müller-Lüdenscheidt", "Éva")
IHM_ATTRIBUTES = ("amount", "bill_type", "currency", "date", "owers", "payer_name")
IHM_ATTRIBUTES += ("payer_weight", "what")


@pytest.fixture
def app(tmp_path):
    app = make_app(tmp_path, GROUP_TODAY="2026-11-20")
    yield app
    close_app(app)


def ihatemoney_reads(data: bytes, default_currency: str = "XXX") -> list[dict]:
    """``csv2list_of_dicts`` and ``import_project``'s checks, as ihatemoney runs them."""
    reader = csv.DictReader(TextIOWrapper(BytesIO(data), encoding="utf-8"))
    bills = []
    for r in reader:
        if r["what"] == "deleteMeIfYouWant":
            continue
        elif r["what"] == "categoryname":
            break
        r["amount"] = float(r["amount"])
        r["payer_weight"] = float(r["payer_weight"])
        r["owers"] = [o.strip() for o in r["owers"].split(",")]
        bills.append(r)
    currencies = set()
    for b in bills:
        if "bill_type" not in b:
            b["bill_type"] = "Expense"
        if b.get("currency", "") in ["", "XXX"]:
            b["currency"] = default_currency
        for a in IHM_ATTRIBUTES:
            if a not in b:
                raise ValueError(f"Missing attribute: {a}")
        currencies.add(b["currency"])
    if default_currency == "XXX" and len(currencies - {"XXX"}) >= 2:
        raise ValueError("Cannot add bills in multiple currencies to a project without default")
    for b in bills:
        dt.date.fromisoformat(b["date"])  # dateutil's parse takes it; stricter here
        assert b["bill_type"] in ("Expense", "Reimbursement")
    return bills


def ihatemoney_balances(bills: list[dict]) -> dict[str, float]:
    """``get_members`` then ``Project.full_balance`` (owers not listed as payers weigh 1)."""
    weight: dict[str, float] = {}
    for b in bills:
        weight.setdefault(b["payer_name"], b["payer_weight"])
    for b in bills:
        for o in b["owers"]:
            weight.setdefault(o, 1)
    balance: dict[str, float] = defaultdict(float)
    for b in bills:
        total = sum(weight[o] for o in b["owers"])
        balance[b["payer_name"]] += b["amount"]
        for o in b["owers"]:
            balance[o] -= weight[o] * b["amount"] / total
    return dict(balance)


def cospend_reads(data: bytes) -> list[dict]:
    """``importCsvProjectStream``'s bill section, as Cospend runs it (PHP ``fgetcsv``)."""
    rows = list(csv.reader(io.StringIO(data.decode("utf-8")), delimiter=",", quotechar='"'))
    columns = {name: c for c, name in enumerate(rows[0]) if name != ""}
    needed = ("what", "amount", "payer_name", "payer_weight", "owers")
    assert all(k in columns for k in needed) and ("date" in columns or "timestamp" in columns)
    bills = []
    for number, data_row in enumerate(rows[1:], start=2):
        amount = data_row[columns["amount"]]
        float(amount)  # is_numeric, else "Malformed CSV, invalid amount on line"
        day = dt.datetime.strptime(data_row[columns["date"]], "%Y-%m-%d")
        float(data_row[columns["payer_weight"]])
        owers = data_row[columns["owers"]]
        assert owers, f"Malformed CSV, invalid owers on line {number}"
        stripped = [o.strip() for o in owers.split(",")]
        assert all(stripped), f"Malformed CSV, invalid owers on line {number}"
        bills.append(
            {
                "what": data_row[columns["what"]],
                "amount": float(amount),
                "timestamp": day,
                "payer_name": data_row[columns["payer_name"]],
                "owers": stripped,
            }
        )
    return bills


def evening(app, ruleset_id, seats=SEATS, currency="HUF", unit="10", seed=4):
    shipped = builtin_engine().rulesets[ruleset_id]
    size = shipped.seating({}).largest
    body = samples.random_session(seats[:size], 10, seed=seed, name="Péntek", ruleset=ruleset_id)
    body["date"] = "2026-11-13"
    body["unit_value"] = {"amount": unit, "currency": currency}
    with app.app_context():
        session = ledger.create_session(body)
        summary = ledger.session_summary(session)
        return session.edit_token, session.view_token, summary["totals"]


def as_member(name: str) -> str:
    """A name as the file writes it (docs/expense-apps.md): commas become semicolons, a
    name a spreadsheet would run as a formula gets a leading ``'``."""
    name = name.replace(",", ";")
    return "'" + name if name.startswith(("=", "+", "-", "@", "\t", "\r")) else name


@pytest.mark.parametrize("ruleset_id", sorted(builtin_engine().rulesets))
def test_an_evenings_debts_read_back_by_both_apps_give_its_balances(app, client, ruleset_id):
    _, view, totals = evening(app, ruleset_id)
    answer = client.get(f"/s/{view}/ihatemoney.csv")
    assert answer.status_code == 200 and answer.mimetype == "text/csv"
    assert answer.headers["Cache-Control"] == "no-store"  # a token route's privacy
    data = answer.data
    assert not data.startswith(b"\xef\xbb\xbf")  # no BOM: DictReader would miss "what"
    bills = ihatemoney_reads(data)
    assert len(bills) == len(totals["transfers"])
    assert {b["currency"] for b in bills} <= {"HUF"}
    balances = ihatemoney_balances(bills)
    for name, money in totals["settled"].items():
        assert balances.get(as_member(name), 0.0) == pytest.approx(float(Decimal(money)))
    read = cospend_reads(data)
    assert [(b["payer_name"], b["owers"], b["amount"]) for b in read] == [
        (b["payer_name"], b["owers"], b["amount"]) for b in bills
    ]
    assert all(b["timestamp"] == dt.datetime(2026, 11, 13) for b in read)


def test_a_name_with_a_comma_stays_one_member_and_a_formula_stays_text(app, client):
    _, view, totals = evening(app, "ulti", seats=SEATS[:4])
    bills = ihatemoney_reads(client.get(f"/s/{view}/ihatemoney.csv").data)
    names = {b["payer_name"] for b in bills} | {o for b in bills for o in b["owers"]}
    assert "Kovács; Béla" in names and "Kovács" not in names
    assert "'=Csaba" in names  # as ihatemoney's own export defuses it
    assert all(b["what"].startswith("Péntek, 2026-11-13: ") for b in bills)


def test_only_what_remains_after_a_payment_is_carried(app, client):
    edit, view, totals = evening(app, "ulti", seats=("Anna", "Béla", "Csaba", "Dóra"))
    first = totals["transfers"][0]
    half = Decimal(first["amount"]) / 2
    with app.app_context():
        session = ledger.session_by_token(edit, "edit")
        sent = {"from": first["from"], "to": first["to"], "amount": str(half)}
        sent["paid_on"] = "2026-11-14"
        summary = ledger.session_summary(session)
        ledger.record_payment(session, summary, sent, dt.date(2026, 11, 14))
    bills = ihatemoney_reads(client.get(f"/s/{view}/ihatemoney.csv").data)
    (carried,) = [
        b for b in bills if (b["owers"], b["payer_name"]) == ([first["from"]], first["to"])
    ]
    assert carried["amount"] == pytest.approx(float(Decimal(first["amount"]) - half))


def test_a_group_in_two_currencies_gives_a_file_per_currency_each_app_can_take(app, client):
    a, _, huf = evening(app, "ulti", seats=("Anna", "Béla", "Csaba", "Dóra"), seed=1)
    b, _, eur = evening(app, "skat", seats=("Anna", "Béla", "Csaba"), currency="EUR", unit="0.1")
    with app.app_context():
        group = groups.create_group("Keddi kör", None, None)
        for token in (a, b):
            groups.add_evening(group, ledger.session_by_token(token, "edit"))
        gview = group.view_token
    page = client.get(f"/g/{gview}").get_data(as_text=True)
    assert 'data-testid="expense-csv-HUF"' in page and 'data-testid="expense-csv-EUR"' in page
    whole = client.get(f"/g/{gview}/ihatemoney.csv").data
    with pytest.raises(ValueError, match="multiple currencies"):
        ihatemoney_reads(whole)  # the reason for a file per currency
    for currency, totals in (("HUF", huf), ("EUR", eur)):
        data = client.get(f"/g/{gview}/ihatemoney.csv?currency={currency}").data
        bills = ihatemoney_reads(data)
        assert bills and {b["currency"] for b in bills} == {currency}
        assert all(b["what"].startswith("Keddi kör: ") for b in bills)
        balances = ihatemoney_balances(bills)
        for name, money in totals["settled"].items():
            assert balances.get(name, 0.0) == pytest.approx(float(Decimal(money)))
        assert len(cospend_reads(data)) == len(bills)

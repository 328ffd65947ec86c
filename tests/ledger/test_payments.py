"""Settling up: payments marked on an evening or a group, in whole or in part, and undone.

Real database, real engine, the app's own routes. Checks that a payment is exact money
(an integer in the currency's minor unit), that only an edit link writes one, that what
remains carries into the group's balance, and that files, backups and the API keep them.
"""

from __future__ import annotations

import datetime as dt
import json
import re
from decimal import Decimal

import pytest
from sqlalchemy import func, select

from testkit import samples
from tests.conftest import close_app, make_app
from tests.ui_helpers import csrf_token
from ulti_ledger import groups, ledger
from ulti_ledger.backup.files import backup, restore
from ulti_ledger.db import db
from ulti_ledger.models import Payment
from ulti_ledger.words.messages import text

pytestmark = pytest.mark.db
SEATS = ("Anna", "Béla", "Csaba", "Dóra")
DAY = dt.date(2026, 11, 20)


@pytest.fixture
def app(tmp_path):
    app = make_app(tmp_path, GROUP_TODAY="2026-11-20")
    yield app
    close_app(app)


def night(seed=1, unit="10", currency="HUF", day="2026-11-10", name="Keddi este"):
    body = samples.random_session(SEATS, 8, seed=seed, name=name, ruleset="ulti")
    body["date"] = day
    body["unit_value"] = {"amount": unit, "currency": currency}
    return ledger.create_session(body)


def owed(session):
    """The evening's fewest transfers and its settled balances."""
    summary = ledger.session_summary(session)
    return summary, summary["totals"]["transfers"]


def pay(session, payer, payee, amount, day=DAY):
    summary = ledger.session_summary(session)
    data = {"from": payer, "to": payee, "amount": amount, "paid_on": day.isoformat()}
    return ledger.record_payment(session, summary, data, DAY)


def payments_in(app):
    with app.app_context():
        return db.session.scalar(select(func.count()).select_from(Payment))


# --- the ledger -------------------------------------------------------------------------


def test_a_partial_payment_leaves_the_rest_owed_exactly(ctx):
    session = night()
    summary, transfers = owed(session)
    first = transfers[0]
    units_before = summary["totals"]["units"]
    half = Decimal(first["amount"]) // 2
    made = pay(session, first["from"], first["to"], str(half))
    assert made["amount_minor"] == int(half) and made["currency"] == "HUF"
    summary, _ = owed(session)
    up = ledger.evening_settle_up(session, summary, summary["totals"]["transfers"])
    line = up["transfers"][0]
    assert Decimal(line["paid"]) == half
    assert Decimal(line["paid"]) + Decimal(line["remaining"]) == Decimal(first["amount"])
    assert up["owed_minor"] == up["paid_minor"] + up["remaining_minor"]
    assert not up["settled"]
    # the hands' settlement is untouched
    assert summary["totals"]["units"] == units_before
    assert summary["totals"]["transfers"] == transfers


def test_paying_every_transfer_settles_the_evening_and_undo_opens_it_again(ctx):
    session = night()
    _, transfers = owed(session)
    made = [pay(session, t["from"], t["to"], t["amount"]) for t in transfers]
    summary, _ = owed(session)
    up = ledger.evening_settle_up(session, summary, transfers)
    assert up["settled"] and up["remaining_minor"] == 0
    assert set(up["balances"].values()) == {"0"}
    ledger.delete_payment(session, made[0]["id"])
    up = ledger.evening_settle_up(session, summary, transfers)
    assert not up["settled"]
    assert up["remaining"] == transfers[0]["amount"]


def test_euro_cents_are_kept_as_whole_cents(ctx):
    session = night(unit="0.35", currency="EUR")
    _, transfers = owed(session)
    t = transfers[0]
    made = pay(session, t["from"], t["to"], "0,05")
    assert made["amount_minor"] == 5 and made["amount"] == "0.05"
    with pytest.raises(ledger.PaymentError) as refused:
        pay(session, t["from"], t["to"], "0.055")
    assert refused.value.code == "amount_precise"


@pytest.mark.parametrize(
    ("change", "code"),
    [
        ({"amount": "sok"}, "amount"),
        ({"amount": "0"}, "amount_positive"),
        ({"amount": "-5"}, "amount"),
        ({"amount": 10.5}, "type"),  # a fraction is no JSON type an amount takes
        ({"paid_on": "tegnap"}, "date"),
        ({"from": "Zoltán"}, "player"),
        ({"to": None}, "player"),
        ({"same": True}, "same"),
        ({"amount": "999999999"}, "too_much"),
    ],
)
def test_a_bad_payment_is_refused_by_name_and_nothing_is_written(app, ctx, change, code):
    session = night()
    _, transfers = owed(session)
    t = transfers[0]
    data = {"from": t["from"], "to": t["to"], "amount": "10", "paid_on": "2026-11-20"}
    if change.pop("same", False):
        data["to"] = data["from"]
    data.update(change)
    with pytest.raises(ledger.PaymentError) as refused:
        ledger.record_payment(session, ledger.session_summary(session), data, DAY)
    assert refused.value.code == code
    assert payments_in(app) == 0
    for lang in ("hu", "en", "de"):  # the pages word it by its code, with its values
        worded = text(f"pay_err_{code}", lang).format(**refused.value.params)
        assert "{" not in worded and worded != f"pay_err_{code}"


def test_nobody_pays_more_than_he_still_owes(ctx):
    session = night()
    summary, transfers = owed(session)
    t = transfers[0]
    debt = -Decimal(summary["totals"]["settled"][t["from"]])
    credit = Decimal(summary["totals"]["settled"][t["to"]])
    most = min(debt, credit)
    pay(session, t["from"], t["to"], str(most))
    with pytest.raises(ledger.PaymentError) as refused:
        pay(session, t["from"], t["to"], "1")
    assert refused.value.params["most"] == "0"


def test_a_rename_renames_the_payer_in_the_payments(ctx):
    session = night()
    _, transfers = owed(session)
    t = transfers[0]
    pay(session, t["from"], t["to"], "10")
    ledger.change_players(session, {"rename": {t["from"]: "Zsófi"}})
    assert ledger.session_payments(session)[0]["from"] == "Zsófi"


def test_the_date_defaults_to_the_requests_today(ctx):
    session = night()
    _, transfers = owed(session)
    t = transfers[0]
    data = {"from": t["from"], "to": t["to"], "amount": "10"}
    made = ledger.record_payment(session, ledger.session_summary(session), data, DAY)
    assert made["paid_on"] == "2026-11-20"


# --- files and backups --------------------------------------------------------------------


def test_the_session_file_keeps_the_payments_and_an_old_file_has_none(ctx):
    session = night()
    _, transfers = owed(session)
    t = transfers[0]
    pay(session, t["from"], t["to"], "30")
    document = ledger.session_document(session)
    assert document["payments"] == [
        {
            "from": t["from"],
            "to": t["to"],
            "amount": "30",
            "amount_minor": 30,
            "currency": "HUF",
            "paid_on": "2026-11-20",
        }
    ]
    up = document["settle_up"]
    assert Decimal(up["owed"]) == Decimal(up["paid"]) + Decimal(up["remaining"])
    copy = ledger.import_session(json.dumps(document))
    assert ledger.session_document(copy)["payments"] == document["payments"]
    old = {k: v for k, v in document.items() if k not in ("payments", "settle_up")}
    assert ledger.session_payments(ledger.import_session(json.dumps(old))) == []


def test_a_file_whose_payment_names_a_stranger_is_refused_whole(app, ctx):
    session = night()
    document = ledger.session_document(session)
    document["payments"] = [
        {"from": "Anna", "to": "Zoltán", "amount": "30", "paid_on": "2026-11-20"}
    ]
    with pytest.raises(ledger.SessionError, match=r"payments\[0\]"):
        ledger.import_session(json.dumps(document))
    assert payments_in(app) == 0


def test_a_json_backup_and_restore_keep_the_payments(app, tmp_path):
    with app.app_context():
        session = night()
        _, transfers = owed(session)
        pay(session, transfers[0]["from"], transfers[0]["to"], "20")
        group = groups.create_group("Kör", None, None)
        groups.add_evening(group, session)
        before = ledger.session_payments(session)
    file = tmp_path / "night.json"
    backup(app, file, "json")
    with app.app_context():
        db.session.remove()
        db.engine.dispose()
    (tmp_path / "restored").mkdir()
    target = make_app(tmp_path / "restored", schema=False)
    try:
        restore(target, file)
        with target.app_context():
            assert ledger.session_payments(ledger.get_session(session.id)) == before
    finally:
        close_app(target)


# --- the pages: only the edit link writes ---------------------------------------------------


def web_night(app):
    with app.app_context():
        session = night()
        return session.edit_token, session.view_token, owed(session)[1]


def test_the_scorer_marks_a_transfer_paid_on_the_page_and_undoes_it(app, client):
    edit, view, transfers = web_night(app)
    t = transfers[0]
    token = csrf_token(client.get(f"/e/{edit}").get_data(as_text=True))
    form = {"csrf_token": token, "from": t["from"], "to": t["to"], "amount": "100"}
    answer = client.post(f"/e/{edit}/payments", data={**form, "paid_on": ""})
    assert answer.status_code == 303 and answer.headers["Location"].endswith("#settle")
    page = client.get(f"/s/{view}?lang=en").get_data(as_text=True)
    remaining = Decimal(t["amount"]) - 100
    assert "paid 100\u00a0HUF" in page and f"still owed {remaining:,}" in page
    assert 'data-testid="pay-form"' not in page  # the view link shows, never offers a write
    with app.app_context():
        (made,) = ledger.session_payments(ledger.session_by_token(view))
    assert made["paid_on"] == "2026-11-20"  # the request's today
    undo = client.post(f"/e/{edit}/payments/{made['id']}/delete", data={"csrf_token": token})
    assert undo.status_code == 303
    assert payments_in(app) == 0


@pytest.mark.parametrize(("lang", "mark"), [("hu", ","), ("de", ","), ("en", ".")])
def test_the_amount_field_writes_the_page_s_decimal_mark_and_reads_both(app, client, lang, mark):
    """The German page offers "21,40" beside "21,40 EUR", not "21.40" (issue 35); what
    it offers saves as it is, and the other mark is read too."""
    with app.app_context():
        session = night(unit="0.35", currency="EUR")
        edit, transfers = session.edit_token, owed(session)[1]
    page = client.get(f"/e/{edit}?lang={lang}").get_data(as_text=True)
    offered = re.findall(r'name="amount"[^>]*value="([^"]*)"', page)
    assert offered and all(mark in value for value in offered), offered
    other = "." if mark == "," else ","
    assert not any(other in value for value in offered)
    t = transfers[0]
    assert offered[0] == t["amount"].replace(".", mark)
    form = {"csrf_token": csrf_token(page), "from": t["from"], "to": t["to"], "paid_on": ""}
    half = f"0{other}10"  # the other mark, read as well
    assert client.post(f"/e/{edit}/payments", data={**form, "amount": half}).status_code == 303
    rest = Decimal(t["amount"]) - Decimal("0.10")
    typed = str(rest).replace(".", mark)
    assert client.post(f"/e/{edit}/payments", data={**form, "amount": typed}).status_code == 303
    with app.app_context():
        paid = ledger.session_payments(ledger.session_by_token(edit))
    assert sorted(p["amount"] for p in paid) == sorted(["0.10", str(rest)])


def test_a_refused_payment_is_said_in_the_pages_language_with_422(app, client):
    edit, _, transfers = web_night(app)
    t = transfers[0]
    token = csrf_token(client.get(f"/e/{edit}").get_data(as_text=True))
    form = {"csrf_token": token, "from": t["from"], "to": t["to"], "amount": "sok"}
    answer = client.post(f"/e/{edit}/payments?lang=de", data=form)
    assert answer.status_code == 422
    assert "Der bezahlte Betrag ist keine Zahl" in answer.get_data(as_text=True)
    answer = client.post(f"/e/{edit}/payments?lang=hu", data={**form, "amount": "99999999"})
    assert answer.status_code == 422
    assert "legfeljebb" in answer.get_data(as_text=True)
    assert payments_in(app) == 0


def test_the_view_link_never_writes_a_payment(app, client):
    edit, view, transfers = web_night(app)
    t = transfers[0]
    with app.app_context():
        pay(ledger.session_by_token(edit), t["from"], t["to"], "10")
        (made,) = ledger.session_payments(ledger.session_by_token(edit))
    # a CSRF token of this browser (from a page it holds the edit link of): only the link fails
    token = csrf_token(client.get(f"/e/{edit}").get_data(as_text=True))
    form = {"csrf_token": token, "from": t["from"], "to": t["to"], "amount": "10"}
    assert client.post(f"/e/{view}/payments", data=form).status_code == 404
    assert client.post(f"/s/{view}/payments", data=form).status_code in (404, 405)
    gone = client.post(f"/e/{view}/payments/{made['id']}/delete", data={"csrf_token": token})
    assert gone.status_code == 404
    api = f"/api/v1/sessions/{made['session_id']}/payments"
    viewer = {"Authorization": f"Bearer {view}"}
    assert client.post(api, json={**form, "csrf_token": None}, headers=viewer).status_code == 403
    assert client.delete(f"{api}/{made['id']}", headers=viewer).status_code == 403
    assert payments_in(app) == 1


def test_a_payment_checked_against_balances_another_write_changed_is_refused(app):
    """The balances a payment is checked against were read before another write (a hand
    deleted) committed: the payment is refused as written at the same moment (409, try
    again; ``ledger.Retry``), never checked against what is no longer owed; nothing is
    written. Said on the page in its language."""
    with app.app_context():
        session = night()
        summary, transfers = owed(session)  # this request's reads
        with app.app_context():  # another request, committed meanwhile
            ledger.delete_hand(ledger.get_session(session.id), 1)
        t = transfers[0]
        data = {"from": t["from"], "to": t["to"], "amount": t["amount"], "paid_on": "2026-11-20"}
        with pytest.raises(ledger.Retry):
            ledger.record_payment(session, summary, data, DAY)
        db.session.rollback()
    assert payments_in(app) == 0
    with app.test_request_context("/?lang=hu"):
        from ulti_ledger.views.refusal_words import payment_error_text
        from ulti_ledger.web import language

        language.pick()
        assert (
            payment_error_text(ledger.Retry())
            == "Valaki épp most módosította az estét; próbáld újra."
        )


def test_a_repeated_post_with_one_idempotency_key_records_one_payment(app, client):
    edit, _, transfers = web_night(app)
    with app.app_context():
        session_id = ledger.session_by_token(edit).id
    t = transfers[0]
    url = f"/api/v1/sessions/{session_id}/payments"
    headers = {"Authorization": f"Bearer {edit}", "Idempotency-Key": "pay-1"}
    body = {"from": t["from"], "to": t["to"], "amount": "50", "paid_on": "2026-11-20"}
    first = client.post(url, json=body, headers=headers)
    second = client.post(url, json=body, headers=headers)
    assert first.status_code == second.status_code == 201
    assert first.get_json() == second.get_json()
    assert second.headers["Idempotent-Replayed"] == "true"
    assert payments_in(app) == 1
    answer = client.get(url, headers={"Authorization": f"Bearer {edit}"}).get_json()
    assert answer["paid"] == "50" and answer["owed_minor"] == 50 + answer["remaining_minor"]


def test_the_api_refuses_a_bad_payment_with_422_naming_it(app, client):
    edit, _, transfers = web_night(app)
    with app.app_context():
        session_id = ledger.session_by_token(edit).id
    url = f"/api/v1/sessions/{session_id}/payments"
    body = {"from": transfers[0]["from"], "to": "Zoltán", "amount": "50"}
    answer = client.post(url, json=body, headers={"Authorization": f"Bearer {edit}"})
    assert answer.status_code == 422 and answer.get_json()["key"] == "to"
    assert payments_in(app) == 0


# --- a group ------------------------------------------------------------------------------


def test_what_an_evening_still_owes_carries_into_the_groups_balance(app, client):
    with app.app_context():
        group = groups.create_group("Keddi kör", None, None)
        first, second = night(seed=1), night(seed=2, day="2026-11-17", name="Másik")
        groups.add_evening(group, first)
        groups.add_evening(group, second)
        _, transfers = owed(first)
        t = transfers[0]
        pay(first, t["from"], t["to"], "40")
        edit, view, gid = group.edit_token, group.view_token, group.id
        whole = groups.group_standings(group, groups.parse_period({}, group, DAY))
        (up,) = ledger.group_settle_up(group, whole)
        settled = {b["player"]: Decimal(b["money"]) for b in whole["settlement"]["balances"]}
    # the evening's payment moves the group's balance: the payer owes 40 less
    assert Decimal(up["balances"][t["from"]]) == settled[t["from"]] + 40
    assert Decimal(up["balances"][t["to"]]) == settled[t["to"]] - 40
    assert sum(Decimal(v) for v in up["balances"].values()) == 0
    # a payment on the group's own standings, by its edit link
    g = up["transfers"][0]
    token = csrf_token(client.get(f"/g/{edit}").get_data(as_text=True))
    form = {"csrf_token": token, "from": g["from"], "to": g["to"], "amount": "15"}
    assert client.post(f"/g/{edit}/payments", data=form).status_code == 303
    assert client.post(f"/g/{view}/payments", data=form).status_code == 404
    answer = client.get(f"/api/v1/groups/{gid}/payments?token={view}").get_json()
    (mine,) = answer["settlements"]
    assert mine["owed_minor"] == mine["paid_minor"] + mine["remaining_minor"]
    assert len(mine["payments"]) == 1 and len(mine["at_evenings"]) == 1
    assert (Decimal(mine["at_evenings_paid"]), Decimal(mine["paid"])) == (40, 15)
    # the group's transfers settle exactly what its balances still owe after every payment
    left = {p: Decimal(m) for p, m in mine["balances"].items()}
    for t in mine["transfers"]:
        left[t["from"]] += Decimal(t["remaining"])
        left[t["to"]] -= Decimal(t["remaining"])
    assert set(left.values()) == {0}
    page = client.get(f"/g/{view}?lang=en").get_data(as_text=True)
    assert 'data-testid="pay-totals"' in page and 'data-testid="pay-form"' not in page


def test_a_member_renamed_across_the_group_is_renamed_in_its_payments(ctx):
    group = groups.create_group("Kör", None, None)
    session = night()
    groups.add_evening(group, session)
    whole = groups.group_standings(group, groups.parse_period({}, group, DAY))
    t = whole["settlement"]["transfers"][0]
    data = {"from": t["from"], "to": t["to"], "amount": "10"}
    ledger.record_group_payment(group, lambda: whole, data, DAY)
    pay(session, t["from"], t["to"], "5")
    groups.rename_member(group, t["from"], "Zsófi")
    whole = groups.group_standings(group, groups.parse_period({}, group, DAY))
    (up,) = ledger.group_settle_up(group, whole)
    assert [p["from"] for p in up["at_evenings"] + up["payments"]] == ["Zsófi", "Zsófi"]
    with pytest.raises(ledger.PaymentError) as refused:
        ledger.record_group_payment(
            group, lambda: whole, {**data, "from": "Zsófi", "currency": "EUR"}, DAY
        )
    assert refused.value.code == "currency"


def test_a_pairwise_transfer_is_paid_even_against_the_nights_direction(app, client):
    """Pair by pair a player may owe one who owes him more across the night: marked on
    that page, the transfer is paid up to what remains of it, not refused."""
    with app.app_context():
        for seed in range(1, 40):
            session = night(seed=seed)
            summary = ledger.session_summary(session)
            settled = summary["totals"]["settled"]
            pairs = ledger.session_settlement(session, "pairwise", None, summary)["transfers"]
            against = [t for t in pairs if Decimal(settled[t["from"]]) > 0]
            if against:
                break
        assert against, "no evening with a pair against the night's direction"
        t, edit = against[0], session.edit_token
        data = {"from": t["from"], "to": t["to"], "amount": t["amount"]}
        with pytest.raises(ledger.PaymentError):  # by the fewest transfers: he owes nothing
            ledger.record_payment(session, summary, data, DAY)
    token = csrf_token(client.get(f"/e/{edit}?method=pairwise").get_data(as_text=True))
    form = {"csrf_token": token, "method": "pairwise", **data}
    answer = client.post(f"/e/{edit}/payments", data=form)
    assert answer.status_code == 303 and "method=pairwise" in answer.headers["Location"]
    page = client.get(answer.headers["Location"]).get_data(as_text=True)
    assert f'data-testid="transfer-{t["from"]}-{t["to"]}"' in page
    again = client.post(f"/e/{edit}/payments", data={**form, "amount": "5"})
    assert again.status_code == 422  # nothing of it remains


def test_a_groups_pairwise_transfer_is_paid_on_its_pairwise_page(app, client):
    with app.app_context():
        group = groups.create_group("Kör", None, None)
        for seed in (1, 2):
            groups.add_evening(group, night(seed=seed, day=f"2026-11-1{seed}"))
        whole = groups.group_standings(group, groups.parse_period({}, group, DAY), None, "pairwise")
        (up,) = ledger.group_settle_up(group, whole)
        edit, gid = group.edit_token, group.id
    for t in up["transfers"]:  # every pair paid in whole, whichever way the season runs
        token = csrf_token(client.get(f"/g/{edit}?method=pairwise").get_data(as_text=True))
        form = {"csrf_token": token, "method": "pairwise", "from": t["from"], "to": t["to"]}
        answer = client.post(f"/g/{edit}/payments", data={**form, "amount": t["amount"]})
        assert answer.status_code == 303, t
    with app.app_context():
        group = groups.get_group(gid)
        whole = groups.group_standings(group, groups.parse_period({}, group, DAY), None, "pairwise")
        (up,) = ledger.group_settle_up(group, whole)
    assert up["settled"] and up["remaining_minor"] == 0
    assert up["owed_minor"] == up["paid_minor"]

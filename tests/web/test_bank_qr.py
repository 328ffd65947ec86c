"""Bank details by consent, and the payment QR beside each transfer, read back from pixels.

Real database, real engine, the app's own routes: a payee's account is given on the edit
link; the QR codes on the evening's pages (edit and view links), on the group's page and
in the PDF are decoded (zxing-cpp) and compared with the transfer they stand beside.
"""

from __future__ import annotations

import html

import pytest
from sqlalchemy import func, select

from testkit import samples
from tests.conftest import close_app, make_app
from tests.qr_reading import pdf_codes, svg_codes, svgs_in
from tests.ui_helpers import csrf_token
from ulti_ledger import groups, ledger
from ulti_ledger.db import db
from ulti_ledger.models import AuditEntry, PayeeAccount

pytestmark = pytest.mark.db
SEATS = ("Anna", "Béla", "Csaba", "Dóra")
HU = "HU42117730161111101800000000"
DE = "DE89370400440532013000"


@pytest.fixture
def app(tmp_path):
    app = make_app(tmp_path, GROUP_TODAY="2026-11-20")
    yield app
    close_app(app)


def night(app, currency="HUF", unit="10", seed=1):
    body = samples.random_session(SEATS, 8, seed=seed, name="Keddi este", ruleset="ulti")
    body["date"] = "2026-11-10"
    body["unit_value"] = {"amount": unit, "currency": currency}
    with app.app_context():
        session = ledger.create_session(body)
        summary = ledger.session_summary(session)
        return session.edit_token, session.view_token, summary["totals"]["transfers"]


def give(client, page, player, iban, holder="Kovács Béla", lang=None):
    token = csrf_token(client.get(page).get_data(as_text=True))
    form = {"csrf_token": token, "player": player, "holder": holder, "iban": iban}
    return client.post(page + (f"?lang={lang}" if lang else ""), data=form)


def codes_beside(page_html, payer, payee, full=False):
    marker = f'data-testid="bank-qr-{"full-" if full else ""}{payer}-{payee}"'
    return [svg_codes(svg) for svg in svgs_in(page_html, marker)]


def test_a_forint_transfer_gets_the_payees_hct_code_on_both_links_and_in_the_pdf(app, client):
    edit, view, transfers = night(app)
    t = transfers[0]
    spaced = "HU42 1177 3016 1111 1018 0000 0000"
    assert give(client, f"/e/{edit}/bank", t["to"], spaced).status_code == 303
    expected = [
        "HCT",
        "001",
        "1",
        "OTPVHUHB",
        "Kovács Béla",
        HU,
        f"HUF{int(float(t['amount']))}",
        "20261220235959+1",  # 30 days after the app's day, in Budapest's winter time
        "",
        f"Kártya 2026-11-10 {t['from']}→{t['to']}",
    ]
    for page in (f"/e/{edit}", f"/s/{view}"):
        shown = client.get(page).get_data(as_text=True)
        (small,) = codes_beside(shown, t["from"], t["to"])  # beside it
        (large,) = codes_beside(shown, t["from"], t["to"], full=True)  # and full screen
        assert small == large and len(small) == 1
        assert small[0].split("\n")[:10] == expected
        # only the payee's transfers carry a code
        for other in transfers:
            if other["to"] != t["to"]:
                assert not codes_beside(shown, other["from"], other["to"])
    pdf = client.get(f"/s/{view}/scoresheet.pdf").data
    printed = [c.split("\n")[:10] for c in pdf_codes(pdf) if c.startswith("HCT")]
    assert expected in printed
    assert len(printed) == sum(1 for x in transfers if x["to"] == t["to"])


def test_a_euro_evening_gets_the_epc_code(app, client):
    edit, view, transfers = night(app, currency="EUR", unit="0.5")
    t = transfers[0]
    given = give(client, f"/e/{edit}/bank", t["to"], DE, holder="Erika Mustermann")
    assert given.status_code == 303
    shown = client.get(f"/s/{view}").get_data(as_text=True)
    (small,) = codes_beside(shown, t["from"], t["to"])
    lines = small[0].split("\n")
    assert lines[:7] == ["BCD", "002", "1", "SCT", "COBADEFFXXX", "Erika Mustermann", DE]
    assert lines[7] == f"EUR{float(t['amount']):g}"
    assert lines[10] == f"Kártya 2026-11-10 {t['from']}→{t['to']}"


def test_another_currency_says_why_there_is_no_code(app, client):
    edit, view, transfers = night(app, currency="CHF")
    t = transfers[0]
    give(client, f"/e/{edit}/bank", t["to"], DE)
    shown = client.get(f"/s/{view}?lang=en").get_data(as_text=True)
    assert not codes_beside(shown, t["from"], t["to"])
    assert "No bank QR code for CHF" in html.unescape(shown)


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        (None, "hibásak az ellenőrző számjegyei"),
        ("en", "check digits are wrong"),
        ("de", "Prüfziffern dieser IBAN stimmen nicht"),
    ],
)
def test_a_wrong_iban_is_refused_in_the_pages_language_and_nothing_is_kept(
    app, client, lang, words
):
    edit, view, transfers = night(app)
    answer = give(client, f"/e/{edit}/bank", transfers[0]["to"], HU[:-1] + "1", lang=lang)
    assert answer.status_code == 422
    assert words in html.unescape(answer.get_data(as_text=True))
    with app.app_context():
        assert db.session.scalar(select(func.count()).select_from(PayeeAccount)) == 0


def test_a_view_link_shows_the_code_but_cannot_give_or_remove_an_account(app, client):
    edit, view, transfers = night(app)
    payee = transfers[0]["to"]
    give(client, f"/e/{edit}/bank", payee, HU)
    token = csrf_token(client.get(f"/e/{edit}/bank").get_data(as_text=True))
    assert client.get(f"/e/{view}/bank").status_code == 404
    form = {"csrf_token": token, "player": payee, "holder": "Mallory", "iban": DE}
    assert client.post(f"/e/{view}/bank", data=form).status_code == 404
    assert client.post(f"/e/{view}/bank/remove", data=form).status_code == 404
    with app.app_context():
        (row,) = db.session.scalars(select(PayeeAccount)).all()
        assert (row.holder, row.iban) == ("Kovács Béla", HU)
    assert "bank-link" not in client.get(f"/s/{view}").get_data(as_text=True)


def test_removing_an_account_removes_its_code_and_leaves_no_copy(app, client):
    edit, view, transfers = night(app)
    t = transfers[0]
    give(client, f"/e/{edit}/bank", t["to"], HU)
    assert codes_beside(client.get(f"/s/{view}").get_data(as_text=True), t["from"], t["to"])
    token = csrf_token(client.get(f"/e/{edit}/bank").get_data(as_text=True))
    gone = client.post(f"/e/{edit}/bank/remove", data={"csrf_token": token, "player": t["to"]})
    assert gone.status_code == 303
    assert not codes_beside(client.get(f"/s/{view}").get_data(as_text=True), t["from"], t["to"])
    assert not [c for c in pdf_codes(client.get(f"/s/{view}/scoresheet.pdf").data) if "HCT" in c]
    with app.app_context():
        assert db.session.scalar(select(func.count()).select_from(PayeeAccount)) == 0
        audit = " ".join(str((a.before, a.after)) for a in db.session.scalars(select(AuditEntry)))
        assert HU not in audit and "117730161111" not in audit


def test_a_renamed_player_keeps_his_account(app, client):
    edit, view, transfers = night(app)
    t = transfers[0]
    give(client, f"/e/{edit}/bank", t["to"], HU)
    with app.app_context():
        session = ledger.session_by_token(edit, "edit")
        ledger.change_players(session, {"rename": {t["to"]: "Zoé"}})
        assert list(ledger.payee_accounts(ledger.session_by_token(edit, "edit"))) == ["Zoé"]


def test_a_group_member_gives_an_account_on_the_groups_edit_link(app, client):
    edit, view, transfers = night(app, currency="EUR", unit="0.5")
    with app.app_context():
        group = groups.create_group("Keddi kör", None, None)
        groups.add_evening(group, ledger.session_by_token(edit, "edit"))
        gedit, gview = group.edit_token, group.view_token
    member = transfers[0]["to"]
    token = csrf_token(client.get(f"/g/{gedit}/bank").get_data(as_text=True))
    form = {"csrf_token": token, "player": member, "holder": "Mallory", "iban": DE}
    assert client.get(f"/g/{gview}/bank").status_code == 404
    assert client.post(f"/g/{gview}/bank", data=form).status_code == 404
    assert give(client, f"/g/{gedit}/bank", member, DE, holder="Erika").status_code == 303
    shown = client.get(f"/g/{gview}").get_data(as_text=True)
    found = [c for svg in svgs_in(shown, 'class="bank-qr"') for c in svg_codes(svg)]
    assert found and all(c.split("\n")[5:7] == ["Erika", DE] for c in found)
    assert all(c.split("\n")[10].startswith("Kártya Keddi kör ") for c in found)
    # the evening's own page shows no code: the account was given to the group
    assert not svgs_in(client.get(f"/s/{view}").get_data(as_text=True), 'class="bank-qr"')


def test_the_season_report_prints_the_groups_code_beside_each_transfer_to_the_payee(app, client):
    edit, view, transfers = night(app, currency="EUR", unit="0.5")
    with app.app_context():
        group = groups.create_group("Keddi kör", None, None)
        groups.add_evening(group, ledger.session_by_token(edit, "edit"))
        gedit, gview = group.edit_token, group.view_token
    member = transfers[0]["to"]
    assert give(client, f"/g/{gedit}/bank", member, DE, holder="Erika").status_code == 303
    page = client.get(f"/g/{gview}").get_data(as_text=True)
    on_page = sorted(c for svg in svgs_in(page, 'class="bank-qr"') for c in svg_codes(svg))
    report = client.get(f"/g/{gview}/report.pdf")
    assert report.status_code == 200
    printed = sorted(c for c in pdf_codes(report.data) if c.startswith("BCD"))
    assert printed and printed == on_page  # one per transfer to the payee, as on the page
    for code in printed:
        lines = code.split("\n")
        assert lines[5:7] == ["Erika", DE]
        payer = lines[10].removeprefix("Kártya Keddi kör ").split("→")[0]
        owed = [t for t in transfers if t["from"] == payer and t["to"] == member]
        assert owed and lines[7] == f"EUR{float(owed[0]['amount']):g}"
    # the view link's report of a group without accounts prints no code
    token = csrf_token(client.get(f"/g/{gedit}/bank").get_data(as_text=True))
    client.post(f"/g/{gedit}/bank/remove", data={"csrf_token": token, "player": member})
    assert not [c for c in pdf_codes(client.get(f"/g/{gview}/report.pdf").data) if "BCD" in c]

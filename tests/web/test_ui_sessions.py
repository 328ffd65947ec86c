"""The session pages: landing, new-session form, scoreboards, undo, links, CSRF."""

import re
from pathlib import Path

import pytest

from tests.ui_helpers import PLAYERS, Scorer, counts, csrf_token, read_form
from ulti_ledger import ledger
from ulti_ledger.words.money_format import money_text


@pytest.fixture
def scorer(client):
    """Unlike the shared fixture, no evening yet: these tests begin it themselves."""
    return Scorer(client)


def session_form_data(client, **changes):
    page = client.get("/sessions/new").get_data(as_text=True)
    data = {k: v[0] for k, v in read_form(page, "session-form").items()}
    for index, name in enumerate(PLAYERS):
        data[f"players-{index}"] = name
    data.update(changes)
    return data


def test_landing_page_offers_a_new_evening_and_lists_nothing_private(client, scorer):
    # Issue 10: the scorer's own browser now lists its evenings (with both links); any
    # other browser still sees no name and no link, and the scorer's page is not cached.
    scorer.start(name="Titkos este")
    other = client.application.test_client()
    response = other.get("/")
    html = response.get_data(as_text=True)
    assert 'href="/sessions/new"' in html
    assert "Új este" in html
    assert "Titkos este" not in html and "/e/" not in html and "/s/" not in html
    own = client.get("/")
    assert "Titkos este" in own.get_data(as_text=True)
    assert own.headers["Cache-Control"] == "no-store" and "Cookie" in own.headers["Vary"]


def test_new_session_form_shows_defaults_help_and_known_names(client, app, scorer):
    scorer.start(players=["Zoli", "Béla", "Csaba"])
    html = client.get("/sessions/new").get_data(as_text=True)
    fields = read_form(html, "session-form")
    assert fields["ruleset"] == ["ulti"]
    assert fields["unit_amount"] == ["10"] and fields["currency"] == ["HUF"]
    assert re.fullmatch(r"\d{4}-\d\d-\d\d", fields["date"][0])
    # every house rule at its default, with its meaning shown
    assert fields["o-ulti-max_kontra_level"] == ["4"]
    assert fields["o-ulti-failed_bid_doubling"] == ["ulti_only"]
    assert "Meddig lehet kontrázni." in html  # issue 10: a player's words, not the TOML's
    assert "Házszabályok" in html
    assert '<option value="Zoli">' in html  # the datalist of earlier players


def known_names(client) -> list[str]:
    """The names the new-evening form offers this client (datalist and chips)."""
    html = client.get("/sessions/new").get_data(as_text=True)
    listed = re.findall(r'<option value="([^"]*)">', html.split('id="known-players"')[-1])
    chips = re.findall(r'class="chip-button" data-name="([^"]*)"', html)
    assert ("known-players" in html) == bool(listed)
    return chips if "known-players" in html else []


def test_the_quick_pick_offers_only_this_browsers_evenings(app, client, scorer, session_body):
    scorer.start(players=["Zoli", "Béla", "Csaba"])
    # the API has no cookies: its session is nobody's quick pick
    client.post("/api/v1/sessions", json={**session_body, "players": ["Api", "Bpi", "Cpi"]})
    assert known_names(client) == ["Zoli", "Béla", "Csaba"]
    other = app.test_client()  # another phone: it has scored nothing here
    assert known_names(other) == []
    html = other.get("/sessions/new").get_data(as_text=True)
    assert "Zoli" not in html and "Api" not in html and "quick-pick" not in html
    other.get(scorer.view_url)  # the view link shows the names but adds none
    assert known_names(other) == []
    other.get(scorer.edit_url)  # the edit link does: that phone may score the evening
    assert known_names(other) == ["Zoli", "Béla", "Csaba"]
    Scorer(other).start(players=["Ede", "Zoli", "Feri"])  # the latest evening first
    assert known_names(other) == ["Ede", "Zoli", "Feri", "Béla", "Csaba"]
    assert known_names(client) == ["Zoli", "Béla", "Csaba"]  # the first phone's own list
    with app.app_context():
        ledger.delete_session(ledger.session_by_token(scorer.token(), "edit").id)
    assert known_names(client) == []  # a deleted evening's names are gone


def test_the_quick_pick_survives_the_browser_and_stays_small(app, client, scorer):
    for n in range(25):
        scorer.start(players=[f"P{n}a", f"P{n}b", f"P{n}c"])
    with client.session_transaction() as cookie:
        assert cookie.permanent  # kept when the browser closes: next week on the same phone
        assert len(cookie["evenings"]) == 20  # the most recent evenings only
    assert app.permanent_session_lifetime.days >= 180
    names = known_names(client)
    assert names[:3] == ["P24a", "P24b", "P24c"] and "P4a" not in names
    assert len(names) == 16  # chips; the datalist holds all 60


def test_a_forged_cookie_reads_nobody_elses_names(app, scorer, session_body):
    scorer.start(players=["Zoli", "Béla", "Csaba"])
    stranger = app.test_client()
    stranger.set_cookie("session", "eyJldmVuaW5ncyI6WzEsMiwzXX0.forged.signature")
    assert known_names(stranger) == []


def test_the_form_refuses_one_player_written_two_ways(client, app):
    before = counts(app)
    names = {"players-0": "Anna", "players-1": "Béla", "players-2": "anna", "players-3": "Dóra"}
    response = client.post("/sessions", data=session_form_data(client, **names))
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert "„Anna” és „anna” ugyanaz a név" in html
    names.update({"players-2": "Csaba", "players-3": "BÉLA  "})  # the ends are trimmed
    response = client.post("/sessions?lang=en", data=session_form_data(client, **names))
    assert response.status_code == 422
    assert "“Béla” and “BÉLA” are the same name" in response.get_data(as_text=True)
    names["players-3"] = "Béla"
    response = client.post("/sessions?lang=hu", data=session_form_data(client, **names))
    assert "Béla kétszer szerepel." in response.get_data(as_text=True)
    assert counts(app) == before


def test_a_new_evening_needs_a_currency(client, app):
    before = counts(app)
    response = client.post("/sessions", data=session_form_data(client, currency=" "))
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert "Add meg a pénznemet, pl. HUF vagy EUR." in html
    assert counts(app) == before
    english = client.post("/sessions?lang=en", data=session_form_data(client, currency=""))
    assert "Give the currency, such as HUF or EUR." in english.get_data(as_text=True)


def test_the_scoreboard_writes_money_one_way(client, session_body, hand):
    body = {**session_body, "unit_value": {"amount": "2.5", "currency": "EUR"}}
    created = client.post("/api/v1/sessions", json={**body, "hands": [hand()] * 3}).get_json()
    html = client.get(created["url"]).get_data(as_text=True)
    with client.application.app_context():
        session = ledger.session_by_token(created["edit_token"], "edit")
        totals = ledger.session_summary(session)["totals"]
    assert "1 egység = 2,50 EUR" in html
    for name, amount in totals["money"].items():  # the cards: exact money
        number = money_text(amount, "EUR", unit=False)
        assert re.fullmatch(r"[+\u2212]?\d+,\d\d", number)  # two decimals, a real minus
        assert f"<span>{number}</span> <span>EUR</span>" in html, name
    assert totals["transfers"]
    for transfer in totals["transfers"]:  # who pays whom: rounded money, the same format
        assert money_text(transfer["amount"], "EUR") in html


def test_creating_a_session_redirects_to_the_edit_page_with_links_and_qr(client, app):
    data = session_form_data(
        client, name="Péntek", place="Béláéknál", **{"o-ulti-max_kontra_level": "2"}
    )
    data["last_declarer_deals"] = "y"
    response = client.post("/sessions", data=data)
    assert response.status_code == 303
    location = response.headers["Location"]
    assert re.fullmatch(r"/e/[\w-]{40,}", location)
    page = client.get(location)
    html = page.get_data(as_text=True)
    assert "Péntek" in html and "Béláéknál" in html
    assert 'class="qr"' in html and "/s/" in html and location in html
    with app.app_context():
        session = ledger.session_by_token(location.rsplit("/", 1)[1], "edit")
        assert ledger.seat_names(session) == tuple(PLAYERS)
        # only what differs from default; the checkbox is the seating option
        assert session.options == {"max_kontra_level": 2, "last_declarer_deals": "on"}
        assert session.currency == "HUF" and session.unit_amount == "10"


@pytest.mark.parametrize(
    "changes, message",
    [
        ({"players-2": "", "players-3": ""}, "3, 4 vagy 5 játékost"),
        ({"players-3": "Anna"}, "Anna kétszer szerepel"),
        ({"unit_amount": "tíz"}, "Pozitív szám kell"),
        ({"unit_amount": "0"}, "Pozitív szám kell"),
        ({"date": "tegnap"}, "Dátum kell"),
        ({"players-1": "x" * 81}, "legfeljebb 80 karakter"),
        ({"ruleset": "pinochle"}, "Válassz a felsorolt szabályok közül"),
    ],
)
def test_new_session_errors_are_shown_beside_the_fields_and_nothing_is_saved(
    client, app, changes, message
):
    before = counts(app)
    response = client.post("/sessions", data=session_form_data(client, **changes))
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert message in html
    assert 'class="field-error"' in html
    assert counts(app) == before


def test_an_option_value_the_ruleset_does_not_offer_is_refused(client, app):
    before = counts(app)
    data = session_form_data(client, **{"o-ulti-max_kontra_level": "9"})
    response = client.post("/sessions", data=data)
    assert response.status_code == 422
    assert counts(app) == before


def test_a_post_without_the_csrf_token_is_refused(client, app):
    data = session_form_data(client)
    del data["csrf_token"]
    assert client.post("/sessions", data=data).status_code == 400
    assert counts(app)["game_sessions"] == 0


def test_the_edit_scoreboard_shows_balances_rows_explanations_and_controls(client, scorer):
    edit = scorer.start()
    token = scorer.token()
    # Anna deals the first hand and sits out, Béla the second
    scorer.post_hand({"declarer": "Béla", "contract": "passz", "colour": "piros"})
    scorer.post_hand({"declarer": "Csaba", "contract": "40-100", "colour": "zold"})
    html = client.get(edit).get_data(as_text=True)
    assert "piros passz" in html and "zöld 40-100" in html
    assert 'data-testid="balance-Béla"' in html
    assert "<details" in html and "parti megvan" in html  # the explanation, expandable
    assert f"/e/{token}/hands/1/edit" in html and f"/e/{token}/hands/2/delete" in html
    assert f'action="/e/{token}/undo"' in html
    assert "Oszt:" in html and "Kezd:" in html


def test_the_view_page_shows_the_qr_code_and_no_edit_controls(client, scorer):
    scorer.start()
    scorer.post_hand({"declarer": "Béla", "contract": "passz", "colour": "piros"})
    response = client.get(scorer.view_url)
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert "piros passz" in html and 'class="qr"' in html
    assert scorer.token() not in html
    assert "/undo" not in html and "/hands/new" not in html and "Szerkesztés" not in html
    assert response.headers["Referrer-Policy"] == "no-referrer"


@pytest.mark.parametrize(
    "path", ["/e/nope", "/s/nope", "/e/nope/hands/new", "/e/nope/hands/1/edit"]
)
def test_unknown_tokens_are_404(client, path):
    assert client.get(path).status_code == 404


def test_a_view_token_opens_no_edit_page_and_posts_nothing(client, app, scorer):
    scorer.start()
    view_token = scorer.view_url.rsplit("/", 1)[1]
    page = client.get(scorer.edit_url).get_data(as_text=True)
    token = csrf_token(page)
    assert client.get(f"/e/{view_token}").status_code == 404
    assert client.get(f"/e/{view_token}/hands/new").status_code == 404
    before = counts(app)
    assert client.post(f"/e/{view_token}/undo", data={"csrf_token": token}).status_code == 404
    response = client.post(f"/e/{view_token}/hands", data={"csrf_token": token})
    assert response.status_code == 404
    assert counts(app) == before


def test_undo_removes_the_last_hand_and_needs_post(client, app, scorer):
    edit = scorer.start()
    scorer.post_hand({"declarer": "Béla", "contract": "passz", "colour": "piros"})
    scorer.post_hand({"declarer": "Csaba", "contract": "passz", "colour": "makk"})
    assert client.get(edit + "/undo").status_code == 405
    token = csrf_token(client.get(edit).get_data(as_text=True))
    response = client.post(edit + "/undo", data={"csrf_token": token})
    assert response.status_code == 303 and response.headers["Location"] == edit
    html = client.get(edit).get_data(as_text=True)
    assert "A 2. leosztás visszavonva" in html
    sheet = html.split('class="sheet"', 1)[1].split("</section>", 1)[0]
    assert "makk passz" not in sheet and "piros passz" in sheet  # gone from the hands table
    assert "makk passz" in html.split('class="sheet"', 1)[1].split("</section>", 1)[1]
    with app.app_context():
        assert ledger.hand_count(ledger.session_by_token(scorer.token(), "edit")) == 1


def test_undo_without_the_csrf_token_is_refused(client, app, scorer):
    edit = scorer.start()
    scorer.post_hand({"declarer": "Béla", "contract": "passz", "colour": "piros"})
    before = counts(app)
    assert client.post(edit + "/undo").status_code == 400
    assert counts(app) == before


def test_undo_with_no_hands_says_so(client, scorer):
    edit = scorer.start()
    token = csrf_token(client.get(edit).get_data(as_text=True))
    client.post(edit + "/undo", data={"csrf_token": token})
    assert "Nincs mit visszavonni" in client.get(edit).get_data(as_text=True)


def test_the_scoreboard_shows_the_balance_chart_once_there_are_hands(client, scorer):
    edit = scorer.start()
    assert "balance-chart-figure" not in client.get(edit).get_data(as_text=True)
    scorer.post_hand({"declarer": "Béla", "contract": "passz", "colour": "piros"})
    for page in (edit, scorer.view_url):
        html = client.get(page).get_data(as_text=True)
        # and the QR code, and the table drawn beside the next hand
        assert 'class="balance-chart-figure"' in html and html.count("<svg") == 3


def test_the_scoreboard_keeps_a_place_for_the_exports(app):
    """Issue 4's download links plug in by name; the page works whether or not they exist."""
    source = Path(app.jinja_loader.searchpath[0]) / "sessions" / "scoreboard.html"
    assert "{% block exports %}" in source.read_text("utf-8")


def test_names_with_html_are_shown_as_text_everywhere(client):
    scorer = Scorer(client)
    evil = '<b>Zé"</b>'
    scorer.start(players=["Anna", evil, "Csaba", "Dóra"])
    fields = {"declarer": evil, "contract": "betli", "colour": "", "kontra-betli-2": "1"}
    assert scorer.post_hand({**fields, "won-betli": "0"}).status_code == 303
    pages = [
        client.get(scorer.edit_url).get_data(as_text=True),
        client.get(scorer.view_url).get_data(as_text=True),
        client.get(scorer.edit_url + "/hands/1/edit").get_data(as_text=True),
        client.get(scorer.edit_url + "/hands/1/delete").get_data(as_text=True),
        client.get(scorer.edit_url + "/hands/new").get_data(as_text=True),
    ]
    for html in pages:
        assert "<b>Zé" not in html
        assert "&lt;b&gt;Zé&#34;&lt;/b&gt;" in html


def test_a_stale_form_gets_a_page_that_says_what_to_do(client, scorer):
    edit = scorer.start()
    response = client.post(edit + "/undo", data={"csrf_token": "old"})
    assert response.status_code == 400
    html = response.get_data(as_text=True)
    assert 'data-testid="stale-form"' in html and "töltsd újra az oldalt" in html


def test_csrf_tokens_last_the_whole_evening(app):
    assert app.config["WTF_CSRF_TIME_LIMIT"] is None


def test_a_stale_form_page_speaks_one_language(client, scorer, app):
    """Flask-WTF's reason is English: a Hungarian page leaves it out, and ``?lang=en`` on
    the form's address gives the English page (the check runs before the language hook)."""
    edit = scorer.start()
    html = client.post(edit + "/undo", data={"csrf_token": "old"}).get_data(as_text=True)
    assert "töltsd újra az oldalt" in html and "CSRF" not in html
    fresh = app.test_client()
    english = fresh.post(edit + "/undo?lang=en", data={"csrf_token": "old"})
    assert english.status_code == 400
    text = english.get_data(as_text=True)
    assert '<html lang="en">' in text and "töltsd" not in text and "CSRF" in text

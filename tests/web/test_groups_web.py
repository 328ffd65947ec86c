"""The group's pages and its API: create, add evenings (the new-evening form too), rename
across the group, standings for a period, the season report, and every refusal a 4xx."""

from __future__ import annotations

import datetime as dt
import re
from decimal import Decimal

import pytest
from markupsafe import escape

from testkit import samples
from tests.ui_helpers import csrf_token
from ulti_ledger import groups, ledger
from ulti_ledger.db import db
from ulti_ledger.models import GameSession, Group
from ulti_ledger.words.messages import text

SEATS = ("Anna", "Béla", "Csaba", "Dóra")


@pytest.fixture
def app(tmp_path):
    from tests.conftest import close_app, make_app

    app = make_app(tmp_path, GROUP_TODAY="2026-11-20")
    yield app
    close_app(app)


def add_evening(name, day, ruleset="ulti", seed=1, seats=SEATS):
    body = samples.random_session(seats, 8, seed=seed, name=name, ruleset=ruleset)
    body["date"] = day
    return ledger.create_session(body)


@pytest.fixture
def group(app):
    """A group with an Ulti evening in October and a snapszer one in November."""
    with app.app_context():
        made = groups.create_group("Keddi kör", "2026-10-01", "2026-12-31")
        groups.add_evening(made, add_evening("Októberi", "2026-10-06"))
        groups.add_evening(made, add_evening("Novemberi", "2026-11-10", "snapszer", seed=2))
        return {"id": made.id, "edit": made.edit_token, "view": made.view_token}


def post(client, page_url, action, data):
    token = csrf_token(client.get(page_url).get_data(as_text=True))
    return client.post(action, data={"csrf_token": token, **data})


def test_a_group_is_created_and_lands_on_its_edit_page(client):
    answer = post(client, "/groups/new", "/groups", {"name": "Keddi kör"})
    assert answer.status_code == 303
    token = answer.headers["Location"].rsplit("/", 1)[1]
    page = client.get(f"/g/{token}").get_data(as_text=True)
    assert "Keddi kör" in page and 'data-testid="edit-link"' in page and "<svg" in page


def test_a_group_without_a_name_is_refused_and_nothing_is_saved(client, app):
    answer = post(client, "/groups/new", "/groups", {"name": "  "})
    assert answer.status_code == 422 and "A társaságnak nevet kell adni." in answer.text
    with app.app_context():
        assert db.session.query(Group).count() == 0


def test_the_view_link_only_reads(client, group):
    page = client.get(f"/g/{group['view']}").get_data(as_text=True)
    assert "Októberi" in page and 'data-testid="edit-link"' not in page
    assert 'data-testid="rename-button"' not in page
    refused = client.post(f"/g/{group['view']}/rename", data={"old": "Anna", "new": "Anikó"})
    assert refused.status_code in (400, 404)  # no CSRF token / no edit right: nothing renamed


def test_the_page_shows_the_standings_of_the_period(client, group, app):
    month = client.get(f"/g/{group['view']}?period=month").get_data(as_text=True)
    assert "Novemberi" in month and "Októberi" not in month
    everything = client.get(f"/g/{group['view']}").get_data(as_text=True)
    assert "Októberi" in everything and "Novemberi" in everything
    with app.app_context():
        anna = groups.group_standings(
            groups.get_group(group["id"]), groups.Period("all", None, None)
        )["standings"]["Anna"]
    row = re.search(r'data-testid="standing-HUF-Anna">(.*?)</li>', everything, re.S).group(1)
    assert f">{anna['evenings']} este<" in row and f">{anna['hands']} leosztás<" in row


@pytest.mark.parametrize(
    "query", ["period=year", "from=2026-02-30", "from=2026-11-01&to=2026-10-01", "game=skat"]
)
def test_a_bad_period_is_a_page_that_says_so(client, group, query):
    answer = client.get(f"/g/{group['view']}?{query}")
    assert answer.status_code == 400 and 'data-testid="error-detail"' in answer.text


def test_a_member_is_renamed_across_the_group_from_the_page(client, group, app):
    answer = post(
        client,
        f"/g/{group['edit']}",
        f"/g/{group['edit']}/rename",
        {"old": "Béla", "new": "Béluska"},
    )
    assert answer.status_code == 303
    notice = client.get(answer.headers["Location"]).get_data(as_text=True)
    assert "Béla mostantól Béluska, 2 estén." in notice
    with app.app_context():
        for session in groups.group_evenings(groups.get_group(group["id"])):
            assert "Béluska" in ledger.seat_names(session)


def test_a_merge_of_two_who_sat_together_is_refused_on_the_page(client, group, app):
    answer = post(
        client, f"/g/{group['edit']}", f"/g/{group['edit']}/rename", {"old": "Béla", "new": "Anna"}
    )
    assert answer.status_code == 422  # the page again, saying why
    page = answer.get_data(as_text=True)
    assert "ugyanazon az estén játszott" in page
    with app.app_context():
        assert all("Béla" in ledger.seat_names(s) for s in db.session.query(GameSession))


def test_an_evening_is_added_by_its_link(client, group, app):
    with app.app_context():
        third = add_evening("Decemberi", "2026-12-01", seed=5)
        link = f"http://localhost/e/{third.edit_token}"
    answer = post(client, f"/g/{group['edit']}", f"/g/{group['edit']}/evenings", {"link": link})
    page = client.get(answer.headers["Location"]).get_data(as_text=True)
    assert "Decemberi bekerült a társaságba." in page
    with app.app_context():
        session = db.session.get(GameSession, third.id)
        assert session.group_id == group["id"]
        # the page links the evening by its view link only, never its edit link
        assert session.edit_token not in page and session.view_token in page


def test_the_new_evening_form_offers_the_group(client, group, app):
    form = client.get(f"/sessions/new?group={group['edit']}").get_data(as_text=True)
    assert f'<option value="{group["id"]}" selected>Keddi kör</option>' in form
    data = {
        "csrf_token": csrf_token(form),
        "name": "Pénteki",
        "date": "2026-11-13",
        "players-0": "Anna",
        "players-1": "Béla",
        "players-2": "Csaba",
        "ruleset": "ulti",
        "unit_amount": "10",
        "currency": "HUF",
        "group": str(group["id"]),
    }
    answer = client.post("/sessions", data=data)
    assert answer.status_code == 303, answer.text
    with app.app_context():
        session = db.session.query(GameSession).filter_by(name="Pénteki").one()
        assert session.group_id == group["id"]


def test_the_new_evening_form_refuses_a_group_this_browser_does_not_know(client, group):
    form = client.get("/sessions/new").get_data(as_text=True)
    assert 'data-testid="group-choice"' not in form
    data = {
        "csrf_token": csrf_token(form),
        "name": "X",
        "players-0": "Anna",
        "players-1": "Béla",
        "players-2": "Csaba",
        "ruleset": "ulti",
        "unit_amount": "10",
        "currency": "HUF",
        "group": str(group["id"]),
    }
    assert client.post("/sessions", data=data).status_code == 400


def test_the_season_report_is_a_pdf_with_the_standings(client, group):
    import io

    import pdfplumber

    answer = client.get(f"/g/{group['view']}/report.pdf?period=season")
    assert answer.status_code == 200 and answer.data.startswith(b"%PDF")
    with pdfplumber.open(io.BytesIO(answer.data)) as pdf:
        text = "\n".join(page.extract_text() for page in pdf.pages)
    assert "Keddi kör" in text and "Idényösszesítő" in text
    assert "Októberi" in text and "Novemberi" in text and "Anna" in text


def test_the_api_gives_members_evenings_and_standings(client, group, app):
    answer = client.get(
        f"/api/v1/groups/{group['id']}?period=season",
        headers={"Authorization": f"Bearer {group['view']}"},
    )
    assert answer.status_code == 200
    body = answer.get_json()
    assert body["members"] == list(SEATS) and len(body["evenings"]) == 2
    assert body["period"] == {"kind": "season", "from": "2026-10-01", "to": "2026-12-31"}
    assert sum(int(b["money"]) for b in body["settlement"]["balances"]) == 0
    assert body["standings"]["Anna"]["games"].keys() == {e["game"] for e in body["evenings"]}


@pytest.mark.parametrize(
    ("query", "key"),
    [
        ("period=year", "period"),
        ("from=nope", "from"),
        ("game=skat", "game"),
        ("method=x", "method"),
    ],
)
def test_the_api_refuses_a_bad_query_naming_the_key(client, group, query, key):
    answer = client.get(f"/api/v1/groups/{group['id']}?{query}&token={group['view']}")
    assert answer.status_code == 400 and answer.get_json()["key"] == key


def test_the_api_needs_the_group_s_token(client, group):
    assert client.get(f"/api/v1/groups/{group['id']}").status_code == 401
    wrong = client.get(f"/api/v1/groups/{group['id'] + 1}?token={group['view']}")
    assert wrong.status_code == 403 and "does not open this group" in wrong.get_json()["error"]


def test_the_openapi_description_has_the_group(client):
    paths = client.get("/api/v1/openapi.json").get_json()["paths"]
    assert "/api/v1/groups/{group_id}" in paths


def test_this_month_is_the_configured_today_s(app):
    from ulti_ledger.views.common import group_today

    with app.app_context():
        assert group_today() == dt.date(2026, 11, 20)


def declared_by(app, group_id, player, game=None):
    """(session id, hand number) of every hand ``player`` declared, counted from the facts."""
    with app.app_context():
        out = []
        for session in groups.group_evenings(groups.get_group(group_id)):
            summary = ledger.session_summary(session)
            if game and summary["ruleset"]["id"] != game:
                continue
            out += [
                (session.id, h["number"])
                for h in summary["hands"]
                if h["hand"]["declarer"] == player and h["outcome"] == "played"
            ]
        return out


def test_the_group_statistics_link_each_number_to_its_hands(client, group, app):
    page = client.get(f"/g/{group['view']}/stats").get_data(as_text=True)
    expected = declared_by(app, group["id"], "Anna")
    link = re.search(r'href="([^"]*)"\s+data-testid="stat-Anna-declared"', page).group(1)
    number = re.search(r'data-testid="stat-Anna-declared">(\d+)<', page).group(1)
    assert int(number) == len(expected)
    behind = client.get(link.replace("&amp;", "&")).get_data(as_text=True)
    found = re.findall(r'data-testid="behind-(\d+)-(\d+)"', behind)
    assert sorted((int(s), int(n)) for s, n in found) == sorted(expected)


def test_the_statistics_of_a_period_and_a_game(client, group, app):
    answer = client.get(f"/api/v1/groups/{group['id']}/stats?game=snapszer&token={group['view']}")
    assert answer.status_code == 200
    body = answer.get_json()
    assert len(body["evenings"]) == 1
    assert body["players"]["Béla"]["declared"] == len(
        declared_by(app, group["id"], "Béla", "snapszer")
    )
    month = client.get(f"/api/v1/groups/{group['id']}/stats?period=month&token={group['view']}")
    assert month.get_json()["period"]["from"] == "2026-11-01"
    bad = client.get(f"/api/v1/groups/{group['id']}/stats?from=x&token={group['view']}")
    assert bad.status_code == 400 and bad.get_json()["key"] == "from"


def test_an_unknown_member_s_statistics_are_a_404_that_says_so(client, group):
    answer = client.get(f"/g/{group['view']}/stats?player=Zoli")
    assert answer.status_code == 404 and "Zoli" in answer.text


def test_the_season_report_has_each_member_s_statistics(client, group):
    import io

    import pdfplumber

    answer = client.get(f"/g/{group['view']}/report.pdf")
    with pdfplumber.open(io.BytesIO(answer.data)) as pdf:
        text = "\n".join(page.extract_text() for page in pdf.pages)
    assert "A tagok statisztikái" in text and "Felvevőként játszott" in text


def test_the_several_evenings_page_becomes_a_group(client, app):
    with app.app_context():
        first, second = add_evening("Egy", "2026-10-01"), add_evening("Kettő", "2026-10-08", seed=3)
        tokens = [first.view_token, second.view_token]
    page = client.get(f"/group?s={tokens[0]}&s={tokens[1]}").get_data(as_text=True)
    link = re.search(r'href="([^"]*)" data-testid="save-as-group"', page).group(1)
    form = client.get(link.replace("&amp;", "&")).get_data(as_text=True)
    assert "A közös elszámolás 2 estéje a társasághoz kerül." in form
    data = {"csrf_token": csrf_token(form), "name": "Őszi kör", "s": tokens}
    answer = client.post("/groups", data=data)
    assert answer.status_code == 303
    with app.app_context():
        made = db.session.query(Group).filter_by(name="Őszi kör").one()
        assert [s.name for s in groups.group_evenings(made)] == ["Egy", "Kettő"]


def test_a_group_of_an_evening_already_in_another_is_refused_whole(client, group, app):
    """By its edit link an evening joins one group that may change it (by its view link
    any number of groups may show it: tests/web/test_group_capabilities.py)."""
    with app.app_context():
        taken = groups.group_evenings(groups.get_group(group["id"]))[0].edit_token
        free = add_evening("Szabad", "2026-10-20", seed=4).edit_token
    form = client.get("/groups/new").get_data(as_text=True)
    data = {"csrf_token": csrf_token(form), "name": "Másik", "s": [free, taken]}
    answer = client.post("/groups", data=data)
    assert answer.status_code == 422 and "már egy másik társaságé (Keddi kör)" in answer.text
    with app.app_context():
        assert db.session.query(Group).filter_by(name="Másik").count() == 0
        assert db.session.query(GameSession).filter_by(name="Szabad").one().group_id is None


def test_a_new_hand_moves_the_group_s_statistics(client, group, app):
    url = f"/api/v1/groups/{group['id']}/stats?token={group['view']}"
    before = client.get(url).get_json()["players"]
    with app.app_context():
        october = groups.group_evenings(groups.get_group(group["id"]))[0]
        deal = ledger.next_hand(october)
        ledger.add_hand(
            october,
            {
                "players": deal["players"],
                "sitting_out": deal["sitting_out"],
                "declarer": deal["players"][0],
                "colour": "piros",
                "components": [{"name": "parti", "won": True}],
            },
        )
        declarer = deal["players"][0]
    after = client.get(url).get_json()["players"]
    assert after[declarer]["declared"] == before[declarer]["declared"] + 1
    assert after[declarer]["hands"] == before[declarer]["hands"] + 1


def test_the_group_statistics_and_report_show_skat_and_tarokk(client, app):
    """A group of a Skat and a tarokk evening: the page words each game's own numbers
    (Skat's rates and average too), each one's link lists its hands across the evenings,
    and the season report prints them."""
    with app.app_context():
        made = groups.create_group("Vegyes kör", "2026-10-01", "2026-12-31")
        skat = add_evening("Skat", "2026-10-06", "skat", seed=4, seats=SEATS[:3])
        tarokk = add_evening("Tarokk", "2026-10-13", "tarokk", seed=5)
        groups.add_evening(made, skat)
        groups.add_evening(made, tarokk)
        view, group_id, skat_id = made.view_token, made.id, skat.id
        games = {skat.ruleset.ruleset_id, tarokk.ruleset.ruleset_id}
    page = client.get(f"/g/{view}/stats").get_data(as_text=True)
    for word in ("átlagos játékérték", "Grand-arány", "játékok · ", "figurák · ", "parti · "):
        assert word in page, word
    links = re.findall(r'href="([^"]*)"\s+data-testid="stat-Anna-games\.([a-z]+)\.', page)
    assert {game for _, game in links} == games
    average = re.search(r'href="([^"]*)"\s+data-testid="stat-Anna-games\.skat\.types"', page)
    behind = client.get(average.group(1).replace("&amp;", "&")).get_data(as_text=True)
    found = {(int(s), int(n)) for s, n in re.findall(r'data-testid="behind-(\d+)-(\d+)"', behind)}
    declared = {(s, n) for s, n in declared_by(app, group_id, "Anna") if s == skat_id}
    assert found == declared and found
    german = client.get(f"/g/{view}/stats?lang=de").get_data(as_text=True)
    assert "durchschnittlicher Spielwert" in german and "Figuren · " in german
    import io

    import pdfplumber

    answer = client.get(f"/g/{view}/report.pdf?lang=hu")
    with pdfplumber.open(io.BytesIO(answer.data)) as pdf:
        text = "\n".join(page.extract_text() for page in pdf.pages)
    # a game's own counts run on as text, those of one path together (pdf/season.py)
    flat = " ".join(text.split())
    assert "átlagos játékérték" in flat and re.search(r"kontrák: [^;]*mondott \d+", flat)


def test_a_german_group_page_and_report_speak_german_and_name_each_evening_s_rules(client, app):
    """The chart's title and axis, the game filter (the game's name, one for its rulesets)
    and each evening's rules (its own ruleset, magas tarokk as such) in the page's language;
    before, the chart fell back to Hungarian on a German page and a magas tarokk evening
    was listed as "Tarokk (illusztrált)"."""
    import io

    import pdfplumber

    with app.app_context():
        made = groups.create_group("Sonntagsrunde", "2026-10-01", "2026-12-31")
        five = (*SEATS, "Ede")
        groups.add_evening(made, add_evening("Illusztrált", "2026-10-04", "tarokk", seed=6))
        groups.add_evening(made, add_evening("Magas", "2026-10-11", "magas-tarokk", 7, five))
        groups.add_evening(made, add_evening("Snapszer", "2026-10-18", "snapszer", seed=8))
        view = made.view_token
    page = client.get(f"/g/{view}?lang=de").get_data(as_text=True)
    assert "Verlauf der Salden" in page and "Az egyenlegek alakulása" not in page
    assert 'data-testid="game-tarokk">Tarokk</a>' in page
    rows = re.findall(r'<span class="evening-rules">([^<]+)</span>', page)
    assert rows == ["Tarokk (illusztrált)", "Magas tarokk", "Snapszer"]
    answer = client.get(f"/g/{view}/report.pdf?lang=de")
    with pdfplumber.open(io.BytesIO(answer.data)) as pdf:
        text = "\n".join(p.extract_text() for p in pdf.pages)
    assert "Stand von Abend zu Abend" in text and "Magas tarokk" in text
    assert "egyenlegek" not in text


@pytest.mark.parametrize("lang", ["hu", "en", "de"])
def test_evenings_in_two_currencies_settle_each_on_its_own(client, group, app, lang):
    """A group with one EUR evening beside its HUF ones: standings per currency, each
    settled on its own, every money figure with its code, and no refusal (before: "sessions
    played in different currencies ... cannot be settled together", in English on the
    Hungarian page, and the money column without a code)."""
    with app.app_context():
        body = samples.random_session(SEATS, 8, seed=9, name="Bécsi", ruleset="ulti")
        body.update(date="2026-11-12", unit_value={"amount": "0.5", "currency": "EUR"})
        groups.add_evening(groups.get_group(group["id"]), ledger.create_session(body))
        found = groups.group_standings(
            groups.get_group(group["id"]), groups.Period("all", None, None)
        )
    assert found["currencies"] == ["HUF", "EUR"] and found["settlement"] is None
    for settlement in found["settlements"]:
        assert sum(Decimal(b["money"]) for b in settlement["balances"]) == 0
    assert [s["currency"] for s in found["settlements"]] == ["HUF", "EUR"]
    anna = found["standings"]["Anna"]
    assert anna["money"] is None and set(anna["moneys"]) == {"HUF", "EUR"}
    page = client.get(f"/g/{group['view']}?lang={lang}").get_data(as_text=True)
    assert "different currencies" not in page and 'class="error-box"' not in page
    for code in ("HUF", "EUR"):  # Anna in each currency's standings, with its code
        row = re.search(rf'data-testid="standing-{code}-Anna">(.*?)</li>', page, re.S).group(1)
        assert f"\u00a0{code}" in row
    for code in ("HUF", "EUR"):
        assert f'data-testid="settle-currency-{code}"' in page
    apart = re.search(r'data-testid="currencies-apart">([^<]*)<', page).group(1)
    assert {"hu": "árfolyam", "en": "exchange rate", "de": "Wechselkurs"}[lang] in apart
    transfers = re.findall(r'<span class="amount">([^<]*)</span>', page)
    assert transfers and all(t.endswith(("\u00a0HUF", "\u00a0EUR")) for t in transfers)
    api = client.get(
        f"/api/v1/groups/{group['id']}", headers={"Authorization": f"Bearer {group['view']}"}
    ).get_json()
    assert [s["currency"] for s in api["settlements"]] == ["HUF", "EUR"]
    assert api["standings"]["Anna"]["moneys"].keys() == {"HUF", "EUR"}
    report = client.get(f"/g/{group['view']}/report.pdf?lang={lang}")
    assert report.status_code == 200 and report.data.startswith(b"%PDF")


def test_a_group_in_one_currency_shows_its_code_on_the_standings(client, group):
    page = client.get(f"/g/{group['view']}").get_data(as_text=True)
    assert 'data-testid="currencies-apart"' not in page  # one currency: nothing to explain
    row = re.search(r'data-testid="standing-HUF-Anna">(.*?)</li>', page, re.S).group(1)
    assert "\u00a0HUF" in row


@pytest.mark.parametrize("lang", ["hu", "en", "de"])
def test_the_group_s_links_say_what_a_group_s_links_open(client, group, lang):
    """The group's edit link is the group's, not an evening's: it adds evenings and
    payments and writes no hands (issue 35, the words)."""
    page = client.get(f"/g/{group['edit']}?lang={lang}").get_data(as_text=True)
    said = {key: str(escape(text(key, lang))) for key in WORDS}
    assert said["grp_edit_link"] in page and said["grp_edit_link_hint"] in page
    assert said["grp_view_link_hint"] in page
    assert said["edit_link_hint"] not in page and said["view_link_hint"] not in page


WORDS = ("grp_edit_link", "grp_edit_link_hint", "grp_view_link_hint", "edit_link_hint")
WORDS += ("view_link_hint",)

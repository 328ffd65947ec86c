"""Small things a table notices (issue 10, point 6), through the pages and the real DB:
the newest hand marked, the undo notice's restore button, the edit's anchor, the import's
notice and the landing page's list of evenings (copies and links told apart)."""

import io
import re
from html import unescape

import pytest

from tests.ui_helpers import SETTLE_HANDS, csrf_token, read_form
from ulti_ledger import ledger
from ulti_ledger.words.i18n import signed
from ulti_ledger.words.money_format import money_text

FLASH_FORM = r'<div class="flash[^"]*" data-testid="undo-notice">.*?</form>'
PIROS_PASSZ = {"declarer": "Dóra", "contract": "passz", "colour": "piros"}


def page(client, url):
    response = client.get(url)
    assert response.status_code == 200, url
    return response.get_data(as_text=True)


def last_rows(html):
    """The numbers of the rows marked as the newest hand."""
    return re.findall(r'<details class="hand hand-last" id="h(\d+)">', html)


def test_the_newest_hand_is_marked_on_the_viewers_page_and_moves_on(scorer, client):
    assert 'data-testid="last-hand"' not in page(client, scorer.view_url)
    assert scorer.post_hand(PIROS_PASSZ).status_code == 303
    html = page(client, scorer.view_url)
    assert last_rows(html) == ["1"] and html.count('data-testid="last-hand"') == 1
    assert ">legutóbbi</em>" in html
    assert scorer.post_hand(PIROS_PASSZ).status_code == 303
    html = page(client, scorer.view_url)
    assert last_rows(html) == ["2"]
    assert '<details class="hand" id="h1">' in html  # no longer the newest
    assert ">latest</em>" in page(client, scorer.view_url + "?lang=en")
    assert last_rows(page(client, scorer.edit_url)) == ["2"]  # the scorer sees it too


def test_the_undo_notice_restores_the_hand_just_removed(scorer, client, app):
    for _ in range(3):
        assert scorer.post_hand(PIROS_PASSZ).status_code == 303
    board = page(client, scorer.edit_url)
    before = re.findall(r'class="units">([^<]+)<', board)
    undone = client.post(scorer.edit_url + "/undo", data={"csrf_token": csrf_token(board)})
    assert undone.status_code == 303
    html = page(client, scorer.edit_url)
    notice = re.search(FLASH_FORM, html, re.S)
    assert notice, html
    assert "3. leosztás visszavonva." in notice.group(0)
    assert ">Visszaállítás</button>" in notice.group(0)
    with app.app_context():
        session = ledger.session_by_token(scorer.token(), "edit")
        assert ledger.hand_count(session) == 2
        hand_id = ledger.deleted_hands(session)[0]["hand_id"]
    action = re.search(r'action="([^"]+)"', notice.group(0)).group(1)
    assert action == f"{scorer.edit_url}/deleted/{hand_id}/restore"
    fields = {k: v[0] for k, v in read_form(notice.group(0)).items()}
    assert fields["csrf_token"]  # a POST with the page's CSRF token, like every form

    restored = client.post(action, data=fields)
    assert restored.status_code == 303 and restored.headers["Location"].endswith("#h3")
    html = page(client, scorer.edit_url)
    assert re.findall(r'class="units">([^<]+)<', html) == before
    assert 'data-testid="undo-notice"' not in html  # the notice was shown once
    with app.app_context():
        session = ledger.session_by_token(scorer.token(), "edit")
        assert ledger.hand_count(session) == 3 and ledger.deleted_hands(session) == []


def test_the_undo_notice_speaks_english_and_needs_the_csrf_token(scorer, client):
    assert scorer.post_hand(PIROS_PASSZ).status_code == 303
    board = page(client, scorer.edit_url + "?lang=en")
    client.post(scorer.edit_url + "/undo", data={"csrf_token": csrf_token(board)})
    html = page(client, scorer.edit_url + "?lang=en")
    notice = re.search(FLASH_FORM, html, re.S).group(0)
    assert "Hand 1 undone." in notice and ">Restore</button>" in notice
    action = re.search(r'action="([^"]+)"', notice).group(1)
    assert client.post(action, data={}).status_code == 400  # no CSRF token: nothing restored


def test_saving_an_edit_goes_to_the_rows_anchor(scorer, client):
    assert scorer.post_hand(PIROS_PASSZ).status_code == 303
    saved = scorer.post_hand({"declarer": "Csaba"}, number=1)
    assert saved.status_code == 303 and saved.headers["Location"].endswith("#h1")


def import_file(client, raw: bytes, lang: str = "hu"):
    form = client.get(f"/import?lang={lang}").get_data(as_text=True)
    token = re.search(r'name="csrf_token" value="([^"]+)"', form).group(1)
    return client.post(
        "/import",
        data={"csrf_token": token, "file": (io.BytesIO(raw), "este.json")},
        content_type="multipart/form-data",
    )


@pytest.fixture
def evening(scorer, client):
    """The scorer's evening (created through the form, so this browser remembers it),
    named, with three hands; its exported session.json."""
    with client.application.app_context():
        session = ledger.session_by_token(scorer.token(), "edit")
        ledger.update_session(session, {"name": "Péntek este", "date": "2026-11-27"})
    for hand in ({"declarer": "Dóra"}, {"declarer": "Csaba"}, {"declarer": "Anna"}):
        assert scorer.post_hand({**PIROS_PASSZ, **hand}).status_code == 303
    return client.get(scorer.view_url + "/session.json").data


def test_import_says_what_it_loaded(client, evening, app):
    response = import_file(client, evening)
    assert response.status_code == 303
    html = page(client, response.headers["Location"])
    notice = re.search(r'data-testid="import-notice">(.*?)</div>', html, re.S)
    assert notice, html
    text = re.sub(r"<[^>]+>", " ", notice.group(1))
    assert "Betöltve: Péntek este, 2026. 11. 27. Vesd össze az eredetivel:" in text
    assert "Játékosok ültetési sorrendben: Anna, Béla, Csaba, Dóra" in text
    assert "3 leosztás" in text and "1 egység = 10 HUF" in text
    with app.app_context():
        copy = ledger.session_by_token(response.headers["Location"].rsplit("/", 1)[1], "edit")
        totals = ledger.session_summary(copy, "hu")["totals"]
    finals = ", ".join(
        f"{name} {signed(totals['units'][name])} ({money_text(totals['money'][name], 'HUF')})"
        for name in ["Anna", "Béla", "Csaba", "Dóra"]
    )
    assert any(totals["units"].values())
    assert f"Végeredmény: {finals}" in html
    assert 'data-testid="import-notice"' not in page(client, response.headers["Location"])


def test_import_says_what_it_loaded_in_english(client, evening):
    response = import_file(client, evening, lang="en")
    html = page(client, response.headers["Location"])
    assert "Loaded: Péntek este, 27 Nov 2026. Check it against the original:" in html
    assert "Players in seating order: Anna, Béla, Csaba, Dóra" in html
    assert "Final totals: Anna " in html


def test_the_landing_page_tells_the_copy_from_the_original_and_edit_from_view(
    client, scorer, evening, app
):
    copy_url = import_file(client, evening).headers["Location"]
    with app.app_context():
        original = ledger.session_by_token(scorer.token(), "edit")
        copy = ledger.session_by_token(copy_url.rsplit("/", 1)[1], "edit")
        ids, views = (original.id, copy.id), (original.view_token, copy.view_token)
        assert ledger.imported_from(ids) == {
            copy.id: {
                "name": "Péntek este",
                "date": "2026-11-27",
                "place": "",
                "hands": 3,
                "at": ledger.imported_from([copy.id])[copy.id]["at"],
            }
        }
    html = page(client, "/")
    items = dict(
        re.findall(r'<li class="recent-item" data-testid="recent-(\d+)"(.*?)</li>', html, re.S)
    )
    assert set(items) == {str(i) for i in ids}
    assert html.index(f'data-testid="recent-{ids[1]}"') < html.index(
        f'data-testid="recent-{ids[0]}"'
    )  # the latest first
    first, second = items[str(ids[0])], items[str(ids[1])]
    assert "importált másolat" not in first
    assert "importált másolat" in second and "eredeti: Péntek este, 2026. 11. 27." in second
    assert "2026. 11. 27. · 3 leosztás" in first  # the date as the scoreboard writes it
    for item, edit_url, view_token in (
        (first, scorer.edit_url, views[0]),
        (second, copy_url, views[1]),
    ):
        assert f'href="{edit_url}" data-testid="recent-edit-' in item
        assert f'href="/s/{view_token}" data-testid="recent-view-' in item
        assert ">szerkesztés</a>" in item and ">csak nézés</a>" in item
        assert "3 leosztás" in item
    english = page(client, "/?lang=en")
    assert "imported copy" in english and "original: Péntek este, 27 Nov 2026" in english
    assert "2026-11-27" not in html and "2026-11-27" not in english
    assert ">edit</a>" in english and ">view only</a>" in english


def test_a_new_visitor_sees_no_evenings(client, evening):
    fresh = client.application.test_client()
    html = page(fresh, "/")
    assert 'class="recent-item"' not in html
    assert re.search(r'<section class="card recent" data-recent hidden', html)


def textarea(html: str) -> str:
    found = re.search(r'<textarea id="transfers-text"[^>]*>(.*?)</textarea>', html, re.S)
    assert found, "no text box in the card"
    return unescape(found.group(1))


@pytest.mark.parametrize(
    ("query", "method", "banker", "head"),
    [
        ("", "minimal", None, "Ki kinek fizet (legkevesebb átutalás):"),
        ("?method=banker&banker=D%C3%B3ra", "banker", "Dóra", "mindenki a bankkal, bank: Dóra"),
        ("?method=pairwise", "pairwise", None, "Ki kinek fizet (páronként):"),
        ("?method=pairwise&lang=en", "pairwise", None, "Who pays whom (pair by pair):"),
    ],
)
def test_who_pays_whom_as_text_follows_the_method_and_language(
    client, app, session_body, query, method, banker, head
):
    body = {**session_body, "name": "Péntek este", "date": "2026-11-27", "hands": SETTLE_HANDS}
    created = client.post("/api/v1/sessions", json=body).get_json()
    view = "/s/" + created["view_url"].rsplit("/", 1)[1]
    text = textarea(page(client, view + query))
    with app.app_context():
        session = ledger.session_by_token(created["edit_token"], "edit")
        transfers = ledger.session_settlement(session, method, banker)["transfers"]
    assert transfers
    lines = text.split("\n")
    assert lines[0] == (
        "Péntek este, 27 Nov 2026" if "en" in query else "Péntek este, 2026. 11. 27."
    )
    assert head in lines[1]
    assert lines[2:] == [f"{tr['from']} → {tr['to']}: {tr['amount']} HUF" for tr in transfers]
    edit = textarea(page(client, f"/e/{created['edit_token']}{query}"))
    assert edit == text  # the scorer's card says the same


def test_who_pays_whom_as_text_writes_amounts_with_plain_spaces(client, session_body):
    body = {**session_body, "unit_value": {"amount": "1000", "currency": "HUF"}}
    body["hands"] = SETTLE_HANDS
    created = client.post("/api/v1/sessions", json=body).get_json()
    text = textarea(page(client, "/s/" + created["view_url"].rsplit("/", 1)[1]))
    assert re.search(r"Csaba → Anna: \d{1,3} \d{3} HUF", text), text
    assert "\u00a0" not in text and "\u202f" not in text

"""Small things a table notices (issue 10, point 6), through the pages and the real DB:
the newest hand marked, the undo notice's restore button, and the edit's anchor."""

import re

from ulti_ledger import ledger

from .ui_helpers import csrf_token, read_form

FLASH_FORM = r'<form class="flash[^"]*"[^>]*data-testid="flash-action">.*?</form>'
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
    notice = re.search(
        r'<form class="flash[^"]*"[^>]*data-testid="flash-action">.*?</form>', html, re.S
    )
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
    assert 'data-testid="flash-action"' not in html  # the notice was shown once
    with app.app_context():
        session = ledger.session_by_token(scorer.token(), "edit")
        assert ledger.hand_count(session) == 3 and ledger.deleted_hands(session) == []


def test_the_undo_notice_speaks_english_and_needs_the_csrf_token(scorer, client):
    assert scorer.post_hand(PIROS_PASSZ).status_code == 303
    board = page(client, scorer.edit_url + "?lang=en")
    client.post(scorer.edit_url + "/undo", data={"csrf_token": csrf_token(board)})
    html = page(client, scorer.edit_url + "?lang=en")
    notice = re.search(r'<form class="flash[^"]*".*?</form>', html, re.S).group(0)
    assert "Hand 1 undone." in notice and ">Restore</button>" in notice
    action = re.search(r'action="([^"]+)"', notice).group(1)
    assert client.post(action, data={}).status_code == 400  # no CSRF token: nothing restored


def test_saving_an_edit_goes_to_the_rows_anchor(scorer, client):
    assert scorer.post_hand(PIROS_PASSZ).status_code == 303
    saved = scorer.post_hand({"declarer": "Csaba"}, number=1)
    assert saved.status_code == 303 and saved.headers["Location"].endswith("#h1")

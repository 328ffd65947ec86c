"""The scoreboard's history: edited badges, a hand's audit page, deleted hands restored,
and the live view page (issue 5, points 1 and 6)."""

import re

from tests.ui_helpers import csrf_token
from ulti_ledger import ledger

PIROS_PASSZ = {"declarer": "Dóra", "contract": "passz", "colour": "piros"}
LOST_PASSZ = {"declarer": "Csaba", "contract": "passz", "colour": "makk", "won-parti": "0"}


def page(client, url):
    response = client.get(url)
    assert response.status_code == 200, url
    return response.get_data(as_text=True)


def balances(html):
    return dict(re.findall(r'data-testid="balance-([^"]+)".*?class="units">([^<]+)<', html, re.S))


def deleted_ids(app, scorer):
    with app.app_context():
        session = ledger.session_by_token(scorer.token(), "edit")
        return [d["hand_id"] for d in ledger.deleted_hands(session)]


def test_an_edited_hand_is_marked_on_the_scoreboard(scorer, client):
    assert scorer.post_hand(PIROS_PASSZ).status_code == 303
    assert scorer.post_hand(PIROS_PASSZ).status_code == 303
    html = page(client, scorer.edit_url)
    assert 'data-testid="edited-' not in html
    assert scorer.post_hand({"declarer": "Csaba"}, number=1).status_code == 303
    html = page(client, scorer.edit_url)
    assert 'data-testid="edited-1"' in html and "javítva" in html
    assert 'data-testid="edited-2"' not in html
    assert 'data-testid="edited-1"' in page(client, scorer.view_url)
    assert ">edited<" in page(client, scorer.edit_url + "?lang=en")


def test_the_history_page_lists_creation_and_edit(scorer, client):
    scorer.post_hand(PIROS_PASSZ)
    scorer.post_hand({"declarer": "Béla"}, number=1)
    board = page(client, scorer.edit_url)
    assert f'href="{scorer.edit_url}/hands/1/history"' in board and "Előzmények" in board
    html = page(client, scorer.edit_url + "/hands/1/history")
    assert 'data-testid="history-create"' in html and 'data-testid="history-edit"' in html
    assert html.index("history-create") < html.index("history-edit")
    assert "rögzítve" in html and "javítva" in html and "weboldal" in html
    assert "Béla" in html and "Dóra" in html and "→" in html
    english = page(client, scorer.edit_url + "/hands/1/history?lang=en")
    assert "History of hand 1" in english and "created" in english and "edited" in english
    # the view link shows the same, read-only
    viewed = page(client, scorer.view_url + "/hands/1/history")
    assert 'data-testid="history-edit"' in viewed
    assert f'href="{scorer.view_url}/hands/1/history"' in page(client, scorer.view_url)
    assert client.get(scorer.edit_url + "/hands/9/history").status_code == 404
    assert client.get(scorer.view_url + "/hands/9/history").status_code == 404


def test_delete_then_restore_through_the_pages(scorer, client, app):
    scorer.post_hand(PIROS_PASSZ)
    scorer.post_hand(LOST_PASSZ)
    scorer.post_hand(PIROS_PASSZ)
    before = balances(page(client, scorer.edit_url))
    confirm = page(client, scorer.edit_url + "/hands/2/delete")
    response = client.post(
        scorer.edit_url + "/hands/2/delete",
        data={"csrf_token": csrf_token(confirm)},
    )
    assert response.status_code == 303
    board = page(client, scorer.edit_url)
    assert balances(board) != before
    assert 'data-testid="deleted-hands"' in board and "Törölt leosztások" in board
    [hand_id] = deleted_ids(app, scorer)
    assert f'action="{scorer.edit_url}/deleted/{hand_id}/restore"' in board
    response = client.post(
        scorer.edit_url + f"/deleted/{hand_id}/restore", data={"csrf_token": csrf_token(board)}
    )
    assert response.status_code == 303
    assert response.headers["Location"] == scorer.edit_url + "#h2"
    board = page(client, scorer.edit_url)
    assert balances(board) == before
    assert 'data-testid="deleted-hands"' not in board
    assert deleted_ids(app, scorer) == []
    history = page(client, scorer.edit_url + "/hands/2/history")
    for action in ("create", "delete", "restore"):
        assert f'data-testid="history-{action}"' in history
    # restoring again changes nothing and says so
    again = client.post(
        scorer.edit_url + f"/deleted/{hand_id}/restore",
        data={"csrf_token": csrf_token(board)},
        follow_redirects=True,
    )
    assert "már visszaállították" in again.get_data(as_text=True)
    assert balances(page(client, scorer.edit_url)) == before


def test_restore_needs_a_post_with_a_csrf_token(scorer, client, app):
    scorer.post_hand(PIROS_PASSZ)
    board = page(client, scorer.edit_url)
    client.post(scorer.edit_url + "/undo", data={"csrf_token": csrf_token(board)})
    [hand_id] = deleted_ids(app, scorer)
    url = scorer.edit_url + f"/deleted/{hand_id}/restore"
    assert client.get(url).status_code == 405
    assert client.post(url).status_code == 400
    assert client.post(url, data={"csrf_token": "forged"}).status_code == 400
    assert deleted_ids(app, scorer) == [hand_id]


def test_the_view_page_includes_the_live_script_and_no_edit_controls(scorer, client, app):
    scorer.post_hand(PIROS_PASSZ)
    board = page(client, scorer.edit_url)
    client.post(scorer.edit_url + "/undo", data={"csrf_token": csrf_token(board)})
    scorer.post_hand(PIROS_PASSZ)
    html = page(client, scorer.view_url)
    with app.app_context():
        session = ledger.session_by_token(scorer.token(), "edit")
        version = ledger.session_summary(session)["version"]
    tag = re.search(r'<script src="/live.js"[^>]*></script>', html)
    assert tag, "no live.js tag"
    assert f'data-state="{scorer.view_url}/state"' in tag.group(0)
    assert f'data-version="{version}"' in tag.group(0) and "defer" in tag.group(0)
    assert "data-live-region" in html
    assert client.get(scorer.view_url + "/state").status_code == 200
    for control in ("csrf_token", "/restore", "/undo", "/edit", "/delete", "deleted-hands"):
        assert control not in html, control
    assert "/live.js" not in page(client, scorer.edit_url)
    assert "<script>" not in html  # the CSP allows script files only


def test_a_view_token_cannot_restore(scorer, client, app):
    scorer.post_hand(PIROS_PASSZ)
    board = page(client, scorer.edit_url)
    client.post(scorer.edit_url + "/undo", data={"csrf_token": csrf_token(board)})
    [hand_id] = deleted_ids(app, scorer)
    view_token = scorer.view_url.rsplit("/", 1)[1]
    response = client.post(
        f"/e/{view_token}/deleted/{hand_id}/restore", data={"csrf_token": csrf_token(board)}
    )
    assert response.status_code == 404
    assert client.post(
        f"/s/{view_token}/deleted/{hand_id}/restore", data={"csrf_token": csrf_token(board)}
    ).status_code in (404, 405)
    assert deleted_ids(app, scorer) == [hand_id]


def test_the_history_shows_what_an_edit_changed_beyond_the_contract(scorer, client):
    """An edit that only raised a kontra or lost a part reads differently before and after."""
    scorer.post_hand(PIROS_PASSZ)
    scorer.post_hand({**PIROS_PASSZ, "kontra-parti": "2", "won-parti": "0"}, number=1)
    html = page(client, scorer.edit_url + "/hands/1/history")
    edit = html[html.index('data-testid="history-edit"') :]
    before, after = edit.split("→", 1)
    assert "parti: rekontra" not in before and "bukott" not in before
    assert '<em class="tag">parti: rekontra</em>' in after
    assert '<em class="tag">bukott</em>' in after
    assert re.search(r'<time datetime="[^"]+" data-local>', html)  # app.js shows local time

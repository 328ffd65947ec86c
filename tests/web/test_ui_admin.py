"""The instance admin's pages: in the reader's language, and a deletion that asks first."""

import re

import pytest

from tests.web.test_api import Api
from tests.web.test_security import RIGHT, basic
from ulti_ledger import ledger


@pytest.fixture
def admin(app):
    """A client of an instance with an admin password, the CSRF check on."""
    app.config.update(ADMIN_PASSWORD=RIGHT, WTF_CSRF_ENABLED=True)
    return app.test_client()


def get(admin, path):
    response = admin.get(path, headers=basic(RIGHT))
    assert response.status_code == 200, response.status_code
    return response.get_data(as_text=True)


def token_of(html):
    return re.search(r'name="csrf_token" value="([^"]+)"', html).group(1)


def test_the_admin_pages_speak_the_readers_language(admin, session_body):
    Api(admin, session_body).start(name="Péntek")
    html = get(admin, "/admin/")
    assert '<html lang="hu">' in html and "Törölt esték" in html and "Törlés…" in html
    assert "0 leosztás" in html and "Anna, Béla, Csaba, Dóra" in html
    html = get(admin, "/admin/?lang=en")
    assert '<html lang="en">' in html and "Deleted evenings" in html and "Delete…" in html
    assert "Sessions" not in html  # the English-only page is gone
    refused = admin.get("/admin/?lang=hu")
    assert refused.status_code == 401
    assert "Az adminisztrátori jelszó kell." in refused.get_data(as_text=True)


def test_deleting_an_evening_asks_first_then_hides_it(app, admin, session_body, hand):
    api = Api(admin, session_body)
    api.start(name="Péntek", hands=[hand()])
    listing = get(admin, "/admin/")
    assert f'action="/admin/sessions/{api.id}/delete"' not in listing  # no one-tap delete
    page = get(admin, f"/admin/sessions/{api.id}/delete")
    assert "Az 1. este törlése" in page and "Péntek" in page and "1 leosztás" in page
    assert "visszaállíthatod" in page and "Igen, törlöm" in page and 'href="/admin/"' in page
    assert f'action="/admin/sessions/{api.id}/delete"' in page
    assert api.get().status_code == 200  # looking at the question deleted nothing
    auth = basic(RIGHT)
    form = {"csrf_token": token_of(page)}
    response = admin.post(f"/admin/sessions/{api.id}/delete", data=form, headers=auth)
    assert response.status_code == 303
    html = get(admin, "/admin/")
    assert "Az 1. este törölve (elrejtve)." in html
    assert f'data-testid="admin-restore-{api.id}"' in html
    assert api.get().status_code == 404
    again = admin.post(f"/admin/sessions/{api.id}/delete", data=form, headers=auth)
    assert again.status_code == 303
    assert "Az 1. este már törölve van." in get(admin, "/admin/")
    assert admin.get(f"/admin/sessions/{api.id}/delete", headers=auth).status_code == 404
    admin.post(f"/admin/sessions/{api.id}/restore", data=form, headers=auth)
    assert "Az 1. este visszaállítva." in get(admin, "/admin/")
    with app.app_context():
        assert ledger.list_sessions()[0]["hands"] == 1  # nothing was lost


def test_the_question_is_behind_the_password_and_its_limit(admin):
    assert admin.get("/admin/sessions/1/delete").status_code == 401
    for _ in range(10):
        wrong = admin.get("/admin/sessions/1/delete", headers=basic("guess"))
        assert wrong.status_code == 401
    assert admin.get("/admin/", headers=basic(RIGHT)).status_code == 429

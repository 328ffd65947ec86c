"""Every HTTP error outside /api/ is the app's own page, in the reader's language.

Each code is reached the way a table reaches it where the app has such a way (an unknown
address, a form's address opened, a too large upload, wrong admin passwords, a bad
?method=); 403 and 500, which no page gives today, come from routes this test adds.
Werkzeug's English default texts must never show; the API keeps answering in JSON.
"""

import pytest
from flask import abort
from werkzeug import exceptions

from tests.conftest import close_app, make_app
from tests.web.test_security import RIGHT, basic
from ulti_ledger.words.texts import TEXTS

CODES = (400, 403, 404, 405, 413, 429, 500)


@pytest.fixture
def site(tmp_path):
    """The app with an admin password, and two routes that fail as no page does yet."""
    app = make_app(tmp_path, ADMIN_PASSWORD=RIGHT, PROPAGATE_EXCEPTIONS=False)
    app.add_url_rule("/_test/forbidden", "forbidden", lambda: abort(403))
    app.add_url_rule("/_test/broken", "broken", lambda: 1 / 0)
    yield app
    close_app(app)


def reach(client, code, lang):
    """The response of a request that fails with ``code``, asked in ``lang``."""
    query = "?lang=en" if lang == "en" else ""
    if code == 400:
        created = client.post("/api/v1/sessions", json=_session()).get_json()
        view = created["view_url"].split("localhost", 1)[1]
        return client.get(f"{view}?method=greedy" + ("&lang=en" if lang == "en" else ""))
    if code == 403:
        return client.get("/_test/forbidden" + query)
    if code == 404:
        return client.get("/no-such-page" + query)
    if code == 405:
        return client.get("/sessions" + query)  # the new-evening form's POST address
    if code == 413:
        limit = client.application.config["MAX_CONTENT_LENGTH"]
        return client.post("/import" + query, data={"file": "x" * (limit + 1)})
    if code == 429:
        for _ in range(client.application.config["ADMIN_MAX_FAILED_LOGINS"]):
            assert client.get("/admin/", headers=basic("guess")).status_code == 401
        return client.get("/admin/" + query, headers=basic(RIGHT))
    if code == 500:
        return client.get("/_test/broken" + query)
    raise AssertionError(code)


def _session():
    from testkit import samples

    return samples.session_body()


@pytest.mark.parametrize("lang", ["hu", "en"])
@pytest.mark.parametrize("code", CODES)
def test_each_error_is_the_apps_own_page_in_the_readers_language(site, code, lang):
    response = reach(site.test_client(), code, lang)
    assert response.status_code == code
    assert response.mimetype == "text/html"
    page = response.get_data(as_text=True)
    index = 1 if lang == "en" else 0
    title, text = TEXTS[f"error_{code}_title"][index], TEXTS[f"error_{code}_text"][index]
    assert f'<html lang="{lang}">' in page
    assert f"<h1>{title}</h1>" in page
    if code == 413:
        text = text.format(limit="1 MB")
    assert text.replace("'", "&#39;") in page
    assert 'data-testid="error-home"' in page and 'href="/"' in page  # the way back
    assert TEXTS["error_home"][index] in page
    werkzeug = exceptions.default_exceptions[code]()
    assert werkzeug.description not in page and werkzeug.name not in page


def test_the_language_cookie_chooses_the_error_pages_language(site):
    client = site.test_client()
    client.get("/?lang=en")  # the header's EN: the cookie remembers it
    page = client.get("/no-such-page").get_data(as_text=True)
    assert f"<h1>{TEXTS['error_404_title'][1]}</h1>" in page


def test_what_the_app_said_and_the_errors_headers_are_kept(site):
    client = site.test_client()
    bad = reach(client, 400, "hu").get_data(as_text=True)
    assert "Ilyen elszámolási mód nincs: „greedy”." in bad
    assert "must be one of" not in bad  # no English under the Hungarian page
    english = reach(site.test_client(), 400, "en").get_data(as_text=True)
    assert "method must be one of minimal, banker, pairwise" in english
    assert "POST" in client.get("/sessions").headers["Allow"]
    refused = reach(client, 429, "hu")
    assert int(refused.headers["Retry-After"]) > 0
    assert "Túl sok hibás admin jelszó érkezett erről a címről" in refused.get_data(as_text=True)


def test_a_large_upload_in_english_says_so_even_before_the_language_is_picked(site):
    """The 413 comes while the CSRF check reads the form, before the request's own hooks."""
    response = reach(site.test_client(), 413, "en")
    assert TEXTS["error_413_text"][1].format(limit="1 MB") in response.get_data(as_text=True)


@pytest.mark.parametrize(
    ("method", "path", "code"),
    [("GET", "/api/v1/nope", 404), ("PUT", "/api/v1/sessions", 405), ("GET", "/api/v1/x", 404)],
)
def test_the_api_keeps_its_json_errors(site, method, path, code):
    response = site.test_client().open(path, method=method)
    assert response.status_code == code
    assert response.mimetype == "application/json" and "error" in response.get_json()


def test_a_server_error_in_the_api_stays_json(site):
    site.add_url_rule("/api/v1/_test/broken", "api_broken", lambda: 1 / 0)
    response = site.test_client().get("/api/v1/_test/broken")
    assert response.status_code == 500
    assert response.get_json() == {"error": "something went wrong on the server"}

"""Security: headers everywhere, the admin behind its password, hostile input refused."""

import base64
import re
import time

import pytest

from tests.conftest import close_app, make_app
from tests.web.test_api import Api, bearer
from ulti_ledger import create_app, ledger
from ulti_ledger.web.security import CONTENT_SECURITY_POLICY


@pytest.fixture
def api(client, session_body):
    return Api(client, session_body)


def basic(password, user="admin"):
    raw = base64.b64encode(f"{user}:{password}".encode()).decode()
    return {"Authorization": f"Basic {raw}"}


RIGHT = "correct horse battery staple"


@pytest.fixture
def admin_app(app):
    """The ``app`` of a public instance: an admin password is configured."""
    app.config["ADMIN_PASSWORD"] = RIGHT
    return app


def client_at(app, address):
    """A test client whose requests come from ``address`` (``request.remote_addr``)."""
    client = app.test_client()
    client.environ_base["REMOTE_ADDR"] = address
    return client


def refuse(client, times, method="GET", path="/admin/"):
    """Send ``times`` wrong admin passwords, each refused with 401."""
    for _ in range(times):
        assert client.open(path, method=method, headers=basic("guess")).status_code == 401


@pytest.mark.parametrize("path", ["/", "/healthz", "/api/v1/sessions/1", "/no-such-page"])
def test_every_response_carries_the_security_headers(client, path):
    response = client.get(path)
    assert response.headers["Content-Security-Policy"] == CONTENT_SECURITY_POLICY
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    assert response.headers["Referrer-Policy"] == "no-referrer"
    assert response.headers["X-Frame-Options"] == "DENY"
    assert "frame-ancestors 'none'" in CONTENT_SECURITY_POLICY


def test_links_that_cannot_be_tokens_are_refused_before_the_database(ctx, session_body):
    session = ledger.create_session(session_body)
    assert ledger.session_by_token(session.view_token).id == session.id
    for token in ("", "x" * 10_000, session.view_token[:-1] + "!", "' OR 1=1 --"):
        with pytest.raises(ledger.NotFound):
            ledger.session_by_token(token)
    assert len(session.edit_token) >= 43  # 256 random bits


def test_admin_pages_do_not_exist_without_a_password(client):
    assert not client.application.config.get("ADMIN_PASSWORD")
    assert client.get("/admin/").status_code == 404
    assert client.get("/admin/", headers=basic("")).status_code == 404


def test_admin_needs_the_password(admin_app):
    client = admin_app.test_client()
    response = client.get("/admin/")
    assert response.status_code == 401
    assert response.headers["WWW-Authenticate"].startswith("Basic")
    assert client.get("/admin/", headers=basic("wrong")).status_code == 401


def test_admin_lists_and_deletes_a_session_softly(admin_app, session_body, hand):
    admin_app.config["WTF_CSRF_ENABLED"] = True
    client = admin_app.test_client()
    api = Api(client, session_body)
    api.start(hands=[hand()], name="Péntek <b>este</b>")
    auth = basic("correct horse battery staple")
    page = client.get("/admin/", headers=auth)
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    assert "Péntek &lt;b&gt;este&lt;/b&gt;" in html and "Anna, Béla, Csaba, Dóra" in html
    assert client.post(f"/admin/sessions/{api.id}/delete", headers=auth).status_code == 400
    assert f'href="/admin/sessions/{api.id}/delete"' in html  # it asks first (a page)
    confirm = client.get(f"/admin/sessions/{api.id}/delete", headers=auth).get_data(as_text=True)
    token = re.search(r'name="csrf_token" value="([^"]+)"', confirm).group(1)
    form = {"csrf_token": token}
    response = client.post(f"/admin/sessions/{api.id}/delete", data=form, headers=auth)
    assert response.status_code == 303
    assert api.get().status_code == 404  # its links are closed...
    with admin_app.app_context():
        (gone,) = ledger.list_sessions(deleted=True)  # ...but nothing is destroyed
        assert gone["hands"] == 1 and gone["deleted_at"]
    client.post(f"/admin/sessions/{api.id}/restore", data=form, headers=auth)
    assert api.get().status_code == 200


def test_a_hashed_admin_password_works(admin_app):
    from werkzeug.security import generate_password_hash

    admin_app.config["ADMIN_PASSWORD"] = generate_password_hash("s3cret")
    client = admin_app.test_client()
    assert client.get("/admin/", headers=basic("s3cret")).status_code == 200
    assert client.get("/admin/", headers=basic("s3cre")).status_code == 401


def test_too_many_wrong_admin_passwords_lock_the_address_out(admin_app):
    config = admin_app.config
    assert (config["ADMIN_MAX_FAILED_LOGINS"], config["ADMIN_FAILED_LOGIN_WINDOW"]) == (10, 900)
    config["WTF_CSRF_ENABLED"] = False  # (else a POST without the form's token is 400 first)
    client = client_at(admin_app, "203.0.113.5")
    # Every admin page and method adds to the one count of the address.
    refuse(client, 6)
    refuse(client, 4, "POST", "/admin/sessions/1/delete")
    for password in ("guess", RIGHT):  # the right password too
        response = client.get("/admin/", headers=basic(password))
        assert response.status_code == 429
        assert 890 <= int(response.headers["Retry-After"]) <= 900
        text = response.get_data(as_text=True)
        assert "Túl sok hibás admin jelszó érkezett erről a címről" in text
        assert "Próbáld újra 15 perc múlva" in text
        assert response.headers["Cache-Control"] == "no-store"
    assert client.post("/admin/sessions/1/delete", headers=basic(RIGHT)).status_code == 429
    # Another address is not affected: its passwords are checked, and counted, as before.
    elsewhere = client_at(admin_app, "198.51.100.7")
    assert elsewhere.get("/admin/", headers=basic(RIGHT)).status_code == 200
    refuse(elsewhere, 9)
    assert elsewhere.get("/admin/", headers=basic(RIGHT)).status_code == 200


def test_the_address_may_log_in_again_once_the_window_has_passed(admin_app):
    admin_app.config.update(ADMIN_MAX_FAILED_LOGINS=3, ADMIN_FAILED_LOGIN_WINDOW=2)
    client = client_at(admin_app, "203.0.113.5")
    refuse(client, 3)
    refused = client.get("/admin/", headers=basic(RIGHT))
    assert refused.status_code == 429
    wait = int(refused.headers["Retry-After"])
    assert 1 <= wait <= 2
    assert f"Próbáld újra {wait} másodperc múlva" in refused.get_data(as_text=True)
    english = client.get("/admin/?lang=en", headers=basic(RIGHT)).get_data(as_text=True)
    assert "Too many wrong admin passwords from your address" in english
    assert f"Try again in {wait} second" in english
    time.sleep(wait)  # Retry-After is rounded up: the oldest refusal has left the window
    assert client.get("/admin/", headers=basic(RIGHT)).status_code == 200


def test_right_passwords_and_requests_without_one_are_never_counted(admin_app):
    client = client_at(admin_app, "203.0.113.5")
    for _ in range(25):
        assert client.get("/admin/", headers=basic(RIGHT)).status_code == 200
        assert client.get("/admin/").status_code == 401  # a browser's first request
    refuse(client, 9)
    assert client.get("/admin/", headers=basic(RIGHT)).status_code == 200
    refuse(client, 1)  # the tenth wrong password
    assert client.get("/admin/", headers=basic(RIGHT)).status_code == 429


def test_the_api_and_the_table_pages_are_not_limited(admin_app, session_body, hand):
    client = client_at(admin_app, "203.0.113.5")
    api = Api(client, session_body)
    api.start(hands=[hand()])
    for _ in range(25):  # a refused API request is no wrong admin password
        assert api.get(token="wrong").status_code == 403
        assert client.get(api.url(), headers=basic("guess")).status_code == 401
    assert client.get("/admin/", headers=basic(RIGHT)).status_code == 200
    refuse(client, 10)
    assert client.get("/admin/", headers=basic(RIGHT)).status_code == 429
    for _ in range(25):
        for response in (
            client.get("/"),
            client.get("/healthz"),
            client.get(f"/s/{api.view}"),
            client.get(f"/e/{api.edit}"),
            api.get(),
            api.get(token="wrong"),
        ):
            assert response.status_code in (200, 403), response.status_code
            assert "Retry-After" not in response.headers
    assert api.post_hand(hand()).status_code == 201


def test_each_app_counts_in_its_own_storage(admin_app, tmp_path):
    refuse(admin_app.test_client(), 10)
    assert admin_app.test_client().get("/admin/", headers=basic(RIGHT)).status_code == 429
    database = f"sqlite:///{tmp_path / 'other.sqlite3'}"  # never opened: no page is drawn
    config = {"SECRET_KEY": "t", "SQLALCHEMY_DATABASE_URI": database, "ADMIN_PASSWORD": RIGHT}
    other = create_app({"TESTING": True, **config})
    assert other.test_client().get("/admin/", headers=basic("guess")).status_code == 401


def test_without_a_password_the_admin_pages_stay_404_however_often_asked(client):
    for _ in range(25):
        assert client.get("/admin/", headers=basic("guess")).status_code == 404


@pytest.mark.parametrize(
    "body, message",
    [
        (b'{"players": ["A\\u0000"]}', "NUL"),
        (b'{"players": ["\\ud800"]}', "surrogate"),
        (b'{"kontra": NaN}', "not a JSON number"),
        (b"[" * 40 + b"]" * 40, "nested"),
        (b"\xff\xfe\x00", "not valid JSON"),
    ],
)
def test_bodies_no_database_could_store_are_400(api, body, message):
    api.start()
    for url in ("/api/v1/sessions", api.url("/hands")):
        response = api.client.post(
            url, data=body, content_type="application/json", headers=bearer(api.edit)
        )
        assert response.status_code == 400, response.get_data(as_text=True)
        assert message in response.get_json()["error"]


def test_control_characters_in_names_are_422(api):
    response = api.client.post("/api/v1/sessions", json={**api.body, "players": ["A\tb", "B", "C"]})
    assert response.status_code == 422
    assert response.get_json()["key"] == "players[0]"
    response = api.client.post("/api/v1/sessions", json={**api.body, "name": "a\x07"})
    assert response.status_code == 422


@pytest.mark.parametrize(
    "path",
    ["/api/v1/sessions/99999999999999999999", "/api/v1/sessions/1/hands/9223372036854775808"],
)
def test_huge_ids_are_404_not_500(api, path):
    api.start()
    response = api.client.get(path, headers=bearer(api.edit))
    assert response.status_code == 404
    assert response.is_json


def test_html_in_names_is_text_in_json(api, hand):
    api.start(name="<script>alert(1)</script>")
    response = api.get()
    assert response.mimetype == "application/json"
    assert response.get_json()["name"] == "<script>alert(1)</script>"


FORWARDED = {"X-Forwarded-Proto": "https", "X-Forwarded-Host": "ulti.example"}


def test_behind_a_trusted_proxy_links_and_the_admin_limit_see_the_real_client(
    tmp_path, session_body
):
    app = make_app(tmp_path, TRUSTED_PROXIES=1, ADMIN_PASSWORD=RIGHT)
    try:
        client = app.test_client()
        api = Api(client, session_body)
        api.start()
        page = client.get(f"/e/{api.edit}", headers=FORWARDED).get_data(as_text=True)
        assert f"https://ulti.example/s/{api.view}" in page  # the link and QR the others scan
        # Each client behind the proxy has its own count of wrong passwords.
        anna = {"X-Forwarded-For": "203.0.113.5"}
        bela = {"X-Forwarded-For": "198.51.100.7"}
        for _ in range(10):
            assert client.get("/admin/", headers={**anna, **basic("guess")}).status_code == 401
        assert client.get("/admin/", headers={**anna, **basic(RIGHT)}).status_code == 429
        assert client.get("/admin/", headers={**bela, **basic(RIGHT)}).status_code == 200
    finally:
        close_app(app)


def test_without_trusted_proxies_forwarded_headers_are_ignored(admin_app, session_body):
    client = admin_app.test_client()
    api = Api(client, session_body)
    api.start()
    page = client.get(f"/e/{api.edit}", headers=FORWARDED).get_data(as_text=True)
    assert "ulti.example" not in page and f"http://localhost/s/{api.view}" in page
    for number in range(10):  # a forged address per request changes nothing
        forged = {"X-Forwarded-For": f"192.0.2.{number}", **basic("guess")}
        assert client.get("/admin/", headers=forged).status_code == 401
    assert client.get("/admin/", headers=basic(RIGHT)).status_code == 429

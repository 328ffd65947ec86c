"""The cookies are SameSite=Lax, and Secure when the page came over TLS: https itself, a
trusted proxy's X-Forwarded-Proto, or an instance configured https only; over the home
Wi-Fi's plain http they are not Secure (the browser would drop them)."""

from __future__ import annotations

import pytest

from tests.conftest import close_app, make_app


def cookies(response) -> list[str]:
    return response.headers.getlist("Set-Cookie")


def session_cookie(response) -> str:
    (cookie,) = [c for c in cookies(response) if c.startswith("session=")]
    return cookie


def test_over_plain_http_the_session_cookie_is_lax_and_not_secure(client):
    cookie = session_cookie(client.get("/sessions/new"))  # the form's CSRF token is in it
    assert "SameSite=Lax" in cookie and "HttpOnly" in cookie
    assert "Secure" not in cookie


def test_over_https_both_cookies_are_secure(client):
    response = client.get("/sessions/new?lang=en", base_url="https://localhost")
    assert len(cookies(response)) == 2  # the session and the language
    for cookie in cookies(response):
        assert "; Secure" in cookie and "SameSite=Lax" in cookie, cookie


@pytest.mark.parametrize(("proxies", "secure"), [(1, True), (0, False)])
def test_behind_a_proxy_only_a_trusted_one_makes_them_secure(tmp_path, proxies, secure):
    app = make_app(tmp_path, TRUSTED_PROXIES=proxies)
    try:
        response = app.test_client().get(
            "/sessions/new?lang=hu", headers={"X-Forwarded-Proto": "https"}
        )
        assert all(("; Secure" in c) is secure for c in cookies(response))
        assert len(cookies(response)) == 2
    finally:
        close_app(app)


def test_an_https_only_instance_says_so_in_its_config(tmp_path):
    app = make_app(tmp_path, PREFERRED_URL_SCHEME="https")
    try:
        assert "; Secure" in session_cookie(app.test_client().get("/sessions/new"))
    finally:
        close_app(app)

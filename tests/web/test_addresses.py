"""Share links and QR codes carry an address the other phones can open, never loopback.

The usual evening: a laptop serves, the scorer opens http://127.0.0.1:5000 on it, and the
phones scan the QR code. The interfaces here are given as a list (``LAN_ADDRESSES`` as a
function over it), so the tests do not depend on the machine's own network.
"""

import re
import socket
from types import SimpleNamespace

import pytest
from markupsafe import escape

from testkit import samples
from tests.conftest import close_app, make_app
from ulti_ledger.drawings.qr import qr_svg
from ulti_ledger.web.addresses import lan_addresses, lan_setting_for, origin, startup_lines
from ulti_ledger.words import i18n
from ulti_ledger.words.texts import TEXTS


def addr(family, address):
    return SimpleNamespace(family=family, address=address)


# As psutil.net_if_addrs() gives them: a laptop on home Wi-Fi, with Docker installed.
INTERFACES = {
    "lo": [addr(socket.AF_INET, "127.0.0.1"), addr(socket.AF_INET6, "::1")],
    "docker0": [addr(socket.AF_INET, "172.17.0.1")],
    "wlp2s0": [
        addr(socket.AF_PACKET, "02:fc:00:00:00:01"),
        addr(socket.AF_INET, "169.254.7.7"),
        addr(socket.AF_INET6, "fe80::1%wlp2s0"),
        addr(socket.AF_INET, "192.168.1.23"),
    ],
}
LAN = "192.168.1.23"
LOCAL = "http://127.0.0.1:5000"  # the scorer's own browser, on the laptop that serves
QR_BLOCK = re.compile(r"<svg[^>]*class=\"qr\".*?</svg>", re.S)


def test_lan_addresses_leave_out_loopback_and_link_local_and_put_wifi_first():
    assert lan_addresses(INTERFACES) == [LAN, "172.17.0.1"]
    assert lan_addresses({"lo": INTERFACES["lo"]}) == []


@pytest.fixture
def laptop(tmp_path):
    """The app with the Wi-Fi laptop's interfaces, as ``make run`` would find them."""
    app = make_app(tmp_path, LAN_ADDRESSES=lambda: lan_addresses(INTERFACES))
    yield app
    close_app(app)


def start(client, base="", **headers):
    """A new evening through the API, the request sent to ``base`` (the test client's own
    http://localhost when empty)."""
    body = samples.session_body()
    response = client.post(f"{base}/api/v1/sessions", json=body, headers=headers)
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def test_links_and_the_qr_code_carry_the_lan_address_when_opened_at_127_0_0_1(laptop):
    client = laptop.test_client()
    created = start(client, LOCAL)  # the server's port, 5000, comes with it
    view = created["view_url"]
    assert created["url"] == f"http://{LAN}:5000/e/{created['edit_token']}"
    assert view.startswith(f"http://{LAN}:5000/s/")
    page = client.get(f"{LOCAL}/e/{created['edit_token']}").get_data(as_text=True)
    assert str(escape(view)) in page and "127.0.0.1" not in page and "localhost" not in page
    (svg,) = QR_BLOCK.findall(page)
    with laptop.test_request_context():
        label = i18n.t("qr_label")
    assert label == TEXTS["qr_label"][0]
    assert svg == str(qr_svg(view, label))  # the QR code encodes exactly the LAN view link
    assert svg != str(qr_svg(view.replace(LAN, "127.0.0.1"), label))


def test_a_forged_host_header_does_not_reach_the_links(laptop):
    client = laptop.test_client()
    created = start(client, Host="evil.example")
    assert created["view_url"].startswith(f"http://{LAN}/s/")


def test_a_phone_that_opened_another_lan_address_keeps_it(laptop):
    """Two networks (Wi-Fi and a bridge): the address the page was opened at is known, so kept."""
    client = laptop.test_client()
    created = start(client, Host="172.17.0.1")
    assert created["view_url"].startswith("http://172.17.0.1/s/")


@pytest.mark.parametrize(
    ("public", "base"),
    [
        ("https://ulti.example.org", "https://ulti.example.org"),
        ("https://example.org/ulti/", "https://example.org/ulti"),
    ],
)
def test_public_url_wins_over_everything(tmp_path, public, base):
    app = make_app(tmp_path, PUBLIC_URL=public, LAN_ADDRESSES=[LAN], TRUSTED_PROXIES=1)
    try:
        client = app.test_client()
        forwarded = {"X-Forwarded-Host": "evil.example", "X-Forwarded-Proto": "http"}
        created = start(client, LOCAL, **forwarded)
        assert created["url"] == f"{base}/e/{created['edit_token']}"
        page = client.get(f"/s/{created['view_url'].rsplit('/', 1)[1]}").get_data(as_text=True)
        assert f"{base}/s/" in page and "evil.example" not in page and LAN not in page
    finally:
        close_app(app)


def test_without_any_lan_address_the_links_say_the_requests_host(tmp_path):
    """A machine with loopback only (or ``HOST=127.0.0.1 make run``): nothing else answers."""
    app = make_app(tmp_path, LAN_ADDRESSES=lambda: lan_addresses({"lo": INTERFACES["lo"]}))
    try:
        created = start(app.test_client(), LOCAL)
        assert created["view_url"].startswith("http://127.0.0.1:5000/s/")
    finally:
        close_app(app)


def test_what_make_run_prints_and_which_addresses_it_lets_links_use():
    lines = startup_lines("0.0.0.0", 5000, lambda: [LAN])
    assert f"http://{LAN}:5000" in lines[1] and "http://127.0.0.1:5000" in lines[2]
    alone = startup_lines("0.0.0.0", 5000, lambda: [])
    assert "no LAN address" in alone[-1]
    assert "this machine only" in startup_lines("127.0.0.1", 8001)[0]
    assert lan_setting_for("0.0.0.0") is None  # read the interfaces
    assert lan_setting_for("127.0.0.1") == ""  # none: links say 127.0.0.1
    assert lan_setting_for(LAN) == LAN
    assert origin("http", "fd00::2", 5000) == "http://[fd00::2]:5000"
    assert origin("https", "example.org", "443") == "https://example.org"

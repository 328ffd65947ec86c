"""Several servers on one database: a write on one instance is seen at once on another.

Two real instances run as ``make run`` serves (gunicorn with ``scripts/gunicorn_conf.py``,
two workers each), on two free ports of 127.0.0.1, with one database (``DATABASE_URL``:
the test PostgreSQL under ``scripts/with-postgres.sh``, else one SQLite file) and one
Redis for the rate-limit counts (``RATELIMIT_STORAGE_URI``). A scorer writes on A; after
every write a viewer on B reads the scoreboard (the API, the view page and the live
state) and must find it, with the right totals, in its first request: the per-process
caches of B were filled before the write and must not answer with what they held. Wrong
admin passwords sent to A and B add up to one count.
"""

import json
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
import redis

from testkit import samples
from tests.conftest import close_app, database_url_for_tests, make_app, parti
from tests.ledger.test_crash import free_port
from tests.web.test_run_server import stop, wait_ready
from tests.web.test_security import RIGHT, basic
from ulti_ledger import create_app

REPO = Path(__file__).resolve().parents[2]
pytestmark = [
    pytest.mark.db,
    pytest.mark.skipif(sys.platform == "win32", reason="process groups"),
]


def http(base, method, path, body=None, headers=None):
    """``(status, headers, body)`` of one request; JSON bodies are decoded."""
    headers = dict(headers or {})
    data = None
    if body is not None:
        data = json.dumps(body).encode()
        headers["Content-Type"] = "application/json"
    request = urllib.request.Request(base + path, data=data, headers=headers, method=method)
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            status, got, raw = response.status, response.headers, response.read()
    except urllib.error.HTTPError as exc:
        status, got, raw = exc.code, exc.headers, exc.read()
    if got.get("Content-Type", "").startswith("application/json") and raw:
        return status, got, json.loads(raw)
    return status, got, raw.decode()


@pytest.fixture
def database(tmp_path):
    """The tests' database, empty, upgraded by the migrations once (as a deployment does)."""
    app = make_app(tmp_path, schema=False)  # on PostgreSQL: drops what another test left
    url = database_url_for_tests(tmp_path)
    env = {**os.environ, "DATABASE_URL": url, "SECRET_KEY": "shared-by-both"}
    upgrade = [sys.executable, "-m", "flask", "--app", "app", "db", "upgrade"]
    subprocess.run(upgrade, cwd=REPO, env=env, check=True, capture_output=True)
    yield url
    close_app(app)


@pytest.fixture
def instances(tmp_path, database, redis_store):
    """Two instances, A and B, on the one database and the one Redis: their base URLs."""
    env = {**os.environ, "DATABASE_URL": database, "RATELIMIT_STORAGE_URI": redis_store}
    env.update(HOST="127.0.0.1", ADMIN_PASSWORD=RIGHT, SECRET_KEY="shared-by-both")
    env["LAN_ADDRESSES"] = ""  # links carry 127.0.0.1, whatever this machine's interfaces
    env.pop("PUBLIC_URL", None)
    started = []
    try:
        for name in ("a", "b"):
            port = free_port()
            out = open(tmp_path / f"{name}.txt", "wb")
            proc = subprocess.Popen(
                [sys.executable, "-m", "gunicorn", "-c", "scripts/gunicorn_conf.py", "app:app"],
                cwd=REPO,
                env={**env, "PORT": str(port)},
                stdout=out,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
            out.close()
            started.append((proc, port, tmp_path / f"{name}.txt"))
        for proc, _port, log in started:
            wait_ready(proc, log)
        yield [f"http://127.0.0.1:{port}" for _proc, port, _log in started]
    finally:
        for proc, _port, _log in started:
            stop(proc)


class Viewer:
    """What a phone following the evening reads on one instance."""

    def __init__(self, base: str, session_id: int, view_token: str) -> None:
        self.base, self.id, self.token = base, session_id, view_token
        self.etag = None

    def api(self) -> dict:
        auth = {"Authorization": f"Bearer {self.token}"}
        status, _, body = http(self.base, "GET", f"/api/v1/sessions/{self.id}", headers=auth)
        assert status == 200, body
        return body

    def page(self) -> str:
        status, _, body = http(self.base, "GET", f"/s/{self.token}?lang=en")
        assert status == 200
        return body

    def state(self) -> tuple[int, dict | None]:
        """The live poller's request, with the ETag of its last answer."""
        headers = {"If-None-Match": self.etag} if self.etag else {}
        status, got, body = http(self.base, "GET", f"/s/{self.token}/state", headers=headers)
        if status == 200:
            self.etag = got["ETag"]
        return status, body if status == 200 else None


def running_totals(payments: list[dict]) -> dict:
    """The units each player stands at after the hands whose payments are listed."""
    totals = {name: 0 for name in samples.session_body()["players"]}
    for hand in payments:
        for name, units in hand.items():
            totals[name] += units
    return totals


def test_a_viewer_on_one_instance_sees_every_write_on_the_other_at_once(instances):
    a, b = instances
    status, _, created = http(a, "POST", "/api/v1/sessions", samples.session_body())
    assert status == 201
    sid, edit = created["id"], {"Authorization": f"Bearer {created['edit_token']}"}
    viewer = Viewer(b, sid, created["view_url"].rsplit("/", 1)[1])
    assert viewer.api()["hands"] == [] and viewer.state()[1]["hands"] == 0
    assert viewer.state()[0] == 304  # the poller's cheap answer while nothing changed
    payments = []
    for i, declarer in enumerate(["Anna", "Béla", "Csaba", "Anna", "Béla", "Csaba"]):
        hand = parti(declarer, won=i % 3 != 2)
        status, _, entry = http(a, "POST", f"/api/v1/sessions/{sid}/hands", hand, edit)
        assert status == 201, entry
        payments.append(entry["result"]["payments"])
        seen = viewer.api()  # B's caches hold the state before this hand
        assert len(seen["hands"]) == i + 1
        assert seen["hands"][-1]["hand"] == entry["hand"]
        assert seen["hands"][-1]["version"] == entry["version"]
        assert seen["totals"]["units"] == running_totals(payments)
        status, state = viewer.state()
        assert status == 200  # a new ETag at once, not a 304 of the old version
        assert (state["hands"], state["totals"]["units"]) == (i + 1, running_totals(payments))
        assert f'id="h{i + 1}"' in viewer.page()
        # A itself shows the same: both read one database.
        assert Viewer(a, sid, viewer.token).api()["totals"] == seen["totals"]

    # An edit on A: hand 2 is now lost. B shows the new result, not its cached one.
    lost = parti("Béla", won=False)
    status, _, entry = http(a, "PUT", f"/api/v1/sessions/{sid}/hands/2", lost, edit)
    assert status == 200, entry
    assert entry["result"]["payments"] != payments[1]
    payments[1] = entry["result"]["payments"]
    seen = viewer.api()
    assert seen["hands"][1]["hand"]["components"] == [{"name": "parti", "won": False}]
    assert seen["hands"][1]["edited"] is True
    assert seen["totals"]["units"] == running_totals(payments)
    assert viewer.state()[1]["totals"]["units"] == running_totals(payments)

    # A delete on A: B has one hand fewer, numbered anew, and totals without it.
    status, _, _ = http(a, "DELETE", f"/api/v1/sessions/{sid}/hands/1", headers=edit)
    assert status == 204
    del payments[0]
    seen = viewer.api()
    assert [h["number"] for h in seen["hands"]] == [1, 2, 3, 4, 5]
    assert seen["hands"][0]["hand"]["components"] == [{"name": "parti", "won": False}]
    assert seen["totals"]["units"] == running_totals(payments)
    status, state = viewer.state()
    assert (status, state["hands"]) == (200, 5)
    page = viewer.page()
    assert 'id="h5"' in page and 'id="h6"' not in page

    # A rename on A: every hand B shows (its cached rows too) names the new name.
    rename = {"rename": {"Béla": "Bence"}}
    status, _, body = http(a, "PATCH", f"/api/v1/sessions/{sid}/players", rename, edit)
    assert status == 200, body
    seen = viewer.api()
    assert "Bence" in seen["totals"]["units"] and "Béla" not in seen["totals"]["units"]
    assert seen["hands"][0]["hand"]["declarer"] == "Bence"
    assert "Béla" not in viewer.page()
    assert "Bence" in viewer.state()[1]["totals"]["units"]


def test_wrong_admin_passwords_are_counted_across_instances(instances):
    a, b = instances
    assert http(a, "GET", "/admin/", headers=basic(RIGHT))[0] == 200
    for _ in range(9):  # ADMIN_MAX_FAILED_LOGINS is 10
        assert http(a, "GET", "/admin/", headers=basic("guess"))[0] == 401
    assert http(b, "GET", "/admin/", headers=basic(RIGHT))[0] == 200  # 9: room for one
    assert http(b, "GET", "/admin/", headers=basic("guess"))[0] == 401  # the tenth
    for base in (a, b):  # every worker of both instances refuses the address now
        for _ in range(4):
            status, headers, _ = http(base, "GET", "/admin/", headers=basic(RIGHT))
            assert status == 429
            assert 890 <= int(headers["Retry-After"]) <= 900


def test_two_apps_on_one_redis_share_the_count(tmp_path, redis_store):
    """The same, within one process: each app's own limiter, one store."""
    apps = []
    for name in ("a", "b"):
        (tmp_path / name).mkdir()
        config = {"ADMIN_PASSWORD": RIGHT, "RATELIMIT_STORAGE_URI": redis_store}
        apps.append(make_app(tmp_path / name, **config))
    try:
        first, second = (app.test_client() for app in apps)
        for _ in range(5):
            assert first.get("/admin/", headers=basic("guess")).status_code == 401
            assert second.get("/admin/", headers=basic("guess")).status_code == 401
        assert first.get("/admin/", headers=basic(RIGHT)).status_code == 429
        assert second.get("/admin/", headers=basic(RIGHT)).status_code == 429
        keys = redis.Redis.from_url(redis_store).keys("LIMITS*")
        assert len(keys) == 1 and b"admin-password" in keys[0]  # one count, in Redis
    finally:
        for app in apps:
            close_app(app)


def test_the_storage_setting_comes_from_the_environment(monkeypatch, tmp_path):
    monkeypatch.setenv("RATELIMIT_STORAGE_URI", "redis://127.0.0.1:6399/3")
    app = create_app({"SECRET_KEY": "t", "SQLALCHEMY_DATABASE_URI": "sqlite://"})
    assert app.config["RATELIMIT_STORAGE_URI"] == "redis://127.0.0.1:6399/3"
    monkeypatch.delenv("RATELIMIT_STORAGE_URI")
    monkeypatch.setenv("SECRET_KEY", "from-the-environment")
    monkeypatch.setenv("TRUSTED_PROXIES", "1")
    app = create_app({"SQLALCHEMY_DATABASE_URI": "sqlite://"})
    assert app.config["RATELIMIT_STORAGE_URI"] == "memory://"  # one process: its memory
    assert app.config["SECRET_KEY"] == "from-the-environment"
    assert app.config["TRUSTED_PROXIES"] == 1  # (what it does: tests/web/test_addresses.py)


def test_an_unreachable_count_refuses_every_password_with_503(tmp_path):
    """Redis down: no password is accepted (uncounted guesses would have no limit), no 500."""
    nobody = f"redis://127.0.0.1:{free_port()}/0"  # nothing listens there
    app = make_app(tmp_path, ADMIN_PASSWORD=RIGHT, RATELIMIT_STORAGE_URI=nobody)
    try:
        client = app.test_client()
        for password, lang in (("guess", "hu"), (RIGHT, "en")):
            response = client.get(f"/admin/?lang={lang}", headers=basic(password))
            assert response.status_code == 503
            assert response.headers["Retry-After"] == "60"
        text = response.get_data(as_text=True)
        assert "The count of wrong passwords cannot be reached just now" in text
        hu = client.get("/admin/?lang=hu", headers=basic(RIGHT)).get_data(as_text=True)
        assert "A hibás jelszavak számlálója most nem érhető el" in hu
        assert client.get("/").status_code == 200  # the rest of the app is not affected
    finally:
        close_app(app)


def test_a_redis_that_never_answers_costs_a_request_seconds_not_minutes(tmp_path):
    with socket.socket() as silent:  # accepts connections, never says a word
        silent.bind(("127.0.0.1", 0))
        silent.listen(8)
        uri = f"redis://127.0.0.1:{silent.getsockname()[1]}/0"
        app = make_app(tmp_path, ADMIN_PASSWORD=RIGHT, RATELIMIT_STORAGE_URI=uri)
        try:
            started = time.monotonic()
            response = app.test_client().get("/admin/", headers=basic("guess"))
            assert response.status_code == 503
            assert time.monotonic() - started < 10  # the client's 2 s timeout, not TCP's
        finally:
            close_app(app)

"""The leaks of a real server: gunicorn started with scripts/gunicorn_conf.py, as ``make
run`` does, on 127.0.0.1. Parallel wrong admin passwords never get past the limit, the
access log keeps no token, and a made-up Host header reaches no link."""

from __future__ import annotations

import base64
import http.client
import json
import os
import subprocess
import sys
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from werkzeug.security import generate_password_hash

from testkit import samples
from tests.ledger.test_crash import free_port
from tests.web.test_run_server import stop

REPO = Path(__file__).resolve().parents[2]
pytestmark = [
    pytest.mark.skipif(sys.platform == "win32", reason="process groups"),
    pytest.mark.skipif(bool(os.environ.get("TEST_DATABASE_URL")), reason="its own SQLite"),
]
PASSWORD = "hosszú jelszó"


def gunicorn(tmp_path: Path, *args: str, **env: str):
    """gunicorn on 127.0.0.1 with ``make run``'s settings and ``args``; (process, port)."""
    port = free_port()
    environ = {**os.environ, "DATABASE_URL": f"sqlite:///{tmp_path / 'run.sqlite3'}"}
    for name in ("LAN_ADDRESSES", "PUBLIC_URL", "ADMIN_PASSWORD"):
        environ.pop(name, None)
    environ.update(HOST="127.0.0.1", PORT=str(port), **env)
    flask = [sys.executable, "-m", "flask", "--app", "app", "db", "upgrade"]
    subprocess.run(flask, cwd=REPO, env=environ, check=True, capture_output=True)
    out = open(tmp_path / "out.txt", "wb")
    command = [sys.executable, "-m", "gunicorn", "-c", "scripts/gunicorn_conf.py", *args]
    proc = subprocess.Popen(
        [*command, "app:app"],
        cwd=REPO,
        env=environ,
        stdout=out,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    out.close()
    deadline = time.monotonic() + 30
    while "ulti_ledger is ready" not in (tmp_path / "out.txt").read_text():
        if proc.poll() is not None or time.monotonic() > deadline:
            stop(proc)
            raise AssertionError((tmp_path / "out.txt").read_text())
        time.sleep(0.1)
    return proc, port


def call(port, method, path, body=None, headers=None):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        data = json.dumps(body).encode() if body is not None else None
        sent = {"Content-Type": "application/json", **(headers or {})}
        deadline = time.monotonic() + 20
        while True:
            try:
                connection.request(method, path, body=data, headers=sent)
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.2)
                connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        response = connection.getresponse()
        return response.status, response.read().decode()
    finally:
        connection.close()


def basic(password):
    return {"Authorization": "Basic " + base64.b64encode(f"admin:{password}".encode()).decode()}


def test_parallel_wrong_passwords_never_overshoot_the_limit(tmp_path):
    """One worker of eight threads; the password hashed, so each check takes a while and
    many requests are checked at once: exactly ten are answered 401, the rest 429."""
    hashed = generate_password_hash(PASSWORD)
    proc, port = gunicorn(tmp_path, "-w", "1", "--threads", "8", ADMIN_PASSWORD=hashed)
    try:
        call(port, "GET", "/healthz")
        with ThreadPoolExecutor(16) as pool:
            answers = list(
                pool.map(
                    lambda i: call(port, "GET", "/admin/", headers=basic(f"x{i}"))[0], range(40)
                )
            )
        right = call(port, "GET", "/admin/", headers=basic(PASSWORD))[0]
    finally:
        stop(proc)
    assert Counter(answers) == {401: 10, 429: 30}
    assert right == 429  # the right password too, while the address is at the limit


def test_the_access_log_keeps_no_token(tmp_path):
    log = tmp_path / "access.log"
    proc, port = gunicorn(tmp_path, "--access-logfile", str(log), "-w", "1")
    try:
        status, body = call(port, "POST", "/api/v1/sessions", samples.session_body())
        assert status == 201, body
        made = json.loads(body)
        edit, view = made["edit_token"], made["view_url"].rsplit("/", 1)[1]
        paths = [
            f"/e/{edit}",
            f"/e/{edit}/evening",
            f"/s/{view}/state",
            f"/s/{view}/hands.csv",
            f"/api/v1/sessions/{made['id']}?token={view}",
            f"/group?s={view}&s={edit}",
        ]
        for path in paths:
            assert call(port, "GET", path)[0] < 500, path
    finally:
        stop(proc)
    text = log.read_text()
    assert edit not in text and view not in text
    for shown in ("/e/***", "/e/***/evening", "/s/***/state", "token=***", "/group?s=***&s=***"):
        assert shown in text, shown
    assert text.count("\n") >= len(paths) + 1  # a line per request: the log was written


def test_a_forged_host_header_reaches_no_link_on_a_real_server(tmp_path):
    """HOST=127.0.0.1 make run: no LAN address; the links say 127.0.0.1, whatever Host says."""
    proc, port = gunicorn(tmp_path)
    try:
        forged = {"Host": "evil.example"}
        status, body = call(port, "POST", "/api/v1/sessions", samples.session_body(), forged)
        assert status == 201, body
        made = json.loads(body)
        page = call(port, "GET", f"/e/{made['edit_token']}", headers=forged)[1]
    finally:
        stop(proc)
    assert made["view_url"].startswith(f"http://127.0.0.1:{port}/s/")
    assert made["url"] == f"http://127.0.0.1:{port}/e/{made['edit_token']}"
    assert "evil.example" not in page and made["view_url"] in page

"""Durability: kill the real server mid-burst; every acknowledged hand is there after restart.

The app runs under gunicorn on 127.0.0.1 with a temporary SQLite database (WAL). One
thread posts hands as fast as the server takes them; when enough are acknowledged the
whole server (master and workers) is killed with SIGKILL, mid-request. After a restart
every hand that got a 201 must be there, at most the one in flight besides, and every
stored hand must be whole: its players, its components and its audit row.
"""

import json
import os
import signal
import socket
import sqlite3
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from flask_migrate import upgrade

from tests.conftest import parti
from ulti_ledger import create_app

REPO = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="process groups and SIGKILL")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def call(base, method, path, body=None, token=None, timeout=10):
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(base + path, data=data, headers=headers, method=method)
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            return response.status, json.loads(response.read() or b"null")
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read() or b"null")


class Server:
    """gunicorn serving the app on a temporary SQLite file, in its own process group."""

    def __init__(self, tmp: Path, workers: int = 2) -> None:
        self.tmp = tmp
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.workers = workers
        self.proc = None

    def start(self) -> "Server":
        log = open(self.tmp / "gunicorn.log", "ab")
        self.proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "gunicorn",
                "--bind",
                f"127.0.0.1:{self.port}",
                "--workers",
                str(self.workers),
                "--pythonpath",
                f"{self.tmp},{REPO}",
                "--chdir",
                str(self.tmp),
                "serve:app",
            ],
            stdout=log,
            stderr=log,
            start_new_session=True,
        )
        log.close()
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                if call(self.base, "GET", "/healthz", timeout=1)[0] == 200:
                    return self
            except OSError:
                time.sleep(0.1)
        self.kill()
        raise AssertionError((self.tmp / "gunicorn.log").read_text())

    def kill(self) -> None:
        if self.proc and self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait()


@pytest.fixture
def database(tmp_path):
    """A migrated SQLite file and the WSGI module that serves it."""
    path = tmp_path / "crash.sqlite3"
    config = {"SQLALCHEMY_DATABASE_URI": f"sqlite:///{path}", "SECRET_KEY": "crash-test"}
    (tmp_path / "serve.py").write_text(
        f"from ulti_ledger import create_app\napp = create_app({config!r})\n"
    )
    app = create_app(config)
    with app.app_context():
        upgrade()
        from ulti_ledger.db import db

        db.engine.dispose()
    return path


def test_every_acknowledged_hand_survives_a_kill(tmp_path, database, session_body):
    server = Server(tmp_path).start()
    try:
        status, created = call(server.base, "POST", "/api/v1/sessions", session_body)
        assert status == 201
        sid, token = created["id"], created["edit_token"]
        acknowledged = []
        stop = threading.Event()

        def burst():
            declarers = ["Anna", "Béla", "Csaba"]
            for i in range(2000):
                if stop.is_set():
                    return
                hand = parti(declarers[i % 3], won=i % 2 == 0)
                try:
                    status, _ = call(
                        server.base, "POST", f"/api/v1/sessions/{sid}/hands", hand, token
                    )
                except OSError:
                    return  # the server is gone: this request was in flight
                if status == 201:
                    acknowledged.append(i)

        writer = threading.Thread(target=burst)
        writer.start()
        deadline = time.monotonic() + 60
        while len(acknowledged) < 25 and time.monotonic() < deadline:
            time.sleep(0.01)
        server.kill()
        stop.set()
        writer.join(timeout=30)
        acked = len(acknowledged)
        assert acked >= 25

        server = Server(tmp_path).start()
        status, session = call(server.base, "GET", f"/api/v1/sessions/{sid}", token=token)
        assert status == 200
        stored = len(session["hands"])
        assert acked <= stored <= acked + 1
        for entry in session["hands"]:
            assert sum(entry["result"]["payments"].values()) == 0
        assert sum(session["totals"]["units"].values()) == 0
    finally:
        server.kill()
    with sqlite3.connect(database) as db:
        assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        half = db.execute(
            "SELECT COUNT(*) FROM hands h WHERE"
            " (SELECT COUNT(*) FROM hand_seats p WHERE p.hand_id = h.id) != 4"
            " OR h.facts IS NULL OR h.facts NOT LIKE '%components%'"
            " OR NOT EXISTS (SELECT 1 FROM audit_log a WHERE a.hand_id = h.id)"
        ).fetchone()[0]
        assert half == 0
        assert db.execute("SELECT COUNT(*) FROM hands").fetchone()[0] == stored

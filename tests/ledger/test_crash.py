"""Durability: kill the real server mid-burst; every acknowledged hand is there after restart.

The app runs under gunicorn on 127.0.0.1 with a temporary SQLite database (WAL). One
thread posts hands as fast as the server takes them; when enough are acknowledged the
whole server (master and workers) is killed with SIGKILL, mid-request. After a restart
every hand that got a 201 must be there, at most the one in flight besides, and every
stored hand must be whole: its players, its components and its audit row.

With ``Idempotency-Key``: writers post hands with keys, retrying each key until it is
answered (as a phone's offline queue does), while workers are killed one by one at random
moments, some between a write's commit and its answer being kept. After a restart every
key sent is answered 2xx again, a key answered before names the same hand, and every key
recorded exactly one hand.
"""

import http.client
import json
import os
import random
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

    def __init__(self, tmp: Path, workers: int = 2, preload: bool = False) -> None:
        self.tmp = tmp
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.workers = workers
        self.preload = preload  # a killed worker comes back in a fork, not an import
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
                *(["--preload"] if self.preload else []),
                "--no-control-socket",  # gunicorn 24+: one shared ~/.gunicorn/gunicorn.ctl
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

    def kill_a_worker(self) -> None:
        """SIGKILL one of gunicorn's workers, mid-request or not; the master starts another."""
        children = Path(f"/proc/{self.proc.pid}/task/{self.proc.pid}/children")
        workers = children.read_text().split() if children.exists() else []
        if workers:
            try:
                os.kill(int(random.choice(workers)), signal.SIGKILL)
            except ProcessLookupError:
                pass  # it had just died (the last round's kill)


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


def keyed(base, path, body, token, key, timeout=10):
    """POST with an Idempotency-Key: status, JSON answer, whether it was a replay."""
    headers = {
        "Content-Type": "application/json",
        "Authorization": f"Bearer {token}",
        "Idempotency-Key": key,
    }
    data = json.dumps(body).encode()
    request = urllib.request.Request(base + path, data=data, headers=headers, method="POST")
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            replayed = response.headers.get("Idempotent-Replayed") == "true"
            return response.status, json.loads(response.read() or b"null"), replayed
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read() or b"null"), False


KILLS = 20
"""Workers killed, each once the writers got two more answers (so the test cannot starve
them); a kill between a commit and its answer being kept comes about once in ten."""


def test_every_committed_key_answers_again_after_its_worker_is_killed(
    tmp_path, database, session_body
):
    server = Server(tmp_path, preload=True).start()
    evenings = []
    for _ in range(2):
        status, created = call(server.base, "POST", "/api/v1/sessions", session_body)
        assert status == 201
        evenings.append((f"/api/v1/sessions/{created['id']}/hands", created["edit_token"]))
    sent: dict[str, tuple[str, str, dict]] = {}
    numbers: dict[str, int] = {}
    rebuilt: list[str] = []
    stop = threading.Event()

    def writer(path: str, token: str, prefix: str) -> None:
        declarers = ["Anna", "Béla", "Csaba"]
        for i in range(10_000):
            key, hand = f"{prefix}-{i}", parti(declarers[i % 3], won=i % 2 == 0)
            sent[key] = (path, token, hand)
            while not stop.is_set():  # the same key until it is answered, as a phone's queue
                try:
                    status, answer, _ = keyed(server.base, path, hand, token, key)
                except (OSError, http.client.HTTPException):  # its worker was killed
                    continue
                if 200 <= status < 300:
                    numbers[key] = answer["number"]
                    if answer.get("recorded"):
                        rebuilt.append(key)
                    break
                assert status == 409, (status, answer)  # in progress, or try again
                time.sleep(0.005)
            if stop.is_set():
                return

    writers = [
        threading.Thread(target=writer, args=(path, token, f"e{n}"))
        for n, (path, token) in enumerate(evenings)
    ]
    try:
        for thread in writers:
            thread.start()
        deadline = time.monotonic() + 30
        for _ in range(KILLS):  # each after some progress, at a random moment of a request
            answered = len(numbers)
            while len(numbers) < answered + 2 and time.monotonic() < deadline:
                time.sleep(0.002)
            time.sleep(random.uniform(0, 0.03))
            server.kill_a_worker()
        stop.set()
        for thread in writers:
            thread.join(timeout=30)
        server.kill()
        assert time.monotonic() < deadline, f"stuck: {len(numbers)} keys answered"

        server = Server(tmp_path).start()
        for key, (path, token, hand) in sent.items():
            status, answer, replayed = keyed(server.base, path, hand, token, key)
            assert 200 <= status < 300, (key, status, answer)
            if key in numbers:
                assert replayed, key
                assert answer["number"] == numbers[key], key
        for n, (path, token) in enumerate(evenings):
            status, evening = call(server.base, "GET", path.rsplit("/", 1)[0], token=token)
            assert status == 200
            keys = [key for key in sent if key.startswith(f"e{n}-")]
            assert len(evening["hands"]) == len(keys)  # one hand per key, none twice
    finally:
        stop.set()
        server.kill()
    print(f"{len(sent)} keys, {len(rebuilt)} answered from a dead worker's claim")

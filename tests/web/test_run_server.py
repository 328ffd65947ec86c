"""What ``make run`` starts: gunicorn with scripts/gunicorn_conf.py, as the Makefile calls it.

It listens on every interface by default and answers on 127.0.0.1 too; when ready it
prints the addresses to open, and the links it hands out carry the first of them, the
LAN address, even to a request sent to 127.0.0.1. ``HOST=127.0.0.1`` keeps it local.
"""

import json
import os
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from testkit import samples
from tests.ledger.test_crash import free_port
from ulti_ledger.web.addresses import lan_addresses

REPO = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="process groups")


def serve(tmp_path: Path, host: str):
    """Start the server as ``make run`` does; yield its port and the text it printed."""
    port = free_port()
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{tmp_path / 'run.sqlite3'}"}
    env.update(HOST=host, PORT=str(port))
    env.pop("LAN_ADDRESSES", None)
    env.pop("PUBLIC_URL", None)
    flask = [sys.executable, "-m", "flask", "--app", "app", "db", "upgrade"]
    subprocess.run(flask, cwd=REPO, env=env, check=True, capture_output=True)
    out = open(tmp_path / "out.txt", "wb")
    gunicorn = [sys.executable, "-m", "gunicorn", "-c", "scripts/gunicorn_conf.py", "app:app"]
    proc = subprocess.Popen(
        gunicorn, cwd=REPO, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True
    )
    out.close()
    return proc, port


def wait_ready(proc, path: Path) -> str:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        text = path.read_text()
        if "ulti_ledger is ready" in text and "Booting worker" in text:
            return text
        if proc.poll() is not None:
            break
        time.sleep(0.1)
    raise AssertionError(path.read_text())


def stop(proc) -> None:
    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()


def create_over(base: str) -> dict:
    body = json.dumps(samples.session_body()).encode()
    request = urllib.request.Request(
        f"{base}/api/v1/sessions", data=body, headers={"Content-Type": "application/json"}
    )
    deadline = time.monotonic() + 20
    while True:
        try:
            with urllib.request.urlopen(request, timeout=5) as response:
                return json.loads(response.read())
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.2)


def test_make_run_serves_the_network_and_prints_where(tmp_path):
    proc, port = serve(tmp_path, "0.0.0.0")
    try:
        printed = wait_ready(proc, tmp_path / "out.txt")
        created = create_over(f"http://127.0.0.1:{port}")  # it answers on 127.0.0.1
    finally:
        stop(proc)
    assert f"http://127.0.0.1:{port}" in printed
    assert "Starting gunicorn" in printed  # a real WSGI server, not Flask's development one
    lan = lan_addresses()
    if lan:  # this machine's own interfaces: the links carry the first LAN address
        assert f"http://{lan[0]}:{port}" in printed
        assert created["view_url"].startswith(f"http://{lan[0]}:{port}/s/")
    else:  # a machine with loopback only says so, and its links can only be local
        assert "no LAN address found" in printed
        assert created["view_url"].startswith(f"http://127.0.0.1:{port}/s/")


def test_host_127_0_0_1_keeps_it_on_this_machine(tmp_path):
    proc, port = serve(tmp_path, "127.0.0.1")
    try:
        printed = wait_ready(proc, tmp_path / "out.txt")
        created = create_over(f"http://127.0.0.1:{port}")
    finally:
        stop(proc)
    assert "this machine only" in printed and f"Listening at: http://127.0.0.1:{port}" in printed
    assert created["view_url"].startswith(f"http://127.0.0.1:{port}/s/")

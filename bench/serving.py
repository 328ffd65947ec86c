"""The app served as ``make run`` serves it, for the benches: one way to start it.

gunicorn with ``scripts/gunicorn_conf.py`` (threaded workers; each warms its PDF pool,
then keeps what it loaded out of the cycle collector's full runs), on a free port of
127.0.0.1, in processes of its own (a server in the bench's process would share its
interpreter with the clients it measures). Only what a bench varies is set on the command
line: the workers, and the threads (1: sync workers, as a host without threads runs).
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
HOST = "127.0.0.1"
SETTINGS = REPO / "scripts" / "gunicorn_conf.py"


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


def write_app(folder: Path, config: dict, migrate: bool = True) -> None:
    """``folder/serve.py``: the app made with ``config``; its database migrated first.
    Its PDFs are kept in ``folder`` too, never in the checkout's ``instance/``."""
    config = {"PDF_CACHE_DIR": str(folder / "pdf-cache"), **config}
    (folder / "serve.py").write_text(
        f"from ulti_ledger import create_app\napp = create_app({config!r})\n"
    )
    if migrate:
        upgrade = "import serve; from flask_migrate import upgrade\n"
        upgrade += "with serve.app.app_context(): upgrade()"
        env = {**os.environ, "PYTHONPATH": f"{folder}:{REPO}"}
        subprocess.run(
            [sys.executable, "-c", upgrade], cwd=folder, check=True, env=env, capture_output=True
        )


def start(
    folder: Path, workers: int = 2, threads: int | None = None, log: str = "gunicorn.log"
) -> tuple[subprocess.Popen, int]:
    """gunicorn serving ``folder/serve.py`` (``write_app``) until it answers ``/healthz``;
    its process (a session of its own: ``stop`` ends its workers too) and its port.
    ``threads``: None keeps the settings file's; 1 runs sync workers."""
    port = free_port()
    command = [sys.executable, "-m", "gunicorn", "--config", str(SETTINGS)]
    command += ["--bind", f"{HOST}:{port}", "--workers", str(workers)]
    if threads == 1:
        command += ["--worker-class", "sync"]
    elif threads is not None:
        command += ["--threads", str(threads)]
    command += ["--pythonpath", f"{folder},{REPO}", "--chdir", str(folder), "serve:app"]
    env = {**os.environ, "HOST": HOST, "PORT": str(port)}  # links on loopback, as bound
    with open(folder / log, "ab") as out:
        proc = subprocess.Popen(
            command, stdout=out, stderr=out, env=env, cwd=REPO, start_new_session=True
        )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and proc.poll() is None:
        try:
            urllib.request.urlopen(f"http://{HOST}:{port}/healthz", timeout=2).read()
            return proc, port
        except OSError:
            time.sleep(0.1)
    stop(proc)
    raise SystemExit((folder / log).read_text()[-3000:])


def wait_listening(port: int, seconds: float = 30) -> None:
    """Until something listens on ``port`` of HOST (a Redis started), at most ``seconds``."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            socket.create_connection((HOST, port), timeout=1).close()
            return
        except OSError:
            time.sleep(0.1)
    raise SystemExit(f"nothing listens on {HOST}:{port}")


def stop(proc: subprocess.Popen) -> None:
    """End a server ``start`` gave, its workers with it."""
    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()

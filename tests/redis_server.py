"""A Redis for the tests of several app processes sharing one count (``redis_url``).

``TEST_REDIS_URL`` names one; else a throwaway ``redis-server`` (Debian's package, which
`make test` installs) runs on a free port of 127.0.0.1 as the current user, in a temporary
folder, without persistence, and is stopped after the tests. Without either, the tests
that need it are skipped and say why.
"""

import os
import shutil
import socket
import subprocess
import time

import pytest
import redis


@pytest.fixture(scope="session")
def redis_url(tmp_path_factory):
    """The URL of a Redis for the whole test run (see the module's docstring)."""
    url = os.environ.get("TEST_REDIS_URL")
    if url:
        yield url
        return
    server = shutil.which("redis-server")
    if server is None:
        pytest.skip("no Redis: install redis-server (make test does) or set TEST_REDIS_URL")
    folder = tmp_path_factory.mktemp("redis")
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    options = ["--port", str(port), "--bind", "127.0.0.1", "--dir", str(folder)]
    options += ["--save", "", "--appendonly", "no", "--daemonize", "no"]
    with open(folder / "redis.log", "wb") as log:
        proc = subprocess.Popen([server, *options], stdout=log, stderr=subprocess.STDOUT)
    client = redis.Redis(host="127.0.0.1", port=port, socket_timeout=1)
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                client.ping()
                break
            except redis.exceptions.ConnectionError:
                if proc.poll() is not None or time.monotonic() > deadline:
                    raise AssertionError((folder / "redis.log").read_text()) from None
                time.sleep(0.05)
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        client.close()
        proc.terminate()
        proc.wait(timeout=10)


@pytest.fixture
def redis_store(redis_url):
    """``redis_url``, emptied before and after the test."""
    client = redis.Redis.from_url(redis_url)
    client.flushdb()
    yield redis_url
    client.flushdb()
    client.close()

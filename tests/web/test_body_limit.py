"""A body beyond ``MAX_CONTENT_LENGTH`` is never read into a worker, however it is sent.

Against real servers on 127.0.0.1 (gunicorn as ``make run`` starts it, and werkzeug's
development server), over raw sockets, so that nothing between the test and the server
fixes the framing: a declared ``Content-Length`` over the limit, a chunked body that
grows past it, a ``Content-Length`` shorter than what follows, and no length at all.
The first two are a 413 (the limit is enforced on the stream as it is read); with a short
or missing length the server reads only what was declared (nothing, when nothing was),
so the surplus never becomes a body: the request is answered as the bytes it declared
(a 4xx: they are no session), the surplus is refused as no HTTP request, and nothing is
written. The server stays up for the next client.
"""

from __future__ import annotations

import io
import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from testkit import samples
from tests.ledger.test_crash import free_port

REPO = Path(__file__).resolve().parents[2]
LIMIT = 1024 * 1024  # the app's MAX_CONTENT_LENGTH
BIG = 2 * LIMIT
pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="process groups")


def _start(tmp_path: Path, kind: str):
    port = free_port()
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{tmp_path / f'{kind}.sqlite3'}"}
    env.update(HOST="127.0.0.1", PORT=str(port), LAN_ADDRESSES="")
    env.pop("PUBLIC_URL", None)
    flask = [sys.executable, "-m", "flask", "--app", "app"]
    subprocess.run([*flask, "db", "upgrade"], cwd=REPO, env=env, check=True, capture_output=True)
    if kind == "gunicorn":
        command = [sys.executable, "-m", "gunicorn", "-c", "scripts/gunicorn_conf.py", "app:app"]
    else:
        command = [*flask, "run", "--host", "127.0.0.1", "--port", str(port), "--no-reload"]
    log = open(tmp_path / f"{kind}.log", "wb")
    proc = subprocess.Popen(
        command, cwd=REPO, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True
    )
    log.close()
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2):
                return proc, port
        except OSError:
            if proc.poll() is not None:
                break
            time.sleep(0.2)
    os.killpg(proc.pid, signal.SIGTERM)
    raise AssertionError((tmp_path / f"{kind}.log").read_text())


@pytest.fixture(params=["gunicorn", "werkzeug"], scope="module")
def server(request, tmp_path_factory):
    proc, port = _start(tmp_path_factory.mktemp(request.param), request.param)
    yield port
    os.killpg(proc.pid, signal.SIGTERM)
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()


def _exchange(port: int, head: bytes, body_parts, timeout: float = 20) -> bytes:
    """Send ``head`` then the parts (stopping if the server closes); all that came back."""
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as sock:
        sock.sendall(head)
        try:
            for part in body_parts:
                sock.sendall(part)
            sock.shutdown(socket.SHUT_WR)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the server answered and closed before the body ended: as it should
        answer = b""
        try:
            while chunk := sock.recv(65536):
                answer += chunk
        except (ConnectionResetError, TimeoutError):
            pass
    return answer


def _statuses(answer: bytes) -> list[int]:
    return [int(line.split()[1]) for line in answer.split(b"\r\n") if line.startswith(b"HTTP/1.")]


def _head(path: str, *headers: str) -> bytes:
    lines = [f"POST {path} HTTP/1.1", "Host: 127.0.0.1", "Content-Type: application/json"]
    return ("\r\n".join([*lines, *headers]) + "\r\n\r\n").encode()


def _session_count(port: int) -> int:
    """Sessions the server holds: the next one created gets this count plus one as its id."""
    body = json.dumps(samples.session_body()).encode()
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}/api/v1/sessions",
        data=body,
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())["id"] - 1


def _big_session() -> bytes:
    """A well-formed session file padded past the limit (its name), so only size refuses it."""
    body = samples.session_body()
    body["place"] = "x" * BIG
    return json.dumps(body).encode()


def test_a_declared_length_over_the_limit_is_413(server):
    before = _session_count(server)
    body = _big_session()
    head = _head("/api/v1/sessions", f"Content-Length: {len(body)}", "Connection: close")
    answer = _exchange(server, head, [body[i : i + 65536] for i in range(0, len(body), 65536)])
    assert _statuses(answer)[:1] == [413], answer[:300]
    assert _session_count(server) == before + 1  # only our own count's session was added


def test_a_chunked_body_past_the_limit_is_413(server):
    before = _session_count(server)
    body = _big_session()
    chunks = [body[i : i + 65536] for i in range(0, len(body), 65536)]
    framed = [b"%x\r\n%s\r\n" % (len(c), c) for c in chunks] + [b"0\r\n\r\n"]
    head = _head("/api/v1/sessions", "Transfer-Encoding: chunked", "Connection: close")
    answer = _exchange(server, head, framed)
    assert _statuses(answer)[:1] == [413], answer[:300]
    assert _session_count(server) == before + 1


def test_a_chunked_body_within_the_limit_is_read(server):
    body = json.dumps(samples.session_body()).encode()
    framed = [b"%x\r\n%s\r\n" % (len(body), body), b"0\r\n\r\n"]
    head = _head("/api/v1/sessions", "Transfer-Encoding: chunked", "Connection: close")
    assert _statuses(_exchange(server, head, framed))[:1] == [201]


@pytest.mark.parametrize("declared", [0, 100, LIMIT - 1])
def test_a_short_length_reads_only_what_it_declared(server, declared):
    before = _session_count(server)
    body = _big_session()
    head = _head("/api/v1/sessions", f"Content-Length: {declared}")
    answer = _exchange(server, head, [body[i : i + 65536] for i in range(0, len(body), 65536)])
    statuses = _statuses(answer)
    assert statuses, answer[:300]
    assert 400 <= statuses[0] < 500 and statuses[0] != 413, answer[:300]  # a cut-off body
    assert all(400 <= s < 500 for s in statuses), statuses  # the surplus is no request
    assert _session_count(server) == before + 1


def test_no_length_at_all_reads_no_body(server):
    before = _session_count(server)
    body = _big_session()
    head = _head("/api/v1/sessions")
    answer = _exchange(server, head, [body[i : i + 65536] for i in range(0, len(body), 65536)])
    statuses = _statuses(answer)
    assert statuses and all(400 <= s < 500 for s in statuses), answer[:300]
    assert _session_count(server) == before + 1


def _chunked(client, path: str, body: bytes, content_type: str, **headers):
    return client.post(
        path,
        input_stream=io.BytesIO(body),
        headers={"Transfer-Encoding": "chunked", "Content-Type": content_type, **headers},
    )


def test_through_the_test_client_a_chunked_api_body_past_the_limit_is_413_json(client):
    response = _chunked(client, "/api/v1/sessions", _big_session(), "application/json")
    assert response.status_code == 413
    assert "error" in response.get_json()


def test_through_the_test_client_a_chunked_body_within_it_is_read(client):
    body = json.dumps(samples.session_body()).encode()
    # a Content-Length beside "chunked" means nothing (RFC 9112 6.3): the body is read
    response = _chunked(
        client, "/api/v1/sessions", body, "application/json", **{"Content-Length": "3"}
    )
    assert response.status_code == 201


def test_through_the_test_client_a_chunked_form_past_the_limit_is_the_413_page(client):
    body = b"name=" + b"x" * BIG
    response = _chunked(client, "/sessions", body, "application/x-www-form-urlencoded")
    assert response.status_code == 413
    assert "Túl nagy" in response.get_data(as_text=True)  # the app's page, in Hungarian

"""The app served on 127.0.0.1 in a thread, for the browser and race tests.

Werkzeug's development server drains the socket before it closes a response, and when the
browser has already dropped the connection that read raises and the response is never
closed: a static file stays open until the garbage collector reports it, in whichever test
then runs. So each response is read and closed before a byte is written.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import Any

from werkzeug.serving import make_server


def buffered(app: Any) -> Any:
    """A WSGI app that reads and closes ``app``'s whole response before sending it."""

    def wsgi(environ: dict, start_response: Any) -> Iterable[bytes]:
        iterable = app(environ, start_response)
        try:
            body = b"".join(iterable)
        finally:
            if hasattr(iterable, "close"):
                iterable.close()
        return [body]

    return wsgi


@contextmanager
def serve(app: Any) -> Iterator[int]:
    """Serve ``app`` on a free port of 127.0.0.1 while the block runs; yields the port."""
    server = make_server("127.0.0.1", 0, buffered(app), threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server.server_port
    finally:
        server.shutdown()
        thread.join()
        server.server_close()

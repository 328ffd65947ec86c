"""``MAX_CONTENT_LENGTH`` for chunked bodies too: read at most the limit, else a 413.

Werkzeug enforces the limit on a declared ``Content-Length`` (a 413 before anything is
read), and on a chunked body only by cutting it off: ``LimitedStream.readall`` stops at
the limit without raising, so a 2 MiB chunked session reached the JSON parser as its
first 1 MiB (a 400 "not valid JSON", not the 413 it is). This middleware reads a chunked
body itself, at most one byte past the limit, and hands the app either those bytes with
their length declared or, when there are more, a declared length over the limit, which
werkzeug answers 413 as usual, in the app's own words (``error_pages``, ``api_errors``).
A body without any length, and not chunked, is read by no one (werkzeug's empty stream).
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterable
from typing import Any

Environ = dict[str, Any]


class ChunkedBodyLimit:
    """WSGI middleware: a chunked body within ``limit()`` bytes, or a 413 for it."""

    def __init__(self, app: Callable[..., Iterable[bytes]], limit: Callable[[], int | None]):
        self.app = app
        self.limit = limit

    def __call__(self, environ: Environ, start_response: Callable[..., Any]) -> Iterable[bytes]:
        chunked = "chunked" in environ.get("HTTP_TRANSFER_ENCODING", "").lower()
        limit = self.limit()
        if chunked and limit is not None:  # a chunked body's Content-Length means nothing
            body = _read_at_most(environ["wsgi.input"], limit + 1)
            environ["wsgi.input"] = io.BytesIO(b"" if len(body) > limit else body)
            environ["CONTENT_LENGTH"] = str(len(body))  # over the limit: werkzeug's 413
            # now a body of known length (werkzeug ignores the length beside "chunked")
            del environ["HTTP_TRANSFER_ENCODING"]
            environ.pop("wsgi.input_terminated", None)
        return self.app(environ, start_response)


def _read_at_most(stream: Any, size: int) -> bytes:
    """Up to ``size`` bytes of ``stream``: less only when it ends first."""
    out = bytearray()
    while len(out) < size:
        data = stream.read(min(64 * 1024, size - len(out)))
        if not data:
            break
        out.extend(data)
    return bytes(out)

"""Static files under content-hashed names, compressed once, cached by the browser for a year.

``url_for("static", filename="css/app.css")`` gives ``/static/css/app.<digest>.css``, the
digest being the first 12 hex digits of the file's SHA-256, read when the app starts (a
manifest of ``static/``; no build step, so a plain checkout runs as it is). Such a URL
never changes what it names, so it answers ``Cache-Control: public, max-age=31536000,
immutable`` and a repeat visit asks nothing. Text files (CSS, JS, SVG, ...) are compressed
once per process, brotli or gzip as the browser accepts, and kept in memory (about 25 KB).

A URL without the digest (``/static/css/app.css``: a bookmark, an old script) or with another
(a page of the previous deploy still open) answers the file as it is now, compressed too,
with ``Cache-Control: no-cache`` and an ETag: the browser asks again the next time. No
redirect: the page that asked gets its file in one request either way.

The files on disk keep their plain names: the PDF reads them by path (pdf/document.py), and
the service worker's list of files is written with the hashed names (views/offline.py).
"""

from __future__ import annotations

import gzip
import hashlib
import mimetypes
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import brotli
from flask import Flask, Response, abort, current_app, request, send_from_directory

IMMUTABLE = "public, max-age=31536000, immutable"
REVALIDATE = "no-cache"
DIGEST_LENGTH = 12
HASHED = re.compile(r"^(?P<stem>.+)\.(?P<digest>[0-9a-f]{12})(?P<suffix>\.[A-Za-z0-9]+)$")
# What compresses: text. Images and fonts are compressed already, or never sent to a phone.
TEXT = re.compile(r"^(text/|application/(javascript|json|manifest\+json)$|image/svg\+xml$)")
ENCODINGS = ("br", "gzip")
# What templates/base.html loads on every page, announced in the page's headers so that a
# phone asks for them as the answer starts, not once its parser reaches <head> (a round
# trip less before the first paint, on a slow link).
EVERY_PAGE = (("css/app.css", "style"), ("js/app.js", "script"), ("js/offline.js", "script"))


@dataclass(frozen=True)
class StaticFile:
    """One file of ``static/`` as the manifest knows it."""

    name: str
    """Its path under ``static/``, with ``/``: ``css/app.css``."""
    path: Path
    digest: str
    """The first 12 hex digits of its content's SHA-256."""
    mimetype: str

    @property
    def hashed_name(self) -> str:
        """``css/app.<digest>.css``: the name its URLs carry."""
        stem, dot, suffix = self.name.rpartition(".")
        if not dot or "/" in suffix:
            return f"{self.name}.{self.digest}"
        return f"{stem}.{self.digest}.{suffix}"

    @property
    def compressible(self) -> bool:
        return bool(TEXT.match(self.mimetype))


@lru_cache(maxsize=512)
def _digest(path: Path, mtime_ns: int, size: int) -> str:
    """A file's digest, read once per process while it keeps its time and size."""
    return hashlib.sha256(path.read_bytes()).hexdigest()[:DIGEST_LENGTH]


@lru_cache(maxsize=256)
def _encoded(path: Path, digest: str, encoding: str | None) -> bytes:
    """A text file's bytes in ``encoding`` (None: as they are), made once per process."""
    data = path.read_bytes()
    if encoding == "br":
        return brotli.compress(data, mode=brotli.MODE_TEXT, quality=11)
    if encoding == "gzip":
        return gzip.compress(data, compresslevel=9, mtime=0)
    return data


class Manifest:
    """Every file of a static folder, by its plain name and by its hashed name."""

    def __init__(self, root: Path) -> None:
        self.root = Path(root)
        self.files: dict[str, StaticFile] = {}
        for path in sorted(p for p in self.root.rglob("*") if p.is_file()):
            stat = path.stat()
            name = path.relative_to(self.root).as_posix()
            mimetype = mimetypes.guess_type(name)[0] or "application/octet-stream"
            digest = _digest(path, stat.st_mtime_ns, stat.st_size)
            self.files[name] = StaticFile(name, path, digest, mimetype)
        self.hashed = {f.hashed_name: f for f in self.files.values()}

    def url_name(self, name: str) -> str:
        """The name a URL carries for ``name``: hashed if the file is known, else as it is."""
        known = self.files.get(name)
        return known.hashed_name if known else name

    def find(self, requested: str) -> tuple[StaticFile, bool] | None:
        """The file a URL's name asks for, and whether it is the hashed name of this content."""
        if requested in self.hashed:
            return self.hashed[requested], True
        if requested in self.files:
            return self.files[requested], False
        match = HASHED.match(requested)  # another deploy's digest: the file as it is now
        if match and f"{match['stem']}{match['suffix']}" in self.files:
            return self.files[f"{match['stem']}{match['suffix']}"], False
        return None


def manifest() -> Manifest:
    """This app's manifest; read anew on every call in debug mode (files edited meanwhile)."""
    app = current_app
    if app.debug:
        app.extensions["static_manifest"] = Manifest(Path(app.static_folder or ""))
    return app.extensions["static_manifest"]


def serve(filename: str) -> Response:
    """The ``static`` endpoint: a hashed name is immutable, any other name revalidates."""
    found = manifest().find(filename)
    if found is None:
        abort(404)
    file, exact = found
    cache_control = IMMUTABLE if exact else REVALIDATE
    if not file.compressible:
        response = send_from_directory(current_app.static_folder or "", file.name, max_age=0)
        response.headers["Cache-Control"] = cache_control
        response.headers.pop("Expires", None)  # max_age=0's: Cache-Control says it all
        return response
    encoding = request.accept_encodings.best_match(ENCODINGS)
    response = Response(_encoded(file.path, file.digest, encoding), mimetype=file.mimetype)
    if encoding:
        response.headers["Content-Encoding"] = encoding
    response.headers["Vary"] = "Accept-Encoding"
    response.headers["Cache-Control"] = cache_control
    response.set_etag(f"{file.digest}-{encoding or 'identity'}")
    return response.make_conditional(request)


def init_app(app: Flask) -> None:
    """Read the manifest, give every ``url_for('static', ...)`` its hashed name, serve them."""
    app.extensions["static_manifest"] = Manifest(Path(app.static_folder or ""))

    @app.url_defaults
    def hashed_static_names(endpoint: str, values: dict) -> None:
        if endpoint == "static" and "filename" in values:
            values["filename"] = manifest().url_name(values["filename"])

    app.view_functions["static"] = serve

    @app.after_request
    def preload_every_page_files(response: Response) -> Response:
        if response.status_code == 200 and response.mimetype == "text/html":
            base = request.script_root + (app.static_url_path or "/static")
            links = [
                f"<{base}/{manifest().url_name(name)}>; rel=preload; as={kind}"
                for name, kind in EVERY_PAGE
            ]
            response.headers.add("Link", ", ".join(links))
        return response

"""Where the app's files are, and the settings an instance starts with, each with its reason.

The app runs from a checkout: ``templates/``, ``static/``, ``translations/``,
``migrations/`` and ``instance/`` sit next to ``app.py``, one level above this package.
Kept apart from ``create_app`` so that a module reading a file (the catalogues, the PDF's
fonts) need not import the factory that imports it back. Every setting below can be
overridden in ``instance/config.py``; those read from the environment are the ones a host
sets without touching a file (docs/operations.md).
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Mapping
from pathlib import Path
from typing import Any

PROJECT_ROOT = Path(__file__).resolve().parent.parent
MIGRATIONS = PROJECT_ROOT / "migrations"
INSTANCE = PROJECT_ROOT / "instance"
TEMPLATES = PROJECT_ROOT / "templates"
STATIC = PROJECT_ROOT / "static"

COMPRESSED = ("text/html", "image/svg+xml")
"""What the app sends compressed to a browser that asks for it (Accept-Encoding): the pages
(a magas tarokk evening's is several hundred KB of markup, a tenth of it compressed) and
the QR codes' SVG. JSON is left alone: its ETags ("v7") are what an API writer sends back
in If-Match, and compression would suffix them (":gzip")."""


def defaults(instance_path: str | Path, environ: Mapping[str, str] = os.environ) -> dict[str, Any]:
    """The settings an instance starts with, before ``instance/config.py`` or a test's own."""
    return dict(
        SQLALCHEMY_DATABASE_URI=database_uri(
            environ.get("DATABASE_URL"),
            default_sqlite=Path(instance_path) / "ulti_ledger.sqlite3",
        ),
        # A session@1 body of thousands of hands fits easily; anything larger is refused.
        MAX_CONTENT_LENGTH=1024 * 1024,
        # A form's CSRF token lives as long as the browser's session, not an hour: a
        # scoresheet left open all evening must still undo and save.
        WTF_CSRF_TIME_LIMIT=None,
        # The session cookie remembers the evenings this browser scored (the quick pick of
        # earlier players, views/remembered.py): kept a year, renewed when one is opened,
        # and not sent again with every response.
        PERMANENT_SESSION_LIFETIME=365 * 24 * 3600,
        SESSION_REFRESH_EACH_REQUEST=False,
        # Not sent along with another site's requests (its forms, its images); also
        # Secure when the page came over TLS (security.py).
        SESSION_COOKIE_SAMESITE="Lax",
        # Wrong admin passwords one client address may send within the window (seconds);
        # then /admin/ answers it 429 until the window has passed (views/admin.py).
        ADMIN_MAX_FAILED_LOGINS=10,
        ADMIN_FAILED_LOGIN_WINDOW=15 * 60,
        # Where Flask-Limiter keeps those counts: each server process's own memory, or a
        # store that several processes share ("redis://127.0.0.1:6379/0"; docs/operations.md),
        # so that a wrong password counts on every instance.
        RATELIMIT_STORAGE_URI=environ.get("RATELIMIT_STORAGE_URI") or "memory://",
        # How many reverse proxies in front set X-Forwarded-For, -Proto and -Host. 0: the
        # headers are ignored (a client could forge them); behind one TLS proxy, 1.
        TRUSTED_PROXIES=int(environ.get("TRUSTED_PROXIES") or 0),
        # The address share links and QR codes carry (addresses.py): PUBLIC_URL when set
        # ("https://ulti.example.org"); else, behind trusted proxies, the forwarded one;
        # else the machine's LAN address: LAN_ADDRESSES (a list, "a,b", or a function
        # returning a list; "" for none), or the interfaces' own when it is None.
        PUBLIC_URL=environ.get("PUBLIC_URL") or None,
        LAN_ADDRESSES=environ.get("LAN_ADDRESSES"),
        # Signs the cookies; several instances behind one proxy need the same one. Unset,
        # instance/config.py sets it, or one is made in instance/secret_key.
        SECRET_KEY=environ.get("SECRET_KEY") or None,
        # The most work one request may ask for: hands in a session, evenings settled
        # together, evenings and members of a group (ledger/limits.py), and the PDFs'
        # (scoresheet, season report) render pool, cache and budget in seconds (past it,
        # 503 with Retry-After).
        MAX_HANDS=2000,
        MAX_GROUP_EVENINGS=20,
        MAX_GROUP_SIZE_EVENINGS=500,
        MAX_GROUP_SIZE_MEMBERS=60,
        PDF_BUDGET_SECONDS=10.0,
        # A season report's request waits less (a large group's report may render for
        # longer than any page should hold a worker): within 2 s it answers the PDF or a
        # 503 that asks again in a second (pdf/pool.py: ASK_AGAIN), the render going on.
        PDF_REPORT_WAIT_SECONDS=1.8,
        PDF_WORKERS=1,
        PDF_QUEUE=4,
        PDF_CACHE_SIZE=32,
        # Finished PDFs shared by every worker and instance (pdf/pool.py): Redis where
        # PDF_CACHE_URI (or REDIS_URL, or a redis:// rate-limit store) names one, else
        # PDF_CACHE_FILES files in PDF_CACHE_DIR (instance/pdf-cache). PDF_PREPARE: after a
        # hand is written, the evening's scoresheet is drawn while nobody waits.
        PDF_CACHE_URI=environ.get("PDF_CACHE_URI") or environ.get("REDIS_URL") or None,
        PDF_CACHE_DIR=None,
        PDF_CACHE_FILES=256,
        PDF_PREPARE=True,
        # The time zone "today" is read in (this month, a bank QR's day), e.g.
        # "Europe/Budapest"; None: the server's own (pdf/render.py).
        TIME_ZONE=environ.get("TIME_ZONE") or None,
        # How long a write's claimed Idempotency-Key waits for its answer (seconds) before
        # a retry gets one rebuilt from the claim: the worker may be on another machine, so
        # its death cannot be seen; far longer than any write takes to answer
        # (web/lost_answers.py). A dead worker on this machine is seen at once.
        IDEMPOTENCY_LEASE_SECONDS=30,
        # The pages; static files are compressed once and kept by web/static_files.py.
        COMPRESS_MIMETYPES=list(COMPRESSED),
        COMPRESS_ALGORITHM=["br", "gzip"],
        COMPRESS_STREAMS=False,
    )


def database_uri(database_url: str | None, default_sqlite: Path | None) -> str:
    """Return the SQLAlchemy URI for ``DATABASE_URL``, or a SQLite file when it is unset.

    Plain ``postgres://`` and ``postgresql://`` URLs (as hosting platforms hand them out)
    are pointed at the psycopg 3 driver, the only PostgreSQL driver installed.
    """
    if not database_url:
        return f"sqlite:///{default_sqlite}"
    for prefix in ("postgres://", "postgresql://"):
        if database_url.startswith(prefix):
            return "postgresql+psycopg://" + database_url[len(prefix) :]
    return database_url


def load_or_create_secret_key(path: Path) -> str:
    """Read the secret key kept at ``path``, creating it on first start.

    Keeping the key on disk means a restart does not log everyone out.
    """
    try:
        # Owner-only permissions: the key signs session cookies.
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        return path.read_text().strip()
    key = secrets.token_hex(32)
    with os.fdopen(fd, "w") as f:
        f.write(key + "\n")
    return key

"""Card ledger: a Flask app that keeps score and settles up for the card games at a table."""

import os
import secrets
from pathlib import Path

from .config import MIGRATIONS, PROJECT_ROOT  # noqa: F401  (the package's face keeps them)

COMPRESSED = ("text/html", "image/svg+xml")
"""What the app sends compressed to a browser that asks for it (Accept-Encoding)."""


def create_app(test_config=None):
    """Create and configure the application.

    Flask is imported here, not at module level, so that importing the pure
    ``ulti_ledger.settlement`` package never pulls in the web layer.
    """
    from flask import Flask
    from flask_migrate import Migrate
    from flask_wtf.csrf import CSRFProtect
    from werkzeug.middleware.proxy_fix import ProxyFix

    app = Flask(
        __name__,
        instance_path=str(PROJECT_ROOT / "instance"),
        instance_relative_config=True,
        template_folder=str(PROJECT_ROOT / "templates"),
        static_folder=str(PROJECT_ROOT / "static"),
    )
    app.config.from_mapping(
        SQLALCHEMY_DATABASE_URI=database_uri(
            os.environ.get("DATABASE_URL"),
            default_sqlite=Path(app.instance_path) / "ulti_ledger.sqlite3",
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
        # store that several processes share ("redis://127.0.0.1:6379/0"; README, "Several
        # servers"), so that a wrong password counts on every instance.
        RATELIMIT_STORAGE_URI=os.environ.get("RATELIMIT_STORAGE_URI") or "memory://",
        # How many reverse proxies in front set X-Forwarded-For, -Proto and -Host. 0: the
        # headers are ignored (a client could forge them); behind one TLS proxy, 1.
        TRUSTED_PROXIES=int(os.environ.get("TRUSTED_PROXIES") or 0),
        # The address share links and QR codes carry (addresses.py): PUBLIC_URL when set
        # ("https://ulti.example.org"); else, behind trusted proxies, the forwarded one;
        # else the machine's LAN address: LAN_ADDRESSES (a list, "a,b", or a function
        # returning a list; "" for none), or the interfaces' own when it is None.
        PUBLIC_URL=os.environ.get("PUBLIC_URL") or None,
        LAN_ADDRESSES=os.environ.get("LAN_ADDRESSES"),
        # Signs the cookies; several instances behind one proxy need the same one. Unset,
        # instance/config.py sets it, or one is made in instance/secret_key.
        SECRET_KEY=os.environ.get("SECRET_KEY") or None,
        # The most work one request may ask for: hands in a session, evenings settled
        # together, evenings and members of a group (ledger/limits.py), and the PDFs'
        # (scoresheet, season report) render pool, cache and budget in seconds
        # (pdf_render.py: past it, 503 with Retry-After).
        MAX_HANDS=2000,
        MAX_GROUP_EVENINGS=20,
        MAX_GROUP_SIZE_EVENINGS=500,
        MAX_GROUP_SIZE_MEMBERS=60,
        PDF_BUDGET_SECONDS=10.0,
        PDF_WORKERS=1,
        PDF_QUEUE=4,
        PDF_CACHE_SIZE=32,
    )
    if test_config is None:
        app.config.from_pyfile("config.py", silent=True)
    else:
        app.config.from_mapping(test_config)

    proxies = int(app.config["TRUSTED_PROXIES"])
    if proxies:  # share links and QR codes get the public address, the admin limit the client's
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=proxies, x_proto=proxies, x_host=proxies)

    from .body_limit import ChunkedBodyLimit

    # a chunked body past MAX_CONTENT_LENGTH is a 413 too, not cut off at the limit
    app.wsgi_app = ChunkedBodyLimit(app.wsgi_app, lambda: app.config["MAX_CONTENT_LENGTH"])

    from .log_filter import install as mask_tokens_in_logs

    mask_tokens_in_logs(app.logger.name)  # gunicorn's, werkzeug's and the app's logs

    # JSON keeps names readable: "Béla", not "B\u00e9la".
    app.json.ensure_ascii = False

    os.makedirs(app.instance_path, mode=0o700, exist_ok=True)
    from .files import make_private, sqlite_file

    database_file = sqlite_file(app.config["SQLALCHEMY_DATABASE_URI"])
    if database_file is not None and not database_file.is_absolute():
        database_file = Path(app.instance_path) / database_file  # as Flask-SQLAlchemy reads it
    if database_file is not None and database_file.parent.is_dir():
        make_private(database_file)  # its owner's only, and so its -wal and -shm files
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = load_or_create_secret_key(Path(app.instance_path) / "secret_key")

    from . import models  # noqa: F401  (registers the tables for migrations)
    from .db import db

    db.init_app(app)
    # SQLite alters tables by copying them ("batch mode"); PostgreSQL ignores the flag.
    Migrate(app, db, directory=str(MIGRATIONS), render_as_batch=True)
    # Every HTML form is protected; the API authenticates by bearer token instead.
    # The UI finds the extension as app.extensions["csrf"].
    csrf = CSRFProtect(app)

    from .numbers import BoundedInt

    # <int:...> holds at most 2**31 - 1 (our INTEGER columns): a larger id is a 404, not a 500
    app.url_map.converters["int"] = BoundedInt

    from flask_compress import Compress

    # The pages travel compressed (a magas tarokk evening's is several hundred KB of
    # markup, a tenth of it compressed), and the QR codes' SVG. Registered first, it runs
    # after every other after_request hook. JSON is left alone: its ETags ("v7") are what
    # an API writer sends back in If-Match, and compression would suffix them (":gzip").
    app.config.setdefault("COMPRESS_MIMETYPES", list(COMPRESSED))
    app.config.setdefault("COMPRESS_ALGORITHM", ["br", "gzip"])
    # Static files are streamed and cached by the browser: sent as they are (compressing a
    # stream leaves the file's handle to the garbage collector).
    app.config.setdefault("COMPRESS_STREAMS", False)
    Compress(app)

    from . import i18n, idempotency, security, views

    i18n.init_app(app)
    from .pdf_table import labels

    # Each player's short label (the PDF's initials, "KSzA"): a page shows it where the
    # whole name does not fit (templates/macros.html ``player_name``, static/js/app.js).
    app.jinja_env.filters["short_names"] = lambda players: labels(list(players), 0)
    security.init_app(app)
    idempotency.init_app(app)  # Idempotency-Key on every write (the offline queue's retries)
    views.register(app, csrf)  # every blueprint, from views.BLUEPRINTS

    return app


def database_uri(database_url, default_sqlite):
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


def load_or_create_secret_key(path):
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

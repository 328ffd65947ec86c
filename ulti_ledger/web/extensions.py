"""What the factory wires around the views: the WSGI middleware, the extensions, the files.

Each function is one concern of ``create_app`` with its reason beside it, so that the
factory reads as a list (flaskr's shape) and a test can build an app the same way.
"""

from __future__ import annotations

import os
from pathlib import Path

from flask import Flask
from flask_compress import Compress
from flask_migrate import Migrate
from flask_wtf.csrf import CSRFProtect
from werkzeug.middleware.proxy_fix import ProxyFix

from ..config import MIGRATIONS, load_or_create_secret_key
from ..db import db
from ..files import make_private, sqlite_file
from .body_limit import ChunkedBodyLimit
from .log_filter import install as mask_tokens_in_logs
from .numbers import BoundedInt


def wrap_wsgi(app: Flask) -> None:
    """Trust the configured proxies' forwarded headers, and refuse oversized chunked bodies."""
    proxies = int(app.config["TRUSTED_PROXIES"])
    if proxies:  # share links and QR codes get the public address, the admin limit the client's
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=proxies, x_proto=proxies, x_host=proxies)
    # a chunked body past MAX_CONTENT_LENGTH is a 413 too, not cut off at the limit
    app.wsgi_app = ChunkedBodyLimit(app.wsgi_app, lambda: app.config["MAX_CONTENT_LENGTH"])
    mask_tokens_in_logs(app.logger.name)  # gunicorn's, werkzeug's and the app's logs


def keep_instance_private(app: Flask) -> None:
    """Make ``instance/`` and the SQLite file its owner's only, and find the secret key."""
    os.makedirs(app.instance_path, mode=0o700, exist_ok=True)
    database_file = sqlite_file(app.config["SQLALCHEMY_DATABASE_URI"])
    if database_file is not None and not database_file.is_absolute():
        database_file = Path(app.instance_path) / database_file  # as Flask-SQLAlchemy reads it
    if database_file is not None and database_file.parent.is_dir():
        make_private(database_file)  # its owner's only, and so its -wal and -shm files
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = load_or_create_secret_key(Path(app.instance_path) / "secret_key")


def init_extensions(app: Flask) -> CSRFProtect:
    """The database, migrations, CSRF and compression; returns CSRF for the API's exemption."""
    from .. import models  # noqa: F401  (registers the tables for migrations)

    db.init_app(app)
    # SQLite alters tables by copying them ("batch mode"); PostgreSQL ignores the flag.
    Migrate(app, db, directory=str(MIGRATIONS), render_as_batch=True)
    # Every HTML form is protected; the API authenticates by bearer token instead.
    # The UI finds the extension as app.extensions["csrf"].
    csrf = CSRFProtect(app)
    # <int:...> holds at most 2**31 - 1 (our INTEGER columns): a larger id is a 404, not a 500
    app.url_map.converters["int"] = BoundedInt
    # Registered before the other hooks, it runs after every other after_request hook.
    Compress(app)
    # JSON keeps names readable: "Béla", not "B\u00e9la".
    app.json.ensure_ascii = False
    return csrf

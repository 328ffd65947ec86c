"""The SQLAlchemy handle shared by models and views; bound to an app in ``create_app``."""

import sqlite3

from flask_sqlalchemy import SQLAlchemy
from sqlalchemy import MetaData, event
from sqlalchemy.engine import Engine
from sqlalchemy.orm import DeclarativeBase

# Named constraints let Alembic alter them later, also in SQLite's batch mode.
NAMING_CONVENTION = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


class Base(DeclarativeBase):
    """Declarative base for every model of the ledger."""

    metadata = MetaData(naming_convention=NAMING_CONVENTION)


# Objects stay loaded after a commit: a request that records a hand and then shows it
# does not reload the session and its seats (each request gets a fresh session anyway).
db = SQLAlchemy(model_class=Base, session_options={"expire_on_commit": False})


@event.listens_for(Engine, "connect")
def _sqlite_pragmas(dbapi_connection, connection_record):
    """Per-connection SQLite settings; other databases are left alone.

    Foreign keys (and ON DELETE CASCADE) are enforced only when asked. Write-ahead
    logging lets the phones read the scoreboard while the scorer writes, and with
    ``synchronous=NORMAL`` a commit costs no fsync (a power cut may lose the last
    commits, never corrupt the file).
    """
    if isinstance(dbapi_connection, sqlite3.Connection):
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=NORMAL")
        # A deleted row is overwritten, not left in a free page of the file (and so of
        # its online backups): removing an IBAN removes it (docs/capabilities.md).
        cursor.execute("PRAGMA secure_delete=ON")
        cursor.close()

"""Files only their owner may read: the SQLite database, the secret key, backups.

Each holds every capability link of the instance (or, for the key, what signs the
cookies), so another user of the machine must not read it: they are created with mode
0600, and a database file an older version left readable by others is narrowed to that
when the app starts. SQLite gives its ``-wal`` and ``-shm`` files the database file's
mode, so they follow.
"""

from __future__ import annotations

import contextlib
import os
import stat
from collections.abc import Iterator
from pathlib import Path

OWNER_ONLY = 0o600


def make_private(path: Path) -> None:
    """Create ``path`` empty with mode 0600 if it is missing, else take away the group's
    and others' permissions (an empty file is a valid empty SQLite database)."""
    try:
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, OWNER_ONLY))
    except FileExistsError:
        mode = stat.S_IMODE(os.stat(path).st_mode)
        if mode & 0o077:
            with contextlib.suppress(PermissionError):  # another user's file: theirs to set
                os.chmod(path, mode & ~0o077)
    except PermissionError:
        pass  # a folder we may not write to: SQLite itself will say so when it opens it


@contextlib.contextmanager
def owner_only(path: Path) -> Iterator[None]:
    """While writing ``path`` (here or in a child process such as pg_dump), every file
    created is its owner's only; afterwards ``path`` itself is 0600 even if it existed."""
    before = os.umask(0o077)
    try:
        yield
    finally:
        os.umask(before)
        if path.exists():
            os.chmod(path, OWNER_ONLY)


def sqlite_file(uri: str) -> Path | None:
    """The file of a ``sqlite:///FILE`` URI; None for another database or an in-memory one."""
    prefix = "sqlite:///"
    if not uri.startswith(prefix):
        return None
    name = uri[len(prefix) :].split("?", 1)[0]
    if not name or name == ":memory:" or name.startswith("file:"):
        return None
    return Path(name)

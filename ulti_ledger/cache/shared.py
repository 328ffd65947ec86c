"""Bytes shared between workers and instances: files under ``instance/``, or Redis.

gunicorn runs several workers, and several instances may stand behind one address: a
retry of a PDF that one worker is still drawing often lands on another. Each worker's own
memory would draw it again there (issue 34: 3.5 GB and 2.6 GB kept after one report). So
a finished PDF is kept where all of them look, and a render under way is *claimed* there:
a worker that finds the claim waits for the file instead of drawing it again.

A claim expires (``seconds``), so a worker killed mid-render holds nobody up for long.
Keys are hashed (``store_key``): they carry link tokens, which must not show in a file
name or a Redis key. Both stores are bounded: the files by count (the oldest go), Redis
by an expiry on every value.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import tempfile
import time
from collections.abc import Hashable, Mapping
from pathlib import Path
from typing import Any, Protocol

DEFAULT_FILES = 256
"""PDFs kept on disk (a few hundred KiB each): tens of MiB at most."""
REDIS_SECONDS = 7 * 24 * 3600
"""How long Redis keeps a PDF nobody asks for: a week of evenings."""


def store_key(key: Hashable) -> str:
    """A fixed-length name for ``key`` (a tuple of plain values), the same in every process."""
    return hashlib.sha256(repr(key).encode()).hexdigest()


class SharedStore(Protocol):
    """What a renderer needs of a store that every worker sees."""

    def get(self, key: str) -> bytes | None: ...

    def put(self, key: str, value: bytes) -> None: ...

    def claim(self, key: str, seconds: float) -> bool:
        """Take the right to render ``key`` for ``seconds``; False if another holds it."""
        ...

    def claimed(self, key: str) -> bool:
        """Whether a worker holds the claim on ``key`` now."""
        ...

    def release(self, key: str) -> None: ...


class FileStore:
    """One file per value in ``root`` (``instance/pdf-cache``), written whole or not at all.

    A folder that cannot be written (a read-only disk, a full one) is an empty store that
    lets every worker render, like a Redis that cannot be reached: slower, never an error."""

    def __init__(self, root: Path, max_files: int = DEFAULT_FILES) -> None:
        self.root = Path(root)
        self.max_files = max_files

    def _path(self, key: str, suffix: str) -> Path:
        return self.root / f"{key}{suffix}"

    def get(self, key: str) -> bytes | None:
        path = self._path(key, ".bin")
        try:
            value = path.read_bytes()
        except OSError:
            return None
        with contextlib.suppress(OSError):
            os.utime(path)  # recently read: the last to go
        return value

    def put(self, key: str, value: bytes) -> None:
        try:
            self.root.mkdir(parents=True, exist_ok=True)
            handle, temporary = tempfile.mkstemp(dir=self.root, suffix=".tmp")
        except OSError:
            return
        try:
            with os.fdopen(handle, "wb") as out:
                out.write(value)
            os.replace(temporary, self._path(key, ".bin"))  # readers see all of it or none
        except OSError:
            with contextlib.suppress(OSError):
                os.unlink(temporary)
            return
        self._prune()

    def _prune(self) -> None:
        kept = []
        for path in self.root.glob("*.bin"):
            with contextlib.suppress(OSError):
                kept.append((path.stat().st_mtime, path))
        kept.sort()
        for _, path in kept[: max(0, len(kept) - self.max_files)]:
            with contextlib.suppress(OSError):
                path.unlink()

    def claim(self, key: str, seconds: float) -> bool:
        path = self._path(key, ".claim")
        for _ in range(2):
            try:
                self.root.mkdir(parents=True, exist_ok=True)
                os.close(os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY))
                return True
            except FileExistsError:
                try:
                    stale = time.time() - path.stat().st_mtime > seconds
                except OSError:
                    continue  # released meanwhile: try again
                if not stale:
                    return False
                with contextlib.suppress(OSError):
                    path.unlink()  # its worker died mid-render
            except OSError:
                return True  # no folder to share in: this worker renders for itself
        return False

    def claimed(self, key: str) -> bool:
        return self._path(key, ".claim").exists()

    def release(self, key: str) -> None:
        with contextlib.suppress(OSError):
            self._path(key, ".claim").unlink()


class RedisStore:
    """Values and claims in Redis, each with an expiry; a Redis that cannot be reached is
    an empty store that lets every worker render (slower, never wrong)."""

    PREFIX = "ulti_ledger:pdf:"

    def __init__(self, url: str, seconds: int = REDIS_SECONDS) -> None:
        import redis

        self.client: Any = redis.Redis.from_url(url, socket_timeout=2, socket_connect_timeout=2)
        self.seconds = seconds
        self._errors: tuple[type[BaseException], ...] = (redis.RedisError, OSError)

    def get(self, key: str) -> bytes | None:
        try:
            return self.client.get(self.PREFIX + key)
        except self._errors:
            return None

    def put(self, key: str, value: bytes) -> None:
        with contextlib.suppress(*self._errors):
            self.client.set(self.PREFIX + key, value, ex=self.seconds)

    def claim(self, key: str, seconds: float) -> bool:
        try:
            taken = self.client.set(
                self.PREFIX + key + ":claim", os.getpid(), nx=True, ex=max(1, round(seconds))
            )
        except self._errors:
            return True
        return bool(taken)

    def claimed(self, key: str) -> bool:
        try:
            return bool(self.client.exists(self.PREFIX + key + ":claim"))
        except self._errors:
            return False

    def release(self, key: str) -> None:
        with contextlib.suppress(*self._errors):
            self.client.delete(self.PREFIX + key + ":claim")


def shared_store(config: Mapping[str, Any], instance_path: str | Path) -> SharedStore:
    """The store ``config`` names: ``PDF_CACHE_URI`` (``redis://...``; else the Redis the
    rate limits share, where they share one), or files in ``PDF_CACHE_DIR``
    (``instance/pdf-cache``)."""
    uri = str(config.get("PDF_CACHE_URI") or "")
    limits = str(config.get("RATELIMIT_STORAGE_URI") or "")
    if not uri and limits.startswith(("redis://", "rediss://")):
        uri = limits
    if uri.startswith(("redis://", "rediss://", "unix://")):
        return RedisStore(uri)
    root = config.get("PDF_CACHE_DIR") or Path(instance_path) / "pdf-cache"
    return FileStore(Path(root), int(config.get("PDF_CACHE_FILES") or DEFAULT_FILES))

"""Rulesets pinned to sessions, and the in-memory caches that keep recomputation cheap.

A session keeps the exact ruleset text it was created with (``StoredRuleset``); its
engine is rebuilt from that text, parsed once per process and kept by digest. Parsed
rulesets are immutable values, so the digest cache is shared by every app in the process.
Per-hand results depend on the database, so their cache is kept per database
(``database_cache``), which the ledger finds from its database session, never from Flask.

Several processes, even several servers, may share one database (README, "Several
servers"): every cache here and in the views is kept in its process and keyed by versions
each request reads from the database before the data (a hand's version, the session's),
which every write raises, or holds values that never change (a digest's ruleset). Another
process's write therefore moves every reader to a new key; nothing needs to be evicted.
"""

from __future__ import annotations

import threading
from typing import Any
from weakref import WeakKeyDictionary

from ..cache import RESULT_CACHE_SIZE, ResultCache
from ..db import db
from ..games import builtin_engine, parse_ruleset
from ..settlement import Engine, Ruleset

EXTENSION = "ulti_ledger"


PINNED_SIZE = 32
"""Parsed ruleset texts kept per process: the texts ever shipped (a session pins only
those), with room to spare; an older one is parsed again when it comes back."""
_pinned_lock = threading.Lock()


def engine_for_text(digest: str, text_loader: Any, source: str) -> Engine:
    """The engine for the ruleset whose text has ``digest``; ``text_loader()`` gives the text.

    The text is fetched and parsed (about 0.1 s) only the first time a digest is seen.
    """
    engine = PINNED.get(digest)
    if engine is not None:
        return engine
    for ruleset in builtin_engine().rulesets.values():
        if ruleset.digest == digest:
            engine = Engine({ruleset.id: ruleset})
            break
    else:
        ruleset = parse_ruleset(text_loader(), source)
        engine = Engine({ruleset.id: ruleset})
    with _pinned_lock:  # two threads that parsed the same text share the first one's
        kept = PINNED.get(digest)
        if kept is None:
            PINNED.put(digest, engine)
        return kept or engine


def session_engine(session: Any) -> Engine:
    """The engine of the ruleset pinned to ``session`` (a ``GameSession``)."""
    stored = session.ruleset
    return engine_for_text(stored.digest, lambda: stored.text, stored.source)


def only_ruleset(engine: Engine) -> Ruleset:
    """The single ruleset of a session's pinned engine."""
    (ruleset,) = engine.rulesets.values()
    return ruleset


PINNED = ResultCache(maxsize=PINNED_SIZE)
"""Engines by the digest of their ruleset's text (``engine_for_text``)."""


_BY_DATABASE: WeakKeyDictionary[Any, dict[str, ResultCache]] = WeakKeyDictionary()
"""The caches of each database this process reads (its engine, as the database session
is bound to it: one app's), by name; an app's engine gone, its caches go with it."""
_by_database_lock = threading.Lock()


def database_cache(name: str, maxsize: int = RESULT_CACHE_SIZE) -> ResultCache:
    """The cache ``name`` of the database the current database session reads. Values
    that depend on the database are kept per database, and found without asking Flask
    which app is serving: two apps of one process (tests, several instances) never share
    a hand id's entry."""
    bind = db.session.get_bind()
    with _by_database_lock:
        caches = _BY_DATABASE.get(bind)
        if caches is None:
            caches = _BY_DATABASE[bind] = {}
        cache = caches.get(name)
        if cache is None:
            cache = caches[name] = ResultCache(maxsize)
    return cache


def result_cache() -> ResultCache:
    """The database's cache of per-hand results, keyed by (hand id, version, digest, lang)."""
    return database_cache(EXTENSION)

"""Caches that the ledger and the renderers share: one home below both of them.

- ``ResultCache``: a bounded LRU map in this process's memory (settlement results, facts,
  the PDFs a worker has at hand).
- ``shared_store``: bytes kept where every worker and every instance finds them (files
  under ``instance/``, or Redis), so that a PDF drawn by one worker is never drawn again
  by another (issue 34, issue 40).

Nothing here imports the ledger, the views or the PDF code: each of them imports this.
"""

from .memory import RESULT_CACHE_SIZE, ResultCache
from .shared import FileStore, RedisStore, SharedStore, shared_store, store_key

__all__ = [
    "RESULT_CACHE_SIZE",
    "FileStore",
    "RedisStore",
    "ResultCache",
    "SharedStore",
    "shared_store",
    "store_key",
]

"""A bounded LRU map in this process's memory, safe across threads."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Hashable
from typing import Any

RESULT_CACHE_SIZE = 50_000


class ResultCache:
    """A bounded LRU map, safe across threads; keys must carry every input of the value."""

    def __init__(self, maxsize: int = RESULT_CACHE_SIZE) -> None:
        self.maxsize = maxsize
        self._data: OrderedDict[Hashable, Any] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: Hashable) -> Any:
        with self._lock:
            value = self._data.get(key)
            if value is not None:
                self._data.move_to_end(key)
            return value

    def get_many(self, keys: list[Hashable]) -> list[Any]:
        """The values of ``keys`` (None where missing), under one lock."""
        with self._lock:
            data = self._data
            found = [data.get(key) for key in keys]
            for key, value in zip(keys, found, strict=True):
                if value is not None:
                    data.move_to_end(key)
            return found

    def put(self, key: Hashable, value: Any) -> None:
        with self._lock:
            self._data[key] = value
            self._data.move_to_end(key)
            while len(self._data) > self.maxsize:
                self._data.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._data.clear()

    def __len__(self) -> int:
        return len(self._data)

"""JSON that an imported file hands us, checked before anything stores or echoes it.

``json.loads`` turns ``"\\ud800"`` into a lone surrogate, a str that no page, database or
JSON answer can encode (a UnicodeEncodeError while rendering the error that names it).
"""

from __future__ import annotations

import re
from typing import Any

SURROGATE = re.compile(r"[\ud800-\udfff]")


def surrogate_path(data: Any, path: str = "") -> str | None:
    """Where in parsed JSON a key or a string holds a lone surrogate (``hands[0].declarer``),
    or None; walks without recursion, the position shown without the bad characters."""
    stack = [(data, path)]
    while stack:
        value, where = stack.pop()
        if isinstance(value, str):
            if SURROGATE.search(value):
                return where or "(the text)"
        elif isinstance(value, dict):
            for key, item in value.items():
                shown = SURROGATE.sub("?", str(key))
                if SURROGATE.search(str(key)):
                    return f"{where}.{shown}" if where else shown
                stack.append((item, f"{where}.{shown}" if where else shown))
        elif isinstance(value, list):
            stack.extend((item, f"{where}[{i}]") for i, item in enumerate(value))
    return None

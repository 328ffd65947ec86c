"""A hand's doubling (Kontra and Re, gspritzt and retour): what several games read alike.

A game names the hand's key and says its own words; the core names no game's fact key
(``tests/test_boundaries_facts.py``) and writes the reading once, so that no two games
repeat it (``tests/engine/test_games_do_not_repeat.py``). ``games/README.md``, "What games
share", shows it as the example of a shared helper.
"""

from __future__ import annotations

from typing import Any

from .errors import HandError


def doubling_level(raw: Any, key: str, *, played: bool, off: str, levels: str, most: int) -> int:
    """The doubling a hand's ``key`` holds: 0 (none), 1 (the first double: Kontra), 2 (its
    answer: Re) ... up to ``most``. ``played`` is the game's house rule that allows doubling;
    ``off`` is the game's refusal where it is off, ``levels`` its refusal of another value
    (``{value!r}``): the game's own sentences, translated in its own domain."""
    if raw is None or raw == 0:
        return 0
    if not played:
        raise HandError(key, off, code="kontra_off")
    if type(raw) is not int or not 1 <= raw <= most:
        raise HandError(key, levels, code="kontra_level", value=raw)
    return raw

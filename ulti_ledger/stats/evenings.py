"""The statistics of many evenings from each evening's part, kept under its version.

A group's numbers are its evenings' tallies (``figures.tallies``: each player's counts
over one evening, streaks included) joined in the evenings' order. Each evening's tally is
kept in the app's result cache under (session id, session version, ruleset digest), as
its records are: a write to one evening, which raises its version, makes only that
evening's part be counted again (from its records, themselves re-read only for the hands
not seen yet); the other evenings cost a dictionary lookup and a join.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..ledger import result_cache
from .figures import Tally, combined_stats, tallies
from .records import evening_heads, evening_records

TALLY_TAG = "stats-tally"
"""The first part of an evening's tally's key (its id, version and ruleset digest)."""


def stats_for(session_ids: Sequence[int], *, game: str | None = None) -> dict[str, Any]:
    """``player_stats(records_for(session_ids), game=game)``, from each evening's part."""
    return combined_stats([part for _, part in evening_parts(session_ids, game=game)])


def evening_parts(
    session_ids: Sequence[int], *, game: str | None = None
) -> list[tuple[int, dict[str, Tally]]]:
    """Each evening's tallies (of ``game``'s evenings only, if given), in the records'
    order, by session id: what ``stats_for`` joins, and what ``money.money_stats`` weighs
    by each evening's stake."""
    heads = evening_heads(session_ids)
    cache = result_cache()
    keys = [(TALLY_TAG, head.id, head.version, head.digest) for head in heads]
    found = cache.get_many(keys)
    missing = [head for head, hit in zip(heads, found, strict=True) if hit is None]
    if missing:
        records = evening_records(missing)
        for index, key in enumerate(keys):
            if found[index] is None:
                mine = records[key[1]]
                found[index] = (frozenset(r.game for r in mine), tallies(mine))
                cache.put(key, found[index])
    return [
        (head.id, part)
        for head, (games, part) in zip(heads, found, strict=True)
        if game is None or game in games
    ]

"""The statistics of many evenings from each evening's part, kept under its version.

A group's numbers are its evenings' tallies (``figures.tallies``: each player's counts
over one evening, streaks included) joined in the evenings' order. Each evening's tally is
kept with the evening's stored summary (``ledger.register_part``: summed in the
transaction of each write to it) and in the app's result cache under (session id,
session version, ruleset digest): a cold read of the largest group reads its evenings'
stored tallies, never a hand; only an evening summed before the statistics kept their
part is counted from its records.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..ledger import HandLine, read_summaries, register_part, result_cache
from .figures import Tally, combined_stats, tallies
from .records import evening_heads, evening_records

TALLY_TAG = "stats-tally"
"""The first part of an evening's tally's key (its id, version and ruleset digest)."""
PART = "stats"
"""The name of the statistics' part of an evening's stored summary."""


def stored_part(lines: Sequence[HandLine]) -> dict[str, Any]:
    """What the statistics keep with each evening's summary (``ledger.register_part``):
    the games it played and each player's tally, so a cold group reads no hand."""
    return {
        "games": sorted({line.game for line in lines}),
        "tallies": {name: t.to_json() for name, t in tallies(lines).items()},  # type: ignore[arg-type]
    }


def extended_part(kept: dict[str, Any], lines: Sequence[HandLine]) -> dict[str, Any]:
    """``stored_part`` of the evening's hands with ``lines`` played after them: each
    tally joined to the new hands' (``Tally.join``), so a hand added reads only itself."""
    mine = {name: Tally.from_json(t) for name, t in kept["tallies"].items()}
    for name, later in tallies(lines).items():  # type: ignore[arg-type]
        mine.setdefault(name, Tally()).join(later)
    games = sorted(set(kept["games"]) | {line.game for line in lines})
    return {"games": games, "tallies": {name: t.to_json() for name, t in mine.items()}}


register_part(PART, stored_part, extended_part)


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
        stored = read_summaries(missing)
        unstored = [head for head in missing if PART not in stored[head.id].extra]
        records = evening_records(unstored) if unstored else {}
        for index, key in enumerate(keys):
            if found[index] is None:
                part = stored[key[1]].extra.get(PART)
                if part is not None:
                    kept = {n: Tally.from_json(t) for n, t in part["tallies"].items()}
                    found[index] = (frozenset(part["games"]), kept)
                else:  # summed before the statistics kept their part
                    mine = records[key[1]]
                    found[index] = (frozenset(r.game for r in mine), tallies(mine))
                cache.put(key, found[index])
    return [
        (head.id, part)
        for head, (games, part) in zip(heads, found, strict=True)
        if game is None or game in games
    ]

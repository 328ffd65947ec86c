"""Statistics from the stored facts, for a player, a group of evenings and one evening.

Six functions, the whole interface (the group pages, the API and the CLI call these):

- ``records_for(session_ids) -> list[HandRecord]``: every live hand of those evenings,
  read in a few queries whatever their number; each with its roles (the hands' seat rows),
  its payments (settled by the evening's pinned ruleset) and the game's own marks
- ``evening_records(rows) -> {session id: (HandRecord, ...)}``: the same per evening, for
  evenings read as rows (id, version, digest); each kept under its evening's version
- ``player_stats(records, game=None) -> dict``: ``{"players": {NAME: {...}}}``, JSON-able;
  one pass over the records
- ``stats_for(session_ids, game=None) -> dict``: ``player_stats`` of those evenings'
  records, joined from each evening's part (kept under its version: a write to one
  evening counts only that one again)
- ``hands_behind(records, player, stat) -> [(session_id, hand number)]``: the hands a
  number of ``player_stats`` counts, for the links from a number to its hands
- ``stats_with_money(session_ids, stakes, game=None) -> dict``: ``stats_for`` and, under
  ``money``, each player's money figures per currency (each evening by its stake): a
  group's records never compare units across stakes or currencies

Nothing here names a game: a game adds its own statistics through its optional ``stats``
part (``games/README.md``), whose marks are counted here and labelled by the game.
"""

from .evenings import stats_for
from .figures import STATS, hands_behind, player_stats
from .money import stats_with_money
from .records import HandRecord, evening_records, records_for

__all__ = [
    "STATS",
    "HandRecord",
    "evening_records",
    "hands_behind",
    "player_stats",
    "records_for",
    "stats_for",
    "stats_with_money",
]

"""Statistics from the stored facts, for a player, a group of evenings and one evening.

Three functions, the whole interface (the group pages, the API and the CLI call these):

- ``records_for(session_ids) -> list[HandRecord]``: every live hand of those evenings,
  read in a few queries whatever their number; each with its roles (the hands' seat rows),
  its payments (settled by the evening's pinned ruleset) and the game's own marks
- ``player_stats(records, game=None) -> dict``: ``{"players": {NAME: {...}}}``, JSON-able;
  one pass over the records
- ``hands_behind(records, player, stat) -> [(session_id, hand number)]``: the hands a
  number of ``player_stats`` counts, for the links from a number to its hands

Nothing here names a game: a game adds its own statistics through its optional ``stats``
part (``games/README.md``), whose marks are counted here and labelled by the game.
"""

from .figures import STATS, hands_behind, player_stats
from .records import HandRecord, records_for

__all__ = ["STATS", "HandRecord", "hands_behind", "player_stats", "records_for"]

"""Groups (társaság): evenings of any game kept together, their standings and season report.

A group is a row (``models.Group``) with a name, two capability links and a season. An
evening added by its edit link belongs to that group, which may change it (renames,
merges, the kitty chain), and to one such group at most (``GameSession.group_id``); added
by its view link it is only shown and counted (``models.GroupViewEvening``), by any
number of groups (docs/capabilities.md). Its members are the
players of its evenings, matched by name: a rename across the group is the evening's own
rename (``ledger.change_players``) done in each evening, so every fact keeps one name
and nothing needs an alias table.

- ``store``: create, find (by id, by token), change, and the evenings in or out
- ``members``: who played, renaming and merging across the group
- ``standings``: per player and game over a period; who pays whom; the chart's series
- ``holders``: the groups that count an evening, for its payments (one account)
- ``period``: the period a page or the API asks for (this month, the season, all, dates)
"""

from .holders import WHOLE, evening_holders, shares_of
from .members import members, rename_member
from .period import Period, parse_period
from .standings import group_standings
from .store import (
    GroupError,
    add_evening,
    check_group_name,
    create_group,
    evening_by_link,
    evenings_stamp,
    get_group,
    group_by_token,
    group_evenings,
    holding_groups,
    read_steady,
    remove_evening,
    update_group,
)

__all__ = [
    "WHOLE",
    "evening_holders",
    "shares_of",
    "GroupError",
    "Period",
    "add_evening",
    "check_group_name",
    "create_group",
    "evening_by_link",
    "evenings_stamp",
    "read_steady",
    "get_group",
    "group_by_token",
    "group_evenings",
    "group_standings",
    "holding_groups",
    "members",
    "parse_period",
    "remove_evening",
    "rename_member",
    "update_group",
]

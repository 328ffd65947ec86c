"""Ulti's table, as data: reading older ruleset files that predate the ``[seating]`` section.

A session keeps the exact ruleset text it was created with, so files of earlier revisions
come back (pinned sessions, backups). They said the table in ``[table]``
(``active_players``, ``max_sitting_out``) and kept "the last declarer deals" outside the
file. ``upgrade_ruleset`` gives such a file today's ``[seating]`` section and the
``last_declarer_deals`` option, as the shipped ``ulti.toml`` states them; a file that has
a ``[seating]`` section is returned as it is.
"""

from __future__ import annotations

import copy
import tomllib
from functools import cache
from importlib import resources
from typing import Any

from ...settlement.errors import RulesetError

OPTION = "last_declarer_deals"
"""The house option of the seating that older files lack (a session column before)."""


def upgrade_ruleset(raw: dict[str, Any]) -> dict[str, Any]:
    """``raw`` in today's shape: a ``[seating]`` section, and the seating option."""
    if "seating" in raw:
        return raw
    raw = copy.deepcopy(raw)
    table = raw.get("table")
    if not isinstance(table, dict):
        raise RulesetError("ruleset", "table", "is required (a table)")
    play = table.pop("active_players", 3)
    most_out = table.pop("max_sitting_out", 2)
    if not isinstance(play, int) or not isinstance(most_out, int):
        raise RulesetError("ruleset", "table", "active_players, max_sitting_out: whole numbers")
    sizes = range(play, play + most_out + 1)
    tables = {str(n): {"play": play, "sits_out": [-k for k in range(n - play)]} for n in sizes}
    raw["seating"] = {**_shipped()["seating"], "tables": tables}
    options = raw.setdefault("options", {})
    if isinstance(options, dict) and OPTION not in options:
        options[OPTION] = copy.deepcopy(_shipped()["options"][OPTION])
    return raw


@cache
def _shipped() -> dict[str, Any]:
    text = resources.files(__package__).joinpath("rulesets", "ulti.toml").read_text("utf-8")
    return tomllib.loads(text)

"""The session ``settings`` of earlier revisions, read as the seating option they became.

``{"last_declarer_deals": true}`` was a column of the session; it is the option of that
name of the ruleset's seating now (``settlement.seating``). Bodies, exports and audit
entries that carry the old object still read, and the API still shows it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..settlement import Ruleset
from ..settlement.seating import Seating
from .errors import SessionError


def legacy_settings(seating: Seating) -> dict[str, bool]:
    """The ``settings`` object of earlier revisions, read from the seating (for their readers)."""
    return {"last_declarer_deals": seating.last_declarer_deals}


def with_settings(
    options: Mapping[str, Any], settings: Mapping[str, Any], ruleset: Ruleset
) -> dict[str, Any]:
    """``options`` with an earlier revision's ``settings`` moved into them.

    ``{"last_declarer_deals": true}`` was a session setting; it is the seating option of
    that name now (``"on"``). Given both ways, they must agree; the option's default
    (``false``: off) is nothing to move, and nothing to refuse for a ruleset without it.
    """
    out = dict(options)
    for name, on in settings.items():
        if name not in ruleset.options:
            if on:
                raise SessionError(
                    f"settings.{name}", f"{ruleset.id} has no house-rule option of that name"
                )
            continue
        value = "on" if on else "off"
        if name in out and ruleset.options[name].normalize(out[name]) != value:
            raise SessionError(
                f"settings.{name}", f"says {on}, and options.{name} says {out[name]!r}"
            )
        if value != ruleset.options[name].default:
            out.setdefault(name, value)
    return out

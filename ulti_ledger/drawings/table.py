"""The table drawn as a small circle on the scoreboard: where each player sits, who deals,
who sits out, who starts, and which way the deal passes.

The seats go round in the one order every session lists its players
(``settlement.seating.LISTED``: as they sit, each on the right of the one before, so
counter-clockwise seen from above), the first listed at the foot of the drawing, nearest
the scorer. The deal's direction is the ruleset's (``[seating] deal_passes``): an arrow
on the table's edge runs from the dealer towards the next dealer, clockwise for Skat and
counter-clockwise for the Hungarian games, and the centre shows ↻ or ↺. The template
(``partials/table.html``) draws it as inline SVG, with its words in the page's language
and a text alternative; this module only places things.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from ..settlement.seating import CLOCKWISE
from ..words.name_labels import labels

WIDTH, HEIGHT = 400, 240
CENTRE = (WIDTH / 2, HEIGHT / 2)
TABLE = (58.0, 40.0)
"""The table's radii (an oval, as a phone is wider than the drawing is tall)."""
SEATS = (82.0, 62.0)
"""The radii the seats sit on, just outside the table."""
LINE = 13.0
"""The height of a line of the seats' text (12 px type)."""
GAP_DEGREES = 14.0
"""How far the arrow stays from each of the two seats it joins."""


def table_drawing(
    seats: Sequence[str], deal: Mapping[str, Any], deal_passes: str
) -> dict[str, Any] | None:
    """Where to draw each seat and its roles, and the arrow of the deal; None without a
    table to draw (no seats, or a dealer who is not seated)."""
    if not seats or deal.get("dealer") not in seats:
        return None
    n = len(seats)
    short = labels(list(seats))
    out = set(deal.get("sitting_out") or ())
    placed = []
    for k, name in enumerate(seats):
        theta = math.radians(90.0 - 360.0 * k / n)  # the first at the foot, then to his right
        cos, sin = math.cos(theta), math.sin(theta)
        x, y = CENTRE[0] + SEATS[0] * cos, CENTRE[1] + SEATS[1] * sin
        roles = [
            role
            for role, holds in (
                ("deals", name == deal["dealer"]),
                ("sits_out", name in out),
                ("bids_first", name == deal.get("first_bidder")),
            )
            if holds
        ]
        lines = 1 + len(roles)
        anchor = "start" if cos > 0.35 else "end" if cos < -0.35 else "middle"
        text_x = x + (14 if anchor == "start" else -14 if anchor == "end" else 0)
        if sin > 0.35:  # below the seat
            text_y = y + 22
        elif sin < -0.35:  # above it
            text_y = y - 14 - (lines - 1) * LINE
        else:
            text_y = y + 4 - (lines - 1) * LINE / 2
        placed.append(
            {
                "name": name,
                "label": short[name],
                "x": round(x, 1),
                "y": round(y, 1),
                "anchor": anchor,
                "text_x": round(text_x, 1),
                "text_y": round(text_y, 1),
                "roles": roles,
                "classes": " ".join(["seat", *(r.replace("_", "-") for r in roles)]),
            }
        )
    clockwise = CLOCKWISE[deal_passes]
    turn = 1.0 if clockwise else -1.0  # on the screen, y grows downwards: clockwise is +
    start = 90.0 - 360.0 * seats.index(deal["dealer"]) / n + turn * GAP_DEGREES
    end = start + turn * (360.0 / n - 2 * GAP_DEGREES)
    return {
        "width": WIDTH,
        "height": HEIGHT,
        "centre": CENTRE,
        "table": TABLE,
        "seats": placed,
        "line": LINE,
        "clockwise": clockwise,
        "arrow": _arc(start, end, clockwise),
    }


def _arc(start: float, end: float, clockwise: bool) -> str:
    """An SVG path along the table's edge, from ``start`` to ``end`` degrees."""
    rx, ry = TABLE[0] - 8, TABLE[1] - 8

    def point(deg: float) -> str:
        t = math.radians(deg)
        return f"{CENTRE[0] + rx * math.cos(t):.1f},{CENTRE[1] + ry * math.sin(t):.1f}"

    return f"M{point(start)} A{rx:.0f},{ry:.0f} 0 0,{int(clockwise)} {point(end)}"

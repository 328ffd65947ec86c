"""What tarokk reads from the hands so far: the next hand's proposed form values
(the ``form_proposal`` part)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .build import Rules


def form_proposal(rows: Sequence[Mapping[str, Any]], rules: Rules) -> dict[str, str]:
    """The next hand's form values proposed from the hands so far: under the house rule
    ``double_round``, the round after an annulled deal (as many hands as sat at its table)
    is proposed double, the scorer may untick it (``row`` gives each hand's ``redeal``)."""
    if not rules.double_round:
        return {}
    left = 0
    for hand in rows:
        table = hand.get("redeal")
        left = table if table else max(0, left - 1)
    return {"double": "true"} if left else {}

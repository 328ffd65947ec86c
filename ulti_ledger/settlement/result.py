"""What settling a hand gives: integer payments and the lines that explain them."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Line:
    """One reason for money to move, with exactly the amounts it moves.

    ``key`` and ``params`` are rendered into words by the scorer's explainer, in the
    reader's language; ``amounts`` (player -> units, + receives) sums to zero, and the
    lines of a hand add up to its payments.
    """

    key: str
    params: Mapping[str, Any]
    amounts: Mapping[str, int]


@dataclass(frozen=True, slots=True)
class Settlement:
    """The result of one hand: every player's units (+ receives) and the explanation."""

    payments: Mapping[str, int]
    lines: tuple[Line, ...]

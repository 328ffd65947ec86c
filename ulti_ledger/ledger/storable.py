"""Values the app stores fit every database it supports, so that every backup restores.

SQLite stores any integer up to 2⁶³ in any INTEGER column, PostgreSQL only up to 2³¹ in
an ``Integer`` one: a value SQLite took would make a JSON backup that PostgreSQL (or the
restore's checks) refuses. So each integer column holds what its type holds on the
smallest of them (``RANGES``), and each text no NUL nor lone surrogate
(``UNSTORABLE_TEXT``), checked when a row is written (``check_row``, before
every flush: a refusal is a ``SessionError`` naming the column, and nothing is
written) and when a backup is read back (``unstorable``). Input checks bound the values
a user gives well inside these (``settlement.session.KITTY_OPENING_MAX``); this is the
floor under all of them.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from sqlalchemy import BigInteger, Integer, SmallInteger, String, Table, event
from sqlalchemy import inspect as sa_inspect
from sqlalchemy.orm import Session

from .errors import SessionError

RANGES: tuple[tuple[type, tuple[int, int]], ...] = (
    (SmallInteger, (-(2**15), 2**15 - 1)),
    (BigInteger, (-(2**63), 2**63 - 1)),
    (Integer, (-(2**31), 2**31 - 1)),
)
"""Each integer type and what it holds in every supported database (the most specific
first: ``BigInteger`` and ``SmallInteger`` are kinds of ``Integer``)."""


UNSTORABLE_TEXT = re.compile("[\x00\ud800-\udfff]")
"""What no text column holds everywhere: NUL (PostgreSQL refuses it) and lone surrogates
(no UTF-8 encodes them)."""


def int_range(kind: Any) -> tuple[int, int] | None:
    """What a column of ``kind`` holds everywhere; None for a type that is no integer."""
    for integer, bounds in RANGES:
        if isinstance(kind, integer):
            return bounds
    return None


def out_of_range(kind: Any, value: Any) -> tuple[int, int] | None:
    """The range ``value`` falls outside of, for a column of ``kind``; None when it fits."""
    bounds = int_range(kind)
    if bounds is None or isinstance(value, bool) or not isinstance(value, int):
        return None
    return None if bounds[0] <= value <= bounds[1] else bounds


def problem(kind: Any, value: Any) -> str | None:
    """Why a column of ``kind`` cannot hold ``value`` in every supported database."""
    bounds = out_of_range(kind, value)
    if bounds is not None:
        return (
            f"{value} is outside what every supported database stores ({bounds[0]} to {bounds[1]})"
        )
    if isinstance(kind, String) and isinstance(value, str) and UNSTORABLE_TEXT.search(value):
        return "a text with NUL or a lone surrogate, which not every supported database stores"
    return None


def unstorable(table: Table, row: Mapping[str, Any]) -> str | None:
    """The first value of ``row`` that some supported database cannot hold, worded."""
    for column in table.columns:
        found = problem(column.type, row.get(column.name))
        if found is not None:
            return f"{column.name}: {found}"
    return None


def check_row(instance: Any) -> None:
    """Refuse (``SessionError``) an ORM row about to be written with a value out of range."""
    mapper = sa_inspect(instance).mapper
    values = sa_inspect(instance).dict
    for column in mapper.columns:
        found = problem(column.type, values.get(mapper.get_property_by_column(column).key))
        if found is not None:
            raise SessionError(column.name, found)


@event.listens_for(Session, "before_flush")
def _before_flush(session: Session, context: Any, instances: Any) -> None:
    for instance in (*session.new, *session.dirty):
        check_row(instance)

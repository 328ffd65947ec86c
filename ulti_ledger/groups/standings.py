"""A group's standings over a period: per player and per game, who pays whom, the chart.

Fast by construction: the page reads the group's evenings (one query) and takes each
evening's line (its totals, who played how many hands, each pair's debt) from the app's
result cache, keyed by the evening's version, which every write raises. An evening not
in the cache is read from its stored summary (``ledger.read_summaries``, kept in step by
every write): a cold page reads O(evenings x members) rows and never a hand.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from decimal import Decimal
from typing import Any

from sqlalchemy import select

from ..db import db
from ..ledger import Summary, group_settlement_of, read_summaries, result_cache, ruleset_by_digest
from ..models import GameSession, Group
from ..words.money_format import currency_code
from .period import Period
from .store import evening_day, evening_rows

LINE = "group-line"
"""The first part of an evening line's cache key (the hands' keys start with an int)."""
FIGURES = "group-figures"
"""The first part of a group's standings' key: its evenings' stamp and the query."""


def evening_lines(rows: Sequence[Any]) -> list[dict[str, Any]]:
    """What the standings need of each evening (``evening_rows`` rows), cached under its
    version: only an evening that changed is read again.

    A line is read from the evening's stored summary (``ledger.read_summaries``: each
    player's units and hands played, each pair's debt), never from its hands: a cold
    page of the largest group reads its evenings' rows, not a million hands.
    """
    cache = result_cache()
    keys = [(LINE, row.id, row.version, row.digest) for row in rows]
    lines = cache.get_many(keys)
    missing = [row for row, line in zip(rows, lines, strict=True) if line is None]
    if missing:
        heads = _heads([row.id for row in missing])
        summaries = read_summaries(missing, extra=False)
        for index, (row, key) in enumerate(zip(rows, keys, strict=True)):
            if lines[index] is None:
                summary = summaries[row.id]
                lines[index] = _line(heads[row.id], row.digest, summary)
                if summary.version == row.version:  # else a later state, read meanwhile
                    cache.put(key, lines[index])
    return lines


def _heads(ids: Sequence[int]) -> dict[int, Any]:
    """The evenings' own columns that a line shows, in one query (no ORM objects)."""
    s = GameSession.__table__.c
    query = select(s.id, s.name, s.date, s.created_at, s.place, s.unit_amount, s.currency)
    return {row.id: row for row in db.session.execute(query.where(s.id.in_(list(ids))))}


def _line(head: Any, digest: str, summary: Summary) -> dict[str, Any]:
    """One evening's line: its facts, each player's units and hands played, and each
    pair's debt over it (what ``session_summary`` totals, without its hands)."""
    ruleset = ruleset_by_digest(digest)
    return {
        "id": head.id,
        "name": head.name,
        "date": evening_day(head).isoformat(),
        "place": head.place,
        "game": ruleset.scorer,
        "ruleset": {"id": ruleset.id, "hu": ruleset.label, "en": ruleset.label_en},
        "unit_value": {"amount": head.unit_amount, "currency": head.currency},
        "players": list(summary.players),
        "units": dict(summary.units),
        "played": dict(summary.played),
        "hands": summary.hands,
        "pairs": [list(p) for p in summary.pairs],
    }


def group_standings(
    group: Group,
    period: Period,
    game: str | None = None,
    method: str = "minimal",
    banker: str | None = None,
) -> dict[str, Any]:
    """The group's standings over ``period`` (and one ``game``, if given).

    Returns ``members`` (everyone of every evening), ``view_tokens`` (each evening's
    view link token by id: for links, never for JSON), ``versions`` (each evening's, by
    id: what a cache of the group's numbers is keyed by), ``period``, ``games`` (played in
    the period), ``players`` (order of first appearance), ``standings`` (per player:
    units, money, evenings, hands, and ``games``: the same per game), ``evenings``
    (each: id, name, date, game, hands, unit_value, units, and ``writable``: the group
    may change it, added by its edit link; else it holds it by its view link), ``running``
    (each evening's cumulative units per player, for a chart; empty where the period has
    more than one stake or currency: units are compared within one stake and currency
    only), ``currencies`` (the codes of the period's evenings, in order), ``by_currency``
    (``per_currency``: each currency's own standings, ranking and chart in money),
    ``settlements`` (one per currency:
    ``ledger.group_settlement_of`` of that currency's evenings, balances and transfers by
    ``method``; money in two currencies is never summed, each settles on its own),
    and ``settlement`` (the one settlement where there is one currency, else None),
    ``stamp``: what the players, evenings and ``running`` depend on (a key for what a
    page draws of them).

    Kept in the result cache under the group's evenings' stamp (their ids and versions)
    and the query: a warm page costs one query of the evenings' versions, and pairwise
    transfers are worked out once per state of the group. Treat the answer as read-only.
    """
    rows = evening_rows(group)
    key = (FIGURES, group.id, _stamp(rows), period, game, method, banker)
    cache = result_cache()
    found = cache.get(key)
    if found is None:
        found = _standings_of(rows, period, game, method, banker)
        found["stamp"] = (key[2], period, game)
        cache.put(key, found)
    return found


def _stamp(rows: Sequence[Any]) -> str:
    """What the group's figures depend on of its evenings: each one's id, version (which
    every write to it raises), ruleset and whether the group may change it."""
    text = ",".join(f"{r.id}:{r.version}:{r.digest}:{int(bool(r.writable))}" for r in rows)
    return hashlib.sha256(text.encode()).hexdigest()


def _standings_of(
    rows: Sequence[Any], period: Period, game: str | None, method: str, banker: str | None
) -> dict[str, Any]:
    """``group_standings`` worked out (not cached)."""
    every = evening_lines(rows)
    members = list(dict.fromkeys(p for line in every for p in line["players"]))
    links = {row.id: row.view_token for row in rows}
    writable = {row.id: bool(row.writable) for row in rows}  # NULL = x is NULL on SQL
    lines = [line for line, row in zip(every, rows, strict=True) if period.covers(evening_day(row))]
    games = list(dict.fromkeys(line["game"] for line in lines))
    if game is not None:
        lines = [line for line in lines if line["game"] == game]
    players = list(dict.fromkeys(p for line in lines for p in line["players"]))
    currencies = list(dict.fromkeys(_currency(line) for line in lines))
    one_pool = len({_pool(line) for line in lines}) <= 1
    settlements = []
    for code in currencies:  # each currency's evenings settle on their own
        part = [line for line in lines if _currency(line) == code]
        named = banker if any(banker in line["players"] for line in part) else None
        settlements.append(group_settlement_of([_as_summary(line) for line in part], method, named))
    return {
        "members": members,
        "view_tokens": links,
        "versions": {row.id: row.version for row in rows},
        "period": period.to_json(),
        "game": game,
        "games": games,
        "players": players,
        "currencies": currencies,
        "standings": _standings(players, lines, len(currencies) == 1),
        "by_currency": [per_currency(code, lines) for code in currencies],
        "evenings": [{**_evening(line), "writable": writable[line["id"]]} for line in lines],
        "running": _running(players, lines) if one_pool else [],
        "settlement": settlements[0] if len(settlements) == 1 else None,
        "settlements": settlements,
    }


def _currency(line: Mapping[str, Any]) -> str:
    return currency_code(line["unit_value"]["currency"])


def _pool(line: Mapping[str, Any]) -> tuple[str, Decimal]:
    """The currency and stake of an evening: units add up only within one pool."""
    return _currency(line), Decimal(line["unit_value"]["amount"])


def per_currency(code: str, lines: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """One currency's standings, money never mixed with another's.

    Returns ``currency``; ``stakes`` (its evenings' unit values, decimal strings, in
    order: units are compared only where there is one); ``evenings`` (how many);
    ``ranking`` (its players, the most money first, ties in order of first
    appearance); ``rows`` (per player: ``money``, exact; ``units``, None across two
    stakes, and ``stake``, the one they were counted at, else None; ``evenings``,
    ``hands``, and ``games``: the same per game); ``running`` (each of its evenings'
    cumulative exact money per player, decimal strings: the chart).
    """
    mine = [line for line in lines if _currency(line) == code]
    players = list(dict.fromkeys(p for line in mine for p in line["players"]))
    table = _standings(players, mine, True)
    rows = {
        name: {
            **{k: row[k] for k in ("units", "stake", "evenings", "hands")},
            "money": row["money"],
            "games": {
                g: {
                    **{k: part[k] for k in ("units", "stake", "evenings", "hands")},
                    "money": part["money"],
                }
                for g, part in row["games"].items()
            },
        }
        for name, row in table.items()
    }
    order = {name: index for index, name in enumerate(players)}
    ranking = sorted(players, key=lambda p: (-Decimal(rows[p]["money"]), order[p]))
    total = dict.fromkeys(players, Decimal(0))
    running = []
    for line in mine:
        value = Decimal(line["unit_value"]["amount"])
        for name, units in line["units"].items():
            total[name] += units * value
        running.append({name: format(money, "f") for name, money in total.items()})
    return {
        "currency": code,
        "stakes": list(
            dict.fromkeys(format(Decimal(line["unit_value"]["amount"]), "f") for line in mine)
        ),
        "evenings": len(mine),
        "ranking": ranking,
        "rows": rows,
        "running": running,
    }


def _standings(
    players: Sequence[str], lines: Sequence[Mapping[str, Any]], one_currency: bool
) -> dict[str, Any]:
    """Per player (and per game): units, evenings, hands and the money, per currency in
    ``moneys`` (``{code: amount}``, in the order the evenings name them); ``money`` is the
    amount where the period was played in one currency, else None (no sum across them);
    ``units`` is None where his evenings had more than one stake or currency (units of
    10 Ft and of 0.10 EUR are not one thing to add)."""
    table: dict[str, Any] = {p: _zero() | {"games": {}} for p in players}
    pools: dict[int, set[tuple[str, Decimal]]] = {}
    for line in lines:
        value = Decimal(line["unit_value"]["amount"])
        code = _currency(line)
        for name in line["players"]:
            row = table[name]
            units = line["units"].get(name, 0)
            for part in (row, row["games"].setdefault(line["game"], _zero())):
                part["units"] += units
                part["moneys"][code] = part["moneys"].get(code, Decimal(0)) + units * value
                part["evenings"] += 1
                part["hands"] += line["played"].get(name, 0)
                pools.setdefault(id(part), set()).add((code, value))
    for row in table.values():
        for part in (row, *row["games"].values()):
            part["moneys"] = {code: format(m, "f") for code, m in part["moneys"].items()}
            part["money"] = next(iter(part["moneys"].values())) if one_currency else None
            stakes = pools.get(id(part), set())
            if len(stakes) > 1:
                part["units"] = None
            # the one stake his units are counted at: a unit is read with its worth
            part["stake"] = format(next(iter(stakes))[1], "f") if len(stakes) == 1 else None
    return table


def _zero() -> dict[str, Any]:
    return {"units": 0, "money": None, "moneys": {}, "evenings": 0, "hands": 0}


def _running(players: Sequence[str], lines: Sequence[Mapping[str, Any]]) -> list[dict[str, int]]:
    total = dict.fromkeys(players, 0)
    out = []
    for line in lines:
        for name, units in line["units"].items():
            total[name] += units
        out.append(dict(total))
    return out


def _evening(line: Mapping[str, Any]) -> dict[str, Any]:
    keys = ("id", "name", "date", "place", "game", "ruleset", "hands", "unit_value", "units")
    return {key: line[key] for key in keys}


def _as_summary(line: Mapping[str, Any]) -> dict[str, Any]:
    """An evening line in the shape ``group_settlement_of`` reads of a session summary
    (its ``pairs`` in place of its hands: who pays whom pair by pair sums them)."""
    return {
        "id": line["id"],
        "name": line["name"],
        "date": line["date"],
        "place": line["place"],
        "unit_value": line["unit_value"],
        "players": line["players"],
        "totals": {"units": line["units"]},
        "hands": [],
        "hand_count": line["hands"],
        "pairs": line["pairs"],
    }

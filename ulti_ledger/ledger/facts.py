"""Hand-format dicts <-> rows: the one place that knows how a hand is laid out in tables.

The round trip is lossless: ``read_facts`` gives back exactly the canonical dict that
``write_facts`` stored (the engine's ``Hand.to_dict()`` without the session's ruleset and
options). Reading uses plain column selects, a fixed handful of queries for any number of
hands, because building ORM objects for thousands of rows would cost more than settling.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from sqlalchemy import select

from ..db import db
from ..models import ComponentKontra, Hand, HandComponent, HandPlayer, Player, SilentResult

CHUNK = 500
"""Hand ids per IN (...) query: well below every database's parameter limit."""


@dataclass(frozen=True, slots=True)
class HandHead:
    """A hand's own row: enough to find it, order it and key its cached result."""

    id: int
    position: int
    version: int
    dealer_id: int
    declarer_id: int
    outcome: str
    colour: str | None
    renonsz_id: int | None
    options: dict[str, Any] | None


def write_facts(row: Hand, facts: Mapping[str, Any], ids: Mapping[str, int]) -> None:
    """Set a hand row and its children from a canonical hand dict; names map to player ids."""
    row.declarer_id = ids[facts["declarer"]]
    row.outcome = facts.get("outcome", "played")
    row.colour = facts.get("colour")
    renonsz = facts.get("renonsz")
    row.renonsz_id = ids[renonsz["player"]] if renonsz else None
    row.options = dict(facts["options"]) if facts.get("options") else None
    row.participants = [
        HandPlayer(position=i, player_id=ids[name], sitting_out=out)
        for out, key in ((False, "players"), (True, "sitting_out"))
        for i, name in enumerate(facts.get(key, ()))
    ]
    row.components = [_component_row(i, c, ids) for i, c in enumerate(facts.get("components", ()))]
    row.silent = [
        SilentResult(
            position=i,
            name=s["name"],
            side=s["side"],
            won=s["won"],
            player_id=ids[s["player"]] if s.get("player") else None,
        )
        for i, s in enumerate(facts.get("silent", ()))
    ]


def _component_row(index: int, c: Mapping[str, Any], ids: Mapping[str, int]) -> HandComponent:
    kontra = c.get("kontra", 0)
    row = HandComponent(
        position=index,
        name=c["name"],
        open=c.get("open", False),
        won=c.get("won"),
        kontra=None if isinstance(kontra, Mapping) else kontra,
    )
    if isinstance(kontra, Mapping):
        row.kontras = [
            ComponentKontra(position=i, player_id=ids[name], level=level)
            for i, (name, level) in enumerate(kontra.items())
        ]
    return row


def hand_keys(session_id: int) -> list[tuple[int, int]]:
    """(id, version) of the session's hands in order; a hand's number is its index + 1.

    All a cached scoreboard needs from the database: the rest only for cache misses.
    """
    h = Hand.__table__.c
    rows = db.session.execute(
        select(h.id, h.version)
        .where(h.session_id == session_id, h.deleted_at.is_(None))
        .order_by(h.position)
    )
    return [(hand_id, version) for hand_id, version in rows]


def hand_heads(session_id: int, hand_ids: list[int] | None = None) -> dict[int, HandHead]:
    """The hand rows of a session by id: all live ones, or those of ``hand_ids`` (deleted too)."""
    h = Hand.__table__.c
    columns = (
        h.id,
        h.position,
        h.version,
        h.dealer_id,
        h.declarer_id,
        h.outcome,
        h.colour,
        h.renonsz_id,
        h.options,
    )
    if hand_ids is None:
        batches = [select(*columns).where(h.session_id == session_id, h.deleted_at.is_(None))]
    else:
        batches = [
            select(*columns).where(h.id.in_(hand_ids[i : i + CHUNK]))
            for i in range(0, len(hand_ids), CHUNK)
        ]
    return {row.id: HandHead(*row) for query in batches for row in db.session.execute(query)}


def player_names(ids: Iterable[int]) -> dict[int, str]:
    """Names by player id (for names a session's seats do not cover)."""
    wanted = sorted(set(ids))
    if not wanted:
        return {}
    rows = db.session.execute(select(Player.id, Player.name).where(Player.id.in_(wanted)))
    return dict(rows.all())


def read_facts(
    heads: list[HandHead], names: dict[int, str], session_id: int | None = None
) -> dict[int, dict[str, Any]]:
    """The canonical hand dicts of ``heads``, by hand id; ``names`` grows as needed.

    Give ``session_id`` when ``heads`` are all of that session's live hands: the children
    are then read in one query per table instead of in chunks of hand ids.
    """
    if session_id is not None:
        hands = Hand.__table__.c
        wanted: Any = select(hands.id).where(
            hands.session_id == session_id, hands.deleted_at.is_(None)
        )
        batches = [(heads, wanted)]
    else:
        batches = [
            (heads[i : i + CHUNK], [h.id for h in heads[i : i + CHUNK]])
            for i in range(0, len(heads), CHUNK)
        ]
    facts: dict[int, dict[str, Any]] = {}
    for chunk, wanted in batches:
        children = _children(wanted)
        missing = children.player_ids() | {h.declarer_id for h in chunk}
        names.update(player_names(i for i in missing if i not in names))
        for head in chunk:
            facts[head.id] = _facts(head, children, names)
    return facts


@dataclass
class _Children:
    players: dict[int, list[tuple[int, bool]]]
    components: dict[int, list[tuple[Any, ...]]]
    kontras: dict[int, list[tuple[int, int]]]
    silent: dict[int, list[tuple[Any, ...]]]

    def player_ids(self) -> set[int]:
        found = {p for rows in self.players.values() for p, _ in rows}
        found |= {p for rows in self.kontras.values() for p, _ in rows}
        found |= {row[3] for rows in self.silent.values() for row in rows if row[3] is not None}
        return found


def _children(hand_ids: Any) -> _Children:
    """Players, components, kontras and silent results of the hands: a list or a subquery."""
    # Table columns, not ORM attributes: plain rows, without the ORM's per-row work.
    hp, hc = HandPlayer.__table__.c, HandComponent.__table__.c
    ck, sr = ComponentKontra.__table__.c, SilentResult.__table__.c
    players: dict[int, list[tuple[int, bool]]] = defaultdict(list)
    for hand_id, player_id, out in db.session.execute(
        select(hp.hand_id, hp.player_id, hp.sitting_out)
        .where(hp.hand_id.in_(hand_ids))
        .order_by(hp.hand_id, hp.sitting_out, hp.position)
    ):
        players[hand_id].append((player_id, out))
    components: dict[int, list[tuple[Any, ...]]] = defaultdict(list)
    for cid, hand_id, name, open_, won, kontra in db.session.execute(
        select(hc.id, hc.hand_id, hc.name, hc.open, hc.won, hc.kontra)
        .where(hc.hand_id.in_(hand_ids))
        .order_by(hc.hand_id, hc.position)
    ):
        components[hand_id].append((cid, name, open_, won, kontra))
    kontras: dict[int, list[tuple[int, int]]] = defaultdict(list)
    for cid, player_id, level in db.session.execute(
        select(ck.component_id, ck.player_id, ck.level)
        .join(HandComponent.__table__, hc.id == ck.component_id)
        .where(hc.hand_id.in_(hand_ids))
        .order_by(ck.component_id, ck.position)
    ):
        kontras[cid].append((player_id, level))
    silent: dict[int, list[tuple[Any, ...]]] = defaultdict(list)
    for hand_id, name, side, won, player_id in db.session.execute(
        select(sr.hand_id, sr.name, sr.side, sr.won, sr.player_id)
        .where(sr.hand_id.in_(hand_ids))
        .order_by(sr.hand_id, sr.position)
    ):
        silent[hand_id].append((name, side, won, player_id))
    return _Children(players, components, kontras, silent)


def _facts(head: HandHead, children: _Children, names: dict[int, str]) -> dict[str, Any]:
    """One canonical hand dict, keys in the order of ``Hand.to_dict()``."""
    out: dict[str, Any] = {}
    if head.options:
        out["options"] = dict(head.options)
    seated = children.players.get(head.id, [])
    out["players"] = [names[p] for p, sitting_out in seated if not sitting_out]
    sitting_out = [names[p] for p, sitting_out in seated if sitting_out]
    if sitting_out:
        out["sitting_out"] = sitting_out
    out["declarer"] = names[head.declarer_id]
    if head.outcome != "played":
        out["outcome"] = head.outcome
    if head.colour is not None:
        out["colour"] = head.colour
    components = children.components.get(head.id)
    if components:
        out["components"] = [_component(c, children, names) for c in components]
    silent = children.silent.get(head.id)
    if silent:
        out["silent"] = [_silent(s, names) for s in silent]
    if head.renonsz_id is not None:
        out["renonsz"] = {"player": names[head.renonsz_id]}
    return out


def _component(row: tuple[Any, ...], children: _Children, names: dict[int, str]) -> dict:
    cid, name, open_, won, kontra = row
    out: dict[str, Any] = {"name": name}
    if open_:
        out["open"] = True
    if won is not None:
        out["won"] = won
    if kontra is None:
        out["kontra"] = {names[p]: level for p, level in children.kontras.get(cid, [])}
    elif kontra:
        out["kontra"] = kontra
    return out


def _silent(row: tuple[Any, ...], names: dict[int, str]) -> dict[str, Any]:
    name, side, won, player_id = row
    out: dict[str, Any] = {"name": name, "side": side, "won": won}
    if player_id is not None:
        out["player"] = names[player_id]
    return out

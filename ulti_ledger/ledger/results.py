"""Each hand settled by the session's pinned engine, and the cache that keeps it.

A hand's result depends only on its facts, so it is cached in memory under (hand id, hand
version, ruleset digest, language); a hand id is never reused and every change of a hand
raises its version, so a cached entry can never be stale. The summary and the kitty a
group carries both read hands through here; neither is read by this module. The dicts
returned are plain values for templates and JSON; treat them as read-only (parts are
shared with the cache).
"""

from __future__ import annotations

from typing import Any

from ..models import GameSession
from ..settlement import Engine
from ..settlement.result import result_extras
from .facts import hand_heads, in_order, read_facts
from .pinning import result_cache, session_engine
from .reads import seat_names
from .txn import unmoved


def hand_change_view(
    session: GameSession, options: dict[str, Any], facts: dict[str, Any], dealer: str
) -> dict[str, Any]:
    """A recorded hand's facts settled under other session ``options`` (nothing cached)."""
    engine = session_engine(session)
    return settled_view(engine, options, facts, dealer, "en", seat_names(session))


def hand_views(
    session: GameSession, keys: list[tuple[int, int]], lang: str, store: bool = True
) -> list[dict[str, Any]]:
    """Each hand's settled view, from the cache or computed (facts read only for misses).
    ``store``: put what was computed in the cache (not inside a write that may roll back)."""
    engine = session_engine(session)
    digest = session.ruleset.digest
    cache = result_cache()
    cache_keys = [(hand_id, version, digest, lang) for hand_id, version in keys]
    views = cache.get_many(cache_keys)
    missing = [key[0] for key, view in zip(keys, views, strict=True) if view is None]
    if missing:
        everything = len(missing) == len(keys) and len(keys) > 1
        heads = hand_heads(session.id, None if everything else missing)
        names = {seat.player_id: seat.player.name for seat in session.seats}
        seats = seat_names(session)
        facts = read_facts([heads[i] for i in missing])
        if store and not unmoved(session):  # read across two states: never cached
            store = False
        for index, key in enumerate(cache_keys):
            if views[index] is None:
                head = heads[key[0]]
                dealer = names[head.dealer_id]
                view = settled_view(engine, session.options, facts[head.id], dealer, lang, seats)
                if store:
                    cache.put(key, view)
                views[index] = view
    return views


def settled_view(
    engine: Engine,
    options: dict[str, Any],
    facts: dict[str, Any],
    dealer: str,
    lang: str,
    seats: tuple[str, ...],
) -> dict[str, Any]:
    """One hand as the scoreboard shows it; ``changes`` covers every seat (0 if not named)."""
    facts, hand, rules = in_order(engine, options, facts)
    game = engine.game(rules.scorer)
    settlement = game.settle(hand, rules)
    return {
        "dealer": dealer,
        "declarer": facts.get("declarer", ""),  # an all pass may name nobody (Skat)
        "players": facts["players"],
        "sitting_out": facts.get("sitting_out", []),
        "outcome": facts.get("outcome", "played"),
        **game.row(facts, hand, rules, lang),
        "hand": facts,
        "result": _result(settlement, game, lang),
        "kitty_move": settlement.kitty,
        "changes": {name: settlement.payments.get(name, 0) for name in seats},
        "score": None
        if settlement.score is None
        else {name: settlement.score.get(name, 0) for name in seats},
    }


def _result(settlement: Any, game: Any, lang: str) -> dict[str, Any]:
    """``settlement_json``'s shape, each line put into words once (half the cost)."""
    describe = game.describe
    lines = settlement.lines
    texts = [describe(line, lang) for line in lines]
    return {
        "payments": dict(settlement.payments),
        "lines": texts,
        "breakdown": [
            {"text": text, "amounts": dict(line.amounts)}
            for text, line in zip(texts, lines, strict=True)
        ],
        **result_extras(settlement),
    }

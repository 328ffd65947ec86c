"""Distinct house-rule sets cannot grow a worker's memory without bound (issue 11, point 3).

``Ruleset.resolve`` used to keep every distinct options dict it was asked for (about
37 KiB each, whether the request was then refused or not): six requests took a worker
from 74 MiB to 412 MiB. The resolved rules are now an LRU of ``RESOLVED_CACHE_SIZE``, and
the parsed ruleset texts one of ``PINNED_SIZE``. These tests send thousands of distinct
option sets and measure with tracemalloc that memory stops growing once the caches are full.
"""

from __future__ import annotations

import itertools
import tracemalloc

import pytest

from testkit import samples
from ulti_ledger.games import REGISTRY
from ulti_ledger.games.ulti.hand import MEMO_SIZE
from ulti_ledger.ledger import pinning
from ulti_ledger.settlement import LedgerError
from ulti_ledger.settlement.loader import RESOLVED_CACHE_SIZE, RESOLVED_MEMO_SIZE

HAND = {
    "players": ["Anna", "Béla", "Csaba"],
    "sitting_out": ["Dóra"],
    "declarer": "Anna",
    "colour": "piros",
    "components": [{"name": "parti", "won": True}],
}
MIB = 1024 * 1024


def option_sets(ruleset, count: int):
    """``count`` distinct option sets of ``ruleset`` (every value of every option, combined)."""
    axes = []
    for option in ruleset.options.values():
        if option.choices is None:
            values = range(option.minimum, option.maximum + 1)
        else:
            values = list(option.choices)
        axes.append([(option.name, v) for v in values])
    return [dict(combo) for combo in itertools.islice(itertools.product(*axes), count)]


def test_the_resolved_rules_cache_is_bounded_and_memory_stops_growing():
    engine = REGISTRY.engine()
    ruleset = engine.rulesets["ulti"]
    sets = option_sets(ruleset, 4 * RESOLVED_CACHE_SIZE)
    assert len({tuple(s.items()) for s in sets}) == len(sets) == 4 * RESOLVED_CACHE_SIZE

    def settle(batch):
        for options in batch:
            try:
                engine.settle({**HAND, "ruleset": "ulti", "options": options})
            except LedgerError:
                pass  # refused or not, its rules were resolved
            assert ruleset.cached_count() <= RESOLVED_CACHE_SIZE

    tracemalloc.start()
    try:
        settle(sets[: 2 * RESOLVED_CACHE_SIZE])  # the cache is full from here on
        full, _ = tracemalloc.get_traced_memory()
        settle(sets[2 * RESOLVED_CACHE_SIZE :])  # as many again
        after, _ = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert ruleset.cached_count() == RESOLVED_CACHE_SIZE
    # Unbounded, 128 more rule sets of ~37 KiB would be ~5 MiB; bounded, nothing is kept.
    print(f"engine: {(after - full) / MIB:.2f} MiB")
    assert after - full < 2 * MIB, f"grew by {(after - full) / MIB:.1f} MiB"


def test_the_memos_of_rules_with_house_rules_are_smaller():
    """Each resolved rules keeps memos of validated hands; 64 of them at the defaults' 4,096
    entries (up to ~10 MiB each with long names) would be no bound worth the name."""
    engine = REGISTRY.engine()
    ruleset = engine.rulesets["ulti"]
    assert ruleset.rules.memo_size == MEMO_SIZE
    options = {"max_kontra_level": ruleset.options["max_kontra_level"].minimum}
    if options["max_kontra_level"] == ruleset.defaults["max_kontra_level"]:
        options["max_kontra_level"] += 1
    rules = ruleset.resolve(options)
    assert rules.memo_size == RESOLVED_MEMO_SIZE
    for i in range(RESOLVED_MEMO_SIZE + 100):
        names = [f"A{i}", f"B{i}", f"C{i}"]
        hand = {**HAND, "players": names, "sitting_out": [], "declarer": names[0]}
        engine.settle({**hand, "ruleset": "ulti", "options": options})
    assert len(rules.seatings) == RESOLVED_MEMO_SIZE
    assert len(rules.component_lists) <= RESOLVED_MEMO_SIZE


def test_equal_values_share_one_entry():
    ruleset = REGISTRY.engine().rulesets["ulti"]
    name = next(n for n, o in ruleset.options.items() if o.choices and set(o.choices) >= {"on"})
    assert ruleset.resolve({name: True}) is ruleset.resolve({name: "on"})
    assert ruleset.resolve({}) is ruleset.resolve(dict(ruleset.defaults))


@pytest.mark.db
def test_the_app_keeps_its_caches_bounded_under_many_distinct_option_sets(app, client):
    created = client.post("/api/v1/sessions", json=samples.session_body()).get_json()
    auth = {"Authorization": f"Bearer {created['edit_token']}"}
    preview = f"/api/v1/sessions/{created['id']}/preview"
    with app.app_context():
        from ulti_ledger import ledger

        session = ledger.get_session(created["id"])
        ruleset = pinning.only_ruleset(pinning.session_engine(session))
    sets = option_sets(ruleset, 2 * RESOLVED_CACHE_SIZE)

    def send(batch):
        for options in batch:
            response = client.post(preview, json={**HAND, "options": options}, headers=auth)
            assert response.status_code in (200, 422), response.get_data(as_text=True)

    tracemalloc.start()
    try:
        send(sets[:RESOLVED_CACHE_SIZE])
        full, _ = tracemalloc.get_traced_memory()
        send(sets[RESOLVED_CACHE_SIZE:])
        after, _ = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert ruleset.cached_count() <= RESOLVED_CACHE_SIZE
    assert len(pinning.PINNED) <= pinning.PINNED_SIZE
    print(f"app: {(after - full) / MIB:.2f} MiB")
    assert after - full < 2 * MIB, f"grew by {(after - full) / MIB:.1f} MiB"

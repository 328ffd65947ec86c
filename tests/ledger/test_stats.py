"""Statistics from the facts: every number of ``player_stats`` and every list of
``hands_behind``, checked against counts written here from the stored rows (the hands'
facts JSON, their seat rows, the scoreboard's payments) of a generated season of every
registered game, recorded through the real ledger and database.

The direct counts below read the database and the hand format themselves; they share no
code with ``ulti_ledger.stats``.
"""

from __future__ import annotations

import datetime as dt
import importlib
import random
from collections import Counter, defaultdict

import pytest
from sqlalchemy import select

from testkit import samples
from ulti_ledger import ledger, rotation
from ulti_ledger.db import db
from ulti_ledger.games import REGISTRY, builtin_engine
from ulti_ledger.models import Hand, HandSeat, Player
from ulti_ledger.stats import STATS, hands_behind, player_stats, records_for

pytestmark = pytest.mark.db
NAMES = ("Anna", "Béla", "Csaba", "Dóra", "Ede")


def _tables(ruleset):
    """Every table size the ruleset allows."""
    seating = builtin_engine().rulesets[ruleset].seating()
    return list(range(seating.smallest, seating.largest + 1))


def season(hands_per_evening=24):
    """Two evenings of every shipped ruleset, at its table sizes, with a hand deleted and a
    hand edited in each; returns the session ids."""
    ids = []
    rng = random.Random(15)
    for index, ruleset in enumerate(sorted(builtin_engine().rulesets)):
        for evening, size in enumerate(_tables(ruleset) * 2):
            seats = tuple(rng.sample(NAMES, size))
            body = _body(seats, hands_per_evening, 100 * index + evening, ruleset)
            body["date"] = (dt.date(2026, 1, 1) + dt.timedelta(days=7 * len(ids))).isoformat()
            session = ledger.create_session(body)
            ledger.delete_hand(session, 3)
            _edit(session, ruleset, seats, rng)
            ids.append(session.id)
    for seats in (("Anna", "Béla", "Csaba"), ("Béla", "Csaba", "Dóra", "Ede")):
        ids.append(_house_rules_evening("skat", SKAT_HOUSE_RULES, seats, hands_per_evening, rng))
    return ids


SKAT_HOUSE_RULES = {"all_pass": "ramsch", "bock": "on", "kontra_re": "on"}
SKAT_HOUSE_RULES["list"] = "seeger_fabian"
"""Skat with Ramsch, Kontra and Re, Bock games and the Seeger-Fabian list."""


def _house_rules_evening(ruleset, options, seats, hands, rng):
    """An evening of ``ruleset`` under ``options``, its hands drawn by those rules (each
    sixth one passed in, so that Ramsch is played), with hand 3 deleted and 5 edited."""
    rules = builtin_engine().rulesets[ruleset].resolve(options)
    body = samples.session_body(name=f"{ruleset} house rules", ruleset=ruleset, options=options)
    body["players"], body["hands"] = list(seats), []
    for number in range(hands):
        deal = rotation.deal(seats, seats[number % len(seats)])
        hand = samples.random_hand(rng, rules, (*deal.players, *deal.sitting_out))
        if number % 6 == 0:
            hand = {k: v for k, v in hand.items() if k in ("players", "sitting_out")}
            hand["outcome"] = "all_pass"
            hand["ramsch"] = {"loser": hand["players"][0], "points": 70 + number}
            hand["ramsch"]["jungfrau"] = [hand["players"][1]]
        hand.pop("ruleset", None)
        body["hands"].append({"dealer": deal.dealer, **hand})
    session = ledger.create_session(body)
    ledger.delete_hand(session, 3)
    _edit(session, ruleset, seats, rng, rules)
    return session.id


def _body(seats, hands, seed, ruleset):
    name = f"{ruleset} {seed}"
    return samples.random_session(seats, hands, seed=seed, name=name, ruleset=ruleset)


def _edit(session, ruleset, seats, rng, rules=None):
    """Replace hand 5 by another random hand of the same deal."""
    old = ledger.hand_entry(session, 5)
    rules = rules or builtin_engine().rulesets[ruleset].rules
    table = [*old["hand"]["players"], *old["hand"].get("sitting_out", [])]
    new = samples.random_hand(rng, rules, table)
    new.pop("ruleset")
    ledger.replace_hand(session, 5, {"dealer": old["dealer"], **new})


def stored_hands(ids):
    """(session id, number, game, facts, roles, payments, score, options) of every live
    hand, read directly; ``score`` is the scoreboard's list entry (Skat's), or {}."""
    engine = builtin_engine()
    out = []
    for session_id in ids:
        session = ledger.get_session(session_id)
        game = engine.rulesets[session.ruleset.ruleset_id].scorer
        results = [h["result"] for h in ledger.session_summary(session)["hands"]]
        payments = [r["payments"] for r in results]
        rows = db.session.scalars(
            select(Hand)
            .where(Hand.session_id == session_id, Hand.deleted_at.is_(None))
            .order_by(Hand.position)
        ).all()
        assert len(rows) == len(payments)
        for number, (row, paid) in enumerate(zip(rows, payments, strict=True), start=1):
            seats = db.session.execute(
                select(Player.name, HandSeat.role)
                .join(Player, Player.id == HandSeat.player_id)
                .where(HandSeat.hand_id == row.id)
            ).all()
            score = results[number - 1].get("score", {})
            options = session.options or {}
            out.append((session_id, number, game, row.facts, dict(seats), paid, score, options))
    return out


def direct_common(hands, name):
    """The common numbers of ``name``, counted from the stored hands."""
    mine = [h for h in hands if name in h[4]]
    played = [h for h in mine if h[4][name] != "sitting_out"]
    declared = [h for h in mine if h[4][name] == "declarer"]
    units = [h[5].get(name, 0) for h in mine]
    evenings = defaultdict(int)
    for h in mine:
        evenings[h[0]] += h[5].get(name, 0)
    signs = [(h[5].get(name, 0) > 0) - (h[5].get(name, 0) < 0) for h in played]
    return {
        "hands": len(played),
        "sat_out": len(mine) - len(played),
        "declared": len(declared),
        "declared_won": sum(1 for h in declared if h[5].get(name, 0) > 0),
        "units": sum(units),
        "as_declarer": sum(h[5].get(name, 0) for h in declared),
        "otherwise": sum(h[5].get(name, 0) for h in mine if h[4][name] != "declarer"),
        "biggest_win": max([u for u in units if u > 0], default=None),
        "biggest_loss": min([u for u in units if u < 0], default=None),
        "best_evening": max(evenings.values(), default=None),
        "worst_evening": min(evenings.values(), default=None),
        "longest_win": _longest(signs, 1),
        "longest_loss": _longest(signs, -1),
        "current": _current(signs),
    }


def _longest(signs, sign):
    best = run = 0
    for s in signs:
        run = run + 1 if s == sign else 0
        best = max(best, run)
    return best


def _current(signs):
    if not signs or signs[-1] == 0:
        return 0
    last, n = signs[-1], 0
    for s in reversed(signs):
        if s != last:
            break
        n += 1
    return n * last


def _flatten(tree, prefix=""):
    for key, value in tree.items():
        if isinstance(value, dict):
            yield from _flatten(value, f"{prefix}{key}.")
        else:
            yield f"{prefix}{key}", value


def _direct_stats(game: str):
    """The game's own direct count of its statistics (``<game>/tests/direct_stats.py``)."""
    try:
        return importlib.import_module(f"{REGISTRY[game].package.__name__}.tests.direct_stats")
    except ModuleNotFoundError:
        return None


DIRECT = {game: module for game in REGISTRY if (module := _direct_stats(game))}
"""Each game's direct count, asked of the registry: (a stored hand, a name) -> paths."""
MARKS = {game: module.marks for game, module in DIRECT.items()}


def test_the_season_covers_every_registered_game(ctx):
    ids = season(8)
    assert {h[2] for h in stored_hands(ids)} == set(REGISTRY)
    gives = {game for game in REGISTRY if REGISTRY[game].gives("stats")}
    assert gives <= set(MARKS), "a game with statistics counts them in tests/direct_stats.py"


def test_every_number_equals_a_direct_count_of_the_stored_hands(ctx):
    ids = season()
    hands = stored_hands(ids)
    stats = player_stats(records_for(ids))["players"]
    names = {n for h in hands for n in h[4]}
    assert set(stats) == names
    for name in names:
        want, got = direct_common(hands, name), stats[name]
        for key in ("hands", "sat_out", "declared", "declared_won", "units", "as_declarer"):
            assert got[key] == want[key], (name, key)
        assert got["otherwise"] == want["otherwise"]
        for key in ("biggest_win", "biggest_loss", "best_evening", "worst_evening"):
            assert (got[key] or {}).get("units") == want[key], (name, key)
        for key in ("longest_win", "longest_loss", "current"):
            assert got["streaks"][key] == want[key], (name, key)
        for game, marks in MARKS.items():
            counted = sum((marks(h, name) for h in hands if h[2] == game), Counter())
            expected = {k: v for k, v in counted.items() if v}
            assert dict(_flatten(got["games"].get(game, {}))) == expected, (name, game)
    for game, direct in DIRECT.items():
        leaves = {p for s in stats.values() for p, _ in _flatten(s["games"].get(game, {}))}
        assert {p.split(".")[0] for p in leaves} == direct.PARTS, (game, leaves)
        assert direct.LEAVES <= leaves, (game, leaves)


def test_a_game_filter_keeps_that_games_hands(ctx):
    ids = season(10)
    hands = stored_hands(ids)
    records = records_for(ids)
    for game in REGISTRY:
        stats = player_stats(records, game=game)["players"]
        mine = [h for h in hands if h[2] == game]
        for name, got in stats.items():
            assert got["hands"] == direct_common(mine, name)["hands"]
            assert set(got["games"]) <= {game}


def test_the_hands_behind_each_number_are_the_hands_it_counts(ctx):
    ids = season(12)
    hands = stored_hands(ids)
    records = records_for(ids)
    stats = player_stats(records)["players"]
    for name, got in stats.items():
        mine = [h for h in hands if name in h[4]]
        played = [h for h in mine if h[4][name] != "sitting_out"]
        declared = [h for h in mine if h[4][name] == "declarer"]
        key = lambda hs: [(h[0], h[1]) for h in hs]  # noqa: E731
        assert hands_behind(records, name, "hands") == key(played)
        assert len(hands_behind(records, name, "hands")) == got["hands"]
        assert hands_behind(records, name, "sat_out") == key(
            [h for h in mine if h[4][name] == "sitting_out"]
        )
        assert hands_behind(records, name, "declared") == key(declared)
        won = hands_behind(records, name, "declared_won")
        assert won == key([h for h in declared if h[5].get(name, 0) > 0])
        assert len(won) == got["declared_won"]
        units = hands_behind(records, name, "units")
        assert (
            sum(dict(((h[0], h[1]), h[5].get(name, 0)) for h in mine)[k] for k in units)
            == (got["units"])
        )
        if got["biggest_win"]:
            top = hands_behind(records, name, "biggest_win")
            assert (got["biggest_win"]["session"], got["biggest_win"]["hand"]) == top[0]
        best = hands_behind(records, name, "best_evening")
        if got["best_evening"]:
            assert {s for s, _ in best} == {got["best_evening"]["session"]}
        streak = hands_behind(records, name, "streaks.longest_loss")
        assert len(streak) == got["streaks"]["longest_loss"]
        for game, marks in MARKS.items():
            behind = hands_behind(records, name, f"games.{game}")
            assert behind == key([h for h in mine if h[2] == game and +marks(h, name)])
            for path, _ in _flatten(got["games"].get(game, {})):
                listed = hands_behind(records, name, f"games.{game}.{path}")
                assert listed == key([h for h in mine if h[2] == game and marks(h, name)[path]])
    for stat in STATS:  # every common statistic is answered, for a player of the season
        assert isinstance(hands_behind(records, "Anna", stat), list)
    with pytest.raises(ValueError, match="unknown statistic"):
        hands_behind(records, "Anna", "nonsense")


def test_deleted_hands_and_sessions_are_left_out_and_edits_count_as_edited(ctx):
    ids = season(6)
    before = len(records_for(ids))
    assert before == len(stored_hands(ids))
    session = ledger.get_session(ids[0])
    ledger.delete_hand(session, 1)
    assert len(records_for(ids)) == before - 1
    ledger.delete_session(ids[1])
    assert {r.session_id for r in records_for(ids)} == set(ids) - {ids[1]}
    assert records_for([]) == [] and records_for([10_000]) == []


def test_records_read_in_a_fixed_number_of_queries(ctx):
    from sqlalchemy import event

    ids = season(20)
    statements = []

    def count(*args):
        statements.append(args)

    event.listen(db.engine, "before_cursor_execute", count)
    try:
        records_for(ids)  # cold
        cold = len(statements)
        statements.clear()
        records_for(ids)  # warm: the cache holds every hand
        warm = len(statements)
    finally:
        event.remove(db.engine, "before_cursor_execute", count)
    assert cold <= 6 and warm <= 3, (cold, warm)


def test_a_rename_and_a_late_arrival_are_seen_at_once_though_the_records_are_cached(ctx):
    ids = season(8)
    session = ledger.get_session(ids[0])
    before = player_stats(records_for(ids))["players"]  # every record now cached
    old = ledger.session_summary(session)["players"][0]
    ledger.change_players(session, {"rename": {old: "Zoltán"}})
    after = player_stats(records_for(ids))["players"]
    assert "Zoltán" in after
    hands = stored_hands(ids)
    for name in ("Zoltán", old):
        if name in after:
            assert after[name]["hands"] == direct_common(hands, name)["hands"]
    assert after["Zoltán"]["hands"] + after.get(old, {"hands": 0})["hands"] == before[old]["hands"]


def test_a_new_hand_is_read_alone_and_counted(ctx):
    ids = season(6)
    records_for(ids)  # cached
    session = ledger.get_session(ids[0])
    table = ledger.next_hand(session)
    ruleset = builtin_engine().rulesets[session.ruleset.ruleset_id]
    hand = samples.random_hand(
        random.Random(5), ruleset.rules, [*table["players"], *table["sitting_out"]]
    )
    hand.pop("ruleset")
    ledger.add_hand(session, {"dealer": table["dealer"], **hand})
    hands = stored_hands(ids)
    stats = player_stats(records_for(ids))["players"]
    for name in stats:
        assert stats[name]["hands"] == direct_common(hands, name)["hands"]
        assert stats[name]["units"] == direct_common(hands, name)["units"]


def test_every_games_marks_name_its_players_and_every_part_has_its_words():
    """Each game with a ``stats`` part, over many random hands of each of its rulesets:
    marks only for the players named in the hand, and each part of a mark's path worded
    in Hungarian and English by the game's own catalogue."""
    engine = builtin_engine()
    seen = 0
    for ruleset in engine.rulesets.values():
        game = REGISTRY[ruleset.scorer]
        words = importlib.import_module(f"{game.package.__name__}.stats").WORDS
        rng = random.Random(4)
        variants = [ruleset.rules]
        if ruleset.id == "skat":  # Ramsch and its marks only under the house rules
            variants.append(ruleset.resolve(SKAT_HOUSE_RULES))
        for size, rules in ((s, r) for s in _tables(ruleset.id) for r in variants):
            table = [f"P{i}" for i in range(size)]
            for _ in range(300):
                facts = game.random_hand(rng, rules, table)
                hand = game.parse_hand(facts, rules, {})
                marks = game.stats(facts, hand, rules)
                assert set(marks) <= set(game.roles(hand)), facts
                for path in (m for found in marks.values() for m in found):
                    seen += 1
                    for part in path.split("."):
                        assert part in words["hu"] and part in words["en"], (path, part)
                        assert game.stats_label(part, "hu") == words["hu"][part]
    assert seen > 1000

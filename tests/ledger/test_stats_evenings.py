"""A group's statistics and standings from each evening's part: joined parts count as one
pass over the hands, a cold read settles every hand once, and a write to one evening
counts only that evening again."""

from __future__ import annotations

import datetime as dt
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from testkit import samples
from ulti_ledger import groups, ledger
from ulti_ledger.db import db
from ulti_ledger.games import builtin_engine
from ulti_ledger.groups.store import evening_rows
from ulti_ledger.ledger.pinning import result_cache
from ulti_ledger.models import GameSession
from ulti_ledger.settlement.transfers import pair_debts
from ulti_ledger.stats import HandRecord, player_stats, records_for, stats_for
from ulti_ledger.stats.evenings import TALLY_TAG
from ulti_ledger.stats.figures import combined_stats, tallies

FRIENDS = ("Anna", "Béla", "Csaba", "Dóra", "Ede")
ROLES = ("declarer", "partner", "opponent", "sitting_out")


@st.composite
def runs_of_hands(draw):
    """Records of a few evenings (as ``records_for`` gives them) and cuts into parts."""
    records = []
    for session_id in range(draw(st.integers(1, 5))):
        for number in range(1, draw(st.integers(0, 8)) + 1):
            names = draw(st.lists(st.sampled_from("ABCD"), min_size=1, max_size=4, unique=True))
            roles = {n: draw(st.sampled_from(ROLES)) for n in names}
            payments = {n: draw(st.integers(-3, 3)) for n in names}
            marks = {n: ("bids.x.won",) for n in names if draw(st.booleans())}
            game = draw(st.sampled_from(("g", "h")))
            records.append(HandRecord(session_id, number, game, roles, payments, marks))
    cuts = sorted(draw(st.lists(st.integers(0, len(records)), max_size=5)))
    return records, cuts


@settings(max_examples=400, deadline=None)
@given(runs_of_hands())
def test_joined_parts_count_as_one_pass(drawn):
    records, cuts = drawn
    parts, start = [], 0
    for cut in [*cuts, len(records)]:
        parts.append(tallies(records[start:cut]))
        start = cut
    joined, whole = combined_stats(parts), player_stats(records)
    assert joined == whole
    assert list(joined["players"]) == list(whole["players"])  # order of first appearance


def _tables(ruleset):
    seating = builtin_engine().rulesets[ruleset].seating()
    return range(seating.smallest, seating.largest + 1)


@pytest.fixture
def every_game(ctx):
    """A group of an evening of every shipped ruleset at each of its table sizes."""
    group = groups.create_group("Minden játék")
    made = []
    for ruleset in sorted(builtin_engine().rulesets):
        for size in _tables(ruleset):
            number = len(made)
            seats = tuple(FRIENDS[(number + i) % len(FRIENDS)] for i in range(size))
            body = samples.random_session(
                seats, 14, seed=number, name=f"E{number}", ruleset=ruleset
            )
            body["date"] = (dt.date(2026, 1, 6) + dt.timedelta(weeks=number)).isoformat()
            session = ledger.create_session(body)
            ledger.delete_hand(session, 2)
            groups.add_evening(group, session)
            made.append(session)
    return group, made


def test_each_evening_line_is_what_its_scoreboard_totals(every_game):
    """The standings' lines, summed from the statistics records, against the scoreboard's
    own totals (``session_summary``: every hand settled and worded), kitty evenings too."""
    group, made = every_game
    rows = evening_rows(group)
    lines = {line["id"]: line for line in groups.standings.evening_lines(rows)}
    for session in made:
        summary = ledger.session_summary(session)
        line = lines[session.id]
        assert line["players"] == summary["players"]
        assert line["units"] == summary["totals"]["units"]
        assert line["hands"] == len(summary["hands"])
        owed, _ = pair_debts(h["result"]["payments"] for h in summary["hands"])
        assert line["pairs"] == [[a, b, n] for (a, b), n in sorted(owed.items()) if n]
        played = {
            name: sum(
                name in h["hand"]["players"] and name not in h["hand"].get("sitting_out", [])
                for h in summary["hands"]
            )
            for name in summary["players"]
        }
        assert line["played"] == played
    assert any(ledger.session_summary(s)["kitty"] for s in made)  # a kitty evening is here


def _new_hand(session, seed):
    table = ledger.next_hand(session)
    rules = builtin_engine().rulesets[session.ruleset.ruleset_id].rules
    hand = samples.random_hand(
        random.Random(seed), rules, [*table["players"], *table["sitting_out"]]
    )
    hand.pop("ruleset")
    ledger.add_hand(session, {"dealer": table["dealer"], **hand})


def _tally(group, session_id):
    """The evening's tally kept under its current version (None if not kept)."""
    row = next(r for r in evening_rows(group) if r.id == session_id)
    return result_cache().get((TALLY_TAG, row.id, row.version, row.digest))


def test_a_write_to_one_evening_counts_only_that_evening_again(every_game):
    group, made = every_game
    ids = [s.id for s in made]
    stats_for(ids)
    kept = {i: _tally(group, i) for i in ids}
    assert all(part is not None for part in kept.values())
    written = made[3]
    _new_hand(written, 7)
    db.session.expire_all()
    got = stats_for(ids)
    for i in ids:
        if i == written.id:
            assert _tally(group, i) is not kept[i] and _tally(group, i) is not None
        else:
            assert _tally(group, i) is kept[i]  # the same object: not counted again
    result_cache().clear()
    assert got == player_stats(records_for(ids))  # the numbers of a cold count


def test_a_cold_group_read_settles_no_hand(every_game):
    """Cold, the standings and the statistics read each evening's stored summary: one
    line and one tally per evening are all they keep, and no hand is settled."""
    group, made = every_game
    result_cache().clear()
    period = groups.Period("all", None, None)
    groups.group_standings(group, period)
    assert len(result_cache()) == len(made) + 1  # the lines and the group's figures
    got = stats_for([s.id for s in made])
    assert len(result_cache()) == 2 * len(made) + 1  # and the tallies: no hand's record
    result_cache().clear()
    assert got == player_stats(records_for([s.id for s in made]))
    assert len(made) == db.session.query(GameSession).count()

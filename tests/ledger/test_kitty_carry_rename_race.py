"""A hand deleted while the group renames a member of a later kitty evening (issue 34).

The write that deletes the hand had read the later evening (its seats, by the old name)
before the rename committed; the group's kitty chain, refreshed under the group's lock,
then read that evening's hands by the new name beside its seats by the old one: a
``KeyError`` (a 500). Interleaved deterministically: two requests' database sessions,
the rename committed between the first one's reads and its write. Real database.
"""

from __future__ import annotations

import json

import pytest

from tests.games.tarokk.test_tarokk_ledger import HANDS, SEATS
from ulti_ledger import groups, ledger
from ulti_ledger.db import db
from ulti_ledger.models import GameSession

pytestmark = pytest.mark.db


def evening(name, day, seats, swap=None):
    """A magas tarokk evening (it keeps a kitty the group carries); ``swap``: (old, new),
    a player called otherwise at this table, in its seats and hands."""
    hands = HANDS[:2]
    if swap:
        hands = json.loads(json.dumps(hands).replace(f'"{swap[0]}"', f'"{swap[1]}"'))
        seats = [swap[1] if s == swap[0] else s for s in seats]
    body = {
        "format": "ulti-ledger/session@1",
        "ruleset": "magas-tarokk",
        "name": name,
        "date": day,
        "players": list(seats),
        "unit_value": {"amount": "5", "currency": "HUF"},
        "hands": hands,
    }
    return ledger.create_session(body)


def test_deleting_a_hand_while_a_later_evenings_member_is_renamed(app):
    with app.app_context():
        group = groups.create_group("Tarokk kör")
        first = evening("Első", "2026-10-06", SEATS, swap=("Anna", "Xavér"))  # no Anna
        second = evening("Második", "2026-10-13", SEATS)  # Anna deals its first hand
        for session in (first, second):
            groups.add_evening(group, session)
        ids = group.id, first.id, second.id
    gid, first_id, second_id = ids
    with app.app_context():  # the request that deletes a hand of the first evening
        first = ledger.get_session(first_id)
        later = db.session.get(GameSession, second_id)
        assert "Anna" in ledger.seat_names(later)  # read, as a page of the chain reads it
        with app.app_context():  # another request, committed meanwhile
            groups.rename_member(groups.get_group(gid), "Anna", "Zsófi")
        ledger.delete_hand(first, 1)
    with app.app_context():
        later = ledger.get_session(second_id)
        assert "Zsófi" in ledger.seat_names(later)
        assert ledger.session_summary(later)["kitty"] is not None
        assert len(ledger.session_summary(ledger.get_session(first_id))["hands"]) == 1

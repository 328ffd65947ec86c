"""Skat's average game value and the hands behind it: the average is the sum of the game
values over the games (counted here from the list entries the scoreboard shows), and the
list behind it, and behind the value total, names each of the player's games once, however
many points of value it counted."""

from __future__ import annotations

import re
from collections import Counter
from decimal import ROUND_HALF_UP, Decimal

import pytest

from testkit import samples
from tests.ledger.test_stats import MARKS, stored_hands
from ulti_ledger import ledger
from ulti_ledger.stats import hands_behind, records_for

pytestmark = pytest.mark.db
SEATS = ("Anna", "Béla", "Csaba")


def _links(html, name):
    """stat -> (value, link) of one player's card on the statistics page."""
    card = html.split(f'data-testid="stats-{name}"')[1].split("</section>")[0]
    pattern = r'<a href="([^"]+)"\s+data-testid="stat-' + re.escape(name) + r'-([^"]+)">([^<]*)'
    return {
        stat: (value, href.replace("&amp;", "&")) for href, stat, value in re.findall(pattern, card)
    }


def test_each_game_is_behind_the_average_value_once(app, client):
    with app.app_context():
        body = samples.random_session(SEATS, 24, seed=5, name="Skatabend", ruleset="skat")
        session = ledger.create_session(body)
        sid, view = session.id, session.view_token
        hands = stored_hands([sid])
        records = records_for([sid])
    html = client.get(f"/s/{view}/stats?lang=en").get_data(as_text=True)
    checked = 0
    for name in SEATS:
        games = [
            h[1] for h in hands if h[3].get("outcome") != "all_pass" and h[3]["declarer"] == name
        ]
        if not games:
            continue
        want = sum((MARKS["skat"](h, name) for h in hands), Counter())
        assert want["value.total"] > len(games)  # a game counts many points of value
        for stat in ("games.skat.value.total", "games.skat.value", "games.skat.types"):
            assert hands_behind(records, name, stat) == [(sid, n) for n in games], stat
        shown = _links(html, name)
        average = (Decimal(want["value.total"]) / len(games)).quantize(
            Decimal("0.1"), ROUND_HALF_UP
        )
        value, link = shown["games.skat.types"]  # the average's row links its games
        assert value == f"{average:.1f}"
        assert shown["games.skat.value.total"][0] == str(want["value.total"])
        for _, href in (shown["games.skat.types"], shown["games.skat.value.total"]):
            listed = client.get(href).get_data(as_text=True)
            numbers = [int(n) for n in re.findall(r'data-testid="behind-(\d+)"', listed)]
            assert numbers == games, (name, href)  # each game once, in order
        checked += 1
    assert checked

"""One seating convention, turned each game's way: a deal round of every shipped ruleset at
every table size it allows, played through the ledger, follows its rulebook's direction.

The players are listed as the new-evening form asks: as they sit, going round to the
right (each on the right of the one before: counter-clockwise seen from above). The table
here is drawn as a clock face of its own, independent of the code under test: seat k of n
sits at the angle -k × 360°/n (counter-clockwise). The rulebooks, not the ruleset files,
say which way each game passes the deal and who starts: each game writes its rulebook's
word in its own folder, ``<game>/tests/rulebook.py`` (``DEAL``, with the source).

At a table larger than the game plays, the dealer sits out (Ulti at five also the player
on his left, who dealt before him). A game registered without its ``rulebook.py`` fails:
its rulebook's direction must be written down before its deal can be trusted.
"""

from __future__ import annotations

import html
import importlib
import math
import random
import re

import pytest

from testkit import samples
from ulti_ledger import ledger
from ulti_ledger.games import REGISTRY, builtin_engine


def _rulebook(game: str) -> str | None:
    try:
        found = importlib.import_module(f"{REGISTRY[game].package.__name__}.tests.rulebook")
    except ModuleNotFoundError:
        return None
    return found.DEAL


RULEBOOK = {game: deal for game in REGISTRY if (deal := _rulebook(game))}
"""Each game's deal direction as its rulebook says it (``<game>/tests/rulebook.py``)."""
NAMES = ("Anna", "Béla", "Csaba", "Dóra", "Ede")
pytestmark = pytest.mark.db


def angle(k: int, n: int) -> float:
    """Where seat k of n sits: listed going right is counter-clockwise, seen from above."""
    return (-360.0 * k / n) % 360


def seat_towards(seats: tuple[str, ...], player: str, side: str) -> str:
    """The player sitting next to ``player`` on his right or left, found by the angles:
    facing the centre, a player's right hand is the counter-clockwise side."""
    n, here = len(seats), angle(seats.index(player), len(seats))
    turn = -360.0 / n if side == "right" else 360.0 / n
    target = (here + turn) % 360
    return next(p for k, p in enumerate(seats) if math.isclose(angle(k, n), target))


def test_every_registered_game_has_its_rulebook_direction_here():
    assert set(REGISTRY) <= set(RULEBOOK), "write the new game's direction in its tests/rulebook.py"


def drawn_table(page: str) -> dict:
    """What the board's table drawing (partials/table.html) shows: each seat's place and
    roles, and the arrow's two ends."""
    figure = re.search(r'<figure class="table-drawing".*?</figure>', page, re.S)
    assert figure, "the board draws the table"
    svg = figure.group(0)
    seats = {
        html.unescape(name): (float(x), float(y), classes.split()[1:])
        for classes, name, x, y in re.findall(
            r'<g class="([^"]*)" data-testid="seat-([^"]*)" data-x="([^"]*)" data-y="([^"]*)"',
            svg,
        )
    }
    ends = re.search(
        r'class="deal-arrow" d="M([\d.]+),([\d.]+) A[^ ]+ 0 0,\d ([\d.]+),([\d.]+)"', svg
    )
    centre = re.search(r'<ellipse class="table-top" cx="([\d.]+)" cy="([\d.]+)"', svg)
    x1, y1, x2, y2 = map(float, ends.groups())
    cx, cy = map(float, centre.groups())
    turn = (x1 - cx) * (y2 - cy) - (y1 - cy) * (x2 - cx)  # > 0: clockwise on the screen
    return {
        "seats": seats,
        "clockwise": turn > 0,
        "start": (x1, y1),
        "end": (x2, y2),
        "title": re.search(r"<title[^>]*>(.*?)</title>", svg, re.S).group(1),
    }


def nearest(seats: dict, point: tuple[float, float]) -> str:
    return min(seats, key=lambda p: math.dist(seats[p][:2], point))


def check_drawing(page: str, seats: tuple[str, ...], proposed: dict, passes: str) -> None:
    """The board draws the table as the rulebook has it: the seats counter-clockwise in the
    listed order, the roles of the next hand, and the arrow from the dealer the deal's way."""
    drawn = drawn_table(page)
    where = drawn["seats"]
    assert list(where) == list(seats)
    cx = sum(x for x, _, _ in where.values()) / len(seats)
    cy = sum(y for _, y, _ in where.values()) / len(seats)
    for here, there in zip(seats, (*seats[1:], seats[0]), strict=True):
        (x1, y1, _), (x2, y2, _) = where[here], where[there]
        assert (x1 - cx) * (y2 - cy) - (y1 - cy) * (x2 - cx) < 0  # counter-clockwise
    dealer = proposed["dealer"]
    assert [p for p in seats if "deals" in where[p][2]] == [dealer]
    assert [p for p in seats if "sits-out" in where[p][2]] == sorted(
        proposed["sitting_out"], key=seats.index
    )
    assert [p for p in seats if "bids-first" in where[p][2]] == [proposed["first_bidder"]]
    assert drawn["clockwise"] == (passes == "left")
    assert nearest(where, drawn["start"]) == dealer
    assert nearest(where, drawn["end"]) == seat_towards(seats, dealer, passes)
    assert all(name in drawn["title"] for name in seats)  # the text alternative names all


@pytest.mark.parametrize("ruleset_id", sorted(builtin_engine().rulesets))
def test_a_deal_round_follows_the_rulebook_at_every_table_size(app, client, ruleset_id):
    ruleset = builtin_engine().rulesets[ruleset_id]
    passes = RULEBOOK[ruleset.scorer]
    rng = random.Random(7)
    for size in ruleset.seating().sizes:
        seats = NAMES[:size]
        with app.app_context():
            session = ledger.create_session(
                samples.session_body(name="Kör", ruleset=ruleset_id, players=list(seats))
            )
            dealers = []
            board = f"/s/{session.view_token}"
            for _ in range(size):  # a full round: everyone deals once
                proposed = ledger.next_hand(session)
                page = client.get(board).get_data(as_text=True)
                check_drawing(page, seats, proposed, passes)
                dealer = proposed["dealer"]
                out = proposed["sitting_out"]
                assert len(proposed["players"]) + len(out) == size
                if len(out) >= 1:
                    assert out[0] == dealer, f"{ruleset_id} at {size}: the dealer sits out"
                if len(out) == 2:
                    assert out[1] == seat_towards(seats, dealer, "left")
                starts = [p for p in seats if p not in out]
                first = proposed["first_bidder"]
                side = seat_towards(seats, dealer, passes)
                while side in out:  # the first of the players on that side
                    side = seat_towards(seats, side, passes)
                assert first == side and first in starts, (ruleset_id, size, dealer, first)
                hand = samples.random_hand(
                    rng, ruleset.rules, (*proposed["players"], *proposed["sitting_out"])
                )
                hand.pop("ruleset")
                ledger.add_hand(session, {**hand, "dealer": dealer})
                dealers.append(dealer)
        expected = [seats[0]]
        while len(expected) < size:
            expected.append(seat_towards(seats, expected[-1], passes))
        assert dealers == expected, f"{ruleset_id} at {size}: {dealers} (rulebook: {passes})"


def test_the_new_evening_form_says_which_way_to_list_the_players(client):
    for lang, words in (("hu", "jobbra"), ("en", "to the right"), ("de", "nach rechts")):
        page = client.get(f"/sessions/new?lang={lang}").get_data(as_text=True)
        hint = re.search(r'data-testid="players-hint">([^<]*)<', page)
        assert hint and words in hint.group(1), lang

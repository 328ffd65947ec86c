"""Seating as data: a made-up game's ``[seating]`` drives the rotation at 3, 4 and 5."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ulti_ledger.games import REGISTRY, builtin_engine
from ulti_ledger.settlement import RulesetError
from ulti_ledger.settlement.seating import LastHand, Seating, TableSize, read_seating

FIVE = ("Anna", "Béla", "Csaba", "Dóra", "Ede")

# A made-up game shaped like Skat: the deal passes left (to the previous in the list),
# three play, at four the dealer sits out, at five the dealer and the second player to
# his left; forehand (the seat after the dealer) starts.
LEFTWARD = {
    "deal_passes": "left",
    "starts": 1,
    "tables": {
        "3": {"play": 3},
        "4": {"play": 3, "sits_out": [0]},
        "5": {"play": 3, "sits_out": [0, 2]},
    },
}
# Shaped like tarokk and snapszer: everyone plays at four, at five the dealer sits out.
ALL_PLAY = {"tables": {"4": {"play": 4}, "5": {"play": 4, "sits_out": [0]}}}


def test_a_section_is_read_into_the_table_sizes_and_their_sitters_out():
    seating = read_seating(LEFTWARD, "made-up.toml")
    assert seating.sizes == (3, 4, 5) and seating.deal_passes == "left"
    assert seating.tables[5] == TableSize(5, 3, (0, 2))
    assert seating.last_declarer_deals is False  # the option's default


def test_the_deal_passes_left_and_forehand_starts():
    seating = read_seating(LEFTWARD, "made-up.toml")
    three = FIVE[:3]
    assert seating.deal(three, "Anna").players == ("Csaba", "Béla", "Anna")
    assert seating.next_dealer(three, LastHand("Anna", "Béla")) == "Csaba"
    four = FIVE[:4]
    assert seating.deal(four, "Anna").sitting_out == ("Anna",)
    assert seating.deal(four, "Anna").first_bidder == "Dóra"


def test_at_five_the_dealer_and_the_second_player_to_his_left_sit_out():
    seating = read_seating(LEFTWARD, "made-up.toml")
    deal = seating.deal(FIVE, "Csaba")
    assert deal.sitting_out == ("Csaba", "Anna")  # left of Csaba: Béla, then Anna
    assert deal.players == ("Béla", "Ede", "Dóra")
    assert seating.dealer_of(FIVE, ("Csaba", "Anna")) == "Csaba"
    assert seating.dealer_of(FIVE, ("Csaba", "Béla")) is None  # no dealer gives that


def test_a_game_where_everyone_plays_at_four_and_the_dealer_sits_out_at_five():
    seating = read_seating(ALL_PLAY, "made-up.toml")
    assert seating.deal(FIVE[:4], "Béla").players == ("Csaba", "Dóra", "Anna", "Béla")
    assert seating.deal(FIVE[:4], "Béla").sitting_out == ()
    assert seating.dealer_of(FIVE[:4], ()) is None
    assert seating.deal(FIVE, "Ede").sitting_out == ("Ede",)
    with pytest.raises(ValueError, match="fewer than the 4"):
        seating.deal(FIVE[:3], "Anna")


def test_the_last_declarer_deals_when_the_section_says_so():
    seating = read_seating({**ALL_PLAY, "last_declarer_deals": True}, "made-up.toml")
    assert seating.next_dealer(FIVE, LastHand("Anna", "Dóra")) == "Dóra"
    assert seating.next_dealer(FIVE, LastHand("Anna", "Dóra", "redeal")) == "Anna"


@pytest.mark.parametrize(
    ("section", "key", "problem"),
    [
        ({"tables": {"4": {"play": 3}}}, "seating.tables.4.play", "not a table of 4"),
        ({"tables": {"5": {"play": 3, "sits_out": [0, 5]}}}, "sits_out", "different seats"),
        ({"tables": {"5": {"play": 3, "sits_out": [1, -4]}}}, "sits_out", "different seats"),
        ({"tables": {"one": {"play": 3}}}, "seating.tables.one", "table size"),
        ({"tables": {}}, "seating.tables", "at least one"),
        ({"deal_passes": "up", "tables": {"3": {"play": 3}}}, "deal_passes", "left"),
        ({"tables": {"3": {"play": 3}}, "dealer": 0}, "seating.dealer", "not a known key"),
    ],
)
def test_a_broken_section_is_refused_naming_the_key(section, key, problem):
    with pytest.raises(RulesetError) as caught:
        read_seating(section, "made-up.toml")
    assert key in caught.value.key and problem in caught.value.problem


def test_ulti_states_todays_table_as_data():
    for ruleset in (r for r in builtin_engine().rulesets.values() if r.scorer == "ulti"):
        seating = ruleset.seating()
        assert seating == Seating.standard(3, 5)  # 3 play; the dealer, then his left
        assert seating.tables[5].sits_out == (0, -1) and seating.deal_passes == "right"
        assert ruleset.seating({"last_declarer_deals": "on"}).last_declarer_deals is True
        assert ruleset.options["last_declarer_deals"].default == "off"
        assert ruleset.options["last_declarer_deals"].seating
        assert not ruleset.options["max_kontra_level"].seating


def test_snapszer_seats_three_four_or_five():
    """Three play alone-against-two, four all play, at five the dealer sits out (0)."""
    seating = builtin_engine().ruleset("snapszer").seating()
    assert {n: (t.play, t.sits_out) for n, t in seating.tables.items()} == {
        3: (3, ()),
        4: (4, ()),
        5: (4, (0,)),
    }
    deal = seating.deal(("A", "B", "C", "D", "E"), "C")
    assert deal.sitting_out == ("C",) and deal.players == ("D", "E", "A", "B")


@pytest.mark.parametrize("name", ["ulti-before-issue-10.toml", "ulti-before-issue-12.toml"])
def test_a_ruleset_file_from_before_the_seating_section_reads_with_todays_table(name):
    """Sessions pin their ruleset text: an older file has ``[table] active_players`` and
    no option; it reads with Ulti's seating and the option, and its digest is its own."""
    ruleset = REGISTRY.load_ruleset_file(f"tests/data/{name}")
    assert ruleset.seating() == Seating.standard(3, 5)
    assert ruleset.seating({"last_declarer_deals": "on"}).last_declarer_deals
    assert ruleset.rules.active_players == 3 and ruleset.rules.max_sitting_out == 2
    assert "[seating]" not in ruleset.text


def test_a_ruleset_with_a_seating_of_its_own():
    text = (
        builtin_engine()
        .rulesets["ulti"]
        .text.replace("5 = { play = 3, sits_out = [0, -1] }", "5 = { play = 3, sits_out = [0, 2] }")
    )
    seating = REGISTRY.parse_ruleset(text, "made-up.toml").seating()
    assert seating.deal(FIVE, "Anna").sitting_out == ("Anna", "Csaba")


@st.composite
def seatings(draw):
    """A made-up game: some table sizes from 3 to 5, each with its play count and whose
    seats sit out; the deal passes either way; a starter seat."""
    sizes = draw(st.sets(st.integers(3, 5), min_size=1))
    tables = {}
    for size in sizes:
        play = draw(st.integers(2, size))
        seats = draw(st.permutations(range(-size + 1, 1)))  # distinct seats, dealer-relative
        tables[str(size)] = {"play": play, "sits_out": list(seats[: size - play])}
    section = {
        "deal_passes": draw(st.sampled_from(["left", "right"])),
        "starts": draw(st.integers(-4, 4)),
        "tables": tables,
    }
    return read_seating(section, "made-up.toml")


@given(seatings(), st.data())
def test_every_player_deals_in_turn_and_the_rest_sit_out(seating, data):
    size = data.draw(st.sampled_from(seating.sizes))
    seats = FIVE[:size]
    last = None
    dealers = []
    for _ in range(size):
        deal = seating.next_deal(seats, last)
        assert len(deal.sitting_out) == size - seating.tables[size].play
        assert sorted(deal.players + deal.sitting_out) == sorted(seats)
        assert deal.first_bidder == seating.first_bidder(seats, deal.dealer, deal.players)
        named = seating.dealer_of(seats, deal.sitting_out)
        if named is not None:  # the players out name a dealer who seats them out so
            assert set(seating.deal(seats, named).sitting_out) == set(deal.sitting_out)
        if seating.tables[size].sits_out[:1] == (0,):  # the dealer sits out first
            assert named == deal.dealer
        dealers.append(deal.dealer)
        last = LastHand(deal.dealer, deal.first_bidder)
    assert sorted(dealers) == sorted(seats)  # each deals once a round
    step = 1 if seating.deal_passes == "right" else -1
    assert dealers == [seats[(k * step) % size] for k in range(size)]

import pytest

from ulti_ledger.rotation import Deal, LastHand, deal, first_bidder, next_deal, next_dealer

THREE = ("Anna", "Béla", "Csaba")
FOUR = ("Anna", "Béla", "Csaba", "Dóra")
FIVE = ("Anna", "Béla", "Csaba", "Dóra", "Ede")


def test_first_hand_is_dealt_by_the_first_seated_player():
    assert next_dealer(FOUR, None) == "Anna"


def test_the_deal_passes_to_the_right_the_next_index_wrapping_round():
    assert next_dealer(FOUR, LastHand("Anna", "Béla")) == "Béla"
    assert next_dealer(FOUR, LastHand("Dóra", "Anna")) == "Anna"


def test_the_first_bidder_is_the_first_player_on_the_dealer_s_right():
    for seats in (THREE, FOUR, FIVE):
        for dealer in seats:
            dealt = deal(seats, dealer)
            assert first_bidder(seats, dealer, dealt.players) == dealt.first_bidder
    # a scorer's deal: Anna deals and plays, Béla sits out; in any order listed
    assert first_bidder(FOUR, "Anna", ("Anna", "Dóra", "Csaba")) == "Csaba"
    assert first_bidder(THREE, "Csaba", THREE) == "Anna"


def test_three_players_all_play_and_the_dealer_bids_last():
    assert deal(THREE, "Béla") == Deal("Béla", ("Csaba", "Anna", "Béla"), ())


def test_four_players_the_dealer_sits_out():
    d = deal(FOUR, "Anna")
    assert d.sitting_out == ("Anna",)
    assert d.players == ("Béla", "Csaba", "Dóra")
    assert d.first_bidder == "Béla"


def test_four_players_wrapping_round():
    d = deal(FOUR, "Csaba")
    assert d == Deal("Csaba", ("Dóra", "Anna", "Béla"), ("Csaba",))


def test_five_players_the_dealer_and_the_player_on_his_left_sit_out():
    d = deal(FIVE, "Anna")
    assert d.sitting_out == ("Anna", "Ede")  # Ede: the previous index, on Anna's left
    assert d.players == ("Béla", "Csaba", "Dóra")
    assert d.first_bidder == "Béla"
    assert deal(FIVE, "Csaba") == Deal("Csaba", ("Dóra", "Ede", "Anna"), ("Csaba", "Béla"))


@pytest.mark.parametrize("seats", [THREE, FOUR, FIVE])
def test_every_seat_deals_once_per_round_and_each_deal_seats_everyone(seats):
    last = None
    dealers = []
    for _ in range(len(seats)):
        d = next_deal(seats, last)
        assert sorted(d.players + d.sitting_out) == sorted(seats)
        assert len(d.players) == 3
        dealers.append(d.dealer)
        last = LastHand(d.dealer, d.first_bidder)
    assert dealers == list(seats)


def test_house_option_the_last_declarer_deals_next():
    last = LastHand("Anna", "Csaba")
    assert next_dealer(FOUR, last, last_declarer_deals=True) == "Csaba"
    assert next_dealer(FOUR, last, last_declarer_deals=False) == "Béla"
    assert next_deal(FOUR, last, True).sitting_out == ("Csaba",)


def test_a_redeal_is_dealt_again_by_the_same_dealer():
    last = LastHand("Béla", "Csaba", "redeal")
    assert next_dealer(FOUR, last) == "Béla"
    assert next_dealer(FOUR, last, last_declarer_deals=True) == "Béla"


def test_an_all_pass_passes_the_deal_on_or_to_the_thrower_in():
    last = LastHand("Anna", "Béla", "all_pass")
    assert next_dealer(FOUR, last) == "Béla"
    assert next_dealer(FOUR, LastHand("Anna", "Csaba", "all_pass"), True) == "Csaba"


def test_a_recorded_override_is_where_the_rotation_goes_on_from():
    # the scorer let Csaba deal out of turn: the next deal goes on from Csaba
    assert next_dealer(FOUR, LastHand("Csaba", "Anna")) == "Dóra"


def test_a_last_dealer_no_longer_seated_starts_again_from_the_first_seat():
    assert next_dealer(FOUR, LastHand("Zoli", "Anna")) == "Anna"


def test_bad_tables_fail_loudly():
    with pytest.raises(ValueError, match="fewer than"):
        deal(("Anna", "Béla"), "Anna")
    with pytest.raises(ValueError, match="seated twice"):
        deal(("Anna", "Béla", "Anna"), "Anna")
    with pytest.raises(ValueError, match="not seated"):
        deal(FOUR, "Zoli")

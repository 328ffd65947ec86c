"""The explanation lines of real hands, settled by the engine, in both languages.

Each line is correct Hungarian (the number takes its suffix as it is read), uses the
hand form's word for a made bid (megvan), and shows where its numbers come from: the
kontra multiplier, the failed bid's extra, the value and the colour factor.
"""

from __future__ import annotations

import pytest

from tests.engine_helpers import ENGINE, hand

P3 = ["Anna", "Béla", "Csaba"]


def lines(data, lang):
    data = {"ruleset": "ulti", **data}
    return ENGINE.describe(ENGINE.settle(data), "ulti", lang=lang)


def test_made_ulti_each_defender_pays_with_the_suffix():
    data = hand(
        colour="zold", components=[{"name": "ulti", "won": True}, {"name": "parti", "won": True}]
    )
    assert lines(data, "hu") == [
        "ulti megvan: mindkét védő 4-et fizet",
        "parti megvan: mindkét védő 1-et fizet",
    ]
    assert lines(data, "en")[0] == "ulti made: each defender pays 4"


def test_lost_ulti_with_kontra_shows_the_rule_the_value_and_the_colour():
    data = hand(
        colour="piros",
        components=[{"name": "ulti", "won": False, "kontra": 1}, {"name": "parti", "won": True}],
    )
    assert lines(data, "hu") == [
        "ulti bukott, kontra: (2¹ + 1) × 8 = 24, 8 = 4 × 2 (piros); mindkét védő 24-et kap",
        "parti megvan: 2 = 1 × 2 (piros); mindkét védő 2-t fizet",
    ]
    assert lines(data, "en") == [
        "ulti lost, kontra: (2¹ + 1) × 8 = 24, 8 = 4 × 2 (piros); each defender receives 24",
        "parti made: 2 = 1 × 2 (piros); each defender pays 2",
    ]


def test_lost_ulti_without_kontra_shows_the_failed_extra():
    data = hand(
        colour="tok", components=[{"name": "ulti", "won": False}, {"name": "parti", "won": True}]
    )
    assert lines(data, "hu")[0] == "ulti bukott: (1 + 1) × 4 = 8; mindkét védő 8-at kap"
    assert lines(data, "en")[0] == "ulti lost: (1 + 1) × 4 = 8; each defender receives 8"


def test_made_with_rekontra_shows_the_power():
    data = hand(colour="makk", components=[{"name": "40-100", "won": True, "kontra": 2}])
    assert lines(data, "hu") == ["40-100 megvan, rekontra: 2² × 4 = 16; mindkét védő 16-ot fizet"]
    assert lines(data, "en") == ["40-100 made, rekontra: 2² × 4 = 16; each defender pays 16"]


def test_fedak_sari_is_a_name_in_both_languages():
    data = hand(
        options={"max_kontra_level": 6}, components=[{"name": "parti", "won": True, "kontra": 6}]
    )
    assert lines(data, "hu") == ["parti megvan, Fedák Sári: 2⁶ × 1 = 64; mindkét védő 64-et fizet"]
    assert lines(data, "en") == ["parti made, Fedák Sári: 2⁶ × 1 = 64; each defender pays 64"]


def test_individual_kontra_names_each_defender():
    data = hand(colour=None, components=[{"name": "betli", "won": False, "kontra": {"Béla": 1}}])
    assert lines(data, "hu") == ["betli bukott: Béla (kontra) 10-et kap (2¹ × 5), Csaba 5-öt kap"]
    assert lines(data, "en") == ["betli lost: Béla (kontra) receives 10 (2¹ × 5), Csaba receives 5"]


def test_all_pass_names_the_active_players_who_receive_not_who_sits_out():
    data = hand(players=P3, sitting_out=["Dóra"], colour=None, components=None, outcome="all_pass")
    hu, en = lines(data, "hu"), lines(data, "en")
    # why they receive: nobody picked up the talon after the first bidder's passz
    assert hu[0] == (
        "mindenki passz: Anna passza után senki sem vette fel a talont, ezért bedobja a "
        "lapjait, és fejenként 2-t fizet nekik: Béla és Csaba"
    )
    assert en[0] == (
        "all pass: nobody picked up the talon after Anna's passz, so he throws in and pays "
        "Béla and Csaba 2 each"
    )
    assert "Dóra" not in hu[0] and "Dóra" not in en[0]
    assert hu[1] == "Dóra kimarad ebből a leosztásból: 0"


def test_a_dealer_who_pays_as_a_defender_has_his_line():
    data = hand(
        options={"four_player_dealer": "pays_as_defender"},
        sitting_out=["Dóra"],
        colour="piros",
        components=[{"name": "40-100", "won": True}],
    )
    settlement = ENGINE.settle({"ruleset": "ulti", **data})
    assert settlement.payments["Dóra"] == -8
    assert ENGINE.describe(settlement, "ulti", lang="hu") == [
        "40-100 megvan: 8 = 4 × 2 (piros); mindkét védő és Dóra is 8-at fizet",
        "Dóra kimarad, de a házszabály szerint védőként számol el a felvevővel",
    ]
    assert ENGINE.describe(settlement, "ulti", lang="en") == [
        "40-100 made: 8 = 4 × 2 (piros); each defender and Dóra pay 8 each",
        "Dóra sits out, but settles with the declarer as a defender (house rule)",
    ]
    # every payment is on a line
    assert sum(line.amounts.get("Dóra", 0) for line in settlement.lines) == -8


def test_silent_results_show_their_factor():
    data = hand(
        colour="piros",
        components=[{"name": "parti", "won": True}],
        silent=[{"name": "ulti", "side": "declarer", "won": False}],
    )
    assert lines(data, "hu")[1] == (
        "csendes ulti bukott (a felvevőé): 2 × 4 = 8, 4 = 2 × 2 (piros); mindkét védő 8-at kap"
    )
    assert lines(data, "en")[1] == (
        "csendes ulti failed by the declarer: 2 × 4 = 8, 4 = 2 × 2 (piros); "
        "each defender receives 8"
    )


def test_one_defenders_silent_ulti_names_who_pays():
    data = hand(
        options={"defender_silent_ulti": "everyone"},
        colour="tok",
        silent=[{"name": "ulti", "side": "defenders", "won": True, "player": "Csaba"}],
    )
    assert lines(data, "hu")[1] == "csendes ulti megvan (Csaba): Anna és Béla fejenként 2-t fizet"
    assert lines(data, "en")[1] == "csendes ulti made by Csaba: Anna and Béla pay 2 each"


def test_defender_renonsz_shows_both_amounts():
    data = hand(
        renonsz={"player": "Béla"},
        components=[{"name": "ulti"}, {"name": "parti"}],
    )
    hu = lines(data, "hu")
    assert hu[0].startswith("Béla renonszot vétett: a felvevőnek annyit fizet, mintha megvolna")
    assert hu[1] == "  ulti: a felvevő 4-et kap, Csaba 8-at ((1 + 1) × 4)"
    assert lines(data, "en")[1] == "  ulti: the declarer receives 4, Csaba 8 ((1 + 1) × 4)"


def test_throw_in_one_kontra_higher():
    data = hand(
        options={"declarer_throw_in": "loss_next_kontra"},
        colour="piros",
        outcome="conceded",
        components=[{"name": "ulti", "kontra": 1}, {"name": "parti"}],
    )
    assert lines(data, "hu")[1] == (
        "  ulti, kontra: (2² + 1) × 8 = 40, 8 = 4 × 2 (piros); mindkét védő 40-et kap"
    )


@pytest.mark.parametrize("lang", ["hu", "en"])
def test_no_old_wording_remains(lang, hand_kinds):
    for data in hand_kinds.values():
        for text in lines(data, lang):
            assert "fizeti" not in text.replace("részét fizeti", "").replace(
                "kétszeresét fizeti", ""
            )
            assert "nyert" not in text
            assert "from each defender" not in text


def test_at_five_the_dealer_who_pays_as_a_defender_is_the_four_player_rule_only():
    """``four_player_dealer`` speaks of a four-player table's one sitter: at five, both
    sitters sit out at 0 whatever it says, and the lines say so (before, both paid as a
    third and fourth defender, doubling the declarer's stakes)."""
    data = {
        "ruleset": "ulti",
        "options": {"four_player_dealer": "pays_as_defender"},
        "players": ["Béla", "Csaba", "Dóra"],
        "sitting_out": ["Anna", "Ede"],
        "declarer": "Béla",
        "colour": "piros",
        "components": [{"name": "parti", "won": True}],
    }
    settlement = ENGINE.settle(data)
    assert settlement.payments == {"Béla": 4, "Csaba": -2, "Dóra": -2, "Anna": 0, "Ede": 0}
    plain = ENGINE.settle({**data, "options": {}})
    assert settlement.payments == plain.payments
    assert ENGINE.describe(settlement, "ulti", lang="hu") == [
        "parti megvan: 2 = 1 × 2 (piros); mindkét védő 2-t fizet",
        "Anna kimarad ebből a leosztásból: 0",
        "Ede kimarad ebből a leosztásból: 0",
    ]

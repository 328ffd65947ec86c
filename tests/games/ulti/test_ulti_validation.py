"""Each class of impossible Ulti hand is rejected whole, with a message naming key and problem."""

from __future__ import annotations

import pytest

from tests.engine_helpers import ENGINE, hand
from ulti_ledger.settlement import HandError

CASES = [
    # (id, hand, key, words the message must contain)
    ("unknown ruleset", hand(ruleset="snapszer-x"), "ruleset", ["unknown ruleset", "ulti"]),
    (
        "unknown component",
        hand(components=[{"name": "ultimo", "won": True}]),
        "components[0].name",
        ['"ultimo" is not allowed', "ulti"],
    ),
    (
        "unknown silent result",
        hand(silent=[{"name": "betli", "side": "declarer", "won": True}]),
        "silent[0].name",
        ['"betli" is not allowed'],
    ),
    (
        "unknown option",
        hand(options={"max_kontra": 2}),
        "options.max_kontra",
        ["no house-rule option", 'did you mean "max_kontra_level"'],
    ),
    (
        "unknown option value",
        hand(options={"defender_renonsz": "triple"}),
        "options.defender_renonsz",
        ["'triple' is not a value", "double_win_to_declarer"],
    ),
    ("unknown key", hand(contract="passz"), "contract", ["is not a key of a hand"]),
    (
        "unknown component key",
        hand(components=[{"name": "parti", "won": True, "kontras": 1}]),
        "components[0].kontras",
        ['did you mean "kontra"'],
    ),
    (
        "missing parti",
        hand(components=[{"name": "ulti", "won": True}]),
        "components",
        ["carries the parti"],
    ),
    (
        "parti beside a 100 game",
        hand(components=[{"name": "40-100", "won": True}, {"name": "parti", "won": True}]),
        "components",
        ["carries no parti", "40-100"],
    ),
    (
        "parti beside durchmars",
        hand(components=[{"name": "durchmars", "won": True}, {"name": "parti", "won": True}]),
        "components",
        ["carries no parti", "durchmars"],
    ),
    (
        "betli with anything",
        hand(
            colour=None, components=[{"name": "betli", "won": True}, {"name": "ulti", "won": True}]
        ),
        "components",
        ["betli cannot be combined with ulti"],
    ),
    (
        "40-100 with 20-100",
        hand(components=[{"name": "40-100", "won": True}, {"name": "20-100", "won": True}]),
        "components",
        ["40-100 cannot be combined with 20-100"],
    ),
    (
        "two durchmars",
        hand(
            components=[
                {"name": "durchmars", "won": True},
                {"name": "durchmars", "open": True, "won": True},
            ]
        ),
        "components",
        ["durchmars is listed twice"],
    ),
    ("colour missing", hand(colour=None), "colour", ["needs a colour", "makk"]),
    ("colour invalid", hand(colour="red"), "colour", ['"red" is not allowed', "piros"]),
    (
        "colour for open betli",
        hand(colour="piros", components=[{"name": "betli", "open": True, "won": True}]),
        "colour",
        ["played without a colour"],
    ),
    (
        "colour not allowed for betli",
        hand(colour="makk", components=[{"name": "betli", "won": True}]),
        "colour",
        ["cannot be played in makk", "piros"],
    ),
    (
        "kontra out of range",
        hand(components=[{"name": "parti", "won": True, "kontra": -1}]),
        "components[0].kontra",
        ["must be a kontra level from 0 to 4"],
    ),
    (
        "kontra above the ceiling",
        hand(components=[{"name": "parti", "won": True, "kontra": 5}]),
        "components[0].kontra",
        ["kontra level 5 is above this table's ceiling, mordkontra (4)"],
    ),
    (
        "kontra above a lowered ceiling",
        hand(
            options={"max_kontra_level": 2},
            components=[{"name": "parti", "won": True, "kontra": 3}],
        ),
        "components[0].kontra",
        ["above this table's ceiling, rekontra (2)"],
    ),
    (
        "unequal common kontra",
        hand(components=[{"name": "parti", "won": True, "kontra": {"Béla": 1, "Csaba": 0}}]),
        "components[0].kontra",
        ["is common", "same level for both defenders"],
    ),
    (
        "kontra by the declarer",
        hand(colour=None, components=[{"name": "betli", "won": True, "kontra": {"Anna": 1}}]),
        "components[0].kontra",
        ["Anna is not a defender"],
    ),
    (
        "silent result not allowed by the contract",
        hand(
            components=[{"name": "40-100", "won": True}],
            silent=[{"name": "100", "side": "declarer", "won": True}],
        ),
        "silent[0].name",
        ["no csendes 100 beside a bid 40-100"],
    ),
    (
        "silent result in betli",
        hand(
            colour=None,
            components=[{"name": "betli", "won": True}],
            silent=[{"name": "ulti", "side": "declarer", "won": True}],
        ),
        "silent",
        ["has no silent results"],
    ),
    (
        "silent result the színlicites table excludes",
        hand(
            ruleset="ulti-szinlicites",
            components=[{"name": "durchmars", "won": True}],
            silent=[{"name": "100", "side": "declarer", "won": True}],
        ),
        "silent[0].name",
        ["a durchmars allows no csendes 100", "csendes ulti"],
    ),
    (
        "silent 100 that fails",
        hand(silent=[{"name": "100", "side": "declarer", "won": False}]),
        "silent[0].won",
        ["cannot fail"],
    ),
    (
        "won durchmars beside a lost point game",
        hand(components=[{"name": "40-100", "won": False}, {"name": "durchmars", "won": True}]),
        "components[0].won",
        ["won durchmars (all ten tricks) beside a lost 40-100"],
    ),
    (
        "declarer's silent durchmars beside a lost négy ász",
        hand(
            components=[{"name": "negy-asz", "won": False}, {"name": "parti", "won": True}],
            silent=[{"name": "durchmars", "side": "declarer", "won": True}],
        ),
        "components[0].won",
        ["the declarer's csendes durchmars (all ten tricks) beside a lost négy ász"],
    ),
    (
        "declarer's silent 100 beside a lost parti",
        hand(
            components=[{"name": "parti", "won": False}],
            silent=[{"name": "100", "side": "declarer", "won": True}],
        ),
        "components[0].won",
        ["the declarer's csendes 100 (100 points) beside a lost parti"],
    ),
    (
        "defenders' silent 100 beside a made parti",
        hand(silent=[{"name": "100", "side": "defenders", "won": True}]),
        "components[0].won",
        ["the defenders' csendes 100 (100 points) beside a made parti"],
    ),
    (
        "silent durchmars beside a lost parti",
        hand(
            components=[{"name": "parti", "won": False}],
            silent=[{"name": "durchmars", "side": "declarer", "won": True}],
        ),
        "components[0].won",
        ["beside a lost parti"],
    ),
    (
        "defenders' silent durchmars beside a made parti",
        hand(silent=[{"name": "durchmars", "side": "defenders", "won": True}]),
        "components[0].won",
        ["beside a made parti"],
    ),
    ("declarer not playing", hand(declarer="Dóra"), "declarer", ["Dóra is not playing this hand"]),
    (
        "declarer sitting out",
        hand(declarer="Dóra", sitting_out=["Dóra"]),
        "declarer",
        ["Dóra sits out this hand"],
    ),
    (
        "renonsz player not playing",
        hand(renonsz={"player": "Zoli"}),
        "renonsz.player",
        ["Zoli is not playing this hand"],
    ),
    (
        "player named twice",
        hand(players=["Anna", "Béla", "Anna"]),
        "players",
        ["Anna is named twice"],
    ),
    (
        "player both playing and sitting out",
        hand(sitting_out=["Béla"]),
        "sitting_out",
        ["Béla is named twice"],
    ),
    ("wrong number of players", hand(players=["Anna", "Béla"]), "players", ["played by 3, not 2"]),
    (
        "won of the wrong type",
        hand(components=[{"name": "parti", "won": "yes"}]),
        "components[0].won",
        ["must be true or false"],
    ),
    (
        "won missing",
        hand(components=[{"name": "parti"}]),
        "components[0].won",
        ["say whether the declarer made the parti"],
    ),
    (
        "kontra of the wrong type",
        hand(components=[{"name": "parti", "won": True, "kontra": "kontra"}]),
        "components[0].kontra",
        ["must be a kontra level"],
    ),
    (
        "players of the wrong type",
        hand(players="Anna, Béla, Csaba"),
        "players",
        ["must be a list of names"],
    ),
    (
        "components of the wrong type",
        hand(components={"name": "parti"}),
        "components",
        ["non-empty list"],
    ),
    ("a hand that is not an object", ["Anna"], "", ["must be a JSON object"]),
    (
        "open form that does not exist",
        hand(components=[{"name": "parti", "won": True, "open": True}]),
        "components[0].open",
        ["parti has no open (terített) form"],
    ),
    ("outcome unknown", hand(outcome="abandoned"), "outcome", ['"abandoned" is not allowed']),
    (
        "négy ász switched off",
        hand(
            options={"negy_asz_enabled": "off"},
            components=[{"name": "negy-asz", "won": True}, {"name": "parti", "won": True}],
        ),
        "components[0].name",
        ["négy ász is not played at this table"],
    ),
    (
        "silent négy ász switched off",
        hand(
            options={"negy_asz_enabled": "off"},
            silent=[{"name": "negy-asz", "side": "declarer", "won": True}],
        ),
        "silent[0].name",
        ["négy ász is not paid at this table"],
    ),
]


@pytest.mark.parametrize(
    ("data", "key", "words"), [c[1:] for c in CASES], ids=[c[0] for c in CASES]
)
def test_rejected_with_message(data, key, words):
    with pytest.raises(HandError) as info:
        ENGINE.settle(data)
    assert info.value.key == key
    message = str(info.value)
    for word in words:
        assert word in message, message


def test_valid_base_hand_is_accepted():
    """The cases above differ from this accepted hand only by the fault they test."""
    assert ENGINE.settle(hand()).payments == {"Anna": 2, "Béla": -1, "Csaba": -1}


def test_unhashable_values_give_messages_not_crashes():
    for bad in (
        hand(players=[["Anna"], "B", "C"]),
        hand(declarer=["Anna"]),
        hand(colour=["makk"]),
        hand(components=[{"name": ["parti"], "won": True}]),
        hand(outcome={"x": 1}),
        hand(ruleset=["ulti"]),
    ):
        with pytest.raises(HandError):
            ENGINE.settle(bad)

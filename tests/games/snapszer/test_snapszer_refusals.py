"""Each class of impossible snapszer hand is refused whole, with its code and a message
naming the key and saying what is allowed, in English and Hungarian."""

from __future__ import annotations

from typing import Any

import pytest

from tests.engine.test_error_codes import engine_refusals
from tests.engine_helpers import ENGINE, REPO
from tests.engine_helpers import snapszer_four as _four
from tests.engine_helpers import snapszer_hand as _hand
from ulti_ledger.settlement import HandError

THREE = ["Anna", "Béla", "Csaba"]
FOUR = [*THREE, "Dóra"]


def _alone(**keys: Any) -> dict[str, Any]:
    """Four players, Béla reached 66 alone before the chosen card was seen."""
    return {"ruleset": "snapszer", "players": FOUR, "declarer": "Anna", "winner": "Béla", **keys}


CASES = [
    (
        "five players",
        _hand(players=[*FOUR, "Zoli"]),
        "players",
        "players_count",
        "Snapszer is played by 3 or 4, not 5",
        "Snapszer: 3 vagy 4 játékos játssza, nem 5",
    ),
    (
        "an outcome snapszer does not have",
        _hand(outcome="thrown_in"),
        "outcome",
        "outcome_unknown",
        '"thrown_in" is not allowed; allowed: played, redeal',
        '"thrown_in" nem választható; választható: played, redeal',
    ),
    (
        "a result on a redeal",
        _hand(outcome="redeal", loser=None),
        "won",
        "outcome_has_no",
        "a hand with outcome redeal has no won",
        "redeal kimenetelű leosztásban nincs won",
    ),
    (
        "a result beside a renonsz",
        _hand(renonsz={"player": "Béla"}, loser=None),
        "won",
        "renonsz_decides",
        "a renonsz decides the hand: leave won out",
        "a renonsz eldönti a leosztást: won maradjon ki",
    ),
    (
        "a lone winner at three players",
        _hand(winner="Béla", won=None),
        "winner",
        "winner_needs_four",
        "only at four players: who reached 66 alone, before the chosen card was seen",
        "csak négy játékosnál: aki a választott lap előtt egyedül elérte a 66-ot",
    ),
    (
        "a lone winner beside won",
        _alone(won=True),
        "won",
        "winner_plays_alone",
        "leave won out when winner is given: the winner played alone against the other three",
        "ha winner meg van adva, won maradjon ki: a győztes egyedül játszott a másik három ellen",
    ),
    (
        "a lone winner on a renonsz hand",
        _alone(renonsz={"player": "Csaba"}),
        "winner",
        "winner_not_played",
        "a hand with a renonsz or a redeal has no winner",
        "renonszos vagy újraosztott leosztásban nincs winner",
    ),
    (
        "a partner at three players",
        _hand(partner="Béla"),
        "partner",
        "partner_at_three",
        "at three players the starting player plays alone: leave partner out",
        "három játékosnál a kezdőjátékos egyedül játszik: partner maradjon ki",
    ),
    (
        "no partner at four players",
        {k: v for k, v in _four().items() if k != "partner"},
        "partner",
        "partner_missing",
        "is required at four players: the holder of the chosen card, or null when the "
        "starting player held it himself",
        "négy játékosnál kötelező: a választott lap gazdája, vagy null, ha a lap a "
        "kezdőjátékosnál volt",
    ),
    (
        "the starting player as his own partner",
        _four(partner="Anna"),
        "partner",
        "partner_is_declarer",
        "Anna is the starting player; when he held the chosen card himself, partner is null",
        "Anna a kezdőjátékos; ha a választott lap nála volt, a partner null",
    ),
    (
        "a snapszer that is not an object",
        _hand(snapszer="Anna", loser=None),
        "snapszer",
        "not_a_snapszer",
        'must be {"by": NAME} or null, not a string',
        'ilyen legyen: {"by": NÉV}, vagy null; nem szöveg',
    ),
    (
        "a snapszer beside a lone winner",
        _alone(snapszer={"by": "Béla"}),
        "snapszer",
        "snapszer_beside_winner",
        "an announced snapszer is played by its side, not won alone with winner",
        "a bemondott snapszert az oldala játssza: nem lehet winner mellett, egyedül megnyerve",
    ),
    (
        "a snapszer announced by a loser",
        _four(snapszer={"by": "Béla"}, loser=None),
        "snapszer.by",
        "snapszer_not_on_side",
        "only the starting player or the chosen card's holder announces a snapszer "
        "(Anna, Csaba), not Béla",
        "snapszert csak a kezdőjátékos vagy a választott lap gazdája mondhat (Anna, Csaba), "
        "Béla nem",
    ),
    (
        "no result",
        _hand(won=None),
        "won",
        "won_missing",
        "is required: true when the starting player's side won",
        "kötelező: true, ha a kezdőjátékos oldala nyert",
    ),
    (
        "a result that is not true or false",
        _hand(won="yes"),
        "won",
        "not_a_boolean",
        "must be true or false, not a string",
        "true vagy false legyen, nem szöveg",
    ),
    (
        "the losers' cards beside a snapszer",
        _hand(snapszer={"by": "Anna"}),
        "loser",
        "snapszer_has_no_loser",
        "a snapszer is worth the same however the losers played: leave loser out",
        "a snapszer ugyanannyit ér, akárhogy játszottak a vesztesek: loser maradjon ki",
    ),
    (
        "no losers' cards",
        _hand(loser=None),
        "loser",
        "loser_missing",
        "is required: the losing side's cards, no_trick, below_33, reached_33",
        "kötelező: a vesztes oldal lapjai, ezek egyike: no_trick, below_33, reached_33",
    ),
    (
        "a misspelt tier",
        _hand(loser="below_30"),
        "loser",
        "loser_unknown",
        '"below_30" is not allowed (did you mean "below_33"?); allowed: no_trick, below_33, '
        "reached_33",
        '"below_30" nem választható (talán „below_33”?); választható: no_trick, below_33, '
        "reached_33",
    ),
    (
        "doubling at a table that does not play it",
        _hand(kontra=1),
        "kontra",
        "kontra_off",
        "doubling is not played at this table (house rule kontra is off)",
        "ennél az asztalnál nincs duplázás (a kontra házszabály ki van kapcsolva)",
    ),
    (
        "a doubling level there is not",
        {**_hand(kontra=3), "options": {"kontra": "on"}},
        "kontra",
        "kontra_level",
        "must be 1 (gspritzt) or 2 (retour), not 3",
        "1 (gspritzt) vagy 2 (retour) lehet, nem 3",
    ),
    (
        "doubling at four, where the sides are hidden",
        {**_four(kontra=1), "options": {"kontra": "on"}},
        "kontra",
        "kontra_at_four",
        "only at three players: at four the sides are hidden until the chosen card is seen, "
        "so nobody can double",
        "csak hárman: négyen az oldalak rejtve vannak, amíg a választott lap elő nem kerül, "
        "így senki sem duplázhat",
    ),
]


@pytest.mark.parametrize(
    ("what", "hand", "key", "code", "english", "hungarian"), CASES, ids=[c[0] for c in CASES]
)
def test_an_impossible_hand_is_refused_with_its_key_and_code(
    what, hand, key, code, english, hungarian
):
    with pytest.raises(HandError) as refused:
        ENGINE.settle(hand)
    err = refused.value
    assert (err.key, err.code) == (key, code), what
    assert str(err) == f"{key}: {english}", what
    assert err.text("hu") == f"{key}: {hungarian}", what


def test_every_snapszer_refusal_is_exercised_here():
    """A new refusal of the snapszer hand gets a case above (the cases also reach the
    core's checks that the hand calls, such as ``outcome_has_no``)."""
    found = engine_refusals([REPO / "ulti_ledger/games/snapszer/hand.py"])
    codes = {c for _, _, codes in found for c in codes or ()}
    assert codes and codes - {case[3] for case in CASES} == set()

"""Each class of impossible tarokk hand is refused whole, with a message naming the key
and saying what is allowed, in English and Hungarian."""

from __future__ import annotations

import pytest

from tests.engine_helpers import ENGINE
from tests.engine_helpers import tarokk_hand as _hand
from ulti_ledger.settlement import HandError


def _fig(name, side="declarer", announced=True, won=True, **more):
    return {"name": name, "side": side, "announced": announced, "won": won, **more}


CASES = [
    (
        "a figure this ruleset does not have",
        _hand(figures=[_fig("pagat-facan")]),
        "figures[0].name",
        "pagat-facan is not a figure of Tarokk (illusztrált)",
        "a(z) pagat-facan nem figurája ennek: Tarokk (illusztrált)",
    ),
    (
        "a misspelt figure",
        _hand(figures=[_fig("pagat-ultimu")]),
        "figures[0].name",
        'did you mean "pagat-ultimo"',
        "pagat-ultimo",
    ),
    (
        "a rekontra on a magas figure",
        _hand("magas-tarokk", figures=[_fig("harom-kiraly", kontra=2)]),
        "figures[0].kontra",
        "harom-kiraly is a magas figure: kontra only, no rekontra or higher (level 2)",
        "magas figura: csak kontra, rekontra vagy magasabb nem (2. szint)",
    ),
    (
        "an announce-only figure recorded silently",
        _hand(figures=[_fig("kiraly-uhu", announced=False)]),
        "figures[0].announced",
        "kiraly-uhu counts only when announced: it cannot be made or failed silently",
        "csak bemondva számít",
    ),
    (
        "a silent figure with a kontra",
        _hand(figures=[_fig("tuletroa", announced=False, kontra=1)]),
        "figures[0].kontra",
        "a silent figure is never kontra'd",
        "csendes figurát nem lehet megkontrázni",
    ),
    (
        "a silent figure failed that cannot fail silently",
        _hand(figures=[_fig("xxi-fogas", announced=False, won=False)]),
        "figures[0].won",
        "a silent xxi-fogas is never failed",
        "nem bukhat el",
    ),
    (
        "a volát for one side beside the other side's parti",
        _hand(figures=[_fig("volat", "opponents", announced=False)]),
        "figures[0]",
        "a volát made by the opponents cannot stand beside the declarer's side's parti",
        "az ellenfelek által teljesített volát mellett nem nyerhette a felvevő oldal a partit",
    ),
    (
        "a dupla made by both sides",
        _hand(figures=[_fig("dupla", announced=False), _fig("dupla", "opponents", False)]),
        "figures",
        "both sides cannot make the dupla",
        "nem teljesülhet mindkét oldalnak",
    ),
    (
        "a failed dupla beside the same side's volát",
        _hand(figures=[_fig("volat", announced=False), _fig("dupla", won=False)]),
        "figures[1].won",
        "a volát takes every trick, so its side's dupla is made",
        "a volát minden ütést elvisz",
    ),
    (
        "five active players",
        _hand(players=["S", "E", "N", "W", "X"]),
        "players",
        "tarokk is played by four, not 5; at a table of five the dealer sits out",
        "a tarokkot négyen játsszák, nem 5",
    ),
    (
        "two figures of one trick",
        _hand(figures=[_fig("pagat-ultimo"), _fig("kiraly-ultimo", "opponents")]),
        "figures[1]",
        "kiraly-ultimo and pagat-ultimo cannot both be made",
        "nem teljesülhet egyszerre",
    ),
    (
        "a figure twice",
        _hand(figures=[_fig("tuletroa"), _fig("tuletroa", "opponents", won=False)]),
        "figures[1].name",
        "tuletroa is listed twice",
        "kétszer szerepel",
    ),
    (
        "a kontra above the ceiling",
        _hand(game={"won": True, "kontra": 5}),
        "game.kontra",
        "kontra level 5 is above this table's ceiling, hirskontra (4)",
        "plafonja",
    ),
    (
        "a partner beside the card in the skart",
        _hand(skart=True),
        "partner",
        "the called card lay in the skart, so the declarer plays alone: partner is null",
        "a hívott lap a skartban volt",
    ),
    (
        "an unknown contract",
        _hand(contract="negy"),
        "contract",
        '"negy" is not allowed',
        "harom, ketto, egy, szolo",
    ),
    (
        "a tarokkszám of seven",
        _hand(tarokkszam=[{"player": "S", "count": 7}]),
        "tarokkszam[0].count",
        "must be 8 or 9, the tarokks shown, not 7",
        "8 vagy 9 lehet",
    ),
    (
        "a played hand without its parti",
        _hand(game=None),
        "game",
        "is required",
        "kötelező",
    ),
    (
        "a no-play hand with figures",
        _hand(outcome="no_play", game=None, figures=[_fig("tuletroa")]),
        "figures",
        "a hand with outcome no_play has no figures",
        "nem játszották le",
    ),
    (
        "a silent dupla beside the same side's volát",
        _hand(figures=[_fig("volat", announced=False), _fig("dupla", announced=False)]),
        "figures[1]",
        "a silent dupla is not paid beside the same side's volát: list the volát only",
        "a csendes duplát nem fizetik ugyanannak az oldalnak a volátja mellett",
    ),
    (
        "a game won or lost on a renonsz hand",
        _hand(renonsz={"player": "E"}, game={"won": True}),
        "game.won",
        "the hand was not played out (renonsz): leave won out",
        "a leosztást nem játszották végig (renonsz)",
    ),
    (
        "a suit on a figure that names none",
        _hand(figures=[_fig("tuletroa", card="piros")]),
        "figures[0].card",
        "only a király figure or a színcsalád names a suit: kor, karo, treff, pikk",
        "színt csak király figura vagy színcsalád nevez meg",
    ),
    (
        "no partner given",
        _hand(partner=None),
        "partner",
        "is required: the holder of the called card, or null when the declarer plays alone",
        "kötelező: a hívott lap gazdája",
    ),
    (
        "the declarer named as his own partner",
        _hand(partner="S"),
        "partner",
        "S is the declarer; when he called himself, partner is null",
        "S a felvevő; ha magát hívta, a partner null",
    ),
    (
        "a tarokkszám shown twice by one player",
        _hand(tarokkszam=[{"player": "S", "count": 8}, {"player": "S", "count": 9}]),
        "tarokkszam[1].player",
        "S shows his tarokks once",
        "S egyszer mutatja be a tarokkjait",
    ),
    (
        "a renonsz on a hand with no play",
        _hand(outcome="no_play", game=None, renonsz={"player": "E"}),
        "renonsz",
        "a hand with outcome no_play has no renonsz",
        "no_play kimenetelű leosztásban nincs renonsz",
    ),
    (
        "a volát made by both sides",
        _hand(figures=[_fig("volat"), _fig("volat", "opponents", announced=False)]),
        "figures",
        "both sides cannot make the volát",
        "a volát nem teljesülhet mindkét oldalnak",
    ),
    (
        "a ruling in illusztrált",
        _hand(renonsz={"player": "E", "ruling": "charge"}),
        "renonsz.ruling",
        "with no vote: leave ruling out",
        "szavazás nélkül",
    ),
]


@pytest.mark.parametrize(
    ("what", "hand", "key", "english", "hungarian"), CASES, ids=[c[0] for c in CASES]
)
def test_an_impossible_hand_is_refused_naming_the_key(what, hand, key, english, hungarian):
    with pytest.raises(HandError) as refused:
        ENGINE.settle(hand)
    assert refused.value.key == key, what
    assert english in str(refused.value), what
    assert hungarian in refused.value.text("hu"), what

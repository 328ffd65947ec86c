"""The rules as the seeds say them (issue 10, point 8): five corrections, on the engine.

Each test quotes its seed verbatim (shared ``seeds/``, Hungarian originals). Each refusal
names the key at fault and the reason; the neighbours that can happen are accepted and
settle by RULES.md 1.2. Through the API, and for sessions pinned to the ruleset texts
before this change: ``tests/games/ulti/test_seed_rules_api.py``.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from testkit.samples import random_hand
from tests.engine_helpers import ENGINE, hand
from ulti_ledger.games import parse_ruleset
from ulti_ledger.settlement import Engine, HandError

SEED_000 = "seeds/000_158fbf102dd77047.txt"
SEED_001 = "seeds/001_058b30b17b3c3a22.txt"
DATA = Path(__file__).parents[2] / "data"
OLD_ULTI = parse_ruleset((DATA / "ulti-before-issue-10.toml").read_text("utf-8"), "old ulti")
OLD = Engine({"ulti": OLD_ULTI})
NAMES = ["", "kontra", "rekontra", "szubkontra", "mordkontra"]


def betli(kontra: dict[str, int], won: bool = False, **extra):
    return hand(colour=None, components=[{"name": "betli", "won": won, "kontra": kontra}], **extra)


def refused(data, engine: Engine = ENGINE) -> HandError:
    with pytest.raises(HandError) as info:
        engine.settle(data)
    return info.value


def lost_betli_payments(b: int, c: int) -> dict[str, int]:
    """RULES.md 1.2: a lost betli (5) pays each defender 5 x 2^k at his own level."""
    return {"Anna": -5 * 2**b - 5 * 2**c, "Béla": 5 * 2**b, "Csaba": 5 * 2**c}


# 1. Rekontra -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("b", "c", "word", "said"),
    [
        (2, 1, "rekontra", "kontra"),  # the issue's own example
        (3, 1, "rekontra", "kontra"),
        (4, 1, "rekontra", "kontra"),
        (4, 3, "mordkontra", "szubkontra"),
    ],
)
def test_a_rekontra_goes_to_every_defender_who_said_kontra(b, c, word, said):
    """[S001] (seed 001_058b30b17b3c3a22.txt): "A licittevő játékos mindkét ellenfélnek
    rekontrázik. Ebben nincs olyan lehetőség, hogy csupán az egyiküknek!"

    The declarer's answers (rekontra, mordkontra) reach every defender who said the word
    before them, so one defender left at kontra (or szubkontra) below the other cannot be.
    """
    for component in ("betli", "szintelen-durchmars"):
        data = hand(
            colour=None,
            components=[{"name": component, "won": True, "kontra": {"Béla": b, "Csaba": c}}],
        )
        error = refused(data)
        assert error.key == "components[0].kontra"
        assert f"Csaba at {NAMES[c]} while Béla is at {NAMES[b]} cannot happen" in error.problem
        assert f"the declarer's {word} goes to every defender who said {said}" in error.problem
        assert "never to one of them alone" in error.problem


@pytest.mark.parametrize(
    ("b", "c"),
    [(1, 0), (1, 1), (2, 0), (2, 2), (3, 0), (3, 2), (3, 3), (4, 0), (4, 2), (4, 4), (0, 3)],
)
def test_levels_the_ladder_gives_are_accepted_as_given(b, c):
    """[S001]: "A licittevő játékos visszakontrázhat" and "mindkét ellenfélnek rekontrázik":
    a defender who said no kontra is not raised (kontra_only), and each defender may answer
    a rekontra with his own szubkontra; a mordkontra goes to those who said szubkontra."""
    result = ENGINE.settle(betli({"Béla": b, "Csaba": c}))
    assert result.payments == lost_betli_payments(b, c)


@pytest.mark.parametrize(("b", "c"), [(2, 1), (2, 0), (3, 0), (4, 1), (4, 0)])
def test_under_both_a_rekontra_that_missed_a_defender_is_refused_not_changed(b, c):
    """[S001]: "A licittevő játékos mindkét ellenfélnek rekontrázik." Under the option
    individual_rekontra_scope = both the rekontra raises the defender who said no kontra
    too, so a hand that leaves him below rekontra is refused (it used to be raised)."""
    data = betli({"Béla": b, "Csaba": c}, options={"individual_rekontra_scope": "both"})
    error = refused(data)
    assert error.key == "components[0].kontra"
    assert "goes to both defenders (individual_rekontra_scope = both)" in error.problem
    assert "both are at rekontra or higher" in error.problem


@pytest.mark.parametrize(("b", "c"), [(1, 0), (1, 1), (2, 2), (3, 2), (4, 2), (4, 4)])
def test_under_both_the_levels_that_can_happen_settle_as_given(b, c):
    """[S001] "mindkét ellenfélnek rekontrázik": under ``both`` a rekontra reaches both
    defenders; before it, one kontra alone stays one defender's."""
    data = betli({"Béla": b, "Csaba": c}, options={"individual_rekontra_scope": "both"})
    assert ENGINE.settle(data).payments == lost_betli_payments(b, c)
    parsed, _ = ENGINE.parse(data)
    assert parsed.components[0].kontra == (b, c)


# 2. Silent 100 -----------------------------------------------------------------------

SILENT_100 = {"name": "100", "side": "declarer", "won": True}


@pytest.mark.parametrize("side", ["declarer", "defenders"])
@pytest.mark.parametrize("open_", [False, True])
def test_no_silent_100_for_either_side_in_a_plain_durchmars(side, open_):
    """[S001] (seed 001_058b30b17b3c3a22.txt): "20 és 40 bemondások színjátékok, piros
    színjáték, ulti, piros ulti, négy ász, piros négy ász liciteknél, illetve ezek
    kombinációi során lehetnek." No melds in a plain durchmars: nobody reaches 100."""
    durchmars = {"name": "durchmars", "won": side == "declarer"}
    if open_:
        durchmars["open"] = True
    data = hand(components=[durchmars], silent=[{**SILENT_100, "side": side}])
    error = refused(data)
    assert error.key == "silent[0].name"
    label = "terített durchmars" if open_ else "durchmars"
    assert f"a {label} allows no csendes 100" in error.problem
    assert "20s and 40s are said only in a passz, ulti or négy ász bid" in error.problem


@pytest.mark.parametrize(
    ("components", "declarer_gets"),
    [
        ([{"name": "ulti", "won": True}, {"name": "durchmars", "won": True}], 2 * (10 + 2)),
        ([{"name": "negy-asz", "won": True}, {"name": "durchmars", "won": True}], 2 * (10 + 2)),
        ([{"name": "parti", "won": True}], 2 * (1 + 2)),
    ],
)
def test_silent_100_where_melds_are_said(components, declarer_gets):
    """[S001]: melds "ulti, piros ulti, négy ász, piros négy ász liciteknél, illetve ezek
    kombinációi során lehetnek", and "Bárhogyan is éri el a 100-at, az 2 egységet": an ulti
    (or négy ász) durchmars can have its silent 100."""
    data = hand(components=components, silent=[SILENT_100])
    assert ENGINE.settle(data).payments["Anna"] == declarer_gets


def test_silent_100_in_durchmars_is_a_house_rule():
    """RULES.md 1.12 ``silent_100_in_durchmars``: tables that let melds be said in any trump
    game pay it in every durchmars (``yes``); the form offers what the engine accepts."""
    data = hand(
        components=[{"name": "durchmars", "won": True}],
        silent=[SILENT_100],
        options={"silent_100_in_durchmars": "yes"},
    )
    assert ENGINE.settle(data).payments == {"Anna": 16, "Béla": -8, "Csaba": -8}
    rules = ENGINE.ruleset("ulti").rules
    durchmars = rules.contracts_by_key[frozenset({"durchmars"}), False]
    ulti_durchmars = rules.contracts_by_key[frozenset({"ulti", "durchmars"}), False]
    assert "100" not in rules.silent_allowed(durchmars)
    assert "100" in rules.silent_allowed(ulti_durchmars)
    yes = ENGINE.ruleset("ulti").resolve({"silent_100_in_durchmars": "yes"})
    assert "100" in yes.silent_allowed(durchmars)


# 3. Színlicites: a kontra ladder per defender -------------------------------------------


def szin(components, **extra):
    return hand(ruleset="ulti-szinlicites", components=components, **extra)


@pytest.mark.parametrize(
    ("name", "extra", "value"),
    [("parti", [], 1), ("20-100", [], 8), ("ulti", [{"name": "parti", "won": True}], 4 + 1)],
)
def test_in_szinlicites_each_defender_has_his_own_kontra_in_trump_games(name, extra, value):
    """[S000] (seed 000_158fbf102dd77047.txt): "erre a bemondó játékosnak joga van
    rekontrázni, majd ismét a kontrát jelentő játékos mondhat szubkontrát, erre válaszul
    mordkontra lehet a rekontrázó játékos válasza, [...] majd ugyanezek a szabályok
    vonatkoznak a sorban harmadik játékosra is." So {Béla: rekontra, Csaba: kontra} can be,
    in a trump game too (makk: factor 1)."""
    first = {"name": name, "won": True, "kontra": {"Béla": 2, "Csaba": 1}}
    result = ENGINE.settle(szin([first, *extra], colour="makk"))
    own = value - (1 if extra else 0)  # the kontra is on the first part; the parti is plain
    rest = value - own
    assert result.payments == {
        "Anna": own * 4 + own * 2 + 2 * rest,
        "Béla": -own * 4 - rest,
        "Csaba": -own * 2 - rest,
    }


def test_in_szinlicites_the_betli_ladders_are_per_defender_too():
    """[S000]: "majd ugyanezek a szabályok vonatkoznak a sorban harmadik játékosra is": the
    second defender's ladder is his own, so a rekontra to one is no rekontra to the other."""
    data = szin([{"name": "betli", "won": False, "kontra": {"Béla": 2, "Csaba": 1}}], colour="zold")
    assert ENGINE.settle(data).payments == {"Anna": -60, "Béla": 40, "Csaba": 20}


def test_kontra_scope_as_standard_is_the_standard_game_s_kontra():
    """RULES.md 2 ``kontra_scope = as_standard``: common in trump games ([S001] "Minden más
    esetben pedig közösnek számít a kontra!"), and "mindkét ellenfélnek rekontrázik"."""
    options = {"kontra_scope": "as_standard"}
    uneven = {"Béla": 2, "Csaba": 1}
    error = refused(szin([{"name": "parti", "won": True, "kontra": uneven}], options=options))
    assert error.key == "components[0].kontra"
    assert "the kontra on the parti is common" in error.problem
    betli_hand = szin([{"name": "betli", "won": True, "kontra": uneven}], options=options)
    assert "never to one of them alone" in refused(betli_hand).problem
    same = szin([{"name": "parti", "won": True, "kontra": 2}], options=options)
    assert ENGINE.settle(same).payments == {"Anna": 8, "Béla": -4, "Csaba": -4}


# 4. A won durchmars beside a lost ulti --------------------------------------------------


@pytest.mark.parametrize(
    ("components", "index"),
    [
        ([{"name": "ulti", "won": False}, {"name": "durchmars", "won": True}], 0),
        ([{"name": "ulti", "won": False}, {"name": "durchmars", "open": True, "won": True}], 0),
        (
            [
                {"name": "40-100", "won": True},
                {"name": "ulti", "won": False},
                {"name": "durchmars", "won": True},
            ],
            1,
        ),
    ],
)
@pytest.mark.parametrize("ruleset", ["ulti", "ulti-szinlicites"])
def test_a_won_durchmars_beside_a_lost_ulti_is_refused(components, index, ruleset):
    """[S001] (seed 001_058b30b17b3c3a22.txt): "Renonsz továbbá kijátszani az adu 7-est
    ulti vagy ultival kombinált licitnél, amíg van másik adu lap a bemondónál." The
    declarer leads every trick of his durchmars, so his VII misses the last trick only by
    that renonsz."""
    error = refused(hand(ruleset=ruleset, components=components))
    assert error.key == f"components[{index}].won"
    assert "a won durchmars" in error.problem and "(all ten tricks) beside a lost ulti" in (
        error.problem
    )
    assert "his trump VII misses the last one only if he leads it early" in error.problem
    assert "that is a renonsz" in error.problem


def test_a_silent_durchmars_beside_a_bid_ulti_lost_is_refused_too():
    """[S001]: "Renonsz továbbá kijátszani az adu 7-est ulti vagy ultival kombinált
    licitnél, amíg van másik adu lap a bemondónál": the bid ulti, swept silently."""
    data = hand(
        components=[{"name": "ulti", "won": False}, {"name": "parti", "won": True}],
        silent=[{"name": "durchmars", "side": "declarer", "won": True}],
    )
    error = refused(data)
    assert error.key == "components[0].won"
    assert "the declarer's csendes durchmars (all ten tricks) beside a lost ulti" in error.problem


@pytest.mark.parametrize(
    ("components", "side"),
    [
        ([{"name": "durchmars", "won": True}], "declarer"),
        ([{"name": "parti", "won": True}], "declarer"),  # with a silent durchmars below
        ([{"name": "parti", "won": False}], "defenders"),
    ],
)
def test_a_failed_silent_ulti_beside_all_ten_tricks_of_its_side_is_refused(components, side):
    """[S001]: "Az ultimó (ulti), mint elnevezés azt jelenti, hogy a játék során az utolsó
    ütést az adu hetessel viszi el a játék bemondója." A silent ulti fails when the VII loses
    that last trick, and a side that took all ten tricks took it: its own cannot fail."""
    silent = [{"name": "ulti", "side": side, "won": False}]
    if components[0]["name"] == "parti":
        silent.append({"name": "durchmars", "side": side, "won": True})
    error = refused(hand(components=components, silent=silent))
    assert error.key == "silent[0].won"
    assert "beside a failed csendes ulti: that side took the last trick too" in error.problem
    assert "utolsó ütést is ez a fél vitte" in error.text("hu")
    OLD.settle(hand(components=components, silent=silent))  # an older text: as it settled


@pytest.mark.parametrize(
    ("ulti", "durchmars", "anna"),
    [(True, True, 2 * 10), (True, False, 2 * (4 - 6)), (False, False, 2 * (-8 - 6))],
)
def test_the_ulti_durchmars_results_that_can_happen_settle(ulti, durchmars, anna):
    """[S001] "Az elbukott ulti duplán számít": every other pair of results can happen."""
    data = hand(components=[{"name": "ulti", "won": ulti}, {"name": "durchmars", "won": durchmars}])
    assert ENGINE.settle(data).payments["Anna"] == anna


# 5. Négy ász durchmars ------------------------------------------------------------------

NA_DURCHMARS = {
    # id: (components, open, value per defender in a suit)
    "negy-asz-durchmars": (["negy-asz", "durchmars"], False, 10),
    "negy-asz-teritett-durchmars": (["negy-asz", "durchmars"], True, 16),
    "ulti-negy-asz-durchmars": (["ulti", "negy-asz", "durchmars"], False, 14),
    "ulti-negy-asz-teritett-durchmars": (["ulti", "negy-asz", "durchmars"], True, 20),
    "40-100-negy-asz-durchmars": (["40-100", "negy-asz", "durchmars"], False, 14),
    "40-100-negy-asz-teritett-durchmars": (["40-100", "negy-asz", "durchmars"], True, 20),
    "20-100-negy-asz-durchmars": (["20-100", "negy-asz", "durchmars"], False, 18),
    "20-100-negy-asz-teritett-durchmars": (["20-100", "negy-asz", "durchmars"], True, 24),
    "40-100-ulti-negy-asz-durchmars": (["40-100", "ulti", "negy-asz", "durchmars"], False, 18),
    "40-100-ulti-negy-asz-teritett-durchmars": (
        ["40-100", "ulti", "negy-asz", "durchmars"],
        True,
        24,
    ),
    "20-100-ulti-negy-asz-durchmars": (["20-100", "ulti", "negy-asz", "durchmars"], False, 22),
    "20-100-ulti-negy-asz-teritett-durchmars": (
        ["20-100", "ulti", "negy-asz", "durchmars"],
        True,
        28,
    ),
}


@pytest.mark.parametrize("cid", sorted(NA_DURCHMARS))
def test_negy_asz_durchmars_and_its_combinations_are_contracts(cid):
    """[S001] (seed 001_058b30b17b3c3a22.txt): "Lehet kombinált licitet mondani a következő
    variációkban: ulti, négy ász, 40-100, 20-100, és durchmarsok. [...] Nem megengedett
    40-100-at és a 20-100-at egymással, durchmarsokat egymással és betliket bármi mással."
    Values add up (RULES.md 1.9: négy ász durchmars 4 + 6 = 10, piros 20)."""
    names, open_, value = NA_DURCHMARS[cid]
    rules = ENGINE.ruleset("ulti").rules
    contract = rules.contracts_by_key[frozenset(names), open_]
    assert contract.id == cid
    assert rules.contract_value(contract, "makk") == value
    assert rules.contract_value(contract, "piros") == 2 * value
    components = [
        {"name": n, "won": True, **({"open": True} if open_ and n == "durchmars" else {})}
        for n in names
    ]
    result = ENGINE.settle(hand(colour="piros", components=components))
    assert result.payments == {"Anna": 4 * value, "Béla": -2 * value, "Csaba": -2 * value}


def test_a_won_durchmars_makes_the_negy_asz():
    """[S001]: négy ász is "ha megszerzi ütéseivel mind a 4 ászt": all ten tricks hold all
    four aces, so a won durchmars beside a lost négy ász is refused; the rest settle."""
    lost_aces = [{"name": "negy-asz", "won": False}, {"name": "durchmars", "won": True}]
    error = refused(hand(components=lost_aces))
    assert error.key == "components[0].won"
    assert "a won durchmars (all ten tricks) beside a lost négy ász" in error.problem
    made_aces = [{"name": "negy-asz", "won": True}, {"name": "durchmars", "won": False}]
    assert ENGINE.settle(hand(components=made_aces)).payments["Anna"] == 2 * (4 - 6)
    both_lost = [{"name": "negy-asz", "won": False}, {"name": "durchmars", "won": False}]
    assert ENGINE.settle(hand(components=both_lost)).payments["Anna"] == 2 * (-4 - 6)


def test_negy_asz_durchmars_is_only_where_negy_asz_is_played():
    """[S000] lists no négy ász; ``negy_asz_enabled = off`` takes its contracts away."""
    szin_rules = ENGINE.ruleset("ulti-szinlicites").rules
    assert not [c for c in szin_rules.contracts if "negy-asz" in c.components]
    off = ENGINE.ruleset("ulti").resolve({"negy_asz_enabled": "off"})
    assert not [c for c in off.contracts if "negy-asz" in c.components]
    data = hand(
        components=[{"name": "negy-asz", "won": True}, {"name": "durchmars", "won": True}],
        options={"negy_asz_enabled": "off"},
    )
    assert refused(data).key == "components[0].name"


def test_the_samples_play_negy_asz_durchmars_and_only_legal_hands():
    """The property tests and the benchmark draw from ``samples.random_hand``: it reaches
    the new contracts, and every hand it makes passes the new checks."""
    rules = ENGINE.ruleset("ulti").rules
    rng = random.Random(10)
    seen = set()
    for _ in range(3000):
        data = random_hand(rng, rules, ("A", "B", "C"))
        hand_, _ = ENGINE.parse(data)
        if hand_.contract is not None:
            seen.add(hand_.contract.id)
    assert set(NA_DURCHMARS) <= seen


# Sessions pinned to the texts before this change ----------------------------------------

REFUSED_NOW = {
    "rekontra to one kontra": betli({"Béla": 2, "Csaba": 1}),
    "silent 100 in a durchmars": hand(
        components=[{"name": "durchmars", "won": True}], silent=[SILENT_100]
    ),
    "won durchmars, lost ulti": hand(
        components=[{"name": "ulti", "won": False}, {"name": "durchmars", "won": True}]
    ),
}


@pytest.mark.parametrize("name", sorted(REFUSED_NOW))
def test_a_ruleset_text_without_the_new_keys_settles_as_before(name):
    """The new rules are data (``kontra.declarer_reach``, ``silent.100.needs_one_of``,
    ``components.ulti.made_by_all_tricks``): the text a session was created with before
    them still settles its hands as it did, so no old evening becomes unreadable."""
    data = REFUSED_NOW[name]
    assert refused(data).key.startswith(("components[0]", "silent[0]"))
    assert sum(OLD.settle(data).payments.values()) == 0
    negy_asz_durchmars = [{"name": "negy-asz", "won": True}, {"name": "durchmars", "won": True}]
    assert "is not a contract" in refused(hand(components=negy_asz_durchmars), OLD).problem

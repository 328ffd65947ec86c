"""The tarokk engine's short paths give what the long ones give: the team part summed in
one pass equals its lines' items, and the memo of checked figure entries never lets a
value of the wrong type through (``1`` for ``true``, ``"kontra": null``)."""

from __future__ import annotations

import copy
import random

import pytest

from tests.engine_helpers import ENGINE, tarokk_hand
from ulti_ledger.games import REGISTRY
from ulti_ledger.games.tarokk.hand import parse_hand
from ulti_ledger.games.tarokk.parti import team_items, team_value
from ulti_ledger.settlement.errors import HandError

GAME = REGISTRY["tarokk"]
RULESETS = ("tarokk", "magas-tarokk")
TABLES = (("A", "B", "C", "D"), ("A", "B", "C", "D", "E"))


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_team_value_is_the_sum_of_the_team_items(ruleset):
    rules = ENGINE.rulesets[ruleset].rules
    rng = random.Random(14)
    checked = 0
    for i in range(3000):
        hand = parse_hand(GAME.random_hand(rng, rules, TABLES[i % 2]), rules)
        if hand.game_won is None:
            continue
        args = (hand.g, hand.game_won, hand.game_kontra, hand.figures, rules)
        items = team_items(*args)
        total = sum(item.value if item.to == "declarer" else -item.value for item in items)
        assert team_value(*args) == total == hand.team
        checked += 1
    assert checked > 2000


def _played_with_figure(ruleset: str) -> dict:
    rules = ENGINE.rulesets[ruleset].rules
    rng = random.Random(3)
    while True:
        data = GAME.random_hand(rng, rules, TABLES[0])
        hand = parse_hand(data, rules)
        if hand.game_won is not None and any(f.announced for f in hand.figures):
            return data


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize(
    ("key", "value", "problem"),
    [
        ("won", 1, "must be true (made) or false (failed)"),
        ("announced", 1, "must be true (announced)"),
        ("kontra", None, "must be a kontra level"),
        ("kontra", True, "must be a kontra level"),
    ],
)
def test_a_remembered_figure_does_not_pass_a_value_of_the_wrong_type(ruleset, key, value, problem):
    data = _played_with_figure(ruleset)
    ENGINE.settle(data)  # its figures are remembered now
    ENGINE.settle(data)
    index = next(i for i, f in enumerate(data["figures"]) if f["announced"])
    bad = copy.deepcopy(data)
    bad["figures"][index][key] = value
    with pytest.raises(HandError) as caught:
        ENGINE.settle(bad)
    assert caught.value.key == f"figures[{index}].{key}"
    assert problem in str(caught.value)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_remembered_silent_figure_refuses_a_kontra_key(ruleset):
    rules = ENGINE.rulesets[ruleset].rules
    rng = random.Random(5)
    while True:
        data = GAME.random_hand(rng, rules, TABLES[0])
        hand = parse_hand(data, rules)
        silent = [i for i, f in enumerate(hand.figures) if not f.announced]
        if hand.game_won is not None and silent:
            break
    ENGINE.settle(data)
    bad = copy.deepcopy(data)
    bad["figures"][silent[0]]["kontra"] = 0
    with pytest.raises(HandError) as caught:
        ENGINE.settle(bad)
    assert caught.value.key == f"figures[{silent[0]}].kontra"


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_one_pass_team_part_is_the_team_value_cold_and_warm(ruleset):
    """``team.team_part`` (figures summed in one pass, the parti's dupla and volát by their
    shape, from the memo) gives what ``parti.team_value`` gives, from an empty memo and a
    full one alike."""
    rules = ENGINE.rulesets[ruleset].rules
    rng = random.Random(41)
    drawn = [GAME.random_hand(rng, rules, TABLES[i % 2]) for i in range(2000)]
    rules.forget()
    cold = [parse_hand(data, rules) for data in drawn]
    warm = [parse_hand(copy.deepcopy(data), rules) for data in drawn]
    assert cold == warm
    played = [h for h in cold if h.game_won is not None]
    assert len(played) > 1500
    for hand in played:
        assert hand.team == team_value(hand.g, hand.game_won, hand.game_kontra, hand.figures, rules)


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize(("key", "value"), [("skart", 1), ("skart", 0)])
def test_a_remembered_seating_does_not_pass_a_number_for_a_boolean(ruleset, key, value):
    data = _played_with_figure(ruleset)
    if value:  # the called card in the skart: the declarer plays alone
        data.pop("partner", None)
    data[key] = bool(value)
    ENGINE.settle(data)
    ENGINE.settle(copy.deepcopy(data))  # the seating is remembered now
    bad = copy.deepcopy(data)
    bad[key] = value
    with pytest.raises(HandError) as caught:
        ENGINE.settle(bad)
    assert caught.value.key == "skart"


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_remembered_figure_does_not_pass_a_float_kontra(ruleset):
    data = _played_with_figure(ruleset)
    ENGINE.settle(data)
    ENGINE.settle(copy.deepcopy(data))
    index = next(i for i, f in enumerate(data["figures"]) if f["announced"])
    bad = copy.deepcopy(data)
    bad["figures"][index]["kontra"] = float(bad["figures"][index].get("kontra", 0))
    with pytest.raises(HandError) as caught:
        ENGINE.settle(bad)
    assert caught.value.key == f"figures[{index}].kontra"


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_slot_and_trick_has_a_bit_of_its_own(ruleset):
    """A figure listed twice and two made figures of one trick are found by one ``&``
    (``figures.parse_figures``): so no two slots or tricks share a bit, and the slot mask
    holds the slots' bits and no trick's."""
    from ulti_ledger.games.tarokk.build import PER_SIDE, TRICKS

    rules = ENGINE.rulesets[ruleset].rules
    bits = list(rules.slot_bits.values())
    assert all(bit and bit & (bit - 1) == 0 for bit in bits)  # one bit each
    assert len(set(bits)) == len(bits)
    slots = [f"{n} {s}" for n in rules.figures if n in PER_SIDE for s in ("declarer", "opponents")]
    slots += [n for n in rules.figures if n not in PER_SIDE]
    assert set(rules.slot_bits) == set(slots) | set(TRICKS)
    assert rules.slot_mask == sum(rules.slot_bits[s] for s in slots)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_dupla_and_volat_shape_has_a_number_of_its_own(ruleset):
    """The team memo's key is the hand's dupla and volát shapes as one number, each
    shifted by ``SHAPE_BITS``: so every shape has its own nonzero code below the shift."""
    from ulti_ledger.games.tarokk.figures import SHAPE_BITS

    rules = ENGINE.rulesets[ruleset].rules
    pairs = [n for n, fact in rules.facts.items() if fact[0]]
    codes = rules.pair_codes
    assert len(codes) == len(pairs) * 2 * 2 * 3  # side, announced, won (true, false, null)
    assert sorted(codes.values()) == list(range(1, len(codes) + 1))
    assert max(codes.values()) < 1 << SHAPE_BITS


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_team_memo_tells_apart_the_same_pair_figures_in_another_order(ruleset):
    """The shape number keeps the hand's order, as the memo's signs follow it: a hand
    settled after its twin with the dupla and volát listed the other way round settles as
    it does alone."""
    volat = {"name": "volat", "side": "declarer", "announced": True, "won": False}
    dupla = {"name": "dupla", "side": "declarer", "announced": False, "won": True}
    first, second = (
        tarokk_hand(ruleset, figures=order) for order in ([volat, dupla], [dupla, volat])
    )
    rules = ENGINE.rulesets[ruleset].rules
    alone = []
    for hand in (first, second):
        rules.forget()
        alone.append(dict(ENGINE.settle(hand).payments))
    rules.forget()
    together = [dict(ENGINE.settle(hand).payments) for hand in (first, second)]
    assert together == alone

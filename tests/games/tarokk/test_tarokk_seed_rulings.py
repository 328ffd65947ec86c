"""Magas tarokk as seed 002 says it (issue 25, point 1; RULES.md "Decisions for the other
games"): the pagát kitty's cap bounds one pay-in, never the balance, and a renonsz pay-in
is whole; two duplas of one side are refused; the raise table of section 14 is read as
written; the párosfácán after pagát ulti and kismadár is refused. An evening pinned to
the text shipped before keeps its rules (``tests/data/magas-tarokk-before-issue-25.toml``).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from tests.engine_helpers import ENGINE
from tests.games.tarokk.test_tarokk_magas import _fig, _hand
from ulti_ledger.games import parse_ruleset
from ulti_ledger.settlement import Engine, HandError
from ulti_ledger.settlement.session import settle_session

SEED_002 = "seeds/002_d4547aba34367c85.txt"
OLD_MAGAS = parse_ruleset(
    (Path(__file__).parents[2] / "data" / "magas-tarokk-before-issue-25.toml").read_text("utf-8"),
    "magas-tarokk.toml",
)
OLD = Engine({"magas-tarokk": OLD_MAGAS})
FOUR = ["S", "E", "N", "W"]


def _refused(hand, engine: Engine = ENGINE) -> HandError:
    with pytest.raises(HandError) as info:
        engine.settle(hand)
    return info.value


# Two duplas of one side ----------------------------------------------------------------


@pytest.mark.parametrize("side", ["declarer", "opponents"])
@pytest.mark.parametrize("order", [("dupla", "hosszu-dupla"), ("hosszu-dupla", "dupla")])
def test_two_duplas_of_one_side_are_refused_naming_both(side, order):
    """Seed 002 section 13: "Duplajáték jelentése 7 vagy annál több tarokk esetén
    kötelezően a HOSSZÚ DUPLA bemondással történhet": a side announces one dupla."""
    won = side == "declarer"
    figures = [_fig(name, side, won=won) for name in order]
    error = _refused(_hand(*figures, game={"won": won}))
    assert error.key == "figures[1].name"
    assert error.code == "two_duplas"
    assert f"{order[1]} and {order[0]} are both listed for one side" in error.problem
    assert "a side announces one dupla" in error.problem


def test_one_dupla_each_side_and_a_repeat_are_told_apart():
    """A dupla per side stands (one made, one failed); the same name twice is the usual
    refusal, not the two-dupla one."""
    both_sides = _hand(_fig("hosszu-dupla"), _fig("dupla", "opponents", won=False))
    assert ENGINE.settle(both_sides).payments["S"] == 4 + 4  # each dupla 4 x g, g = 1
    twice = _refused(_hand(_fig("dupla"), _fig("dupla")))
    assert twice.code == "figure_twice"


def test_an_evening_pinned_before_keeps_settling_two_duplas():
    """The text shipped before settled the pair as the dupla alone; a stored evening keeps
    that reading until its scorer chooses today's rules."""
    hand = _hand(_fig("dupla"), _fig("hosszu-dupla"))
    assert OLD.settle(hand).payments == {"S": 4, "E": -4, "N": 4, "W": -4}  # one dupla


# The raise table of section 14 ---------------------------------------------------------


@pytest.mark.parametrize("card", ["pagat", "sas"])
def test_a_kismadar_of_the_pagat_or_sas_may_be_raised_to_parosfacan(card):
    """Seed 002 section 14's table: "Pagát/Sas kismadár ... Mire emelhető? ... fácán,
    párosfácán"."""
    hand = _hand(_fig("parosfacan", raised_from=f"{card}-kismadar"))
    assert ENGINE.settle(hand).payments["S"] == 1 + 60  # the parti and the párosfácán
    assert _refused(hand, OLD).code == "raise_not_allowed"  # the text before misread it
    facan = _hand(_fig(f"{card}-facan", raised_from=f"{card}-kismadar"))
    assert ENGINE.settle(facan).payments["S"] == 1 + 50


# The párosfácán the seed forbids ----------------------------------------------------------


@pytest.mark.parametrize(
    ("raised", "listed"),
    [
        ("pagat-kismadar", "pagat-ultimo"),
        ("pagat-ultimo", "pagat-kismadar"),
        ("pagat-ultimo", "kismadar"),
    ],
)
def test_a_parosfacan_on_the_pagat_after_pagat_ulti_and_kismadar_is_refused(raised, listed):
    """Seed 002 section 14: "egy emeléssel csak 1 figurát lehet emelni (pagát ulti és
    kismadár bemondása után nem lehet pagátra vonatkozó párosfácánt mondani)"."""
    hand = _hand(_fig(listed, won=False), _fig("parosfacan", raised_from=raised))
    error = _refused(hand)
    assert error.key == "figures[1].raised_from"
    assert error.code == "parosfacan_after_ulti_and_kismadar"
    assert "one raise raises one figure" in error.problem
    if raised != "pagat-kismadar":  # the text before had no such raise to refuse by
        assert OLD.settle(hand).payments["S"] != 0


def test_the_parosfacan_neighbours_the_seed_allows_still_settle():
    """Raised from the pagát ultimó alone, or from the sas beside the pagát's figures (the
    other card), or said by the other side: each stands."""
    alone = _hand(_fig("parosfacan", raised_from="pagat-ultimo"))
    assert ENGINE.settle(alone).payments["S"] == 61
    sas = _hand(
        _fig("pagat-ultimo", won=False),
        _fig("pagat-kismadar", won=False),
        _fig("parosfacan", raised_from="sas-ultimo"),
    )
    assert ENGINE.settle(sas).payments["S"] == 1 - 10 - 40 + 60
    other = _hand(
        _fig("pagat-ultimo", won=False),
        _fig("kismadar", won=False),
        _fig("parosfacan", "opponents", raised_from="pagat-ultimo"),
    )
    assert ENGINE.settle(other).payments["S"] == 1 - 10 - 10 - 60


# renonsz_min and renonsz_max ------------------------------------------------------------


def test_magas_tarokk_no_longer_offers_the_renonsz_bounds_it_never_used():
    """The vote's charge has "se minimum se maximum" (seed 002 section 16): the options
    the old text offered changed no payment, and today's does not offer them."""
    charged = _hand(
        _fig("xxi-fogas", won=None, kontra=1), renonsz={"player": "E", "ruling": "charge"}
    )
    charged["game"] = {}
    assert {"renonsz_min", "renonsz_max"} <= set(OLD_MAGAS.options)
    plain = OLD.settle(charged).payments
    assert OLD.settle({**charged, "options": {"renonsz_min": 10, "renonsz_max": 10}}).payments == (
        plain
    )
    assert not {"renonsz_min", "renonsz_max"} & set(ENGINE.ruleset("magas-tarokk").options)
    error = _refused({**charged, "options": {"renonsz_max": 10}})
    assert error.key == "options.renonsz_max"
    assert ENGINE.settle(charged).payments == plain


# The kitty of a generated evening --------------------------------------------------------

STEP, CAP_PER_PLAYER, NEW_DEAL, POINTS_MIN = 10, 10, 30, 30
KINDS = ("plain", "fail", "fail_opponents", "take", "renonsz_flat", "renonsz_points")


def _kitty_hand(kind: str, kontra: int, table: int) -> dict:
    """A magas tarokk hand of ``kind``: a failed (or made) pagát announcement, a renonsz
    vote that pays in, or a hand that leaves the kitty alone."""
    hand = _hand()
    if table == 5:
        hand["sitting_out"] = ["D"]
    if kind == "fail":
        hand["figures"] = [_fig("pagat-ultimo", won=False)]
    elif kind == "fail_opponents":
        hand["figures"] = [_fig("pagat-kismadar", "opponents", won=False)]
    elif kind == "take":
        hand["figures"] = [_fig("pagat-uhu", "opponents")]
    elif kind.startswith("renonsz"):
        ruling = "new_deal_kitty" if kind == "renonsz_flat" else "points_to_kitty"
        hand["figures"] = [_fig("xxi-fogas", won=None, kontra=kontra)]
        hand["game"] = {}
        hand["renonsz"] = {"player": "E", "ruling": ruling}
    return hand


def _direct(kinds: list[tuple[str, int]], table: int) -> tuple[list[int], list[int]]:
    """Each hand's pay-in and the balance after it, summed from the seed's words alone:
    a failure pays the balance again, at least a step, in whole steps, at most the cap; a
    renonsz pays 150 Ft (30), or the point value (the game, 1, and the xxi-fogás, 60 at its
    kontra), at least 150 Ft, whole; a made pagát announcement takes everything."""
    cap = CAP_PER_PLAYER * table
    balance, pay_ins, balances = 0, [], []
    for kind, kontra in kinds:
        pay_in = 0
        if kind in ("fail", "fail_opponents"):
            pay_in = min(-(-max(balance, STEP) // STEP) * STEP, cap)
        elif kind == "renonsz_flat":
            pay_in = NEW_DEAL
        elif kind == "renonsz_points":
            pay_in = max(1 + 60 * 2**kontra, POINTS_MIN)
        elif kind == "take":
            balance = 0
        balance += pay_in
        pay_ins.append(pay_in)
        balances.append(balance)
    return pay_ins, balances


@settings(max_examples=60, deadline=None)
@given(
    kinds=st.lists(st.tuples(st.sampled_from(KINDS), st.integers(0, 1)), max_size=14),
    table=st.sampled_from([4, 5]),
)
@example(kinds=[("fail", 0)] * 6, table=4)  # 10, 20, 40, 80, 120, 160: past the cap of 40
@example(kinds=[("renonsz_points", 1), ("fail", 0), ("take", 0)], table=5)
def test_the_kitty_of_a_generated_evening(kinds, table):
    """Each pay-in of a failed announcement is at most the cap (players x 50 Ft), each
    renonsz pay-in is whole, and the balance is free to pass the cap: the engine's
    entries, hand by hand, against the direct sum."""
    players = FOUR + (["D"] if table == 5 else [])
    hands = [_kitty_hand(kind, kontra, table) for kind, kontra in kinds]
    session = {
        "format": "ulti-ledger/session@1",
        "ruleset": "magas-tarokk",
        "players": players,
        "hands": [{k: v for k, v in h.items() if k != "ruleset"} for h in hands],
    }
    result = settle_session(ENGINE, session)
    pay_ins, balances = _direct(kinds, table)
    cap = CAP_PER_PLAYER * table
    balance = 0
    for (kind, _), entries, pay_in, expected in zip(
        kinds, result.kitty or [None] * len(kinds), pay_ins, balances, strict=True
    ):
        paid = -sum(v for v in (entries or {}).values() if v < 0)
        took = sum(v for v in (entries or {}).values() if v > 0)
        assert paid == pay_in, kind
        if kind.startswith("fail"):
            assert paid <= cap
        balance += paid - took
        assert balance == expected
    assert (result.kitty_balance or 0) == (balances[-1] if balances else 0)


def test_an_evening_pinned_before_keeps_its_capped_kitty():
    """The same failures under the text shipped before: the balance stops at the cap and
    a renonsz is cut to it."""
    failures = [_kitty_hand("fail", 0, 4) for _ in range(5)]
    session = {
        "format": "ulti-ledger/session@1",
        "ruleset": "magas-tarokk",
        "players": FOUR,
        "hands": [{k: v for k, v in h.items() if k != "ruleset"} for h in failures],
    }
    assert settle_session(OLD, session).kitty_balance == 40
    assert settle_session(ENGINE, session).kitty_balance == 10 + 10 + 20 + 40 + 40
    renonsz = _kitty_hand("renonsz_points", 1, 4)
    assert OLD.result_json(renonsz)["kitty"] == {"E": -40}
    assert ENGINE.result_json(renonsz)["kitty"] == {"E": -121}


def test_the_kitty_line_says_the_cap_bounds_the_pay_in():
    lines = ENGINE.result_json(_kitty_hand("fail", 0, 4), lang="en")["lines"]
    assert lines[-1].endswith("at least 10 and at most 40 (the kitty itself may hold more)")
    old = OLD.result_json(_kitty_hand("fail", 0, 4), lang="en")["lines"]
    assert old[-1].endswith("the kitty holding at most 40")

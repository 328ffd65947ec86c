"""Magas tarokk (seed 002, RULES.md 5.2) laid over illusztrált: the XXI-fogás at 60/30,
the magas figures, kontra only on them, the silent fácán and párosfácán both ways with
the párosfácán exceptions, emelés, hosszú dupla, the renonsz vote and the pagát kitty."""

from __future__ import annotations

import pytest

from tests.engine_helpers import ENGINE
from ulti_ledger.settlement import HandError
from ulti_ledger.settlement.session import settle_session


def _hand(*figures, **facts):
    base = {
        "ruleset": "magas-tarokk",
        "players": ["S", "E", "N", "W"],
        "declarer": "S",
        "partner": "N",
        "contract": "harom",
        "game": {"won": True},
    }
    if figures:
        base["figures"] = list(figures)
    return {**base, **facts}


def _fig(name, side="declarer", announced=True, won=True, **more):
    return {"name": name, "side": side, "announced": announced, "won": won, **more}


def _each(hand):
    """What each player of the declarer's side receives (2 v 2)."""
    payments = ENGINE.settle(hand).payments
    assert payments["S"] == payments["N"] == -payments["E"] == -payments["W"]
    return payments["S"]


def test_magas_tarokk_builds_on_the_illusztralt_file():
    magas, base = ENGINE.ruleset("magas-tarokk"), ENGINE.ruleset("tarokk")
    assert "extends" not in magas.raw and magas.bases == (base.text,)
    assert magas.rules.base_values == base.rules.base_values
    assert set(base.rules.figures) < set(magas.rules.figures)
    withdrawn = {"renonsz_min", "renonsz_max"}  # the vote's charge has no minimum or maximum
    assert magas.options.keys() > base.options.keys() - withdrawn  # its own and the base's
    assert not withdrawn & magas.options.keys()


@pytest.mark.parametrize(
    ("ruleset", "announced", "silent"), [("tarokk", 42, 21), ("magas-tarokk", 60, 30)]
)
def test_the_xxi_fogas(ruleset, announced, silent):
    assert _each(_hand(_fig("xxi-fogas"), ruleset=ruleset)) == 1 + announced
    assert _each(_hand(_fig("xxi-fogas", announced=False), ruleset=ruleset)) == 1 + silent


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("pagat-nagymadar", 30),
        ("sas-kismadar", 40),
        ("pagat-facan", 50),
        ("parosfacan", 60),
        ("kiraly-nagymadar", 40),
        ("kiraly-kismadar", 50),
        ("szincsalad", 100),
        ("harom-kiraly", 100),
    ],
)
def test_the_magas_figures_made_failed_and_kontra_d(name, value):
    assert _each(_hand(_fig(name))) == 1 + value
    assert _each(_hand(_fig(name, won=False, kontra=1))) == 1 - 2 * value
    assert _each(_hand(_fig(name, side="opponents", won=False))) == 1 + value


def test_kontra_only_on_a_magas_figure_but_the_illusztralt_ones_keep_their_ladder():
    with pytest.raises(HandError) as refused:
        ENGINE.settle(_hand(_fig("szincsalad", kontra=2)))
    assert refused.value.key == "figures[0].kontra" and refused.value.code == "magas_kontra_only"
    assert "szincsalad is a magas figure: kontra only, no rekontra" in str(refused.value)
    assert "magas figura: csak kontra" in refused.value.text("hu")
    assert _each(_hand(_fig("pagat-ultimo", kontra=3))) == 1 + 80


def test_silent_facan_and_parosfacan_count_made_and_failed():
    assert _each(_hand(_fig("sas-facan", announced=False))) == 1 + 10
    assert _each(_hand(_fig("pagat-facan", announced=False, won=False))) == 1 - 10
    assert _each(_hand(_fig("parosfacan", side="opponents", announced=False))) == 1 - 20


def test_a_silent_parosfacan_with_the_other_pairs_small_card_charges_them_a_failed_facan():
    """MAGAS-003: the small card came from the other pair: they also lose a silent fácán."""
    hand = _hand(_fig("parosfacan", announced=False), _fig("sas-facan", "opponents", False, False))
    assert _each(hand) == 1 + 20 + 10


def test_beside_an_announced_parosfacan_its_sides_silent_facan_is_not_scored():
    hand = _hand(_fig("parosfacan", won=False), _fig("pagat-facan", announced=False))
    with pytest.raises(HandError, match="silent fácán is not scored") as refused:
        ENGINE.settle(hand)
    assert refused.value.key == "figures[1]"
    # the opponents' silent fácán is scored beside a failed announced párosfácán
    hand = _hand(_fig("parosfacan", won=False), _fig("pagat-facan", "opponents", False))
    assert _each(hand) == 1 - 60 - 10


def test_one_card_wins_the_first_trick():
    with pytest.raises(HandError, match="cannot both be made: one card wins the trick"):
        ENGINE.settle(
            _hand(_fig("parosfacan", announced=False), _fig("sas-facan", "opponents", False))
        )


def test_emeles_replaces_the_lower_figure():
    raised = _hand(_fig("pagat-kismadar", raised_from="pagat-ultimo"))
    result = ENGINE.result_json(raised)
    assert result["payments"]["S"] == 1 + 40
    assert "pagát kismadár (raised from pagát ultimó)" in result["lines"][1]
    twice = _hand(
        _fig("pagat-ultimo", won=False), _fig("pagat-kismadar", raised_from="pagat-ultimo")
    )
    with pytest.raises(HandError, match="replaces pagat-ultimo: leave pagat-ultimo out"):
        ENGINE.settle(twice)
    with pytest.raises(HandError, match="cannot be raised from 'kiraly-ultimo'"):
        ENGINE.settle(_hand(_fig("pagat-facan", raised_from="kiraly-ultimo")))
    with pytest.raises(HandError, match="has no raising"):
        ENGINE.settle(_hand(_fig("pagat-uhu", raised_from="pagat-ultimo"), ruleset="tarokk"))


def test_hosszu_dupla_scores_as_the_dupla():
    for name in ("dupla", "hosszu-dupla"):
        assert _each(_hand(_fig(name), game={"won": True}, contract="ketto")) == 8
    with pytest.raises(HandError, match="hosszu-dupla is not a figure of Tarokk"):
        ENGINE.settle(_hand(_fig("hosszu-dupla"), ruleset="tarokk"))


RENONSZ = [_fig("pagat-ultimo", won=None), _fig("xxi-fogas", "opponents", won=None, kontra=1)]


@pytest.mark.parametrize(
    ("ruling", "payments", "kitty"),
    [
        ("new_deal", {"S": 0, "E": 0, "N": 0, "W": 0}, None),
        ("new_deal_kitty", {"S": 0, "E": 0, "N": 0, "W": 0}, {"E": -30}),
        # 1 (the game) + 10 + 60 x 2: no minimum, no maximum
        ("charge", {"S": 131, "E": -393, "N": 131, "W": 131}, None),
        ("continue", {"S": 1, "E": -1, "N": 1, "W": -1}, None),
        # 131, whole: a renonsz pay-in has no cap (seed 002 section 16)
        ("points_to_kitty", {"S": 0, "E": 0, "N": 0, "W": 0}, {"E": -131}),
    ],
)
def test_the_five_rulings_of_the_renonsz_vote(ruling, payments, kitty):
    figures = [{k: v for k, v in f.items() if v is not None} for f in RENONSZ]
    hand = _hand(*figures, renonsz={"player": "E", "ruling": ruling})
    hand["game"] = {}
    if ruling == "continue":
        hand = _hand(renonsz={"player": "E", "ruling": ruling})
    result = ENGINE.result_json(hand)
    assert result["payments"] == payments
    assert result.get("kitty") == kitty
    assert result["lines"][0].startswith("E made a renonsz; the others voted")


def test_the_vote_is_required_in_magas_tarokk_and_refused_in_illusztralt():
    with pytest.raises(HandError, match="is required: the other three vote") as refused:
        ENGINE.settle(_hand(renonsz={"player": "E"}))
    assert refused.value.key == "renonsz.ruling"
    hand = _hand(renonsz={"player": "E", "ruling": "charge"}, ruleset="tarokk")
    with pytest.raises(HandError, match="with no vote: leave ruling out"):
        ENGINE.settle(hand)


def _session(*hands, **extra):
    return {
        "format": "ulti-ledger/session@1",
        "ruleset": "magas-tarokk",
        "players": ["S", "E", "N", "W"],
        "hands": [{k: v for k, v in h.items() if k != "ruleset"} for h in hands],
        **extra,
    }


def test_the_pagat_kitty_over_an_evening():
    """Failed pagát announcements pay the balance again (at least 10), each pay-in at most
    4 x 10, the balance growing past it; a made one takes it; the kitty stays outside the
    payments."""
    failed = _hand(_fig("pagat-ultimo", won=False))
    failed_o = _hand(_fig("pagat-kismadar", "opponents", won=False))
    taken = _hand(_fig("pagat-uhu", "opponents"))
    plain = _hand()
    result = settle_session(ENGINE, _session(failed, failed_o, plain, failed, failed, taken))
    assert result.kitty == (
        {"S": -5, "N": -5},
        {"E": -5, "W": -5},
        None,
        {"S": -10, "N": -10},
        {"S": -20, "N": -20},  # the balance, 40, again: one pay-in at the cap
        {"E": 40, "W": 40},
    )
    assert result.kitty_balance == 0
    assert sum(result.totals.values()) == 0
    assert ENGINE.result_json(failed)["lines"][-1].startswith("S and N pay into the pagát kitty")


def test_the_kitty_is_an_option():
    hand = _hand(_fig("pagat-ultimo", won=False), options={"pagat_kitty": "off"})
    assert "kitty" not in ENGINE.result_json(hand)
    hand["options"] = {"kitty_step": 20, "kitty_cap": 20}
    assert ENGINE.result_json(hand)["kitty"] == {"S": -10, "N": -10}
    assert "kitty" not in ENGINE.result_json({**hand, "ruleset": "tarokk", "options": {}})

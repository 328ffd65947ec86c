"""Rulesets are data: values come from the file, options change data, bad files are refused."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.engine_helpers import ENGINE, REPO, hand
from ulti_ledger.games import REGISTRY, load_ruleset_file, parse_ruleset
from ulti_ledger.settlement import Engine, HandError, RulesetError

ULTI_TOML = (REPO / "ulti_ledger" / "games" / "ulti" / "rulesets" / "ulti.toml").read_text(
    encoding="utf-8"
)


def _engine_from(text: str) -> Engine:
    ruleset = parse_ruleset(text, "copy-of-ulti.toml")
    return Engine({ruleset.id: ruleset})


def test_changing_a_value_in_a_copy_changes_the_settlement():
    ulti = hand(components=[{"name": "ulti", "won": True}, {"name": "parti", "won": True}])
    assert ENGINE.settle(ulti).payments["Anna"] == 2 * (4 + 1)
    text = ULTI_TOML.replace(
        'label = "ulti"\ngame = "trump"\nvalue = 4', 'label = "ulti"\ngame = "trump"\nvalue = 7'
    )
    assert text != ULTI_TOML
    assert _engine_from(text).settle(ulti).payments["Anna"] == 2 * (7 + 1)


def test_changing_the_colour_factor_changes_the_settlement():
    text = ULTI_TOML.replace("[colours.piros]\nfactor = 2", "[colours.piros]\nfactor = 3")
    piros = hand(colour="piros")
    assert ENGINE.settle(piros).payments["Anna"] == 4
    assert _engine_from(text).settle(piros).payments["Anna"] == 6


def test_changing_the_all_pass_payment_changes_the_settlement():
    text = ULTI_TOML.replace("pays_each = 2", "pays_each = 3")
    all_pass = hand(outcome="all_pass", colour=None, components=None)
    assert _engine_from(text).settle(all_pass).payments == {"Anna": -6, "Béla": 3, "Csaba": 3}


def test_consistency_rules_are_data_too():
    """The flags that make a hand impossible are read from the file: without them (as in a
    session pinned to an older text) the same hand is accepted and settles."""
    silent_100 = hand(
        components=[{"name": "parti", "won": False}],
        silent=[{"name": "100", "side": "declarer", "won": True}],
    )
    with pytest.raises(HandError, match="csendes 100 \\(100 points\\) beside a lost parti"):
        ENGINE.settle(silent_100)
    silent_100_rule = 'excluded_by = ["40-100", "20-100"]\n'
    text = ULTI_TOML.replace(silent_100_rule + "reaches_100 = true\n", silent_100_rule)
    assert text != ULTI_TOML
    assert _engine_from(text).settle(silent_100).payments == {"Anna": 2, "Béla": -1, "Csaba": -1}


@pytest.mark.parametrize(
    ("old", "new", "key", "problem"),
    [
        (
            "value = 4\nfailed_extra = 1",
            'value = "four"\nfailed_extra = 1',
            "components.ulti.value",
            "must be a whole number",
        ),
        (
            'game = "trump"\nvalue = 1',
            'game = "trumps"\nvalue = 1',
            "components.parti.game",
            'did you mean "trump"',
        ),
        (
            "factor = 2                     # each level doubles",
            "factr = 2",
            "kontra.factor",
            'is required (a whole number >= 2); is "factr" a misspelling of it?',
        ),
        (
            'excluded_by = ["ulti"]',
            'excluded_by = ["ultimo"]',
            "silent.ulti.excluded_by",
            '"ultimo" is not a component',
        ),
        (
            'components = ["ulti", "parti"]\ncommon = true',
            'components = ["ulti"]\ncommon = true',
            "contracts[2].components",
            "carries the parti",
        ),
        (
            'default = "ulti_only"',
            'default = "ulti_everywhere"',
            "options.failed_bid_doubling.default",
            '"ulti_everywhere" is not one of',
        ),
        (
            'set = { "kontra.rekontra_scope" = "both" }',
            'set = { "kontra.rekontra_scop" = "both" }',
            "options.individual_rekontra_scope = both",
            'kontra.rekontra_scop: is not a known key (did you mean "rekontra_scope"?)',
        ),
        ("max = 6\n", "max = 9\n", "kontra.max_level", "has no name"),
        (
            'declarer_reach = "all_callers"',
            'declarer_reach = "all_kontras"',
            "kontra.declarer_reach",
            '"all_kontras" is not one of',
        ),
        (
            'needs_one_of = ["parti", "ulti", "negy-asz"]',
            'needs_one_of = ["parti", "ulti", "negy-ass"]',
            "silent.100.needs_one_of",
            '"negy-ass" is not a component',
        ),
        (
            "made_by_all_tricks = true\nall_tricks_why",
            'made_by_all_tricks = "yes"\nall_tricks_why',
            "components.ulti.made_by_all_tricks",
            "",
        ),
    ],
)
def test_malformed_ruleset_names_file_key_and_problem(old, new, key, problem):
    assert old in ULTI_TOML
    with pytest.raises(RulesetError) as info:
        parse_ruleset(ULTI_TOML.replace(old, new, 1), "broken.toml")
    message = str(info.value)
    assert message.startswith("broken.toml: ")
    assert key in message
    if problem:
        assert problem in message


def test_invalid_toml_is_rejected_naming_the_file(tmp_path: Path):
    path = tmp_path / "bad.toml"
    path.write_text("id = [unclosed", encoding="utf-8")
    with pytest.raises(RulesetError, match=r"bad.toml: is not valid TOML"):
        load_ruleset_file(path)


def test_builtin_rulesets_load_and_list_their_contracts():
    assert set(REGISTRY) <= set(ENGINE.rulesets)  # every game ships <NAME>.toml
    assert {r.scorer for r in ENGINE.rulesets.values()} == set(REGISTRY)
    assert {"ulti-szinlicites", "magas-tarokk"} <= set(ENGINE.rulesets)
    ulti = ENGINE.ruleset("ulti").rules
    assert len(ulti.contracts) == 40  # 28, and the 12 with négy ász and a durchmars
    assert (
        ulti.contract_value(
            ulti.contracts_by_key[frozenset({"20-100", "ulti", "durchmars"}), True], "piros"
        )
        == 48
    )
    szin = ENGINE.ruleset("ulti-szinlicites").rules
    assert "negy-asz" not in szin.components


def test_session_options_are_defaults_and_hand_options_override_them():
    lost_40_100 = hand(components=[{"name": "40-100", "won": False}])
    plain = ENGINE.settle(lost_40_100).payments
    assert plain == {"Anna": -8, "Béla": 4, "Csaba": 4}
    session = {"ruleset": "ulti", "options": {"failed_bid_doubling": "all_but_betli"}}
    doubled = ENGINE.settle(lost_40_100, session).payments
    assert doubled == {"Anna": -16, "Béla": 8, "Csaba": 8}
    back = ENGINE.settle({**lost_40_100, "options": {"failed_bid_doubling": "ulti_only"}}, session)
    assert back.payments == plain


@pytest.mark.parametrize(
    ("options", "data", "expected"),
    [
        (
            {"open_trump_durchmars_value": "24"},
            hand(components=[{"name": "durchmars", "open": True, "won": True}]),
            {"Anna": 48, "Béla": -24, "Csaba": -24},
        ),
        (
            {"failed_bid_doubling": "all_but_betli"},
            hand(components=[{"name": "40-100", "won": False}]),
            {"Anna": -16, "Béla": 8, "Csaba": 8},
        ),
        (
            {"failed_bid_doubling": "all_but_betli"},  # the parti beside an ulti stays single
            hand(components=[{"name": "ulti", "won": False}, {"name": "parti", "won": False}]),
            {"Anna": -18, "Béla": 9, "Csaba": 9},
        ),
        (
            {"four_player_dealer": "pays_as_defender"},
            hand(sitting_out=["Dóra"], components=[{"name": "parti", "won": True, "kontra": 1}]),
            {"Anna": 6, "Béla": -2, "Csaba": -2, "Dóra": -2},
        ),
        (
            {"silent_100_vs_parti": "replaces"},
            hand(silent=[{"name": "100", "side": "declarer", "won": True}]),
            {"Anna": 4, "Béla": -2, "Csaba": -2},
        ),
        (
            {"defender_renonsz": "double_win_to_declarer"},
            hand(components=[{"name": "ulti"}, {"name": "parti"}], renonsz={"player": "Béla"}),
            {"Anna": 10, "Béla": -10, "Csaba": 0},
        ),
        (
            {"declarer_throw_in": "loss_next_kontra"},
            hand(outcome="conceded", components=[{"name": "ulti"}, {"name": "parti"}]),
            {"Anna": -28, "Béla": 14, "Csaba": 14},
        ),
        (
            {"defender_silent_ulti": "everyone"},
            hand(silent=[{"name": "ulti", "side": "defenders", "won": True, "player": "Csaba"}]),
            {"Anna": 0, "Béla": -3, "Csaba": 3},
        ),
        (
            {"silent_durchmars_absorbs_4_aces": "no"},
            hand(
                silent=[
                    {"name": "durchmars", "side": "declarer", "won": True},
                    {"name": "negy-asz", "side": "declarer", "won": True},
                ]
            ),
            {"Anna": 12, "Béla": -6, "Csaba": -6},
        ),
    ],
)
def test_house_rule_options_change_the_settlement(options, data, expected):
    default = ENGINE.settle(data).payments if "renonsz" in data or "outcome" in data else None
    result = ENGINE.settle({**data, "options": options})
    assert dict(result.payments) == expected
    if default is not None:
        assert dict(default) != expected


def test_silent_durchmars_absorbs_four_aces_by_default():
    data = hand(
        silent=[
            {"name": "durchmars", "side": "declarer", "won": True},
            {"name": "negy-asz", "side": "declarer", "won": True},
        ]
    )
    assert ENGINE.settle(data).payments == {"Anna": 8, "Béla": -4, "Csaba": -4}


def test_option_errors_name_the_option():
    with pytest.raises(
        HandError, match=r"options.max_kontra_level: must be a whole number from 0 to 6"
    ):
        ENGINE.settle(hand(options={"max_kontra_level": 9}))

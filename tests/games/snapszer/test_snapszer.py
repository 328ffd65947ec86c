"""Snapszer at three and four players: validation, settlement, options and words."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from tests.engine_helpers import ENGINE
from tests.engine_helpers import snapszer_four as four
from tests.engine_helpers import snapszer_hand as snap
from ulti_ledger.cli.main import main
from ulti_ledger.games import REGISTRY, parse_ruleset
from ulti_ledger.games import snapszer as game
from ulti_ledger.settlement import HandError, RulesetError

THREE = ["Anna", "Béla", "Csaba"]
FOUR = ["Anna", "Béla", "Csaba", "Dóra"]
REGISTRY_FILE = Path(game.__file__).parent / "rulesets" / "snapszer.toml"


def pay(data: dict[str, Any]) -> dict[str, int]:
    payments = dict(ENGINE.settle(data).payments)
    assert sum(payments.values()) == 0
    return payments


def refused(data: dict[str, Any]) -> HandError:
    with pytest.raises(HandError) as caught:
        ENGINE.settle(data)
    return caught.value


# settlement -------------------------------------------------------------------------


@pytest.mark.parametrize(("loser", "n"), [("no_trick", 3), ("below_33", 2), ("reached_33", 1)])
def test_three_players_each_tier_both_ways(loser, n):
    assert pay(snap(loser=loser)) == {"Anna": 2 * n, "Béla": -n, "Csaba": -n}
    assert pay(snap(loser=loser, won=False)) == {"Anna": -2 * n, "Béla": n, "Csaba": n}


def test_two_against_two_each_loser_pays_one_winner():
    assert pay(four(loser="below_33")) == {"Anna": 2, "Béla": -2, "Csaba": 2, "Dóra": -2}
    assert pay(four(won=False, loser="no_trick")) == {
        "Anna": -3,
        "Béla": 3,
        "Csaba": -3,
        "Dóra": 3,
    }


def test_one_against_three_when_the_starter_held_the_chosen_card():
    hand = snap(players=FOUR, partner=None, won=False, loser="reached_33")
    assert pay(hand) == {"Anna": -3, "Béla": 1, "Csaba": 1, "Dóra": 1}


def test_66_before_the_chosen_card_wins_alone_against_three():
    hand = snap(players=FOUR, winner="Dóra", won=None, loser="no_trick")
    assert pay(hand) == {"Anna": -3, "Béla": -3, "Csaba": -3, "Dóra": 9}
    by_starter = snap(players=FOUR, winner="Anna", won=None, loser="below_33")
    assert pay(by_starter) == {"Anna": 6, "Béla": -2, "Csaba": -2, "Dóra": -2}


def test_announced_snapszer_by_the_declarer_made_and_failed():
    made = snap(snapszer={"by": "Anna"}, loser=None)
    assert pay(made) == {"Anna": 12, "Béla": -6, "Csaba": -6}
    failed = snap(snapszer={"by": "Anna"}, loser=None, won=False)
    assert pay(failed) == {"Anna": -12, "Béla": 6, "Csaba": 6}


def test_announced_snapszer_by_the_partner_made_and_failed():
    made = four(snapszer={"by": "Csaba"}, loser=None)
    assert pay(made) == {"Anna": 6, "Béla": -6, "Csaba": 6, "Dóra": -6}
    failed = four(snapszer={"by": "Csaba"}, loser=None, won=False)
    assert pay(failed) == {"Anna": -6, "Béla": 6, "Csaba": -6, "Dóra": 6}


def test_renonsz_the_offenders_side_loses_three():
    by_opponent = snap(renonsz={"player": "Béla"}, won=None, loser=None)
    assert pay(by_opponent) == {"Anna": 6, "Béla": -3, "Csaba": -3}
    by_partner = four(renonsz={"player": "Csaba"}, won=None, loser=None)
    assert pay(by_partner) == {"Anna": -3, "Béla": 3, "Csaba": -3, "Dóra": 3}


def test_a_fifth_player_sits_out_with_zero():
    hand = four(sitting_out=["Ede"], loser="no_trick")
    result = ENGINE.settle(hand)
    assert dict(result.payments) == {"Anna": 3, "Béla": -3, "Csaba": 3, "Dóra": -3, "Ede": 0}
    assert ENGINE.describe(result, "snapszer", "hu")[-1] == "Ede kimarad ebből a leosztásból: 0"


def test_a_redeal_pays_nobody():
    hand = snap(outcome="redeal", won=None, loser=None)
    assert pay(hand) == {"Anna": 0, "Béla": 0, "Csaba": 0}
    assert ENGINE.describe(ENGINE.settle(hand), "snapszer", "hu") == ["újraosztás: senki sem fizet"]


# options ----------------------------------------------------------------------------


def test_failed_snapszer_value_3():
    hand = snap(snapszer={"by": "Anna"}, loser=None, won=False)
    hand["options"] = {"failed_snapszer_value": 3}
    assert pay(hand) == {"Anna": -6, "Béla": 3, "Csaba": 3}
    hand["options"] = {"failed_snapszer_value": "6"}
    assert pay(hand) == {"Anna": -12, "Béla": 6, "Csaba": 6}


def test_renonsz_value():
    hand = snap(renonsz={"player": "Anna"}, won=None, loser=None, options={"renonsz_value": 5})
    assert pay(hand) == {"Anna": -10, "Béla": 5, "Csaba": 5}
    hand["options"] = {"renonsz_value": 7}
    assert refused(hand).key == "options.renonsz_value"


def test_scoresheet_credits_the_winners_in_the_score_column_and_nobody_pays():
    settled = ENGINE.settle(snap(options={"snapszer_settlement": "scoresheet"}))
    assert settled.payments == {"Anna": 0, "Béla": 0, "Csaba": 0}
    assert settled.score == {"Anna": 2, "Béla": 0, "Csaba": 0}
    lost = ENGINE.settle(snap(won=False, options={"snapszer_settlement": "scoresheet"}))
    assert lost.score == {"Anna": 0, "Béla": 2, "Csaba": 2}
    assert pay(snap(options={"snapszer_settlement": "transfer"})) == {
        "Anna": 4,
        "Béla": -2,
        "Csaba": -2,
    }


def test_the_values_are_data_in_the_ruleset_file():
    text = ENGINE.rulesets["snapszer"].text.replace("below_33 = 2", "below_33 = 5")
    engine = REGISTRY.engine().__class__({"snapszer": parse_ruleset(text, "house.toml")})
    assert dict(engine.settle(snap()).payments) == {"Anna": 10, "Béla": -5, "Csaba": -5}


def test_a_ruleset_file_without_ulti_sections_loads_and_one_without_points_is_refused():
    text = ENGINE.rulesets["snapszer"].text
    assert "[colours" not in text and "[kontra]" not in text
    broken = text.replace("no_trick = 3 ", "no_tricks = 3 ")
    with pytest.raises(RulesetError, match=r"points.no_trick: is required"):
        parse_ruleset(broken, "broken.toml")
    with pytest.raises(RulesetError, match=r"table.players"):
        parse_ruleset(text.replace("players = [3, 4]", "players = [2]"), "two.toml")


# validation -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "key", "words"),
    [
        (snap(declarer="Ede"), "declarer", "Ede is not playing this hand"),
        (snap(partner="Csaba"), "partner", "at three players the starting player plays alone"),
        (four(partner="Anna"), "partner", "Anna is the starting player"),
        (four(partner="Ede"), "partner", "Ede is not playing this hand"),
        (snap(players=FOUR), "partner", "is required at four players"),
        (four(winner="Dóra"), "won", "leave won out when winner is given"),
        (four(winner="Dóra", won=None), "partner", "leave partner out when winner"),
        (snap(winner="Anna", won=None), "winner", "only at four players"),
        (snap(snapszer={"by": "Anna"}), "loser", "leave loser out"),
        (snap(loser=None), "loser", "is required: the losing side's cards"),
        (snap(loser="below_30"), "loser", 'did you mean "below_33"'),
        (snap(won=None), "won", "is required"),
        (snap(won="yes"), "won", "must be true or false"),
        (snap(colour="piros"), "colour", "is not a key of a snapszer hand"),
        (snap(contract="parti"), "contract", "is not a key of a snapszer hand"),
        (snap(components=[]), "components", "is not a key of a snapszer hand"),
        (snap(players=["Anna", "Béla"]), "players", "is played by 3 or 4, not 2"),
        (snap(outcome="conceded"), "outcome", "allowed: played, redeal"),
        (snap(snapszer={"by": "Béla"}, loser=None), "snapszer.by", "not Béla"),
        (four(snapszer={"by": "Béla"}, loser=None), "snapszer.by", "(Anna, Csaba)"),
        (snap(snapszer={"who": "Anna"}, loser=None), "snapszer.who", "is not a key"),
        (snap(renonsz={"player": "Béla"}), "won", "a renonsz decides the hand"),
        (snap(renonsz={"player": "Ede"}, won=None, loser=None), "renonsz.player", "Ede"),
        (snap(outcome="redeal", loser=None), "won", "outcome redeal has no won"),
        (snap(sitting_out=["Dóra", "Ede"]), "sitting_out", "at most 1 players sit out"),
    ],
)
def test_refusals_name_the_key(hand, key, words):
    exc = refused(hand)
    assert exc.key == key
    assert words in str(exc), str(exc)
    assert exc.text("hu") != str(exc)  # said in Hungarian too


def test_hungarian_refusal():
    assert refused(snap(partner="Csaba")).text("hu") == (
        "partner: három játékosnál a kezdőjátékos egyedül játszik: partner maradjon ki"
    )


# words ------------------------------------------------------------------------------


def test_words_in_hungarian_and_english():
    result = ENGINE.settle(snap(snapszer={"by": "Anna"}, loser=None))
    assert ENGINE.describe(result, "snapszer", "hu") == [
        "Anna snapszert mondott és megcsinálta: 6 pont; "
        "Anna mindkét ellenfelétől 6-ot kap, összesen 12-t"
    ]
    assert ENGINE.describe(result, "snapszer", "en") == [
        "Anna announced a snapszer and made it: 6 points; "
        "Anna receives 6 from each of the two opponents, 12 in all"
    ]
    lost = ENGINE.settle(snap(players=FOUR, partner=None, won=False, loser="reached_33"))
    assert ENGINE.describe(lost, "snapszer", "hu") == [
        "Béla, Csaba és Dóra nyert, a vesztes oldal elérte a 33-at: 1 pont; "
        "Anna mind a három ellenfelének 1-et fizet, összesen 3-at"
    ]
    pairs = ENGINE.settle(four(loser="no_trick"))
    assert ENGINE.describe(pairs, "snapszer", "en") == [
        "Anna and Csaba won; the losing side took no trick: 3 points; "
        "Béla and Dóra pay 3 each; Anna and Csaba receive 3 each"
    ]


def test_each_line_moves_exactly_the_payments():
    rng = random.Random(7)
    rules = ENGINE.rulesets["snapszer"].rules
    for size in (3, 4, 5):
        for _ in range(200):
            result = ENGINE.settle(game.random_hand(rng, rules, "ABCDE"[:size]))
            total: dict[str, int] = {}
            for line in result.lines:
                for name, n in line.amounts.items():
                    total[name] = total.get(name, 0) + n
                assert game.describe(line, "hu") and game.describe(line, "en")
            assert total == dict(result.payments)


# contract parts: canonical, roles, random_hand ----------------------------------------


def test_canonical_parses_back_to_the_same_hand():
    rng = random.Random(11)
    rules = ENGINE.rulesets["snapszer"].rules
    for size in (3, 4, 5):
        for _ in range(300):
            data = game.random_hand(rng, rules, "ABCDE"[:size])
            parsed = game.parse_hand(data, rules, {})
            stored = game.canonical(parsed)
            assert "ruleset" not in stored and "options" not in stored
            assert game.parse_hand(stored, rules, {}) == parsed
            assert list(stored) == [k for k in game.hand.HAND_KEYS if k in stored]


def test_canonical_writes_partner_null_at_four():
    rules = ENGINE.rulesets["snapszer"].rules
    alone = game.parse_hand(snap(players=FOUR, partner=None), rules, {})
    assert game.canonical(alone) == {
        "players": FOUR,
        "declarer": "Anna",
        "partner": None,
        "won": True,
        "loser": "below_33",
    }


def test_roles():
    rules = ENGINE.rulesets["snapszer"].rules
    hand = game.parse_hand(four(sitting_out=["Ede"]), rules, {})
    assert game.roles(hand) == {
        "Anna": "declarer",
        "Béla": "opponent",
        "Csaba": "partner",
        "Dóra": "opponent",
        "Ede": "sitting_out",
    }
    three = game.parse_hand(snap(), rules, {})
    assert game.roles(three) == {"Anna": "declarer", "Béla": "opponent", "Csaba": "opponent"}


def test_random_hand_refuses_a_table_the_game_is_not_played_at():
    rules = ENGINE.rulesets["snapszer"].rules
    with pytest.raises(ValueError, match="table of 2"):
        game.random_hand(random.Random(1), rules, ["A", "B"])


# the CLI settles a snapszer hand through the registry --------------------------------


def test_cli_settles_a_snapszer_hand_file(tmp_path):
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(four(loser="no_trick")), encoding="utf-8")
    result = CliRunner().invoke(main, ["settle", str(path), "--lang", "hu"])
    assert result.exit_code == 0, result.output
    out = json.loads(result.output)
    assert out["payments"] == {"Anna": 3, "Béla": -3, "Csaba": 3, "Dóra": -3}
    assert out["lines"][0].startswith("Anna és Csaba nyert")


def test_cli_refuses_a_bad_snapszer_hand_naming_the_key(tmp_path):
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(snap(colour="piros")), encoding="utf-8")
    result = CliRunner().invoke(main, ["settle", str(path)])
    assert result.exit_code != 0
    assert "colour: is not a key of a snapszer hand" in result.output


def test_cli_rules_list_check_and_show_a_game_without_contracts():
    listed = CliRunner().invoke(main, ["rules", "list"])
    assert listed.exit_code == 0, listed.output
    assert "snapszer           Snapszer  (6 game values, 4 house-rule options)" in listed.output
    path = str(REGISTRY_FILE)
    checked = CliRunner().invoke(main, ["rules", "check", path])
    assert checked.output == "ok: snapszer (Snapszer): 6 game values, 4 house-rule options\n"
    shown = CliRunner().invoke(main, ["rules", "show", "snapszer"])
    assert shown.exit_code == 0, shown.output
    assert "  below 33             2\n" in shown.output
    assert "settlement: the losers pay" in shown.output  # words, not the file's ids


def test_cli_text_format_settles_a_snapszer_list(tmp_path):
    path = tmp_path / "hands.json"
    path.write_text(json.dumps([snap(), snap(won=False)]), encoding="utf-8")
    result = CliRunner().invoke(main, ["settle", str(path), "--format", "text", "--lang", "hu"])
    assert result.exit_code == 0, result.output
    assert "   Anna +4, Béla −2, Csaba −2" in result.output
    assert "Anna mindkét ellenfelének 2-t fizet, összesen 4-et" in result.output
    assert " · \n" not in result.output

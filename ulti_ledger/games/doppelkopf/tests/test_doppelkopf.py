"""Doppelkopf by the DDV rules: the package's vectors, who wins, the words, Bock rounds."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

from tests.engine_helpers import ENGINE
from ulti_ledger.games import REGISTRY
from ulti_ledger.games import doppelkopf as game
from ulti_ledger.games.doppelkopf.score import winner
from ulti_ledger.settlement import HandError

VECTORS = json.loads(
    (Path(game.__file__).parent / "vectors" / "own.json").read_text(encoding="utf-8")
)
FOUR = ["Anna", "Béla", "Csaba", "Dóra"]


def normal(re_points: int, **extra: Any) -> dict[str, Any]:
    """Anna and Csaba play Re against Béla and Dóra."""
    return {
        "ruleset": "doppelkopf",
        "players": FOUR,
        "declarer": "Anna",
        "partner": "Csaba",
        "re_points": re_points,
        **extra,
    }


def re_gets(data: dict[str, Any]) -> int:
    """What each Re player receives (2 v 2), checked zero-sum."""
    payments = dict(ENGINE.settle(data).payments)
    assert sum(payments.values()) == 0
    assert payments["Anna"] == payments["Csaba"] == -payments["Béla"] == -payments["Dóra"]
    return payments["Anna"]


@pytest.mark.parametrize("case", VECTORS, ids=[v["id"] for v in VECTORS])
def test_every_vector_of_the_package(case):
    if "expected_refusal" in case:
        with pytest.raises(HandError) as caught:
            ENGINE.settle(case["hand"])
        want = case["expected_refusal"]
        assert (caught.value.key, caught.value.code) == (want["key"], want["code"])
    else:
        assert dict(ENGINE.settle(case["hand"]).payments) == case["expected"]


TSR_SECTION = re.compile(r"\bDDV TSR \d+\.\d+(\.\d+)?")
"""A citation of the DDV Turnier-Spielregeln by section (``DDV TSR 7.1.2 Nr. 7``)."""


@pytest.mark.parametrize("case", VECTORS, ids=[v["id"] for v in VECTORS])
def test_every_vector_cites_the_tsr_section_it_follows(case):
    """The TSR has no worked examples (RULES.md, Sources): each vector names the rule it
    follows, so a reader can check it against the text."""
    assert any(TSR_SECTION.search(source) for source in case["source"]), case["id"]


def test_every_case_the_tsr_enumerates_has_a_vector():
    """Who wins: TSR 7.1.1 (Re) and 7.1.2 (Kontra) Nr. 1 to 8, and 7.1.3 (nobody)."""
    cited = {
        found.group(0)
        for case in VECTORS
        if "expected" in case
        for source in case["source"]
        if (found := re.match(r"DDV TSR 7\.1\.[123]( Nr\. \d)?", source))
    }
    wanted = {f"DDV TSR 7.1.{part} Nr. {n}" for part in (1, 2) for n in range(1, 9)}
    assert wanted | {"DDV TSR 7.1.3"} <= cited


@pytest.mark.parametrize(
    ("re_points", "announced", "re_wins"),
    [  # TSR 7.1.1 (Re) and 7.1.2 (Kontra) Nr. 1 to 8, at the bar and one card point below
        (121, {}, True),
        (120, {}, False),
        (121, {"re": "re"}, True),
        (120, {"re": "re"}, False),
        (121, {"re": "re", "kontra": "kontra"}, True),
        (120, {"re": "re", "kontra": "kontra"}, False),
        (120, {"kontra": "kontra"}, True),
        (119, {"kontra": "kontra"}, False),
        (151, {"re": "keine_90"}, True),
        (150, {"re": "keine_90"}, False),
        (181, {"re": "keine_60"}, True),
        (180, {"re": "keine_60"}, False),
        (211, {"re": "keine_30"}, True),
        (210, {"re": "keine_30"}, False),
        (90, {"kontra": "keine_90"}, True),
        (89, {"kontra": "keine_90"}, False),
        (60, {"kontra": "keine_60"}, True),
        (30, {"kontra": "keine_30"}, True),
        (29, {"kontra": "keine_30"}, False),
    ],
)
def test_who_wins_by_the_tsr(re_points, announced, re_wins):
    rules = ENGINE.ruleset("doppelkopf").rules
    hand = game.parse_hand(normal(re_points, announced=announced), rules, {})
    assert winner(hand) == ("re" if re_wins else "kontra")


def test_schwarz_said_is_won_only_with_every_trick():
    said = {"announced": {"re": "schwarz"}}
    assert re_gets(normal(240, all_tricks="re", **said)) == 1 + 4 + 2 + 4
    assert re_gets(normal(240, **said)) < 0  # 240 card points, but Kontra took a trick
    with pytest.raises(HandError) as caught:
        ENGINE.settle(normal(239, all_tricks="re"))
    assert caught.value.code == "all_tricks_points"


def test_a_soloist_is_paid_and_pays_three_times():
    for contract in ("damensolo", "bubensolo", "fleischlos"):
        won = ENGINE.settle(
            {
                "ruleset": "doppelkopf",
                "players": FOUR,
                "declarer": "Béla",
                "contract": contract,
                "re_points": 121,
            }
        ).payments
        assert won == {"Anna": -1, "Béla": 3, "Csaba": -1, "Dóra": -1}
    lost = ENGINE.settle(
        {
            "ruleset": "doppelkopf",
            "players": FOUR,
            "declarer": "Béla",
            "contract": "farbsolo",
            "suit": "herz",
            "re_points": 89,
        }
    ).payments
    assert lost == {"Anna": 2, "Béla": -6, "Csaba": 2, "Dóra": 2}  # no gegen die Alten


def test_a_farbsolo_names_its_suit_and_only_it():
    base = {"ruleset": "doppelkopf", "players": FOUR, "declarer": "Anna", "re_points": 130}
    with pytest.raises(HandError) as caught:
        ENGINE.settle({**base, "contract": "farbsolo"})
    assert caught.value.code == "suit_unknown"
    with pytest.raises(HandError) as caught:
        ENGINE.settle(normal(130, suit="herz"))
    assert caught.value.code == "suit_not_farbsolo"


def test_armut_and_schweinchen_wait_for_their_house_rules():
    with pytest.raises(HandError) as caught:
        ENGINE.settle(normal(130, contract="armut"))
    assert caught.value.code == "contract_unknown"
    armut = normal(110, contract="armut", options={"armut": "on"})
    assert re_gets(armut) == -1  # Kontra wins 1: no gegen die Alten in an Armut
    with pytest.raises(HandError) as caught:
        ENGINE.settle(normal(130, schweinchen="Anna"))
    assert caught.value.code == "schweinchen_off"
    pigs = normal(130, schweinchen="Anna", options={"schweinchen": "on"})
    assert re_gets(pigs) == 1  # recorded, the value unchanged


def test_the_hand_comes_back_from_its_canonical_form():
    rules = ENGINE.ruleset("doppelkopf").rules
    rng = random.Random(37)
    for _ in range(300):
        data = game.random_hand(rng, rules, [*FOUR, "Ede"])
        hand = game.parse_hand(data, rules, {})
        again = game.parse_hand({"ruleset": "doppelkopf", **game.canonical(hand)}, rules, {})
        assert again == hand


def test_the_game_words_stay_german_in_every_language():
    data = normal(130, announced={"re": "keine_60"}, extras={"kontra": {"fuchs": 1}})
    line = ENGINE.settle(data).lines[0]
    for lang in ("hu", "en", "de"):
        text = game.describe(line, lang)
        for word in ("Kontra", "keine 60", "Fuchs gefangen", "gegen die Alten"):
            assert word in text, (lang, text)
    assert "Kontra nyert" in game.describe(line, "hu")
    assert "Anna és Csaba fizet" in game.describe(line, "hu")


def _rows(hands: list[dict[str, Any]], options: dict[str, str]) -> tuple[list, Any]:
    rules = ENGINE.ruleset("doppelkopf").resolve(options)
    rows = []
    for data in hands:
        hand = game.parse_hand(data, rules, options)
        rows.append(game.row(data, hand, rules, "de"))
    return rows, rules


def test_bock_rounds_open_and_stack():
    rows, rules = _rows([normal(120)], {"bock_120": "on"})
    assert game.form_proposal(rows, rules) == {"bock": "1"}
    assert game.session_sheet(rows, FOUR, rules, "de")["notices"] == ["Noch 4 Bockspiele"]
    more, _ = _rows([normal(120), normal(120, bock=1)], {"bock_120": "on"})
    assert game.form_proposal(more, rules) == {"bock": "2"}  # Doppelbock
    played, _ = _rows([normal(120)] + [normal(130, bock=1)] * 4, {"bock_120": "on"})
    assert game.form_proposal(played, rules) == {}
    off, plain = _rows([normal(120)], {})
    assert game.form_proposal(off, plain) == {}


def test_a_lost_re_or_a_solo_opens_bock_under_its_own_option():
    lost, rules = _rows([normal(115, announced={"re": "re"})], {"bock_lost_announcement": "on"})
    assert game.form_proposal(lost, rules) == {"bock": "1"}
    won, _ = _rows([normal(125, announced={"re": "re"})], {"bock_lost_announcement": "on"})
    assert game.form_proposal(won, rules) == {}
    solo = {
        "ruleset": "doppelkopf",
        "players": FOUR,
        "declarer": "Anna",
        "contract": "damensolo",
        "re_points": 150,
    }
    rows, rules = _rows([solo], {"bock_solo": "on"})
    assert game.form_proposal(rows, rules) == {"bock": "1"}


def test_the_row_names_every_fact_that_changed_the_payment():
    rows, _ = _rows(
        [
            normal(
                130,
                announced={"re": "keine_60", "kontra": "kontra"},
                extras={"kontra": {"fuchs": 1, "doppelkopf": 1}, "re": {"karlchen": True}},
            )
        ],
        {},
    )
    notation = rows[0]["notation"]
    for word in (
        "keine 60",
        "Kontra",
        "Fuchs gefangen",
        "Doppelkopf",
        "Karlchen",
        "gegen die Alten",
        "90 gegen keine 60",
    ):
        assert word in notation, notation
    tags = {text for _, text in rows[0]["sheet"]["tags"]}
    assert "Re: keine 60" in tags and "Kontra" in tags


def test_the_registry_serves_the_game_on_every_surface():
    assert "doppelkopf" in REGISTRY
    rules = ENGINE.ruleset("doppelkopf").rules
    form = game.hand_form(rules, "en")
    assert {p["id"] for p in form["presets"]} >= {"re-121", "kontra-120", "damensolo"}
    assert game.rules_table(rules, "de")["summary"] == "6 Spiele"

"""The Skat rulings of 0.9.0's second pass (RULES.md, the "(new)" rows): each Bock trigger
alone and in the bundle, a Kontra game read as its source reads it (the declarer loses),
no Bock round from a Grand Hand in a Ramsch round, a Grand Hand in an evening of Ramsch
only, and every split of the 120 card points: the Ramsch results that can happen are
accepted, the others refused. An evening pinned to the text shipped before keeps its
rules (``tests/data/skat-before-0.9-rulings.toml``).
"""

from __future__ import annotations

from itertools import combinations
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.engine_helpers import ENGINE
from ulti_ledger.games import parse_ruleset
from ulti_ledger.games.skat import tally
from ulti_ledger.settlement import Engine, HandError

ABC = ("A", "B", "C")
OLD = Engine(
    {
        "skat": parse_ruleset(
            (Path(__file__).parents[2] / "data" / "skat-before-0.9-rulings.toml").read_text(
                "utf-8"
            ),
            "skat.toml",
        )
    }
)


def _game(options: dict[str, str], **facts: Any) -> dict[str, Any]:
    hand = {"ruleset": "skat", "options": options, "players": list(ABC), "declarer": "A"}
    return {**hand, "hand": False, "bid": 18, **facts}


def _fired(data: dict[str, Any], engine: Engine = ENGINE) -> list[str]:
    hand, rules = engine.parse(data)
    return engine.game("skat").row(data, hand, rules, "en")["skat_list"]["triggers"]


# Bock triggers, each alone and in the bundle ---------------------------------------------

TRIGGER_HANDS = {
    "sixty_sixty": {"game": "karo", "mit": 1, "declarer_points": 60},
    "grand_hand": {"game": "grand", "mit": 1, "hand": True, "declarer_points": 75},
    "null_ouvert_hand": {"game": "null", "hand": True, "ouvert": True, "bid": 59, "won": True},
    "kontra_re": {"game": "pik", "mit": 1, "declarer_points": 70, "kontra": 2},
}
ALONE = {
    "sixty_sixty": "bock_sixty_sixty",
    "grand_hand": "bock_grand_hand",
    "null_ouvert_hand": "bock_null_ouvert_hand",
    "kontra_re": "bock_re",
}


@pytest.mark.parametrize("trigger", sorted(TRIGGER_HANDS))
def test_each_trigger_alone_fires_its_own_game_only(trigger):
    options = {"kontra_re": "on", ALONE[trigger]: "on"}
    for other, facts in TRIGGER_HANDS.items():
        expected = [other] if other == trigger else []
        assert _fired(_game(options, **facts)) == expected, (trigger, other)


@pytest.mark.parametrize("trigger", sorted(TRIGGER_HANDS))
def test_the_bundle_fires_every_trigger_and_a_single_option_adds_nothing(trigger):
    facts = TRIGGER_HANDS[trigger]
    bundle = {"kontra_re": "on", "bock": "on"}
    assert _fired(_game(bundle, **facts)) == [trigger]
    assert _fired(_game({**bundle, ALONE[trigger]: "on"}, **facts)) == [trigger]
    assert _fired(_game({"kontra_re": "on"}, **facts)) == []  # Bock off: nothing fires


def test_sixty_sixty_alone_plays_doubled_games_and_counts_the_round():
    options = {"bock_sixty_sixty": "on"}
    rules = ENGINE.rulesets["skat"].resolve(options)
    first = _game(options, **TRIGGER_HANDS["sixty_sixty"])
    grand = _game(options, **TRIGGER_HANDS["grand_hand"])
    rows = [ENGINE.game("skat").row(h, *ENGINE.parse(h), "en") for h in (first, grand)]
    assert tally.rounds(rows[:1], rules).queue == ("bock",) * 3
    assert tally.rounds(rows, rules).queue == ("bock",) * 2  # the Grand Hand opened none
    assert ENGINE.settle({**grand, "bock": True}).score["A"] == 2 * 72


KREUZ = {"game": "kreuz", "mit": 1, "kontra": 1}  # (1+1) x 12 = 24, Kontra: 48


@pytest.mark.parametrize(("points", "opens"), [(50, True), (70, False)])
def test_a_kontra_game_opens_a_round_when_the_declarer_loses(points, opens):
    """ "Successful Kontra (declarer loses)" (Andy4495 README): at 50 card points the
    declarer lost, the Kontra succeeded; at 70 he won."""
    options = {"kontra_re": "on", "bock_kontra_declarer_lost": "on"}
    fired = _fired(_game(options, **KREUZ, declarer_points=points))
    assert fired == (["kontra_declarer_lost"] if opens else [])


@pytest.mark.parametrize(("points", "opens"), [(50, False), (70, True)])
def test_the_old_option_keeps_its_old_reading_today_and_in_a_pinned_evening(points, opens):
    """bock_lost_kontra (deprecated) opens on a Kontra game the declarer won, as it did:
    an evening that chose it, pinned or exported, settles and counts as before."""
    options = {"kontra_re": "on", "bock_lost_kontra": "on"}
    hand = _game(options, **KREUZ, declarer_points=points)
    for engine in (ENGINE, OLD):
        assert _fired(hand, engine) == (["lost_kontra"] if opens else []), engine
        assert engine.settle(hand).score == ENGINE.settle(hand).score


def test_a_re_lost_opens_one_round_under_both_kontra_readings():
    options = {"kontra_re": "on", "bock": "on", "bock_kontra_declarer_lost": "on"}
    hand = _game(options, game="pik", mit=1, declarer_points=50, kontra=2)
    assert _fired(hand) == ["kontra_re", "kontra_declarer_lost"]
    rules = ENGINE.rulesets["skat"].resolve(options)
    row = ENGINE.game("skat").row(hand, *ENGINE.parse(hand), "en")
    assert tally.rounds([row], rules).queue == ("bock",) * 3  # one round per hand


# A Grand Hand in a Ramsch round, and in an evening of Ramsch only -------------------------


def _rows(hands: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [ENGINE.game("skat").row(h, *ENGINE.parse(h), "en") for h in hands]


def test_a_grand_hand_in_a_ramsch_round_opens_no_bock_round():
    options = {"bock": "on", "ramsch_after_bock": "on"}
    rules = ENGINE.rulesets["skat"].resolve(options)
    grand = _game(options, **TRIGGER_HANDS["grand_hand"])
    herz = _game(options, game="herz", mit=1, declarer_points=70, bock=True)
    ramsch = {"ruleset": "skat", "options": options, "players": list(ABC)}
    ramsch |= {"outcome": "ramsch", "ramsch": {"loser": "B", "points": 55}}
    # the Grand Hand opens [b b b r r r]; three Bock games, a Ramsch, then a Grand Hand
    # declared in the Ramsch round: it opens nothing, one Ramsch game is left
    evening = [grand, herz, herz, herz, ramsch, grand]
    assert tally.rounds(_rows(evening), rules).queue == ("ramsch",)
    # the same Grand Hand outside a Ramsch round opens one
    assert tally.rounds(_rows([grand, grand]), rules).queue.count("bock") == 2 + 3


def test_the_form_keeps_the_ramsch_round_of_a_grand_hand_declared_there():
    """The form proposes the Ramsch round's game with ``ramsch_round`` ticked; a Grand Hand
    declared instead keeps it, and its hand reads back to the same form values."""
    options = {"bock": "on", "ramsch_after_bock": "on"}
    rules = ENGINE.rulesets["skat"].resolve(options)
    skat = ENGINE.game("skat")
    assert "ramsch_round" in [f["name"] for f in skat.hand_form(rules, "de")["fields"]]
    values = {"declarer": "A", "game": "grand", "matadors": "mit-1", "hand": "true"}
    values |= {"declarer_points": "75", "ramsch_round": "true", "outcome": ""}
    posted = {**values, "players": list(ABC), "dealer": "C"}
    hand = {**skat.hand_from_form(posted, rules), "ruleset": "skat", "options": options}
    hand.pop("dealer", None)
    assert hand["ramsch_round"] is True and _fired(hand) == []
    parsed, _ = ENGINE.parse(hand)
    stored = skat.canonical(parsed)
    assert stored["ramsch_round"] is True
    assert skat.form_values(stored, rules)["ramsch_round"] == "true"


@pytest.mark.parametrize(
    ("options", "facts", "key", "code"),
    [
        ({"bock": "on"}, TRIGGER_HANDS["grand_hand"], "ramsch_round", "ramsch_round_off"),
        (
            {"bock": "on", "ramsch_after_bock": "on"},
            {"game": "kreuz", "mit": 1, "hand": True, "declarer_points": 75},
            "game",
            "ramsch_round_grand_hand",
        ),
    ],
)
def test_a_ramsch_round_game_is_a_grand_hand_where_ramsch_rounds_are_played(
    options, facts, key, code
):
    with pytest.raises(HandError) as caught:
        ENGINE.settle(_game(options, **facts, ramsch_round=True))
    assert (caught.value.key, caught.value.code) == (key, code)
    assert caught.value.text("hu") != str(caught.value)
    if key == "game":
        field, text = ENGINE.game("skat").form_refusal(key, code, {}, None, "de")
        assert field == "game" and "Ramschrunde" in text and "ramsch_round" not in text


def test_a_grand_hand_in_an_evening_of_ramsch_only_is_scored_and_opens_nothing():
    options = {"ramsch_only": "on", "bock": "on"}
    hand = _game(options, **TRIGGER_HANDS["grand_hand"])
    assert ENGINE.settle(hand).score == {"A": 72, "B": 0, "C": 0}  # (1+1+1) x 24
    assert _fired(hand) == []
    rules = ENGINE.rulesets["skat"].resolve(options)
    form = ENGINE.game("skat").hand_form(rules, "en")
    (outcome,) = [f for f in form["fields"] if f["name"] == "outcome"]
    assert [o["value"] for o in outcome["options"]] == ["", "ramsch"]
    assert outcome["default"] == "ramsch"


def test_the_forbidding_option_and_a_pinned_evening_refuse_the_grand_hand():
    hand = _game(
        {"ramsch_only": "on", "ramsch_only_grand_hand": "off"}, **TRIGGER_HANDS["grand_hand"]
    )
    with pytest.raises(HandError) as caught:
        ENGINE.settle(hand)
    assert (caught.value.key, caught.value.code) == ("outcome", "ramsch_only")
    with pytest.raises(HandError) as caught:
        OLD.settle({**hand, "options": {"ramsch_only": "on"}})
    assert caught.value.code == "ramsch_only"


def test_only_a_grand_hand_may_be_declared_in_an_evening_of_ramsch_only():
    for facts in (
        {"game": "grand", "mit": 1, "declarer_points": 75},  # not a hand game
        {"game": "kreuz", "mit": 1, "hand": True, "declarer_points": 75},
    ):
        with pytest.raises(HandError) as caught:
            ENGINE.settle(_game({"ramsch_only": "on"}, **facts))
        assert (caught.value.key, caught.value.code) == ("game", "ramsch_only_grand_hand")
        field, text = ENGINE.game("skat").form_refusal(
            caught.value.key, caught.value.code, {}, None, "de"
        )
        assert field == "game" and "Grand Hand" in text and "game" not in text


# Every split of the 120 card points ---------------------------------------------------------

RAMSCH_ONLY = {"ramsch_only": "on", "ramsch_durchmarsch": "off"}


def _possible(losers: tuple[str, ...], points: int, jungfrau: tuple[str, ...]) -> bool:
    """Whether a split of the 120 card points gives this record: the losers are exactly
    those with the most, ``points`` each, and each Jungfrau took nothing."""
    for a in range(121):
        for b in range(121 - a):
            split = dict(zip(ABC, (a, b, 120 - a - b), strict=True))
            most = max(split.values())
            if most != points or {n for n in ABC if split[n] == most} != set(losers):
                continue
            if all(split[name] == 0 for name in jungfrau):
                return True
    return False


def _record(losers: tuple[str, ...], points: int, jungfrau: tuple[str, ...]) -> dict[str, Any]:
    ramsch: dict[str, Any] = {"loser": losers[0] if len(losers) == 1 else list(losers)}
    ramsch["points"] = points
    if jungfrau:
        ramsch["jungfrau"] = list(jungfrau)
    hand = {"ruleset": "skat", "options": RAMSCH_ONLY, "players": list(ABC)}
    return {**hand, "outcome": "ramsch", "ramsch": ramsch}


RECORDS = [
    (losers, jungfrau)
    for size in (1, 2, 3)
    for losers in combinations(ABC, size)
    for count in range(3 - size + 1)
    for jungfrau in combinations([n for n in ABC if n not in losers], count)
]


@pytest.mark.parametrize(("losers", "jungfrau"), RECORDS)
def test_every_record_is_accepted_exactly_when_a_split_gives_it(losers, jungfrau):
    wrong = []
    for points in range(0, 121):
        data = _record(losers, points, jungfrau)
        try:
            score = ENGINE.settle(data).score
        except HandError as exc:
            accepted, reason = False, exc
        else:
            accepted, reason = True, score
            assert all(score[n] == -points * 2 ** len(jungfrau) for n in losers), data
        if accepted != _possible(losers, points, jungfrau):
            wrong.append((points, reason))
    assert wrong == []


@given(st.integers(0, 120), st.integers(0, 120), st.booleans(), st.booleans())
def test_the_record_of_any_split_is_accepted_and_scored(a, b, first_trickless, second_trickless):
    """From any split (a, b, 120 - a - b), the table's record (the most card points lose;
    a player with none may have taken no trick) settles, and the losers pay their points."""
    b = min(b, 120 - a)
    split = dict(zip(ABC, (a, b, 120 - a - b), strict=True))
    most = max(split.values())
    losers = tuple(n for n in ABC if split[n] == most)
    zero = [n for n in ABC if split[n] == 0]
    jungfrau = tuple(
        n for n, flag in zip(zero, (first_trickless, second_trickless), strict=False) if flag
    )
    score = ENGINE.settle(_record(losers, most, jungfrau)).score
    assert {n for n in ABC if score[n]} == set(losers)
    assert all(score[n] == -most * 2 ** len(jungfrau) for n in losers)


@pytest.mark.parametrize(
    ("losers", "points", "jungfrau", "code", "words"),
    [
        (("A",), 40, (), "ramsch_alone_at_40", "at 40 card points all three tie"),
        (("A", "B"), 40, (), "ramsch_two_at_40", "at 40 card points all three tie"),
        (("A",), 60, ("B",), "ramsch_jungfrau_alone", "at 60 card points the two tie"),
        (("A",), 50, ("B",), "ramsch_jungfrau_alone", "the third took 70"),
    ],
)
def test_an_impossible_result_is_refused_with_the_reason(losers, points, jungfrau, code, words):
    with pytest.raises(HandError) as caught:
        ENGINE.settle(_record(losers, points, jungfrau))
    assert caught.value.code == code and words in str(caught.value)
    assert caught.value.text("hu") != str(caught.value)  # said in Hungarian too
    assert "Augen" in caught.value.text("de")  # Skat's word for card points
    field, text = ENGINE.game("skat").form_refusal("ramsch.points", code, {}, None, "de")
    assert field == "ramsch_points" and "Augen" in text and "ramsch" not in text


def test_an_evening_pinned_before_keeps_the_results_it_stored():
    hand = {**_record(("A",), 40, ()), "options": {"ramsch_only": "on"}}
    assert OLD.settle(hand).score == {"A": -40, "B": 0, "C": 0}


@pytest.mark.parametrize(
    ("lang", "words"), [("de", "den Ramsch verloren"), ("hu", "vesztette a Ramschot")]
)
def test_a_ramsch_without_its_loser_is_asked_for_in_skat_s_words(lang, words):
    """Not the engine's "fehlt: der Name eines Spielers dieses Spiels" (issue 35)."""
    data = {"ruleset": "skat", "options": {"all_pass": "ramsch"}, "players": list(ABC)}
    data |= {"outcome": "all_pass", "ramsch": {"points": 50}}
    with pytest.raises(HandError) as caught:
        ENGINE.settle(data)
    key, code = caught.value.key, caught.value.code
    field, text = ENGINE.game("skat").form_refusal(key, code, data, None, lang)
    assert field == "ramsch_loser" and words in text and "Name eines Spielers" not in text

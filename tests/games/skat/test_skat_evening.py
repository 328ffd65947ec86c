"""A Skat evening (list) with every Bock trigger, a Ramsch round after Bock and a three-way
Ramsch tie, settled to totals worked out here by hand (RULES.md, Skat decisions; issue 25).

Each hand's Bock tick and Ramsch round are what the form proposes from the hands before
it (``form_proposal``), checked hand by hand; the counter on the board (``session_sheet``)
after the last hand; and the totals of the list and of the money, from the session.
"""

from __future__ import annotations

from typing import Any

from tests.engine_helpers import ENGINE
from ulti_ledger.games.skat import tally as skat_tally
from ulti_ledger.settlement.session import settle_session

ABC = ["A", "B", "C"]
OPTIONS = {
    "all_pass": "ramsch",
    "bock": "on",
    "kontra_re": "on",
    "bock_kontra_declarer_lost": "on",
    "bock_schneider": "on",
    "bock_value_120": "on",
    "bock_two_rounds": "on",
    "ramsch_after_bock": "on",
}


def game(declarer: str, name: str, **facts: Any) -> dict[str, Any]:
    return {"players": ABC, "declarer": declarer, "game": name, "hand": False, **facts}


def ramsch(outcome: str, **facts: Any) -> dict[str, Any]:
    return {"players": ABC, "outcome": outcome, "ramsch": facts}


BOCK = {"bock": "true"}
RAMSCH = {"outcome": "ramsch", "ramsch_round": "true"}
# (hand, what the form proposes for it, the list entry by hand)
EVENING = [
    # two full rounds (6 deals) without Bock; the sixth opens a round (bock_two_rounds)
    (game("A", "herz", mit=1, declarer_points=70), {}, {"A": 20}),  # (1+1) x 10
    (game("B", "kreuz", ohne=2, declarer_points=50), {}, {"B": -72}),  # lost: -2 x (3 x 12)
    # all pass, Ramsch: A, B and C tie at 40 each: all three lose 40
    (ramsch("all_pass", loser=ABC, points=40), {}, {"A": -40, "B": -40, "C": -40}),
    (game("C", "pik", mit=2, declarer_points=80), {}, {"C": 33}),  # (2+1) x 11
    (game("A", "null", bid=23, won=True), {}, {"A": 23}),
    (game("B", "grand", mit=1, declarer_points=65), {}, {"B": 48}),  # (1+1) x 24
    # the Bock round of the two idle rounds: three doubled games, each opening its own
    # round: a Grand Hand (3 x 24 = 72, x 2 = 144) ...
    (game("A", "grand", mit=1, hand=True, declarer_points=75, bock=True), BOCK, {"A": 144}),
    # ... a Null Ouvert Hand (59 x 2 = 118) ...
    (game("C", "null", hand=True, ouvert=True, bid=59, won=True, bock=True), BOCK, {"C": 118}),
    # ... and a Pik mit 1 with Re that the declarer won: Re fires (the Kontra game opens a
    # round only when the declarer loses it), one round ((1+1) x 11 = 22, x 4 Re = 88,
    # x 2 Bock = 176)
    (game("B", "pik", mit=1, kontra=2, declarer_points=70, bock=True), BOCK, {"B": 176}),
    # the Ramsch round after that Bock round: B loses 55 ...
    (ramsch("ramsch", loser="B", points=55), RAMSCH, {"B": -55}),
    # ... A declares a Grand Hand instead: mit 2, Schneider: (2+1+1+1) x 24 = 120, which
    # fires Grand Hand, Schneider and 120 at once, but in a Ramsch round it opens no Bock
    # round (Andy4495 README: "No bock can be created in this case"); the form keeps its
    # proposed ramsch_round, so its row and lines say so too ...
    (
        game("A", "grand", mit=2, hand=True, declarer_points=95, ramsch_round=True),
        RAMSCH,
        {"A": 120},
    ),
    # ... C loses 70, A a Jungfrau: 70 x 2
    (ramsch("ramsch", loser="C", points=70, jungfrau=["A"]), RAMSCH, {"C": -140}),
    # the next Bock round (the Grand Hand's): C loses at 60:60, Karo mit 1:
    # -2 x (2 x 9) x 2 = -72, and 60:60 opens one more round
    (game("C", "karo", mit=1, declarer_points=60, bock=True), BOCK, {"C": -72}),
]
# The list by hand:
#   A: +20 - 40 + 23 + 144 + 120        = 267
#   B: -72 - 40 + 48 + 176 - 55         =  57
#   C: -40 + 33 + 118 - 140 - 72        = -101     (sum 223)
# The money, pair by pair: 3 x list - 223
#   A: 801 - 223 = 578;  B: 171 - 223 = -52;  C: -303 - 223 = -526
GOLDEN_SCORES = {"A": 267, "B": 57, "C": -101}
GOLDEN_TOTALS = {"A": 578, "B": -52, "C": -526}
# The rounds still to come: after the sixth deal [b b b r r r]; each later deal plays one
# and five opened one more each (7, 8, 9, 13, and the 6th's; the 11th, a Grand Hand in the
# Ramsch round, none): of the 5 x 6 = 30 games opened, 7 were played (deals 7 to 13): 23
# to come. The Bock games: 3 x 5 = 15 opened, 4 played (7, 8, 9, 13): 11; the Ramsch
# games: 15 opened, 3 played: 12.
GOLDEN_BOCK_LEFT, GOLDEN_RAMSCH_LEFT = 11, 12


def _rows(hands: list[dict[str, Any]], options: dict[str, str]) -> list[dict[str, Any]]:
    out = []
    for facts in hands:
        hand, rules = ENGINE.parse({"ruleset": "skat", "options": options, **facts})
        out.append(ENGINE.game("skat").row(facts, hand, rules, "en"))
    return out


def _rules(options: dict[str, str]) -> Any:
    return ENGINE.rulesets["skat"].resolve(options)


def test_each_hand_is_what_the_form_proposed():
    skat, rules = ENGINE.game("skat"), _rules(OPTIONS)
    hands = [hand for hand, _, _ in EVENING]
    for index, (_, proposed, _) in enumerate(EVENING):
        got = skat.form_proposal(_rows(hands[:index], OPTIONS), rules)
        assert got == proposed, index + 1
    assert skat.form_proposal(_rows(hands, OPTIONS), rules) == BOCK


def test_the_evening_settles_to_the_golden_totals():
    session = {
        "format": "ulti-ledger/session@1",
        "ruleset": "skat",
        "options": OPTIONS,
        "players": ABC,
        "hands": [hand for hand, _, _ in EVENING],
    }
    result = settle_session(ENGINE, session)
    for settlement, (_, _, entry) in zip(result.hands, EVENING, strict=True):
        assert {k: v for k, v in settlement.score.items() if v} == entry
    assert dict(result.scores) == GOLDEN_SCORES
    assert dict(result.totals) == GOLDEN_TOTALS


def test_the_board_counts_the_rounds_to_come():
    skat, rules = ENGINE.game("skat"), _rules(OPTIONS)
    rows = _rows([hand for hand, _, _ in EVENING], OPTIONS)
    queue = skat_tally.rounds(rows, rules).queue
    assert (queue.count("bock"), queue.count("ramsch")) == (GOLDEN_BOCK_LEFT, GOLDEN_RAMSCH_LEFT)
    assert queue[:5] == ("bock", "bock", "ramsch", "ramsch", "ramsch")
    notices = skat.session_sheet(rows, ABC, rules, "en")["notices"]
    assert any("11" in n and "Bock" in n for n in notices), notices
    assert any("12" in n and "Ramsch" in n for n in notices), notices


def test_two_rounds_without_bock_open_one_only_under_the_option():
    """bock_two_rounds, each choice: six deals without Bock open a round, or nothing."""
    skat = ENGINE.game("skat")
    hands = [hand for hand, _, _ in EVENING[:6]]
    on = {"bock": "on", "all_pass": "ramsch", "bock_two_rounds": "on"}
    off = {**on, "bock_two_rounds": "off"}
    assert skat.form_proposal(_rows(hands[:5], on), _rules(on)) == {}
    assert skat.form_proposal(_rows(hands, on), _rules(on)) == BOCK
    assert skat.form_proposal(_rows(hands, off), _rules(off)) == {}
    # the Bock game it proposes changes the next hand's payment: Herz mit 1 at 70, doubled
    nxt = {"ruleset": "skat", "options": on, **game("A", "herz", mit=1, declarer_points=70)}
    plain = ENGINE.settle(nxt).payments["A"]
    doubled = ENGINE.settle({**nxt, "bock": True}).payments["A"]
    assert (plain, doubled) == (40, 80)


def test_schneider_while_bock_is_pending_opens_nothing_under_no_bock_pending():
    """bock_schneider: a Schneider while Bock games wait opens a round under ``on`` only."""
    base = {"bock": "on", "all_pass": "ramsch"}
    grand_hand = game("A", "grand", mit=1, hand=True, declarer_points=75)  # opens a round
    schneider = game("B", "herz", mit=1, declarer_points=95, bock=True)  # in the round
    counts = {}
    for choice in ("on", "no_bock_pending", "off"):
        options = {**base, "bock_schneider": choice}
        rows = _rows([grand_hand, schneider], options)
        counts[choice] = skat_tally.rounds(rows, _rules(options)).queue.count("bock")
    # the Grand Hand opened 3; the Schneider played one of them: 2 left, plus 3 under on
    assert counts == {"on": 5, "no_bock_pending": 2, "off": 2}


# the 11th deal's Grand Hand declared outside a Ramsch round
GRAND_HAND = {k: v for k, v in EVENING[10][0].items() if k != "ramsch_round"}


def test_at_most_one_new_round_per_hand():
    rows = _rows([GRAND_HAND], OPTIONS)  # Grand Hand, Schneider, 120: three triggers
    assert rows[0]["skat_list"]["triggers"] == ["grand_hand", "schneider", "value"]
    assert skat_tally.rounds(rows, _rules(OPTIONS)).queue.count("bock") == 3


def test_the_lines_say_the_triggers_and_the_tie_in_every_language():
    skat = ENGINE.game("skat")
    grand = {"ruleset": "skat", "options": OPTIONS, **GRAND_HAND}
    tie = {"ruleset": "skat", "options": OPTIONS, **EVENING[2][0]}
    expected = {
        "en": ("a game of 120 or more", "tied for the most card points"),
        "hu": ("legalább 120 értékű játék", "holtversenyben"),
        "de": ("ein Spiel von 120 oder mehr", "gleich viele Augen"),
    }
    for lang, (trigger, tied) in expected.items():
        lines = ENGINE.describe(ENGINE.settle(grand), "skat", lang)
        assert any("Schneider" in line and trigger in line for line in lines), (lang, lines)
        (line,) = ENGINE.describe(ENGINE.settle(tie), "skat", lang)
        assert "A, B, C" in line and "40" in line, (lang, line)
        assert tied in line, (lang, line)
    assert skat.row(tie, *ENGINE.parse(tie))["sheet"]["cells"]["entered"] == "A, B, C"


def test_a_grand_hand_in_the_ramsch_round_says_no_bock_round_in_any_language():
    """The words match the engine: the Grand Hand of the Ramsch round (deal 11) has no
    "opens a Bock round" tag or line, where the same game outside the round has both."""
    skat = ENGINE.game("skat")
    for facts, opens in ((EVENING[10][0], False), (GRAND_HAND, True)):
        data = {"ruleset": "skat", "options": OPTIONS, **facts}
        for lang in ("hu", "en", "de"):
            row = skat.row(data, *ENGINE.parse(data), lang)
            classes = [css for css, _ in row["sheet"]["tags"]]
            assert ("tag tag-bock-round" in classes) is opens, (lang, classes)
            settled = ENGINE.settle(data)
            assert any(line.key == "bock_round" for line in settled.lines) is opens, lang
            assert row["skat_list"]["triggers"] == (
                [] if not opens else ["grand_hand", "schneider", "value"]
            )

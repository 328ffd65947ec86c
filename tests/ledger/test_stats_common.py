"""The common statistics are declared once (``stats.common.COMMON``), and every place that
shows them follows the declaration: the numbers, the hands behind them, the rows the pages
and the CLI print, their words in every language, and the API's description."""

from __future__ import annotations

import pytest

from ulti_ledger.openapi import SCHEMAS
from ulti_ledger.stats import HandRecord, hands_behind, player_stats
from ulti_ledger.stats.common import COMMON, FORMS, STATS
from ulti_ledger.stats.table import player_rows
from ulti_ledger.words.messages import text

LANGS = ("hu", "en", "de")
ROLES = {"A": "declarer", "B": "opponent", "C": "partner", "D": "sitting_out"}
RECORDS = [
    HandRecord(1, 1, "ulti", ROLES, {"A": 4, "B": -2, "C": -2, "D": 0}, {}),
    HandRecord(1, 2, "ulti", ROLES, {"A": 0, "B": 0, "C": 0, "D": 0}, {}),
    HandRecord(2, 1, "ulti", {**ROLES, "A": "opponent", "B": "declarer"}, {"A": -3, "B": 3}, {}),
]


def _flat(tree: dict, prefix: str = "") -> list[str]:
    out = []
    for key, value in tree.items():
        if key == "streaks":
            out += _flat(value, f"{prefix}{key}.")
        else:
            out.append(f"{prefix}{key}")
    return out


def test_each_common_statistic_is_counted_in_the_declared_order():
    mine = player_stats(RECORDS)["players"]["A"]
    assert _flat(mine) == [*STATS, "games"]
    assert all(stat.form in FORMS for stat in COMMON)
    assert (mine["hands"], mine["declared"], mine["declared_won"]) == (3, 2, 1)
    assert (mine["units"], mine["as_declarer"], mine["otherwise"]) == (1, 4, -3)


@pytest.mark.parametrize("stat", [s for s in COMMON if s.adds is not None], ids=lambda s: s.name)
def test_the_hands_behind_a_sum_are_those_it_counts(stat):
    """A count's hands are as many as its number; a sum's are those its units come from."""
    for player in ROLES:
        number = player_stats(RECORDS)["players"][player][stat.name]
        behind = hands_behind(RECORDS, player, stat.name)
        if stat.form == "number":
            assert len(behind) == number
        else:
            assert sum(r.payments.get(player, 0) for r in RECORDS if _key(r) in behind) == number


def _key(record: HandRecord) -> tuple[int, int]:
    return record.session_id, record.number


@pytest.mark.parametrize("lang", LANGS)
def test_every_common_statistic_has_its_words_and_a_row(lang):
    words = [text(f"stats.{stat}", lang) for stat in STATS]  # a missing key raises
    assert all(w and not w.startswith("stats.") for w in words)
    rows = player_rows(player_stats(RECORDS)["players"]["A"], lang, {1: "I", 2: "II"})
    assert [row["stat"] for row in rows] == list(STATS)


def test_the_api_description_names_every_common_statistic():
    said = SCHEMAS["GroupStats"]["properties"]["players"]["description"]
    assert all(stat.split(".")[0] in said for stat in STATS)

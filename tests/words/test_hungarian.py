"""The Hungarian article and suffixes of a number follow how it is read aloud."""

import pytest

from ulti_ledger.settlement.hungarian import (
    accusative,
    article,
    instrumental,
    last_word,
    times,
    with_article,
)

ACCUSATIVE = {
    0: "0-t",
    1: "1-et",
    2: "2-t",
    3: "3-at",
    4: "4-et",
    5: "5-öt",
    6: "6-ot",
    7: "7-et",
    8: "8-at",
    9: "9-et",
    10: "10-et",
    11: "11-et",
    12: "12-t",
    15: "15-öt",
    16: "16-ot",
    20: "20-at",
    24: "24-et",
    30: "30-at",
    40: "40-et",
    50: "50-et",
    60: "60-at",
    70: "70-et",
    80: "80-at",
    90: "90-et",
    100: "100-at",
    128: "128-at",
    200: "200-at",
    256: "256-ot",
    1000: "1000-et",
    1024: "1024-et",
    2000: "2000-et",
    1_000_000: "1000000-t",
    3_000_000: "3000000-t",
    1_000_000_000: "1000000000-ot",
    10**12: "1000000000000-t",
    10**15: "1000000000000000-ot",
    -2: "\u22122-t",
    -20: "\u221220-at",
}


@pytest.mark.parametrize(("n", "text"), ACCUSATIVE.items())
def test_accusative_follows_the_reading(n, text):
    assert accusative(n) == text


@pytest.mark.parametrize(
    ("n", "text"),
    [(1, "1-szer"), (2, "2-szer"), (3, "3-szor"), (5, "5-ször"), (6, "6-szor"), (8, "8-szor")]
    + [(10, "10-szer"), (20, "20-szor"), (50, "50-szer"), (100, "100-szor"), (1000, "1000-szer")],
)
def test_times(n, text):
    assert times(n) == text


@pytest.mark.parametrize(
    ("n", "text"),
    [(1, "1-gyel"), (2, "2-vel"), (3, "3-mal"), (4, "4-gyel"), (5, "5-tel"), (6, "6-tal")]
    + [(8, "8-cal"), (10, "10-zel"), (20, "20-szal"), (100, "100-zal"), (1000, "1000-rel")],
)
def test_instrumental(n, text):
    assert instrumental(n) == text


AZ = [1, 5, 50, 55, 500, 512, 1000, 1500, 1999, 5000, 50_000, 1_000_000, 5_000_000, 500_000]
A = [0, 2, 3, 4, 6, 7, 8, 9, 10, 11, 15, 20, 40, 100, 101, 150, 200, 2000, 10_000, 15_000]


@pytest.mark.parametrize("n", AZ)
def test_az_before_a_vowel(n):
    assert article(n) == "az"
    assert with_article(n, capital=True) == f"Az {n}"


@pytest.mark.parametrize("n", [*A, -1, -5])
def test_a_before_a_consonant(n):
    assert article(n) == "a"
    assert with_article(n) == f"a {n}"


def test_every_integer_has_a_reading():
    for n in range(0, 3000):
        assert last_word(n)
        accusative(n), times(n), instrumental(n), article(n)

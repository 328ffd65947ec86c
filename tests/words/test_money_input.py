"""A stake as people type it, read one way by the form, the API and import."""

from __future__ import annotations

import pytest

from ulti_ledger.words.money_format import currency_code, money_text
from ulti_ledger.words.money_input import MoneyInputError, parse_amount, parse_currency, parse_stake


@pytest.mark.parametrize(
    "typed", ["Ft", "ft", "FT", "Ft.", "ft.", "huf", "HUF", "Huf.", " ft ", "forint"]
)
def test_forint_in_any_spelling_is_huf(typed):
    assert parse_currency(typed) == "HUF"


@pytest.mark.parametrize(("typed", "code"), [("eur", "EUR"), ("Eur", "EUR"), ("chf", "CHF")])
def test_codes_are_upper_case(typed, code):
    assert parse_currency(typed) == code


@pytest.mark.parametrize(
    ("typed", "code"),
    [("", "currency_required"), (None, "currency_required")]
    + [("EUROPEAN1", "currency_invalid"), ("E R", "currency_invalid"), (5, "currency_invalid")],
)
def test_bad_currencies_are_named(typed, code):
    with pytest.raises(MoneyInputError) as caught:
        parse_currency(typed)
    assert caught.value.code == code and caught.value.key == "currency"


@pytest.mark.parametrize(
    ("typed", "currency", "amount"),
    [
        ("1 000", "HUF", "1000"),
        ("1\u00a0000", "HUF", "1000"),
        ("1\u202f000", "HUF", "1000"),
        ("12 345 678", "HUF", "12345678"),
        ("1000", "HUF", "1000"),
        (" 10 ", "HUF", "10"),
        ("1 000,50", "EUR", "1000.50"),
        ("1\u202f000,50", "EUR", "1000.50"),
        ("2,5", "EUR", "2.5"),
        ("2.5", "EUR", "2.5"),
        ("0,333", "EUR", "0.333"),
        ("1000,00", "HUF", "1000.00"),
    ],
)
def test_amounts_with_thousands_separators_and_a_decimal_comma(typed, currency, amount):
    assert parse_amount(typed, currency) == amount


@pytest.mark.parametrize(
    ("typed", "currency", "code"),
    [
        ("1 000,50", "HUF", "amount_no_minor_units"),
        ("0,5", "HUF", "amount_no_minor_units"),
        ("10 00", "EUR", "amount_not_number"),
        ("1  000", "EUR", "amount_not_number"),
        ("1 000 0", "EUR", "amount_not_number"),
        ("1,000.5", "EUR", "amount_not_number"),
        ("tíz", "EUR", "amount_not_number"),
        ("-5", "EUR", "amount_not_number"),
        ("0", "EUR", "amount_not_positive"),
        ("0,0", "EUR", "amount_not_positive"),
        ("1,1234567", "EUR", "amount_too_precise"),
        ("", "EUR", "amount_required"),
        (10, "EUR", "amount_not_string"),
        ("1.000", "HUF", "amount_ambiguous"),  # a thousand to many writers, one to others
        ("5,000", "EUR", "amount_ambiguous"),
        ("250.000", "HUF", "amount_ambiguous"),
    ],
)
def test_bad_amounts_are_named(typed, currency, code):
    with pytest.raises(MoneyInputError) as caught:
        parse_amount(typed, currency)
    assert caught.value.code == code and caught.value.key == "amount"


def test_a_refusal_names_the_currency_without_minor_units():
    with pytest.raises(MoneyInputError, match="HUF has no minor units"):
        parse_stake("1 000,50", "Ft")


def test_a_fraction_of_three_digits_below_one_is_not_ambiguous():
    """0,125 cannot be a thousands group, so it is read as it is written."""
    assert parse_amount("0,125", "EUR") == "0.125"


def test_stored_lower_case_codes_display_upper_case():
    assert currency_code("huf") == "HUF"
    assert currency_code("Ft.") == "HUF"
    assert currency_code("eur") == "EUR"
    assert money_text("1250", "huf") == "1\u202f250\u00a0HUF"
    assert money_text("2.5", "eur", "en") == "2.50\u00a0EUR"  # eur has cents too


def test_every_refusal_has_the_forms_words_in_both_languages():
    """A new refusal in money_input cannot reach the form as a bare code."""
    from ulti_ledger.web.forms import MONEY_TEXTS
    from ulti_ledger.words.money_input import MESSAGES
    from ulti_ledger.words.texts import TEXTS

    assert set(MONEY_TEXTS) == set(MESSAGES)
    for key in MONEY_TEXTS.values():
        hungarian, english = TEXTS[key]
        assert hungarian and english and hungarian != english

"""The payment QR payloads, field by field, and read back from pixels (zxing-cpp).

No clock: every code is made for a day the test names.
"""

from __future__ import annotations

import datetime as dt
import io

import pytest
import zxingcpp
from PIL import Image

from ulti_ledger.payqr import (
    HctTransfer,
    InvalidIban,
    bank_account,
    hct_payload,
    remittance_text,
    transfer_qr,
)
from ulti_ledger.payqr.payloads import BUDAPEST, hct_valid_until

HU = "HU42117730161111101800000000"  # OTP Bank (117): BIC OTPVHUHB
DE = "DE89370400440532013000"  # Commerzbank: BIC COBADEFFXXX
DAY = dt.date(2026, 12, 5)


def read(code) -> str:
    buffer = io.BytesIO()
    code.save(buffer, kind="png", scale=4, border=4)
    buffer.seek(0)
    (found,) = zxingcpp.read_barcodes(Image.open(buffer))
    assert found.format == zxingcpp.BarcodeFormat.QRCode
    return found.text


def bela_4500(**rest) -> HctTransfer:
    """4,500 forints to Kovács Béla at OTP Bank, with ``rest`` (validity, remittance)."""
    return HctTransfer(bic="OTPVHUHB", name="Kovács Béla", iban=HU, amount=4500, **rest)


def test_an_hct_payload_is_seventeen_elements_each_closed_by_a_line_feed():
    """Byte for byte against the guide's field table, NOT against its worked example: no
    copy of that example was found anywhere (docs/bank-qr.md says where it was looked for)."""
    payload = hct_payload(
        bela_4500(
            valid_until=dt.datetime(2026, 12, 20, 23, 59, 59, tzinfo=BUDAPEST),
            remittance="Kártya 2026-12-05 Anna→Béla",
        )
    )
    assert (
        payload.encode()
        == (
            "HCT\n001\n1\nOTPVHUHB\nKovács Béla\nHU42117730161111101800000000\nHUF4500\n"
            "20261220235959+1\n\nKártya 2026-12-05 Anna→Béla\n\n\n\n\n\n\n\n"
        ).encode()
    )
    assert payload.count("\n") == 17


def test_the_points_peers_disagree_on_are_decided_as_docs_bank_qr_says():
    """Final line feed, BIC padding, validity offset: each as docs/bank-qr.md argues it."""
    # an aware time in UTC is written in Budapest's time and offset, not in UTC's
    payload = hct_payload(bela_4500(valid_until=dt.datetime(2026, 7, 1, 21, 59, 59, tzinfo=dt.UTC)))
    lines = payload.split("\n")
    assert len(lines) == 18 and lines[-1] == ""  # 17 elements, the last one closed too
    assert lines[3] == "OTPVHUHB"  # an 8-character BIC stays 8 characters
    assert lines[6] == "HUF4500"  # whole forints, no padding zeros
    assert lines[7] == "20260701235959+2"  # Budapest's summer time, offset in hours
    assert len(lines[7]) == 16


@pytest.mark.parametrize(
    ("today", "until"),
    [
        (dt.date(2026, 12, 5), "20270104235959+1"),  # winter: CET, UTC+1
        (dt.date(2026, 6, 1), "20260701235959+2"),  # summer: CEST, UTC+2
        (dt.date(2026, 2, 27), "20260329235959+2"),  # the day summer time begins
    ],
)
def test_an_hct_code_is_valid_thirty_days_in_budapests_time(today, until):
    account = bank_account("Kovács Béla", HU)
    made = transfer_qr(account, "HUF", 1, "x", today)
    assert made.payload.split("\n")[7] == until
    assert hct_valid_until(today).tzinfo is BUDAPEST


def test_a_forint_code_read_from_pixels_carries_the_transfer():
    account = bank_account("Kovács Béla", "HU42 1177 3016 1111 1018 0000 0000")
    text = remittance_text("Kártya", DAY, "Anna", "Béla")
    made = transfer_qr(account, "HUF", 12340, text, DAY)
    lines = read(made.code).split("\n")
    assert lines[:8] == [
        "HCT",
        "001",
        "1",
        "OTPVHUHB",
        "Kovács Béla",
        HU,
        "HUF12340",
        "20270104235959+1",
    ]
    assert lines[9] == "Kártya 2026-12-05 Anna→Béla"


def test_a_euro_code_is_epc069_12_version_002_read_from_pixels():
    account = bank_account("Erika Mustermann", DE)
    text = remittance_text("Karten", DAY, "Anna", "Béla")
    made = transfer_qr(account, "EUR", 1250, text, DAY)
    assert made.kind == "epc"
    lines = read(made.code).split("\n")
    assert lines[:8] == ["BCD", "002", "1", "SCT", "COBADEFFXXX", "Erika Mustermann", DE, "EUR12.5"]
    assert lines[10] == "Karten 2026-12-05 Anna→Béla"


@pytest.mark.parametrize(
    ("currency", "iban", "reason"),
    [("USD", DE, "currency"), ("", HU, "currency"), ("HUF", DE, "not_hu")],
)
def test_no_code_says_why(currency, iban, reason):
    made = transfer_qr(bank_account("X", iban), currency, 100, "x", DAY)
    assert (made.code, made.reason) == (None, reason)


@pytest.mark.parametrize(
    ("iban", "code"),
    [
        ("HU42117730161111101800000001", "checksum"),  # the bank's own check digit
        ("HU43117730161111101800000000", "checksum"),  # the IBAN's check digits
        ("XX42117730161111101800000000", "country"),
        ("HU4211773016111110180000000", "length"),
        ("", "structure"),
    ],
)
def test_a_wrong_iban_is_refused_with_its_reason(iban, code):
    with pytest.raises(InvalidIban) as refused:
        bank_account("Kovács Béla", iban)
    assert refused.value.code == code


def test_an_iban_is_kept_in_its_electronic_form_with_its_banks_bic():
    account = bank_account("  Kovács   Béla ", "hu42 1177 3016 1111 1018 0000 0000")
    assert (account.holder, account.iban, account.bic) == ("Kovács Béla", HU, "OTPVHUHB")
    assert account.spaced == "HU42 1177 3016 1111 1018 0000 0000"

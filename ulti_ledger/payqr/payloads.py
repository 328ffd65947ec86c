"""What a payer's bank app reads from a QR code beside a transfer.

- EUR: the EPC's "BCD" code (EPC069-12, version 002, UTF-8, SCT), made by segno's helper
  (``segno.helpers.make_epc_qr``), never by hand.
- HUF: the MNB's credit-transfer code, ``HCT`` (the guide on the QR code data entry
  solution of the instant payment system, 2019). Its worked example could not be found to
  compare with, so the layout is the guide's field table as its transcriptions show it;
  docs/bank-qr.md says what is confirmed, from where, and what is not. segno has no helper
  for it, so ``hct_payload`` writes its fields.
- Any other currency: no code, and the reason (``TransferQr.reason``).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from decimal import Decimal
from zoneinfo import ZoneInfo

import segno
from segno import helpers

from .account import HOLDER_LENGTH, BankAccount

HCT_FIELDS = 17
"""The guide's data elements, in order: identifier, version, character set, BIC, name,
IBAN, amount, validity, purpose, remittance, shop, device, invoice, customer, creditor's
transaction, loyalty and NAV check ids."""
HCT_END = "\n"
"""Each data element ends with a line feed (LF), the last and the empty ones too: the
guide's table, as one peer transcribed it, counts 17 separators for its 17 elements
(docs/bank-qr.md, "final line feed"); five peers of six write 17."""
HCT_REMITTANCE_LENGTH = 70
HCT_VALID_DAYS = 30
"""How long a forint code stays valid after the day it was made (a bank app refuses an
expired code): a month, the time a table takes to settle up."""
BUDAPEST = ZoneInfo("Europe/Budapest")
EPC_REMITTANCE_LENGTH = 140


@dataclass(frozen=True)
class HctTransfer:
    """One forint transfer as the MNB's HCT code carries it."""

    bic: str
    """As the registry gives it, 8 or 11 characters, not padded with ``XXX``: the guide's
    table gives the field 11 characters, and no source found says a shorter BIC is padded
    (docs/bank-qr.md, "BIC padding")."""
    name: str
    iban: str
    amount: int
    """Whole forints."""
    valid_until: dt.datetime
    """An aware time; written in Budapest's time with its UTC offset in hours."""
    remittance: str = ""


def hct_payload(transfer: HctTransfer) -> str:
    """The text of an HCT code: 17 data elements, each closed by LF."""
    until = transfer.valid_until.astimezone(BUDAPEST)
    offset = int(until.utcoffset().total_seconds() // 3600)
    fields = [
        "HCT",
        "001",
        "1",  # UTF-8
        transfer.bic,
        transfer.name[:HOLDER_LENGTH],
        transfer.iban,
        f"HUF{transfer.amount}",
        f"{until:%Y%m%d%H%M%S}+{offset}",
        "",  # purpose code (the guide's payment situation): none for a person
        transfer.remittance[:HCT_REMITTANCE_LENGTH],
    ]
    fields += [""] * (HCT_FIELDS - len(fields))
    return "".join(field + HCT_END for field in fields)


def hct_valid_until(today: dt.date) -> dt.datetime:
    """The end of the day ``HCT_VALID_DAYS`` after ``today``, in Budapest."""
    day = today + dt.timedelta(days=HCT_VALID_DAYS)
    return dt.datetime.combine(day, dt.time(23, 59, 59), tzinfo=BUDAPEST)


def remittance_text(prefix: str, day: dt.date | None, payer: str, payee: str) -> str:
    """The transfer's message: "Kártya 2026-12-05 Anna→Béla" (the evening and the pair)."""
    parts = [prefix, day.isoformat() if day else "", f"{payer}→{payee}"]
    return " ".join(p for p in parts if p)


@dataclass(frozen=True)
class TransferQr:
    """A transfer's payment QR code, or why there is none."""

    kind: str | None
    """``epc`` (euro), ``hct`` (forint) or None."""
    code: segno.QRCode | None
    reason: str | None
    """Why there is no code: ``currency`` (neither EUR nor HUF), ``no_bic`` (the bank of a
    forint account is unknown), ``not_hu`` (a forint code needs a Hungarian account)."""
    payload: str | None = None
    """The HCT text (the EPC one stays inside segno)."""


def transfer_qr(
    account: BankAccount,
    currency: str,
    amount_minor: int,
    remittance: str,
    today: dt.date,
) -> TransferQr:
    """The code for paying ``amount_minor`` (cents, forints) to ``account``."""
    if currency == "EUR":
        code = helpers.make_epc_qr(
            name=account.holder[:HOLDER_LENGTH],
            iban=account.iban,
            amount=Decimal(amount_minor) / 100,
            text=remittance[:EPC_REMITTANCE_LENGTH],
            bic=account.bic,
            encoding="UTF-8",
        )
        return TransferQr("epc", code, None)
    if currency != "HUF":
        return TransferQr(None, None, "currency")
    if account.country != "HU":
        return TransferQr(None, None, "not_hu")
    if not account.bic:
        return TransferQr(None, None, "no_bic")
    payload = hct_payload(
        HctTransfer(
            bic=account.bic,
            name=account.holder,
            iban=account.iban,
            amount=amount_minor,
            valid_until=hct_valid_until(today),
            remittance=remittance,
        )
    )
    code = segno.make_qr(payload, error="m", encoding="utf-8")
    return TransferQr("hct", code, None, payload)

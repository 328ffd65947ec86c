"""Bank details and the payment QR codes beside a transfer (docs/bank-qr.md).

One door, as ``ledger`` has: ``account`` reads and checks an IBAN (schwifty), ``payloads``
writes what a bank app reads (EPC069-12 for euro, the MNB's HCT for forint), ``transfer_qr``
picks one for a transfer or says why there is none. No Flask, no database, no clock: the
day a code is made is passed in.
"""

from .account import BankAccount, InvalidIban, bank_account
from .payloads import (
    HctTransfer,
    TransferQr,
    hct_payload,
    remittance_text,
    transfer_qr,
)

__all__ = [
    "BankAccount",
    "HctTransfer",
    "InvalidIban",
    "TransferQr",
    "bank_account",
    "hct_payload",
    "remittance_text",
    "transfer_qr",
]

"""The payment QR codes beside a page's transfers, and the words around them.

``transfer_codes`` gives each transfer still owed to a payee with an account a code (the
same drawing small beside the transfer and full screen when tapped) or the reason there is
none, in the page's language; the pages and the PDF draw what it gives.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from typing import Any

from ..drawings.qr import qr_svg
from ..payqr import BankAccount, remittance_text, transfer_qr
from ..words.i18n import t

INVALID_IBAN = {
    "checksum": "bank_iban_checksum",
    "country": "bank_iban_country",
    "length": "bank_iban_length",
    "structure": "bank_iban_structure",
    "holder": "bank_holder_bad",
}
"""``payqr.InvalidIban.code`` -> the message key that says it in the page's words."""


def transfer_codes(
    accounts: Mapping[str, BankAccount],
    up: Mapping[str, Any],
    prefix: str,
    day: dt.date | None,
    today: dt.date,
) -> dict[tuple[str, str], dict[str, Any]]:
    """By (payer, payee): ``svg``, ``label``, ``holder``, ``iban`` and ``kind`` for a code;
    ``reason`` (words) where the payee gave an account and no code can carry the transfer.
    ``up``: one currency's ``settle_up``; a transfer paid in full gets nothing."""
    codes: dict[tuple[str, str], dict[str, Any]] = {}
    currency = up["currency"]
    for tr in up["transfers"]:
        account = accounts.get(tr["to"])
        if account is None or tr["remaining_minor"] <= 0:
            continue
        text = remittance_text(prefix, day, tr["from"], tr["to"])
        made = transfer_qr(account, currency, tr["remaining_minor"], text, today)
        pair = (tr["from"], tr["to"])
        if made.code is None:
            codes[pair] = {"reason": t(f"bank_qr_none_{made.reason}", currency=currency or "–")}
            continue
        label = t("bank_qr_label", payer=tr["from"], payee=tr["to"])
        codes[pair] = {
            "svg": qr_svg(made.code, label),
            "label": label,
            "holder": account.holder,
            "iban": account.spaced,
            "kind": made.kind,
        }
    return codes

"""Who pays whom as a file the expense apps import: ihatemoney's CSV, which Cospend reads too.

The columns are those ihatemoney writes and its import requires (``ihatemoney/web.py``,
``import_project``: ``what``, ``bill_type``, ``amount``, ``currency``, ``date``,
``payer_name``, ``payer_weight``, ``owers``; read by ``utils.csv2list_of_dicts``); Cospend
(``lib/Service/CospendService.php``, ``importCsvProjectStream``) finds its bill section by
the same names and ignores the others. See docs/expense-apps.md.

A debt "Csaba pays Anna 150" is a bill Anna paid for Csaba alone: in both apps it leaves
Anna 150 up and Csaba 150 down, and their own settle-up then says Csaba pays Anna 150. Only
what still remains of each transfer is written (a transfer paid in full is left out).

The file is the apps' dialect, whatever the page's language: comma-separated, a point as
the decimal mark, dates as ``YYYY-MM-DD``, UTF-8 without a byte-order mark (ihatemoney's
``DictReader`` would read the mark as part of ``what``). Both apps split ``owers`` at
commas, so a comma inside a name is written as a semicolon, in the payer's column too, so
that the two stay one member. A name a spreadsheet would run as a formula gets a leading
``'``, as ihatemoney's own export does.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
from collections.abc import Iterable, Mapping
from decimal import Decimal
from typing import Any

from .exchange import csv_cell

COLUMNS = ("what", "bill_type", "amount", "currency", "date", "payer_name", "payer_weight", "owers")
"""ihatemoney's export, in its order (``models.Project.get_pretty_bills``)."""
BILL_TYPE = "Expense"
"""ihatemoney's ``BillType.EXPENSE``: its import's default; a debt to carry, not a
reimbursement already made."""


def member(name: str) -> str:
    """A player's name as a member of the apps: no comma (their owers' separator)."""
    return csv_cell(name.replace(",", ";").strip(), ".")


def expense_csv(what: str, day: dt.date | str, ups: Iterable[Mapping[str, Any]]) -> str:
    """A bill per transfer still owed in ``ups`` (each a ``settle_up``, one currency's),
    named ``what: payer → payee`` and dated ``day``."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(COLUMNS)
    for up in ups:
        for t in up["transfers"]:
            if Decimal(t["remaining"]) <= 0:
                continue
            writer.writerow(
                [
                    csv_cell(f"{what}: {t['from']} → {t['to']}", "."),
                    BILL_TYPE,
                    format(Decimal(t["remaining"]), "f"),
                    up["currency"] or "XXX",
                    str(day)[:10],
                    member(t["to"]),
                    "1",
                    member(t["from"]),
                ]
            )
    return out.getvalue()

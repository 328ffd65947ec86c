"""Sessions in and out as files: session@1 JSON (export and import) and a CSV for spreadsheets.

The JSON export holds every fact needed to recompute the evening, and nothing computed:
the session's own keys, its seating, every hand in the hand format plus the hand's
``dealer`` (a fact the rotation only proposes), and, when the seating changed during the
evening, ``seating``: each change from the hand it applies to (``players`` is then the
first hand's seating). It is canonical (fixed key order, options
sorted, two-space indent, UTF-8 letters as they are, one final newline), so export ->
import -> export gives the same bytes.

Import goes through ``create_session``: the whole file is validated by the engine before
anything is written, and a bad file is rejected naming the hand and the problem.

The CSV is for spreadsheets, Hungarian Excel first: UTF-8 with a byte-order mark (without
one Excel reads UTF-8 as the local code page and mangles ő and ű), ``;`` between fields
(with a decimal-comma locale Excel expects ``;``, and a ``,`` file would open as one
column), CRLF line ends. One row per hand: its number, dealer, declarer, the game (as
the game writes it) and the game's own columns (Ulti's kontra, silent, renonsz); then
per player first the hand's change, then the running total, all in units (whole
numbers, so no decimal separator is ever needed); a game's column that holds a number
(Skat's list entry, its Seeger–Fabian entry) is that number too, never its text.
A text cell that a spreadsheet would read as a formula (a name such as ``=HYPERLINK(...)``)
is written with a leading ``'``, as OWASP's CSV-injection advice says; the units stay
numbers, negative ones included (``-4``).
"""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Mapping
from typing import Any

from ..models import GameSession
from ..settlement.errors import Msg
from ..settlement.session import SESSION_FORMAT
from ..words.kitty_words import kitty_columns
from ..words.messages import WordTuples, text
from .errors import SessionError
from .evenings import origin_of
from .journal import Actor
from .json_input import surrogate_path
from .limits import Limits
from .payments import payments_document, session_payments
from .seating import first_seating
from .summary import session_summary
from .writes import create_session

CSV_DELIMITER = ";"
BOM = "\ufeff"
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
"""What makes a spreadsheet take a cell as a formula (OWASP, "CSV Injection")."""
MINUS = "\u2212"
"""The sheets' minus sign (``pdf_table.signed``), which no spreadsheet reads as one."""
SIGNED_WHOLE = re.compile(r"[+\-\u2212]?\d+")
CSV_COLUMNS = ("hand", "dealer", "declarer", "game", "total")
CSV_WORDS = WordTuples("csv", CSV_COLUMNS)
"""The CSV's own headers; the game's columns (``summary["columns"]``) go after "Game"."""


def session_document(session: GameSession, summary: Mapping[str, Any] | None = None) -> dict:
    """The session as a session@1 body with the app's keys (``settings``, hands' ``dealer``)."""
    summary = summary if summary is not None else session_summary(session, "en")
    return {
        "format": SESSION_FORMAT,
        "name": summary["name"],
        "date": summary["date"],
        "place": summary["place"],
        "ruleset": summary["ruleset"]["id"],
        "options": dict(sorted(summary["options"].items())),
        "unit_value": {
            "amount": summary["unit_value"]["amount"],
            "currency": summary["unit_value"]["currency"],
        },
        "players": list(first_seating(session)),
        **({"seating": list(summary["seating"])} if summary["seating"] else {}),
        "settings": dict(summary["settings"]),
        "hands": [_hand(h) for h in summary["hands"]],
        **({"kitty": _kitty(summary["kitty"])} if summary.get("kitty") else {}),
        **_payments(session, summary),
    }


def _payments(session: GameSession, summary: Mapping[str, Any]) -> dict[str, Any]:
    """The payments made (kept by an import) and what remains (``payments_document``);
    nothing where none were made, so a file of an evening without them stays as it was."""
    made = session_payments(session)
    return payments_document(summary, made) if made else {}


def session_export_json(session: GameSession, summary: Mapping[str, Any] | None = None) -> str:
    """``session_document`` as canonical JSON text (the bytes an import gives back)."""
    return dumps(session_document(session, summary))


def dumps(document: Any) -> str:
    """The one JSON layout of exported files."""
    return json.dumps(document, ensure_ascii=False, indent=2) + "\n"


def session_csv(
    summary: Mapping[str, Any], lang: str = "hu", paid: Mapping[str, Any] | None = None
) -> str:
    """The hands as CSV text, starting with the byte-order mark (write it as UTF-8).

    Per player the change and then the running total, in units; where the game keeps a
    score column of its own (``summary["score"]``), then per player the hand's points and
    their running sum, headed by the game's label ("Anna Játékpont", "Anna Játékpont
    összesen"). ``paid``: the evening's ``payments.settle_up``; where payments were made,
    two blocks follow the hands: the payments (day, from, to, amount) and each transfer
    with what was paid and what remains, then the totals (owed = paid + remaining)."""
    words = CSV_WORDS[lang if lang in CSV_WORDS else "hu"]
    players = list(summary["players"])
    out = io.StringIO()
    out.write(BOM)
    writer = csv.writer(out, delimiter=CSV_DELIMITER, lineterminator="\r\n")
    columns = summary["columns"]
    score = summary.get("score")
    header = [
        *words[:4],
        *(c["label"] for c in columns),
        *players,
        *(f"{p} {words[4]}" for p in players),
    ]
    if score is not None:  # the game's own score column: each hand's points, then the sums
        label = score["label"]
        header += [f"{p} {label}" for p in players]
        header += [f"{p} {label} {words[4]}" for p in players]
    kitty = kitty_columns(summary, lang)
    if kitty:
        header += kitty[0]
    writer.writerow([csv_cell(cell) for cell in header])
    for number, hand in enumerate(summary["hands"]):
        sheet = hand["sheet"]
        row = [
            hand["number"],
            hand["dealer"],
            hand["declarer"],
            sheet["game"],
            *(file_cell(sheet, c["key"]) for c in columns),
            *(hand["changes"][p] for p in players),
            *(hand["totals"][p] for p in players),
        ]
        if score is not None:
            points = hand["score"] or {}
            row += [points.get(p, 0) for p in players]
            row += [hand["score_totals"][p] for p in players]
        row += kitty[1][number] if kitty else ()  # after the score columns, as headed
        writer.writerow([csv_cell(cell) for cell in row])
    tallies = (summary.get("game_sheet") or {}).get("tallies")
    if tallies:  # the game's counts per player, under each player's change column
        lead = ["", "", "", "", *("" for _ in columns)]
        writer.writerow([csv_cell(tallies["title"])])
        for c in tallies["columns"]:
            counts = [tallies["players"].get(p, {}).get(c["key"], "") for p in players]
            writer.writerow([csv_cell(c["label"]), *lead[1:], *counts])
    if paid and paid["payments"]:
        for row in payment_rows(paid, lang):
            writer.writerow([csv_cell(cell) for cell in row])
    return out.getvalue()


def payment_rows(paid: Mapping[str, Any], lang: str) -> list[list[Any]]:
    """The CSV's settling-up blocks (``session_csv``): money as decimal strings, the
    currency's code beside, so that the figures are exact in any spreadsheet."""
    word = lambda key: text(key, lang)  # noqa: E731
    code = paid["currency"]
    rows: list[list[Any]] = [[], [word("pay_payments")]]
    rows.append([word(k) for k in ("pay_col_date", "pay_col_from", "pay_col_to")])
    rows[-1] += [word("pay_col_amount"), word("pay_col_currency")]
    rows += [[p["paid_on"], p["from"], p["to"], p["amount"], code] for p in paid["payments"]]
    rows += [[], [word("who_pays_whom")]]
    rows.append([word(k) for k in ("pay_col_from", "pay_col_to", "pay_col_amount")])
    rows[-1] += [word("pay_col_paid"), word("pay_col_remaining"), word("pay_col_currency")]
    for t in paid["transfers"]:
        rows.append([t["from"], t["to"], t["amount"], t["paid"], t["remaining"], code])
    rows.append([word("pay_col_total"), "", paid["owed"], paid["paid"], paid["remaining"], code])
    return rows


def file_cell(sheet: Mapping[str, Any], key: str) -> Any:
    """A game's column of a hand as the file keeps it: the number the game gives for it
    (``sheet["numbers"]``: Skat's Seeger–Fabian entry, whose cell also says what the others
    get), else a cell that is a signed whole number as that number ("+20", "−576" with the
    sheet's minus sign: a spreadsheet sums 20 and -576), else the cell's text."""
    numbers = sheet.get("numbers") or {}
    if key in numbers:
        return numbers[key]
    cell = sheet["cells"][key]
    if isinstance(cell, str) and SIGNED_WHOLE.fullmatch(cell):
        return int(cell.replace(MINUS, "-"))
    return cell


def csv_cell(value: Any) -> Any:
    """A cell as written: numbers as they are (``-4`` stays a number); a text that a
    spreadsheet would run as a formula gets a leading ``'``, and reads as it was typed."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def parse_session_file(raw: bytes | str) -> Any:
    """The JSON in an uploaded or given file; a byte-order mark is allowed, bad JSON is not."""
    try:
        text = raw.decode("utf-8-sig") if isinstance(raw, bytes) else raw.removeprefix(BOM)
    except UnicodeDecodeError:
        raise SessionError("", "the file is not UTF-8 text; export it again as JSON") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise SessionError(
            "", f"the file is not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})"
        ) from None
    except ValueError:  # json reads no number of more than 4300 digits (int's own limit)
        raise SessionError("", TOO_MANY_DIGITS) from None
    except RecursionError:
        raise SessionError("", "the file is not valid JSON (nested too deeply)") from None
    where = surrogate_path(data)
    if where is not None:  # "\ud800": no page, database or answer can hold it
        raise SessionError(where, Msg(SURROGATE_PROBLEM))
    return data


TOO_MANY_DIGITS = "the file is not valid JSON (a number has more than 4300 digits)"
SURROGATE_PROBLEM = (
    "holds text that is not valid Unicode (a lone surrogate, \\ud800-\\udfff); "
    "export the file again"
)


def import_session(
    raw: bytes | str, *, actor: Actor | None = None, limits: Limits | None = None
) -> GameSession:
    """Create a session from the text of a session@1 file; all of it, or nothing.

    Raises ``SessionError`` (``key`` e.g. ``hands[3].components[0].kontra``) for a file
    that cannot be recorded; the database is then left as it was.
    """
    data = parse_session_file(raw)
    # marked as a copy (``evenings``)
    return create_session(data, imported=origin_of(data), actor=actor, limits=limits)


def _kitty(kitty: Mapping[str, Any]) -> dict[str, Any]:
    """What the evening left in the kitty, for a reader: the hands alone give it again,
    from its ``opening`` (written where the evening opened with units carried in, so that
    an import opens with them too)."""
    carried = kitty.get("opening", 0) + kitty.get("held", 0)
    opening = {"opening": carried} if carried else {}
    return {**opening, "balance": kitty["balance"], "rule": kitty["rule"]}


def _hand(view: Mapping[str, Any]) -> dict[str, Any]:
    facts = dict(view["hand"])
    if "options" in facts:
        facts["options"] = dict(sorted(facts["options"].items()))
    return {"dealer": view["dealer"], **facts}

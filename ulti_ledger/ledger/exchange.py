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
one Excel reads UTF-8 as the local code page and mangles ő and ű), CRLF line ends, and the
separators of the file's language (``CSV_STYLES``): ``;`` between fields and a decimal
comma in Hungarian and German (what Excel and LibreOffice expect there: "39,40" is a
number, "39.40" a text or a date), ``,`` and a decimal point in English. One table per
file: a row per hand, its number, dealer, declarer, the game (as the game writes it) and
the game's own columns (Ulti's kontra, silent, renonsz); then per player the hand's
change and the running total in units, and the hand's money (units x the unit's value,
exact), whose column sums to the player's total; a game's column that holds a number
(Skat's list entry, its Seeger–Fabian entry) is that number too, never its text. What was
paid is a file of its own (``payments_csv``, ``transfers_csv``). ``session_xlsx`` writes the
same table as a workbook, its cells typed, and the game's per-player counts (Seeger–Fabian's
games won and lost) on a second sheet.
A text cell that a spreadsheet would read as a formula (a name such as ``=HYPERLINK(...)``)
is written with a leading ``'``, as OWASP's CSV-injection advice says; the numbers stay
numbers, negative ones included (``-4``).
"""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Mapping
from decimal import Decimal
from typing import Any, NamedTuple

from ..models import GameSession
from ..settlement.contract import paper_game
from ..settlement.errors import Msg
from ..settlement.session import SESSION_FORMAT
from ..words.kitty_words import kitty_columns
from ..words.messages import WordTuples, text
from ..words.money_format import minor_digits
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
"""The Hungarian and German files' field separator (``CSV_STYLES``)."""


class CsvStyle(NamedTuple):
    """How a language's spreadsheets read a CSV: the field separator and the decimal mark."""

    delimiter: str
    decimal: str


CSV_STYLES = {"hu": CsvStyle(";", ","), "de": CsvStyle(";", ","), "en": CsvStyle(",", ".")}
"""Hungarian and German Excel and LibreOffice split a CSV at ``;`` and read a decimal comma;
English ones at ``,`` with a decimal point."""
BOM = "\ufeff"
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
"""What makes a spreadsheet take a cell as a formula (OWASP, "CSV Injection")."""
MINUS = "\u2212"
"""The sheets' minus sign (``pdf_table.signed``), which no spreadsheet reads as one."""
SIGNED_WHOLE = re.compile(r"[+\-\u2212]?\d+")
CSV_COLUMNS = ("hand", "dealer", "declarer", "game", "total", "money")
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


def csv_style(lang: str) -> CsvStyle:
    """The separators of the file in ``lang`` (Hungarian's for a language without its own)."""
    return CSV_STYLES.get(lang, CSV_STYLES["hu"])


def hand_table(summary: Mapping[str, Any], lang: str = "hu") -> list[list[Any]]:
    """The hands as one table, its header first; cells are ``int``, ``Decimal`` or text.

    Per player first the hand's change, then the running total, in units; where the game
    keeps a score column of its own (``summary["score"]``), then per player the hand's
    points and their running sum, headed by the game's label ("Anna Játékpont", "Anna
    Játékpont összesen"); the kitty's columns; last, per player the hand's money (exact:
    units x the unit's value), headed with the currency ("Anna Pénz HUF"), whose column
    sums to ``summary["totals"]["money"]``."""
    words = CSV_WORDS[lang if lang in CSV_WORDS else "hu"]
    players = list(summary["players"])
    columns = summary["columns"]
    score = summary.get("score")
    value = Decimal(summary["unit_value"]["amount"])
    code = summary["totals"]["currency"]
    minor = minor_digits(code)
    roles = summary.get("roles") or {}  # the game's own words for the dealer and declarer
    header = [
        words[0],
        roles.get("dealer", words[1]),
        roles.get("declarer", words[2]),
        words[3],
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
    header += [f"{p} {words[5]} {code}" for p in players]
    table = [header]
    for number, hand in enumerate(summary["hands"]):
        sheet = hand["sheet"]
        row = [
            hand["number"],
            hand["dealer"],
            hand["declarer"],
            paper_game(sheet),
            *(file_cell(sheet, c["key"]) for c in columns),
            *(hand["changes"][p] for p in players),
            *(hand["totals"][p] for p in players),
        ]
        if score is not None:
            points = hand["score"] or {}
            row += [points.get(p, 0) for p in players]
            row += [hand["score_totals"][p] for p in players]
        row += kitty[1][number] if kitty else ()  # after the score columns, as headed
        row += [_money(hand["changes"][p] * value, minor) for p in players]
        table.append(row)
    return table


def session_csv(summary: Mapping[str, Any], lang: str = "hu") -> str:
    """The hands (``hand_table``) as CSV text in ``lang``'s style, starting with the
    byte-order mark (write it as UTF-8)."""
    return write_csv(hand_table(summary, lang), lang)


def payments_csv(paid: Mapping[str, Any], lang: str = "hu") -> str:
    """What was paid (``payments.settle_up``), a file of its own: a row per payment (day,
    from, to, amount, currency)."""
    word = lambda key: text(key, lang)  # noqa: E731
    code = paid["currency"]
    header = [word(k) for k in ("pay_col_date", "pay_col_from", "pay_col_to")]
    header += [word("pay_col_amount"), word("pay_col_currency")]
    rows = [
        [p["paid_on"], p["from"], p["to"], Decimal(p["amount"]), code] for p in paid["payments"]
    ]
    return write_csv([header, *rows], lang)


def transfers_csv(paid: Mapping[str, Any], lang: str = "hu") -> str:
    """Who pays whom (``payments.settle_up``), a file of its own: a row per transfer with
    what it owes, what was paid of it and what remains (owed = paid + remaining)."""
    word = lambda key: text(key, lang)  # noqa: E731
    code = paid["currency"]
    header = [word(k) for k in ("pay_col_from", "pay_col_to", "pay_col_amount")]
    header += [word("pay_col_paid"), word("pay_col_remaining"), word("pay_col_currency")]
    rows = [
        [t["from"], t["to"], *(Decimal(t[k]) for k in ("amount", "paid", "remaining")), code]
        for t in paid["transfers"]
    ]
    return write_csv([header, *rows], lang)


def session_xlsx(summary: Mapping[str, Any], lang: str = "hu") -> bytes:
    """The hands (``hand_table``) as an .xlsx workbook: numbers are number cells (money
    with the currency's minor digits shown), a text a formula would be stays text."""
    from openpyxl import Workbook  # only the .xlsx download pays for importing it
    from openpyxl.cell import WriteOnlyCell

    book = Workbook(write_only=True)
    sheet = book.create_sheet(_sheet_title(CSV_WORDS[lang if lang in CSV_WORDS else "hu"][0]))
    shape = "0." + "0" * minor_digits(summary["totals"]["currency"])
    for row in hand_table(summary, lang):
        cells = []
        for value in row:
            if isinstance(value, Decimal):
                cell = WriteOnlyCell(sheet, value=value)
                cell.number_format = shape.rstrip(".")
                cells.append(cell)
            else:
                cells.append(csv_cell(value))
        sheet.append(cells)
    tallies = (summary.get("game_sheet") or {}).get("tallies")
    if tallies:  # the game's counts per player (Seeger–Fabian's won and lost): a sheet of its own
        counts = book.create_sheet(_sheet_title(tallies["title"]))
        players = list(summary["players"])
        counts.append(["", *(csv_cell(p) for p in players)])
        for c in tallies["columns"]:
            values = [tallies["players"].get(p, {}).get(c["key"], "") for p in players]
            counts.append([csv_cell(c["label"]), *values])
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def _sheet_title(title: str) -> str:
    """A worksheet's name as Excel takes it: at most 31 characters, none of ``[]:*?/\\``."""
    return re.sub(r"[\[\]:*?/\\]", " ", title).strip()[:31] or "2"


def _money(amount: Decimal, minor: int) -> Decimal:
    """Exact money with at least the currency's minor digits ("39.40", and "0.375" whole)."""
    return (
        amount.quantize(Decimal(1).scaleb(-minor))
        if amount.as_tuple().exponent > -minor
        else amount
    )


def write_csv(table: list[list[Any]], lang: str) -> str:
    """Rows as CSV text in ``lang``'s style: numbers as the language's spreadsheets read
    them (a ``Decimal`` with its decimal mark, never grouped), formulas defused."""
    style = csv_style(lang)
    out = io.StringIO()
    out.write(BOM)
    writer = csv.writer(out, delimiter=style.delimiter, lineterminator="\r\n")
    for row in table:
        writer.writerow([csv_cell(cell, style.decimal) for cell in row])
    return out.getvalue()


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


def csv_cell(value: Any, decimal: str = ",") -> Any:
    """A cell as written: numbers as they are (``-4`` stays a number, ``Decimal("39.4")``
    is "39,40" with a decimal comma); a text that a spreadsheet would run as a formula gets
    a leading ``'``, and reads as it was typed."""
    if isinstance(value, Decimal):
        return format(value, "f").replace(".", decimal)
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

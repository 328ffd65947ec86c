"""The ``ulti-ledger`` command: settle hands and sessions, read and check rulesets, and
export, import and settle the sessions kept in the app's database.

It prints JSON for machines and plain tables for people; a user's mistake gives a
message and exit status 1, never a traceback. ``settle`` and ``rules`` work on files
alone; ``export``, ``import`` and ``settle-group`` open the configured database
(``DATABASE_URL``, ``instance/config.py``, or ``--database URL``), creating or upgrading
its schema by the migrations first, as ``make run`` does.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import click

from ..games import builtin_engine, load_ruleset_file
from ..settlement import Engine, LedgerError, settlement_json
from ..settlement.money import balances
from ..settlement.session import (
    hand_seatings,
    is_session,
    kitty_opening,
    parse_session_players,
    seat_hand,
    settle_session,
)
from ..settlement.transfers import pairwise_transfers
from ..settlement.transfers import settle as settle_transfers
from . import database as cli_db
from . import stats as cli_stats

METHODS = cli_db.METHODS
APP_HAND_KEYS = ("dealer",)
"""Keys the app adds to a session file's hands (an export has them); no payment needs them."""


def _engine() -> Engine:
    return builtin_engine()


def _dump(data: Any) -> None:
    click.echo(json.dumps(data, ensure_ascii=False, indent=2))


def _read_json(file: click.File) -> Any:
    text = file.read()
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise click.ClickException(f"{file.name} is not valid JSON: {exc}") from None


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
def main() -> None:
    """Card ledger: settle the hands and sessions of any registered game by the table's ruleset."""
    from ..words.messages import ensure_compiled

    ensure_compiled()  # a checkout run without `make translations` still speaks


@main.command()
@click.argument("file", type=click.File("r", encoding="utf-8"))
@cli_db.lang_option("en", "Language of the explanation lines.")
@click.option(
    "--method",
    type=click.Choice(METHODS),
    default="minimal",
    show_default=True,
    help="How a session's transfers are made: fewest, all with one banker, or pair by pair.",
)
@click.option("--banker", help="The banker for --method banker (default: the biggest winner).")
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["json", "text"]),
    default="json",
    show_default=True,
    help="json for programs; text: a summary to read, hand by hand, then the totals.",
)
def settle(file: click.File, lang: str, method: str, banker: str | None, fmt: str) -> None:
    """Settle one hand, a JSON list of hands, or a session file (FILE, or - for stdin).

    A session gives every hand, each player's total in units and in money (rounded to
    the currency's smallest coin, summing to zero) and the transfers that settle it.
    """
    data = _read_json(file)
    engine = _engine()
    if fmt == "text":
        sys.exit(_settle_text(engine, data, lang, method, banker))
    if isinstance(data, list):
        results, failed = [], False
        for hand in data:
            try:
                results.append(engine.result_json(hand, lang=lang))
            except LedgerError as exc:
                results.append({"error": error_text(exc, lang)})
                failed = True
        _dump(results)
        sys.exit(1 if failed else 0)
    try:
        if is_session(data):
            _dump(_session_json(engine, data, lang, method, banker))
        else:
            _dump(engine.result_json(data, lang=lang))
    except LedgerError as exc:
        _dump({"error": error_text(exc, lang)})
        sys.exit(1)


def _settle_text(engine: Engine, data: Any, lang: str, method: str, banker: str | None) -> int:
    """Print the text summary; the exit status: 1 if any hand (or the session) was refused."""
    from .text import hand_text, kitty_text, session_head, totals_text

    label = {"hu": "hiba", "de": "Fehler"}.get(lang, "error")
    if isinstance(data, list):
        failed = False
        for number, hand in enumerate(data, start=1):
            try:
                lines, _ = hand_text(engine, hand, lang, number)
            except LedgerError as exc:
                lines, failed = [f"{number}. {label}: {error_text(exc, lang)}"], True
            click.echo("\n".join(lines) + "\n")
        return 1 if failed else 0
    try:
        if not is_session(data):
            click.echo("\n".join(hand_text(engine, data, lang)[0]))
            return 0
        result = _session_json(engine, data, lang, method, banker)
        defaults = {"ruleset": data["ruleset"], "options": data.get("options") or {}}
        hands = data.get("hands", [])
        seatings = hand_seatings(data, len(hands))  # each hand at its own table
        out = session_head(data, engine, lang)
        for number, raw in enumerate(hands, start=1):
            dealer = raw.get("dealer") if isinstance(raw, dict) else None
            one = _engine_session({"hands": [raw]})["hands"][0]
            seated = seat_hand(one, seatings[number - 1])
            out += ["", *hand_text(engine, seated, lang, number, dealer, defaults)[0]]
        out += [
            "",
            *totals_text(
                result["totals"], result["money"], result["currency"], result["transfers"], lang
            ),
            *kitty_text(result.get("kitty"), result["currency"], lang),
        ]
    except LedgerError as exc:
        click.echo(f"{label}: {error_text(exc, lang)}")
        return 1
    click.echo("\n".join(out))
    return 0


def error_text(exc: LedgerError, lang: str) -> str:
    """An engine refusal in the reader's language (`settlement.messages`)."""
    return exc.text(lang)


def _session_json(
    engine: Engine, data: Any, lang: str, method: str = "minimal", banker: str | None = None
) -> dict[str, Any]:
    carried = kitty_opening(data) if isinstance(data, dict) else 0  # before the app's keys go
    data = _engine_session(data)
    result = settle_session(engine, data)
    scorer = engine.ruleset(data["ruleset"]).scorer
    unit = result.unit_value
    currency = unit.currency or None
    money = balances(result.totals, unit.amount, currency)
    if method == "pairwise":
        records = [dict(s.payments) for s in result.hands]
        transfers = pairwise_transfers(records, unit.amount, currency)
    else:
        rounded = {b.player: b.money for b in money}
        transfers = settle_transfers(rounded, method, banker=banker if method == "banker" else None)
    out = {
        "hands": [settlement_json(s, engine.game(scorer), lang) for s in result.hands],
        "totals": dict(result.totals),
    }
    if result.scores is not None:  # a game with its own score column (not Ulti)
        out["scores"] = dict(result.scores)
    from ..ledger import kitty_start_of

    table = len(parse_session_players(data))  # the first hand's table, as the app counts it
    start = kitty_start_of(engine.ruleset(data["ruleset"]), data.get("options"), table, carried)
    kitty = _kitty(result, out["hands"], unit.amount, start)
    return {
        **out,
        "money": {b.player: str(b.money) for b in money},
        "currency": unit.currency,
        "method": method,
        "transfers": [t.to_json() for t in transfers],
        **({"kitty": kitty} if kitty else {}),
    }


def _kitty(
    result: Any, hands: list[dict[str, Any]], amount: Any, start: dict[str, Any] | None
) -> dict[str, Any] | None:
    """The evening's kitty (`ledger.kitty.session_kitty`) from ``start`` (the file's
    opening), each hand's ``kitty`` set to what it put in or took in this evening (a lone
    hand's counts from an empty kitty)."""
    from ..ledger import session_kitty

    moves = [{"kitty_move": s.kitty} for s in result.hands]
    entries, kitty = session_kitty(moves, amount, start, result.players)
    for hand, moved in zip(hands, entries, strict=True):
        if moved is not None and "kitty" in hand:
            hand["kitty"] = moved
    return kitty


def _engine_session(data: Any) -> Any:
    """A session file without the app's own keys (``settings``, a hand's ``dealer``).

    An exported session carries them; they never change a payment, and the engine, which
    knows only the hand format, would reject them as unknown.
    """
    if not isinstance(data, dict):
        return data
    out = {k: v for k, v in data.items() if k not in ("settings", "kitty")}
    if isinstance(out.get("hands"), list):
        out["hands"] = [
            {k: v for k, v in h.items() if k not in APP_HAND_KEYS} if isinstance(h, dict) else h
            for h in out["hands"]
        ]
    return out


@main.group()
def rules() -> None:
    """The rulesets: list them, show one, check a file."""


@rules.command("list")
@cli_db.lang_option("en")
def rules_list(lang: str) -> None:
    """The rulesets that ship with the app."""
    from ..words.messages import ruleset_text
    from ..words.rules_table import summary

    for ruleset in _engine().rulesets.values():
        label = ruleset_text(ruleset.label, ruleset.label_en, lang)
        click.echo(f"{ruleset.id:<18} {label}  ({summary(ruleset, lang)})")


@rules.command("show")
@click.argument("ruleset_id")
@click.option("--json", "as_json", is_flag=True, help="Print the value table as JSON.")
@cli_db.lang_option("en")
def rules_show(ruleset_id: str, as_json: bool, lang: str) -> None:
    """The value table a player reads: every contract in every colour, made and lost, the
    kontra multipliers, and the house rules."""
    try:
        ruleset = _engine().ruleset(ruleset_id)
    except LedgerError as exc:
        raise click.ClickException(error_text(exc, lang)) from None
    from ..words.rules_table import rules_text, value_table

    if as_json:
        _dump(value_table(ruleset, lang))
    else:
        click.echo(rules_text(ruleset, lang))


@rules.command("check")
@click.argument("path", type=click.Path(dir_okay=False))
def rules_check(path: str) -> None:
    """Check a ruleset file; print what it holds, or what is wrong."""
    try:
        ruleset = load_ruleset_file(path)
    except LedgerError as exc:
        raise click.ClickException(str(exc)) from None
    from ..words.rules_table import summary

    click.echo(f"ok: {ruleset.id} ({ruleset.label_en}): {summary(ruleset)}")


def database_app():
    """The web app as configured (``DATABASE_URL``, ``instance/config.py``), for its database."""
    from .. import create_app

    return create_app()


@main.command()
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["auto", "json"]),
    default="auto",
    show_default=True,
    help="auto: a SQLite copy, or pg_dump for PostgreSQL; json: every row, for any database.",
)
def backup(file: Path, fmt: str) -> None:
    """Copy the app's database to FILE, consistently, while the app keeps running."""
    from ..backup.files import BackupError
    from ..backup.files import backup as make_backup

    try:
        kind = make_backup(database_app(), file, fmt)
    except (BackupError, OSError) as exc:
        raise click.ClickException(str(exc)) from None
    click.echo(f"backup written to {file} ({kind})")


@main.command()
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
def restore(file: Path) -> None:
    """Load a backup FILE into the app's database, which must not hold any session yet."""
    from ..backup.files import BackupError
    from ..backup.files import restore as load_backup

    try:
        kind = load_backup(database_app(), file)
    except (BackupError, OSError) as exc:
        raise click.ClickException(str(exc)) from None
    click.echo(f"restored {file} ({kind})")


# The commands on the app's database live apart: they need Flask and the migrations.
main.add_command(cli_db.export)
main.add_command(cli_db.import_)
main.add_command(cli_db.settle_group)
main.add_command(cli_db.rebuild_summaries)
main.add_command(cli_stats.stats)

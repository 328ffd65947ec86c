"""The ``ulti-ledger`` commands that work on the app's database: export, import, settle-group.

Each opens the app as ``make run`` would (``DATABASE_URL``, else ``instance/config.py``,
else the SQLite file in ``instance/``; ``--database URL`` overrides them all), brings the
schema to the newest migration when it is behind, and works inside one app context.
Flask is imported only here, so ``settle`` and ``rules`` stay quick.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import click

from ..web.numbers import non_negative_int

METHODS = ("minimal", "banker", "pairwise")
FORMATS = ("pdf", "csv", "xlsx", "payments-csv", "transfers-csv", "json")

database_option = click.option(
    "--database",
    metavar="URL",
    help="The database to use instead of the configured one (e.g. sqlite:///evening.db).",
)
method_option = click.option(
    "--method",
    type=click.Choice(METHODS),
    default="minimal",
    show_default=True,
    help="Transfers: the fewest, all with one banker, or pair by pair from the hands.",
)


def lang_option(default: str = "hu", text: str = "Language.") -> Any:
    """``--lang hu|en|de``: the one choice of UI languages every command offers."""
    return click.option(
        "--lang",
        type=click.Choice(["hu", "en", "de"]),
        default=default,
        show_default=True,
        help=text,
    )


banker_option = click.option(
    "--banker", help="The banker for --method banker (default: the biggest winner)."
)


@click.command()
@click.argument("session_ref", metavar="SESSION")
@click.option("--format", "fmt", type=click.Choice(FORMATS), default="json", show_default=True)
@click.option("-o", "--output", default="-", metavar="FILE", help="Where to write (- = stdout).")
@lang_option()
@method_option
@banker_option
@database_option
def export(
    session_ref: str,
    fmt: str,
    output: str,
    lang: str,
    method: str,
    banker: str | None,
    database: str | None,
) -> None:
    """Write a session (its id, or its edit or view token) as a PDF scoresheet, CSV or JSON.

    A token of an older session that begins with "-" goes after "--": export -- -Ab3...
    """
    from .. import groups, ledger

    with app_context(database) as app:
        session = find_session(session_ref)
        if fmt == "pdf":
            from ..pdf.render import Reader, draw_scoresheet

            reader = Reader.of(app, lang)  # as the web's pool draws it: no request
            data = guarded(draw_scoresheet, app, session.id, method, banker, reader)
        elif fmt == "csv":
            data = ledger.session_csv(ledger.session_summary(session, lang), lang).encode()
        elif fmt == "xlsx":
            data = ledger.session_xlsx(ledger.session_summary(session, lang), lang)
        elif fmt in ("payments-csv", "transfers-csv"):
            summary = ledger.session_summary(session, lang)
            transfers, shares = summary["totals"]["transfers"], groups.shares_of(session)
            paid = ledger.evening_settle_up(session, summary, transfers, shares)
            write = ledger.payments_csv if fmt == "payments-csv" else ledger.transfers_csv
            data = write(paid, lang).encode()
        else:
            data = ledger.session_export_json(session).encode()
    with click.open_file(output, "wb") as out:
        out.write(data)


@click.command("import")
@click.argument("file", type=click.File("rb"))
@database_option
def import_(file: Any, database: str | None) -> None:
    """Record a session@1 file (FILE, or - for stdin) as a new session; prints its id last.

    The file is checked whole first: a bad one is rejected naming the hand and the problem,
    and nothing is written.
    """
    from .. import ledger

    with app_context(database):
        limits = app_limits()
        session = guarded(lambda raw: ledger.import_session(raw, limits=limits), file.read())
        hands = ledger.hand_count(session)
        click.echo(f"edit link: /e/{session.edit_token}")
        click.echo(f"view link: /s/{session.view_token}")
        click.echo(f"imported {hands} hands as session {session.id}")


@click.command("settle-group")
@click.argument("session_refs", metavar="SESSION...", nargs=-1, required=True)
@method_option
@banker_option
@database_option
def settle_group(
    session_refs: tuple[str, ...], method: str, banker: str | None, database: str | None
) -> None:
    """Settle several sessions of one group together (a month, a season), as JSON.

    Players are matched by name; the money is summed exactly and rounded once, at the end.
    Sessions in two currencies settle each currency on its own, never added up:
    ``{"currencies": [...], "settlements": [one per currency]}``.
    """
    import json

    from .. import ledger
    from ..ledger import check_group_size
    from ..words.money_format import currency_code

    with app_context(database):
        limits = app_limits()
        guarded(check_group_size, len(session_refs), limits)  # before any of them is read
        sessions = [find_session(ref) for ref in session_refs]
        codes = list(dict.fromkeys(currency_code(s.currency) for s in sessions))
        if len(codes) == 1:
            result = guarded(ledger.group_settlement, sessions, method, banker, limits)
        else:
            settlements = []
            for code in codes:
                part = [s for s in sessions if currency_code(s.currency) == code]
                sat = any(banker in ledger.seat_names(s) for s in part)
                named = banker if sat else None  # a banker of the currency he played in
                settlements.append(guarded(ledger.group_settlement, part, method, named, limits))
            result = {"currencies": codes, "settlements": settlements}
    click.echo(json.dumps(result, ensure_ascii=False, indent=2))


@click.command("rebuild-summaries")
@database_option
def rebuild_summaries(database: str | None) -> None:
    """Sum every evening's stored summary (what a group's pages read) again from its hands.

    The writes keep them in step; this is for a database changed behind the app's back,
    or after a fix to how a game settles. One transaction: all of them, or none.
    """
    from .. import ledger
    from ..db import db

    with app_context(database):
        count = ledger.rebuild_summaries(db.session)
        db.session.commit()
    click.echo(f"{count} evenings summed again")


@contextmanager
def app_context(database: str | None) -> Iterator[Any]:
    """The app's context on its database, with the schema upgraded to the newest migration."""
    from .. import create_app
    from ..config import database_uri
    from ..db import db

    config = {"SQLALCHEMY_DATABASE_URI": database_uri(database, None)} if database else None
    app = create_app(config)
    with app.app_context():
        try:
            ensure_schema()
            yield app
        finally:
            db.session.remove()
            db.engine.dispose()


def ensure_schema() -> None:
    """Run the migrations the database lacks (all of them for a new one); quiet when current."""
    from alembic.migration import MigrationContext
    from alembic.script import ScriptDirectory
    from flask import current_app
    from flask_migrate import upgrade
    from sqlalchemy import inspect

    from ..db import db

    config = current_app.extensions["migrate"].migrate.get_config()
    heads = set(ScriptDirectory.from_config(config).get_heads())
    with db.engine.connect() as connection:
        current = set(MigrationContext.configure(connection).get_current_heads())
        tables = set(inspect(connection).get_table_names())
    if current == heads:
        return
    if not current and "game_sessions" in tables:
        raise click.ClickException(
            "the database has the app's tables but no migration record; "
            "mark it current with `flask --app app db stamp head`"
        )
    upgrade()


def find_session(ref: str) -> Any:
    """The session with id ``ref``, or whose edit or view token is ``ref``."""
    from .. import ledger

    number = non_negative_int(ref)
    if number is not None:
        return guarded(ledger.get_session, number)
    return guarded(ledger.session_by_token, ref, "view")


def app_limits() -> Any:
    """The app's limits (``MAX_HANDS``...), which the commands pass to the ledger."""
    from flask import current_app

    from ..ledger import Limits

    return Limits.from_config(current_app.config)


def guarded(function: Any, *args: Any) -> Any:
    """Call ``function``; a user's mistake (a ``LedgerError``) becomes a message, exit 1."""
    from ..settlement import LedgerError

    try:
        return function(*args)
    except LedgerError as exc:
        raise click.ClickException(str(exc)) from None

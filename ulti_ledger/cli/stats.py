"""``ulti-ledger stats SESSION... [--json]``: the statistics of some evenings' players.

The JSON is ``player_stats``'s (``{"players": {NAME: {"hands": N, "declared": N, ...}}}``)
with ``money``: per player and currency, the money figures (``stats.stats_with_money``);
the text lists each player's numbers as the statistics pages do: where the evenings had
more than one stake or currency, his units, records and best evenings in money per
currency (units of two stakes are never compared).
"""

from __future__ import annotations

import json

import click

from .database import app_context, app_limits, database_option, find_session, guarded, lang_option


@click.command("stats")
@click.argument("session_refs", metavar="SESSION...", nargs=-1)
@click.option("--json", "as_json", is_flag=True, help="JSON for programs instead of text.")
@lang_option()
@click.option("--group", "group_id", type=int, help="Every evening of this group instead.")
@database_option
def stats(
    session_refs: tuple[str, ...],
    as_json: bool,
    lang: str,
    group_id: int | None,
    database: str | None,
) -> None:
    """The statistics of the players of SESSION... (ids or link tokens) from their hands:
    hands played and sat out, declared and won as declarer, units, biggest win and loss,
    best and worst evening, streaks, and each game's own counts. ``--group ID``: of every
    evening of that group."""
    from decimal import Decimal

    from ..ledger import check_group_size
    from ..stats import stats_with_money
    from ..stats.table import IN_UNITS, money_rows, player_rows
    from ..words.messages import text
    from ..words.money_format import currency_code

    if group_id is not None and session_refs:
        raise click.UsageError("name sessions or --group, not both")
    if not session_refs and group_id is None:
        raise click.UsageError("name at least one session (its id or a link token)")
    with app_context(database):
        if group_id is not None:
            sessions = _group_evenings(group_id)
        else:
            guarded(check_group_size, len(session_refs), app_limits())
            sessions = [find_session(ref) for ref in session_refs]
        ids = [s.id for s in sessions]
        if len(set(ids)) != len(ids):
            twice = next(i for i in ids if ids.count(i) > 1)
            raise click.ClickException(f"session {twice} is named twice")
        stakes = {s.id: (Decimal(s.unit_amount), currency_code(s.currency)) for s in sessions}
        figures = stats_with_money(ids, stakes)
        names = {s.id: s.name or f"#{s.id}" for s in sessions}
    one_stake = len(set(stakes.values())) <= 1
    if as_json:
        click.echo(json.dumps(figures, ensure_ascii=False, indent=2))
        return
    blocks = []
    for name, mine in figures["players"].items():
        rows = player_rows(mine, lang, names)
        if not one_stake:
            kept = [r for r in rows if r["stat"] not in IN_UNITS]
            rows = money_rows(figures["money"].get(name, {}), lang, names) + kept
        blocks.append("\n".join([name, *(f"  {r['label']}: {r['value']}" for r in rows)]))
    click.echo("\n\n".join(blocks) if blocks else text("stats.no_stats", lang))


def _group_evenings(group_id: int) -> list:
    """The live evenings of group ``group_id``; an unknown group is a clear error."""
    from .. import groups

    try:
        return groups.group_evenings(groups.get_group(group_id))
    except groups.GroupError as exc:
        raise click.ClickException(exc.problem) from None

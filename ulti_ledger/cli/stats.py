"""``ulti-ledger stats SESSION... [--json]``: the statistics of some evenings' players.

The JSON is ``player_stats``'s (``{"players": {NAME: {"hands": N, "declared": N, ...}}}``);
the text lists each player's numbers as the evening's statistics page does.
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
    from ..ledger import check_group_size
    from ..stats import player_stats, records_for
    from ..stats.table import player_rows
    from ..words.messages import text

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
        figures = player_stats(records_for(ids))
        names = {s.id: s.name or f"#{s.id}" for s in sessions}
    if as_json:
        click.echo(json.dumps(figures, ensure_ascii=False, indent=2))
        return
    blocks = []
    for name, mine in figures["players"].items():
        rows = player_rows(mine, lang, names)
        blocks.append("\n".join([name, *(f"  {r['label']}: {r['value']}" for r in rows)]))
    click.echo("\n\n".join(blocks) if blocks else text("stats.no_stats", lang))


def _group_evenings(group_id: int) -> list:
    """The live evenings of group ``group_id``; an unknown group is a clear error."""
    from .. import groups

    try:
        return groups.group_evenings(groups.get_group(group_id))
    except groups.GroupError as exc:
        raise click.ClickException(exc.problem) from None

"""The kitty a group carries from evening to evening (whatever the group holds carries).

An evening whose game keeps a kitty (the game's optional ``kitty_account``) opens, in a
group, with what the group held after its previous evening of the same kind (evenings in
the order they were played: date, then id). The opening is stored on the evening
(``GameSession.kitty_opening``, ``kitty_from_id``, and ``kitty_closing``, what the group
holds after it), and refreshed in the transaction of every write that can change it: a
hand of an earlier evening saved, edited, deleted or restored, a date changed, an evening
deleted, added to or taken out of the group. Only the evenings the group may change
(added by their edit link: ``GameSession.group_id``) are in the chain: one it holds by
its view link is never written, and one that brought its own opening from a file keeps
it and stays out of the chain (docs/capabilities.md). A later evening whose opening moves gets a
new version, so its live view, its ETag and every cache keyed by it move on; an evening's
own reads then need no other evening. Why stored rather than worked out at each read:
the live view's ETag is one indexed lookup of the version, which must move when an
earlier evening changes; and a group of years of evenings would otherwise settle them
all again on every page of its latest one.

Every write to a group's kitty evening first takes the group's row lock (``note_write``,
which this module subscribes to ``txn``'s hooks: called by ``txn.lock`` before the
evening's own), so two writers in one group refresh the chain one after the other, each
from what the other committed. No game is named here.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from sqlalchemy import select, update

from ..db import db
from ..models import GameSession, Group
from ..settlement.kitty import KittyAccount, open_kitty, run_kitty
from .facts import hand_keys
from .kitty import kitty_start_of
from .pinning import only_ruleset, session_engine
from .results import hand_views
from .seating import first_seating
from .txn import subscribe

NOTED = "ulti_ledger.kitty_carry"
"""Key in the database session's ``info``: group id -> the evenings this transaction wrote."""


def keeps_kitty(session: GameSession) -> bool:
    """Whether the evening's game can keep a kitty that a group carries (its rules may still
    play without one: ``evening_account``)."""
    return only_ruleset(session_engine(session)).scorer_module.gives("kitty_account")


def evening_account(session: GameSession) -> KittyAccount | None:
    """The evening's kitty (kind and cap at its first hand's table), or None without one."""
    ruleset = only_ruleset(session_engine(session))
    game = ruleset.scorer_module
    return game.kitty_account(ruleset.resolve(session.options), len(first_seating(session)))


def note_write(session: GameSession) -> None:
    """Called by every write before it locks ``session``: in a group, a kitty evening takes
    the group's lock first and is refreshed with the chain before the commit."""
    if session.group_id is None or not keeps_kitty(session):
        return
    lock_group(session.group_id)
    noted = db.session.info.setdefault(NOTED, {})
    noted.setdefault(session.group_id, set()).add(session.id)


def lock_group(group_id: int) -> None:
    """Take the group's row lock (an UPDATE that changes nothing) for this transaction."""
    db.session.execute(update(Group).where(Group.id == group_id).values(version=Group.version))


def refresh_noted() -> None:
    """Refresh the chain of every group a write of this transaction noted (before commit)."""
    noted = db.session.info.pop(NOTED, None) or {}
    for group_id, written in noted.items():
        refresh_group(group_id, written)


def forget_noted() -> None:
    """A rolled-back transaction leaves nothing to refresh."""
    db.session.info.pop(NOTED, None)


def refresh_group(group_id: int, written: set[int] | frozenset[int] = frozenset()) -> None:
    """Each live evening of the group opens with what the group held after its previous
    evening of the same kind; the first of a kind opens empty, and one with an opening of
    its own (an imported file's) keeps it, outside the chain. ``written``: the evenings
    this transaction wrote (their hands are read past the cache, and their version was
    raised already).

    The evenings are walked in order; up to the first one that this write touched or
    whose stored source is no longer the evening before it (one deleted, moved by its
    date, added or taken out), the stored closings stand, and only the rest are settled
    again: a new hand in the latest evening settles that evening alone."""
    db.session.flush()
    live = (GameSession.group_id == group_id, GameSession.deleted_at.is_(None))
    # Read afresh under the group's lock: an evening this request read before (a page of
    # the chain) keeps its seats by the old names after a group rename committed, while
    # its hands, read now, name the new ones (a KeyError in ``hand_views``).
    fresh = select(GameSession).where(*live).execution_options(populate_existing=True)
    evenings = db.session.scalars(fresh).all()
    evenings = sorted(evenings, key=lambda s: (s.date or s.created_at.date(), s.id))
    held: dict[str, tuple[int, int]] = {}  # kind -> (what the group holds, after which evening)
    moved: set[str] = set()  # the kinds whose chain changed from some evening on
    for session in evenings:
        account = evening_account(session) if keeps_kitty(session) else None
        if account is None:
            if session.kitty_from_id is not None:
                _store(session, 0, None, written)
            session.kitty_closing = None
            continue
        if session.kitty_from_id is None and session.kitty_opening:
            # an opening the evening brought from a file is its own: it never starts (nor
            # joins) this group's chain, so no import can move what the group holds
            session.kitty_closing = None
            continue
        kind = account.kind
        if kind in held:
            carried, source = held[kind]
        else:  # the group's first opens empty: never with what was carried from elsewhere
            carried, source = 0, None
        stands = kind not in moved and session.id not in written
        stands = stands and session.kitty_from_id == source and session.kitty_closing is not None
        if stands:
            held[kind] = (session.kitty_closing or 0, session.id)
            continue
        moved.add(kind)
        _store(session, carried, source, written)
        opening, back = open_kitty(carried, account.cap)
        closing = closing_balance(session, opening, fresh=session.id in written)
        session.kitty_closing = 0 if account.end == "shared" else closing + back
        held[kind] = (session.kitty_closing, session.id)
    db.session.flush()


def leave_group(session: GameSession) -> None:
    """An evening taken out of its group opens empty again (or with its own, imported,
    opening where it was the group's first); it holds nothing for the group any more."""
    if session.kitty_from_id is not None:
        _store(session, 0, None, frozenset())
    session.kitty_closing = None


def closing_balance(session: GameSession, opening: int, fresh: bool = False) -> int:
    """The kitty after the evening's last hand, from ``opening``. ``fresh``: this
    transaction wrote the evening, so its results are not put in the shared cache (a
    rollback would leave them under versions that another write may be given)."""
    views = hand_views(session, hand_keys(session.id), "hu", store=not fresh)
    return run_kitty((view.get("kitty_move") for view in views), opening)[1]


def kitty_start(session: GameSession) -> dict[str, Any] | None:
    """How the evening's kitty opens, for its sheets: ``carried`` (what came in),
    ``opening`` (at most the cap), ``held`` (the rest, which the group keeps for a later
    evening) and ``source`` (the evening it came from: id, name and date, which
    ``kitty_words.evening_label`` words; None). None where the evening keeps no kitty."""
    if not keeps_kitty(session):
        return None
    source = None
    if session.kitty_from_id is not None:
        before = db.session.get(GameSession, session.kitty_from_id)
        if before is not None:
            day = before.date.isoformat() if before.date else None
            source = {"id": before.id, "name": before.name, "date": day}
    ruleset = only_ruleset(session_engine(session))
    table = len(first_seating(session))
    return kitty_start_of(ruleset, session.options, table, session.kitty_opening or 0, source)


def group_kitty(group: Group) -> list[dict[str, Any]]:
    """What the group holds now, per kind of kitty: after its last evening of that kind
    (``units``, ``money``, ``currency``, and the evening: ``session`` id, ``name``,
    ``date``, ``view_token``). Empty where no evening of the group keeps a kitty."""
    live = (GameSession.group_id == group.id, GameSession.deleted_at.is_(None))
    rows = db.session.scalars(
        select(GameSession).where(*live, GameSession.kitty_closing.is_not(None))
    ).all()
    last: dict[str, GameSession] = {}
    for session in sorted(rows, key=lambda s: (s.date or s.created_at.date(), s.id)):
        account = evening_account(session)
        if account is not None:
            last[account.kind] = session
    out = []
    for session in last.values():
        units = session.kitty_closing or 0
        out.append(
            {
                "units": units,
                "money": format(units * Decimal(session.unit_amount), "f"),
                "currency": session.currency,
                "session": session.id,
                "name": session.name,
                "date": session.date.isoformat() if session.date else None,
                "view_token": session.view_token,
            }
        )
    return out


subscribe(on_lock=note_write, before_commit=refresh_noted, on_rollback=forget_noted)


def _store(
    session: GameSession, carried: int, source: int | None, written: set[int] | frozenset[int]
) -> None:
    """Set the evening's opening; where it moves, the evening gets a new version (unless
    this transaction's write raised it already), so its readers learn of it."""
    if (session.kitty_opening or 0, session.kitty_from_id) == (carried, source):
        return
    session.kitty_opening, session.kitty_from_id = carried, source
    if session.id not in written:
        session.version = GameSession.version + 1

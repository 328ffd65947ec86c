"""Payee accounts: where a player wants to be paid, given on an evening's or a group's edit
link, shown as a QR beside the transfers to him on that evening's or group's pages.

An account belongs to one evening or one group (``PayeeAccount.session_id`` or
``group_id``); the player is named as he is called there now, so a rename carries it
(``rename_account``). Nothing journals an account: removing it leaves no copy in the
audit log, and SQLite overwrites the deleted row (``db.py``, ``secure_delete``).
"""

from __future__ import annotations

from collections.abc import Iterable

from sqlalchemy import delete, select, update

from ..db import db
from ..models import GameSession, Group, PayeeAccount
from ..payqr import BankAccount, bank_account
from .errors import NotFound
from .txn import lock, retried, transaction


def _touch(owner: GameSession | Group) -> None:
    """Raise the owner's version: its pages and cached PDFs show the codes anew."""
    if isinstance(owner, GameSession):
        lock(owner)
    else:
        db.session.execute(
            update(Group).where(Group.id == owner.id).values(version=Group.version + 1)
        )


def _column(owner: GameSession | Group):
    return PayeeAccount.session_id if isinstance(owner, GameSession) else PayeeAccount.group_id


def payee_accounts(owner: GameSession | Group) -> dict[str, BankAccount]:
    """The accounts given on ``owner``, by player. Read back as stored (checked when given)."""
    rows = db.session.scalars(select(PayeeAccount).where(_column(owner) == owner.id))
    return {
        row.player: bank_account(row.holder, row.iban)
        for row in sorted(rows, key=lambda r: r.player)
    }


@retried
def set_payee_account(
    owner: GameSession | Group, players: Iterable[str], player: str, holder: str, iban: str
) -> BankAccount:
    """Give (or replace) ``player``'s account; ``players``: who may have one here.

    Raises ``payqr.InvalidIban`` for a wrong IBAN or payee name, ``NotFound`` for a player
    who is not one of ``players``."""
    if player not in set(players):
        raise NotFound("player", f"{player} does not play here")
    account = bank_account(holder, iban)
    column = _column(owner)
    with transaction():
        _touch(owner)
        row = db.session.scalars(
            select(PayeeAccount).where(column == owner.id, PayeeAccount.player == player)
        ).first()
        if row is None:
            row = PayeeAccount(player=player)
            setattr(row, column.key, owner.id)
            db.session.add(row)
        row.holder, row.iban = account.holder, account.iban
    return account


@retried
def remove_payee_account(owner: GameSession | Group, player: str) -> bool:
    """Remove ``player``'s account here; False when there was none."""
    column = _column(owner)
    with transaction():
        _touch(owner)
        gone = db.session.execute(
            delete(PayeeAccount).where(column == owner.id, PayeeAccount.player == player)
        ).rowcount
    return bool(gone)


def rename_account(owner: GameSession | Group, old: str, new: str) -> None:
    """A player renamed (or merged into another) keeps his account (no commit: the
    rename's transaction). Merged into a player who has one, the merged one's goes."""
    column = _column(owner)
    held = select(PayeeAccount.id).where(column == owner.id, PayeeAccount.player == new)
    if db.session.execute(held).first() is not None:
        db.session.execute(
            delete(PayeeAccount).where(column == owner.id, PayeeAccount.player == old)
        )
        return
    db.session.execute(
        PayeeAccount.__table__.update()
        .where(column == owner.id, PayeeAccount.player == old)
        .values(player=new)
    )

"""The facts of an evening as database rows, for any game; never payments.

Payments, totals and explanations are recomputed from these facts by the settlement
engine, with the ruleset text the session was created with (``StoredRuleset``), so a
later change of a ruleset file never changes an old session's results. ``ledger`` turns
these rows into hand-format dicts and back, losslessly.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Date,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    LargeBinary,
    String,
    Text,
    UniqueConstraint,
)
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import Mapped, mapped_column, relationship

from .db import db

NAME_LENGTH = 80
"""The longest player name; also checked by the ledger with a message."""
FACTS = JSON().with_variant(JSONB(), "postgresql")
"""A hand's facts: JSON, and on PostgreSQL JSONB (indexable; its key order is its own,
so the ledger reads facts back through the game's ``canonical``)."""


def utcnow() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


class StoredRuleset(db.Model):
    """The exact text of a ruleset file that sessions were created with, kept by digest."""

    __tablename__ = "rulesets"

    id: Mapped[int] = mapped_column(primary_key=True)
    digest: Mapped[str] = mapped_column(String(64), unique=True)
    """SHA-256 of ``text``: equal texts are stored once."""
    ruleset_id: Mapped[str] = mapped_column(String(64))
    """The ruleset's own id, e.g. ``ulti``."""
    source: Mapped[str] = mapped_column(String(255))
    """Where the text came from (a file name), for error messages."""
    text: Mapped[str] = mapped_column(Text, deferred=True)
    """Loaded only when a session's ruleset is not yet parsed in this process."""
    created_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class Player(db.Model):
    """A person who plays; names are remembered across sessions for a quick pick."""

    __tablename__ = "players"

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(NAME_LENGTH), unique=True)
    created_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class GameSession(db.Model):
    """A game night: who sits where, the pinned ruleset and options, and the stakes."""

    __tablename__ = "game_sessions"

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(120), default="")
    date: Mapped[dt.date | None] = mapped_column(Date)
    place: Mapped[str] = mapped_column(String(120), default="")
    ruleset_pk: Mapped[int] = mapped_column(ForeignKey("rulesets.id"))
    options: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    """The house-rule options the session set (normalized); the rest are the defaults."""
    unit_amount: Mapped[str] = mapped_column(String(32))
    """What one unit is worth, as the decimal string given (never a float)."""
    currency: Mapped[str] = mapped_column(String(8), default="")
    edit_token: Mapped[str] = mapped_column(String(64), unique=True)
    view_token: Mapped[str] = mapped_column(String(64), unique=True)
    created_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    version: Mapped[int] = mapped_column(Integer, default=1)
    """Raised by every write; lets a page notice that someone else changed the session.

    Also the source of hand versions: a write gives the hand it touches the session's new
    version, so a version names one state of one hand (see ``ledger.writes``).
    """
    deleted_at: Mapped[dt.datetime | None] = mapped_column(DateTime(timezone=True))
    """Set when the instance's admin deletes the session: hidden, never destroyed."""
    group_id: Mapped[int | None] = mapped_column(ForeignKey("groups.id"), index=True)
    """The group (társaság) this evening belongs to, if any; at most one. Groups are
    never deleted, so the reference needs no ON DELETE."""
    kitty_opening: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    """What the evening's kitty opens with, in units, before this evening's cap: in a
    group the closing of its previous evening of the same kitty (``ledger.carry`` keeps
    it, in the same transaction as the write that changes it); else what an imported file
    said (0 by default)."""
    confirm_mode: Mapped[str] = mapped_column(String(8), default="one", server_default="one")
    """Who must confirm a hand once a seat is claimed (``ledger.agreement``): ``one``
    player of the other side, ``all`` of them, or ``off``. No seat claimed: off."""
    settle_agreed: Mapped[bool] = mapped_column(Boolean, default=False, server_default="0")
    """Hold who-pays-whom and the bank QR codes until every hand is confirmed."""
    kitty_from_id: Mapped[int | None] = mapped_column(Integer)
    """The evening that ``kitty_opening`` came from (None: none); evenings are never
    destroyed, only hidden, so this needs no reference."""
    kitty_closing: Mapped[int | None] = mapped_column(Integer)
    """In a group, what the group holds after this evening (its kitty's closing balance
    and any part of the opening held back by the cap); None outside a group or without
    a kitty. Read by the group's page and by the next evening's carry."""

    ruleset: Mapped[StoredRuleset] = relationship(lazy="joined")
    seats: Mapped[list[Seat]] = relationship(
        order_by="Seat.position",
        cascade="all, delete-orphan",
        passive_deletes=True,
        lazy="selectin",
    )


class Group(db.Model):
    """A group that meets again and again (társaság): its evenings, of any game, and a season.

    Its members are the players of its evenings (matched by name, as ``Player`` rows are
    unique by name): renaming a member renames him in each evening. What the group itself
    says of a member (its own payments) holds his ``GroupMember`` row, by id. Reached by
    capability links, like an evening.
    """

    __tablename__ = "groups"

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(120))
    edit_token: Mapped[str] = mapped_column(String(64), unique=True)
    view_token: Mapped[str] = mapped_column(String(64), unique=True)
    season_start: Mapped[dt.date | None] = mapped_column(Date)
    """The first day of the group's season (inclusive); None: no season set."""
    season_end: Mapped[dt.date | None] = mapped_column(Date)
    """The last day of the season (inclusive); None: open-ended."""
    created_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    version: Mapped[int] = mapped_column(Integer, default=1)
    """Raised by every change of the group itself (name, season, its evenings)."""


class GroupMember(db.Model):
    """A member of a group as the group's own rows name him: by this row's id, never by
    his name, so a rename changes ``name`` here and nothing that points at it.

    Membership itself stays what the evenings say (who sat at the group's tables): a row
    is made when something of the group first names the member (a payment on its
    standings) and follows him through renames, across the group (``groups.rename_member``)
    or in one of its evenings that was his last there (``ledger.group_members``). Merging
    him into another member's name moves what pointed at this row to the other's and
    drops this one.
    """

    __tablename__ = "group_members"
    __table_args__ = (
        UniqueConstraint("group_id", "name"),
        {"sqlite_autoincrement": True},
    )
    """Ids are never given again: a payment's member id never means someone else."""

    id: Mapped[int] = mapped_column(primary_key=True)
    group_id: Mapped[int] = mapped_column(ForeignKey("groups.id"))
    name: Mapped[str] = mapped_column(String(NAME_LENGTH))
    """The name he has in the group's evenings now."""
    created_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class GroupViewEvening(db.Model):
    """An evening a group holds by its view link: shown and counted on the group's pages,
    never written by the group (no rename, no merge, no kitty chain).

    The capability model (docs/capabilities.md): only the evening's edit link puts it in a
    group that may change it (``GameSession.group_id``, one group at most); its view link
    lets any number of groups read it, as it lets anyone read it. The evening's scorer
    sees these groups on the evening's edit page and may take it out of any of them.
    """

    __tablename__ = "group_view_evenings"

    group_id: Mapped[int] = mapped_column(ForeignKey("groups.id"), primary_key=True)
    session_id: Mapped[int] = mapped_column(
        ForeignKey("game_sessions.id", ondelete="CASCADE"), primary_key=True, index=True
    )
    created_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class Seat(db.Model):
    """A player's place at the table; ``position`` is the seating order (see ``rotation``).

    The seating may change between hands: a seat spans the hand positions
    ``from_position`` (inclusive) to ``until_position`` (exclusive).
    """

    __tablename__ = "seats"
    __table_args__ = (
        UniqueConstraint("session_id", "position"),
        UniqueConstraint("session_id", "player_id"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    session_id: Mapped[int] = mapped_column(ForeignKey("game_sessions.id", ondelete="CASCADE"))
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"))
    position: Mapped[int] = mapped_column(Integer)
    from_position: Mapped[int | None] = mapped_column(Integer)
    """The first hand position this player sits at (a late arrival); None: from the start."""
    until_position: Mapped[int | None] = mapped_column(Integer)
    """The first hand position he no longer sits at (he left); None: still seated.

    A seat row is kept for everyone who played that evening: his totals and his earlier
    hands stay, and the seating at a hand is the seats whose span covers its position
    (``ledger.seating``), in ``position`` order.
    """

    player: Mapped[Player] = relationship(lazy="joined")


class Hand(db.Model):
    """One hand as played: who dealt, and its facts as the game's canonical hand format.

    ``position`` orders the hands of a session; the hand's number (1, 2, ...) is its rank
    in that order, so deleting a hand renumbers the later ones without rewriting rows.
    The columns are those of every game; what the hand was (a contract, kontras, who won)
    is ``facts``, so a game needs no table of its own. Who played in which role is
    ``seats``, one row per named player, for the queries that ask across hands.
    """

    __tablename__ = "hands"
    # AUTOINCREMENT: SQLite must never reuse the id of a deleted hand, because cached
    # results are keyed by (hand id, version). The second index covers the live hands in
    # order (count, number -> id and version) without reading the rows themselves.
    __table_args__ = (
        UniqueConstraint("session_id", "position"),
        Index("ix_hands_live", "session_id", "deleted_at", "position", "version"),
        {"sqlite_autoincrement": True},
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    session_id: Mapped[int] = mapped_column(ForeignKey("game_sessions.id", ondelete="CASCADE"))
    position: Mapped[int] = mapped_column(Integer)
    dealer_id: Mapped[int] = mapped_column(ForeignKey("players.id"))
    facts: Mapped[dict[str, Any]] = mapped_column(FACTS)
    """The game's ``canonical(hand)``: the hand format without ``ruleset`` and ``options``,
    with the players' names as they are called in this evening now."""
    options: Mapped[dict[str, Any] | None] = mapped_column(JSON(none_as_null=True))
    """Options this hand alone overrides (normalized); SQL NULL when it uses the session's."""
    version: Mapped[int] = mapped_column(Integer, default=1)
    """The session's version at this hand's last write: unique among the session's hands."""
    deleted_at: Mapped[dt.datetime | None] = mapped_column(DateTime(timezone=True))
    """Set when the hand is deleted: it keeps its rows and position and can be restored;
    the numbers of the live hands skip it."""
    created_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    updated_at: Mapped[dt.datetime] = mapped_column(
        DateTime(timezone=True), default=utcnow, onupdate=utcnow
    )

    seats: Mapped[list[HandSeat]] = relationship(
        order_by="HandSeat.id", cascade="all, delete-orphan", passive_deletes=True
    )


class HandSeat(db.Model):
    """A player named in a hand, and his role in it (the game's ``roles``).

    ``role`` is ``declarer``, ``partner``, ``opponent`` or ``sitting_out``: enough for a
    statistic to ask who declared what and who defended, joined with ``Hand.facts``.
    """

    __tablename__ = "hand_seats"
    __table_args__ = (UniqueConstraint("hand_id", "player_id"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    hand_id: Mapped[int] = mapped_column(ForeignKey("hands.id", ondelete="CASCADE"), index=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"), index=True)
    role: Mapped[str] = mapped_column(String(16))


class AuditEntry(db.Model):
    """One change to a session or a hand: who, when, and the state before and after.

    Rows are only ever added; together with soft deletion this means no request destroys
    what the table recorded, and every hand's history can be shown and undone.
    """

    __tablename__ = "audit_log"
    # The second index finds a session's edits and deletes without reading every create.
    __table_args__ = (
        Index("ix_audit_log_session_id_hand_id", "session_id", "hand_id"),
        Index("ix_audit_log_session_id_action", "session_id", "action", "hand_id"),
        {"sqlite_autoincrement": True},
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    session_id: Mapped[int] = mapped_column(ForeignKey("game_sessions.id", ondelete="CASCADE"))
    hand_id: Mapped[int | None] = mapped_column(ForeignKey("hands.id", ondelete="CASCADE"))
    """The hand changed; None for a change of the session itself."""
    action: Mapped[str] = mapped_column(String(16))
    """create, edit, delete, restore (of a hand or, without hand_id, of the session),
    settings (the session's own facts changed) or import (the session was loaded from a
    file; ``after`` keeps what the file said the evening was)."""
    number: Mapped[int | None] = mapped_column(Integer)
    """The hand's number when it was changed (numbers move when earlier hands go)."""
    version: Mapped[int] = mapped_column(Integer)
    """The session's version this change produced."""
    via: Mapped[str] = mapped_column(String(16))
    """Which door: api, web, admin or cli."""
    token_id: Mapped[str | None] = mapped_column(String(16))
    """A short fingerprint of the capability token used (never the token itself)."""
    at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    before: Mapped[dict[str, Any] | None] = mapped_column(JSON(none_as_null=True))
    """The state before, as the API takes it (a hand with its dealer; session settings)."""
    after: Mapped[dict[str, Any] | None] = mapped_column(JSON(none_as_null=True))


class IdempotencyRecord(db.Model):
    """An ``Idempotency-Key`` a write claimed, and the answer it got (``idempotency.py``).

    Not a fact of any evening: kept a day so that a retry gets the same answer, then
    forgotten. The row is added in the write's own transaction, so a key exists exactly
    when its write does; what the claim notes (``owner``, ``outline``) lets a retry be
    answered when the worker died before keeping the answer (``lost_answers.py``).
    """

    __tablename__ = "idempotency_keys"
    __table_args__ = (UniqueConstraint("scope", "key", name="uq_idempotency_scope_key"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    scope: Mapped[str] = mapped_column(String(32))
    """A fingerprint of the capability that sent the key (never the token itself), or
    ``anonymous``: then the answer is never given again."""
    key: Mapped[str] = mapped_column(String(255))
    fingerprint: Mapped[str] = mapped_column(String(64))
    """SHA-256 of the method, path, query and canonical body: the same key with another
    request is refused."""
    status: Mapped[int | None] = mapped_column(Integer)
    """The answer's status; None between the commit and the answer being kept."""
    body: Mapped[bytes | None] = mapped_column(LargeBinary)
    """The answer's bytes, whole (BLOB, bytea)."""
    headers: Mapped[str | None] = mapped_column(Text)
    """The answer's Content-Type, ETag and Location, as JSON."""
    owner: Mapped[str | None] = mapped_column(String(64))
    """The process that claimed the key (machine, pid, nonce): is it still answering?"""
    outline: Mapped[str | None] = mapped_column(Text)
    """The rows the write created, ``{"hands": [id]}`` (JSON): enough to rebuild an answer."""
    created_at: Mapped[dt.datetime] = mapped_column(
        DateTime(timezone=True), default=utcnow, index=True
    )
    """When the key was claimed (the write's commit)."""


class Payment(db.Model):
    """Money one player handed another at the end of the night (``ledger.payments``).

    Not a fact of the hands: the hands' settlement never reads it. It belongs to one
    evening (``session_id``) or, when marked on a group's standings, to the group
    (``group_id``); exactly one of the two is set. ``amount`` is an exact integer in the
    currency's minor unit (HUF: forints, EUR: cents), so sums are never rounded.

    Who paid whom: a group's payment points at the group's ``GroupMember`` rows
    (``payer_member_id``, ``payee_member_id``; ``payer`` and ``payee`` are NULL), so the
    name shown is the member's name now, read by a join: a rename changes one member row
    and never the payments, so none is left behind under a name nobody has.

    An evening's payment names its players by the name they have in that evening
    (``payer``, ``payee``; the member ids NULL): an evening has no member rows, and needs
    none, because its players are renamed only by the evening's own rename, which
    rewrites these names in its transaction, under the evening's lock that a payment of
    the evening takes too (a payment from a page read before the rename gets 409,
    ``ledger.Retry``): the two never interleave, so no payment keeps a name the evening
    no longer has. A per-evening player id would add a table and buy nothing more.
    """

    __tablename__ = "payments"
    __table_args__ = ({"sqlite_autoincrement": True},)
    """Ids are never given again (SQLite would reuse an undone payment's id): a stale
    "undo N" finds nothing, never a later payment. PostgreSQL's sequences never reuse."""

    id: Mapped[int] = mapped_column(primary_key=True)
    session_id: Mapped[int | None] = mapped_column(
        ForeignKey("game_sessions.id", ondelete="CASCADE"), index=True
    )
    group_id: Mapped[int | None] = mapped_column(ForeignKey("groups.id"), index=True)
    payer: Mapped[str | None] = mapped_column(String(NAME_LENGTH))
    """An evening's payment: who paid, by the name he has in the evening now."""
    payee: Mapped[str | None] = mapped_column(String(NAME_LENGTH))
    payer_member_id: Mapped[int | None] = mapped_column(ForeignKey("group_members.id"))
    """A group's payment: who paid, as the group's member row."""
    payee_member_id: Mapped[int | None] = mapped_column(ForeignKey("group_members.id"))
    amount: Mapped[int] = mapped_column(Integer)
    """In the currency's minor unit: 10**``money_format.minor_digits(currency)`` per unit."""
    currency: Mapped[str] = mapped_column(String(8), default="")
    paid_on: Mapped[dt.date] = mapped_column(Date)
    """The day the scorer says it was paid (the form proposes the request's today)."""
    created_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=utcnow)

    payer_member: Mapped[GroupMember | None] = relationship(
        foreign_keys=[payer_member_id], lazy="joined"
    )
    payee_member: Mapped[GroupMember | None] = relationship(
        foreign_keys=[payee_member_id], lazy="joined"
    )

    @property
    def payer_name(self) -> str:
        """Who paid, by the name he has now (the member's, for a group's payment)."""
        return self.payer_member.name if self.payer_member is not None else self.payer or ""

    @property
    def payee_name(self) -> str:
        """Who was paid, by the name he has now."""
        return self.payee_member.name if self.payee_member is not None else self.payee or ""


class EveningSummary(db.Model):
    """What a group reads of one evening instead of its hands (``ledger.summaries``).

    Not a fact: derived from the hands by the evening's pinned ruleset, and rewritten in
    the transaction of every write that raises the evening's version (a hand saved,
    edited, deleted or restored, a rename, a change of rules, a payment), so a group's
    standings and who pays whom cost its evenings, never its hands. ``version`` is the
    evening's version it was summed at: a reader that finds another sums it anew.
    """

    __tablename__ = "evening_summaries"

    session_id: Mapped[int] = mapped_column(
        ForeignKey("game_sessions.id", ondelete="CASCADE"), primary_key=True
    )
    version: Mapped[int] = mapped_column(Integer)
    """The evening's version this summary was summed at."""
    hands: Mapped[int] = mapped_column(Integer)
    """The evening's live hands."""
    pairs: Mapped[list[Any]] = mapped_column(JSON)
    """Who owes whom over the evening, in units, as ``pairwise_transfers`` reads each
    hand: ``[[a, b, units], ...]`` with a < b, + meaning a owes b."""
    extra: Mapped[dict[str, Any]] = mapped_column(JSON)
    """The parts others keep with it (``ledger.summaries.register_part``: statistics)."""


class EveningResult(db.Model):
    """One player's result over one evening, per the evening's currency: a row of its
    ``EveningSummary``."""

    __tablename__ = "evening_results"

    session_id: Mapped[int] = mapped_column(
        ForeignKey("evening_summaries.session_id", ondelete="CASCADE"), primary_key=True
    )
    position: Mapped[int] = mapped_column(Integer, primary_key=True)
    """The player's place in the evening's seating order."""
    player: Mapped[str] = mapped_column(String(NAME_LENGTH))
    currency: Mapped[str] = mapped_column(String(8))
    units: Mapped[int] = mapped_column(Integer)
    """What the hands paid him, in units (+ received)."""
    money_minor: Mapped[int] = mapped_column(BigInteger)
    """``units`` x the evening's stake in the currency's minor unit, toward zero where the
    stake is finer than it (the pages work money out of ``units``, exactly)."""
    played: Mapped[int] = mapped_column(Integer)
    """The hands he played (sitting out not counted)."""


class PayeeAccount(db.Model):
    """Where a player wants to be paid: a payee name and an IBAN, given by consent.

    Not a fact of any hand. It belongs to one evening (``session_id``) or to one group
    (``group_id``), exactly one of the two, and is shown beside the transfers to that
    player on that evening's or group's pages only (docs/capabilities.md). Removing it
    deletes the row; nothing else keeps the number (the audit log never does).
    """

    __tablename__ = "payee_accounts"
    __table_args__ = (
        UniqueConstraint("session_id", "player", name="uq_payee_accounts_session_player"),
        UniqueConstraint("group_id", "player", name="uq_payee_accounts_group_player"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    session_id: Mapped[int | None] = mapped_column(
        ForeignKey("game_sessions.id", ondelete="CASCADE")
    )
    group_id: Mapped[int | None] = mapped_column(ForeignKey("groups.id"))
    player: Mapped[str] = mapped_column(String(NAME_LENGTH))
    """The player, by the name he has in the evening (or the group) now."""
    holder: Mapped[str] = mapped_column(String(70))
    """The payee name of the transfer (the account holder's), up to 70 characters."""
    iban: Mapped[str] = mapped_column(String(34))
    """Checked (``payqr.bank_account``), in its electronic form: no spaces."""
    created_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class TableSeat(db.Model):
    """A player's own phone at the table: a capability of its own (docs/capabilities.md).

    Its token reads what the view link reads, confirms or disputes the hands its player
    answers for, and gives its player's payee details; it never writes a hand, a setting
    or another seat. One row per claimed seat: freeing a seat deletes it, so its token
    opens nothing any more.
    """

    __tablename__ = "table_seats"
    __table_args__ = (UniqueConstraint("session_id", "player", name="uq_table_seats_player"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    session_id: Mapped[int] = mapped_column(ForeignKey("game_sessions.id", ondelete="CASCADE"))
    player: Mapped[str] = mapped_column(String(NAME_LENGTH))
    """The player, by the name he has in the evening now (renames follow)."""
    token: Mapped[str] = mapped_column(String(64), unique=True)
    pin_hash: Mapped[str | None] = mapped_column(String(255))
    """A short PIN's hash: without the PIN no second phone takes the seat over."""
    created_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class HandVerdict(db.Model):
    """A seat's answer to one state of one hand: confirmed, or disputed with a reason or a
    proposed correction; and the scorer's answer to a dispute.

    Rows are only added (the hand's agreement history). A verdict names the hand version
    it answered: an edit gives the hand a new version, so it asks again by itself.
    """

    __tablename__ = "hand_verdicts"
    __table_args__ = (
        Index("ix_hand_verdicts_session", "session_id", "hand_version"),
        {"sqlite_autoincrement": True},
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    session_id: Mapped[int] = mapped_column(ForeignKey("game_sessions.id", ondelete="CASCADE"))
    hand_id: Mapped[int] = mapped_column(ForeignKey("hands.id", ondelete="CASCADE"))
    hand_version: Mapped[int] = mapped_column(Integer)
    player: Mapped[str] = mapped_column(String(NAME_LENGTH))
    verdict: Mapped[str] = mapped_column(String(8))
    """``confirm``, ``dispute``, or ``withdraw`` (the seat took its dispute back)."""
    reason: Mapped[str] = mapped_column(String(200), default="")
    proposal: Mapped[dict[str, Any] | None] = mapped_column(JSON(none_as_null=True))
    """The hand as the seat says it was (the API's hand format), or None."""
    at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    answer: Mapped[str | None] = mapped_column(String(16))
    """The scorer's answer to a dispute: ``accepted`` (the hand was edited) or ``kept``."""
    answer_text: Mapped[str] = mapped_column(String(200), default="")
    answered_at: Mapped[dt.datetime | None] = mapped_column(DateTime(timezone=True))

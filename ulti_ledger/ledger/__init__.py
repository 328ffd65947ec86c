"""The adapter between the database and the settlement engine.

Views call these functions and nothing below them: rows in, plain dicts out, results
always recomputed from the recorded facts by the session's pinned ruleset.

Writing (each validates through the engine first and commits whole, or raises a
``LedgerError`` with a user-facing message and writes nothing):

- ``create_session(data, engine=None) -> GameSession``: a session@1 body
- ``add_hand(session, data, expected_version=None) -> int``: the new hand's number
- ``replace_hand(session, number, data, expected_version=None) -> None``
- ``save_hand(session, number | None, data, expected_version=None) -> int``: either
- ``delete_hand(session, number, expected_version=None) -> None``: the hand is kept
- ``undo_last(session) -> int``: the number of the hand removed (kept, too);
  ``undo_last_hand`` gives (number, hand id), for the undo notice's restore button
- ``update_session(session, data, expected_version=None)``: name, date, place, stakes,
  house rules (``options`` with ``resettle``); ``rules_preview(session, options, lang)``
  shows what re-settling the recorded hands would change
- ``change_players(session, data, expected_version=None)``: rename, seat a late arrival,
  let a player go (``seating``: the seating of each hand)
- ``undo_change(session, entry_id)``: undo a change of settings, rules or players

Optimistic concurrency: ``expected_version`` is the version the writer saw: the hand's
(``hand["version"]`` in a summary or ``hand_entry``) for replace and delete, the session's
(``summary["version"]``) for add and update. When it moved on, ``Conflict`` is raised with
``stale`` true and ``current``, the state as it is now (hand: ``hand_entry``, or None if
the number is gone; session: ``session_json``). Without it the last writer wins.

History (every write is audited; nothing is destroyed):

- ``hand_history(session, number)``, ``session_history(session)`` -> list of entries
  (id, action, hand_id, number, version, via, token_id, at, before, after)
- ``deleted_hands(session)`` -> hand_id, audit_id, number, deleted_at, via, hand
- ``restore_hand(session, hand_id=None, *, audit_id=None) -> int``: its number again
- ``list_sessions(deleted=False)``, ``delete_session(id)``, ``restore_session(id)``: admin

Reading:

- ``get_session(id)``, ``session_by_token(token, kind="view"|"edit")`` -> GameSession
- ``token_grants(session, token, kind) -> bool`` (constant-time)
- ``session_summary(session, lang="hu")``: the scoreboard dict
- ``session_json(session, lang="en")``: the API's session answer
- ``hand_entry(session, number, lang="en")``, ``preview_hand(session, data, lang="hu")``
- ``hand_view(session, number, lang="hu")``: one hand as the scoreboard shows it
- ``next_hand(session)``: the rotation's proposal (dealer, players, sitting_out, first_bidder)
- ``dealers_after(session)``: who deals after any next hand, ``[dealer][declarer]``
- ``proposed_values(session)``: the form values the game proposes for the next hand (Skat: Bock)
- ``deal_by(session, seats, dealer)``: the hand a chosen dealer deals, by the session's seating
- ``twin_of(session, data, meant)``: a recorded hand at or next to ``meant`` with the same
  facts as ``data`` (two scorers who both entered it), or None
- ``game_form(session, options=None)``: the hand form as its game describes it, the
  reading of a posted form and the refusal's field (a ``GameForm``), for the form view
- ``hand_form(session, lang)``, ``ruleset_choices(lang)``, ``known_players(session_ids)``: form data
- ``name_key(name)``: what makes two names one player (case, spaces, NFC, and the
  confusable skeleton: letters that look alike); a session refuses two names with the
  same key (``names.one_name``), and names that hide a character (``names.hidden_character``)

The end of the night and files (``settling``, ``exchange``):

- ``session_settlement(session, method="minimal", banker=None)``: balances in units and
  money and the transfers; ``method`` one of ``METHODS`` (minimal, banker, pairwise)
- ``group_settlement(sessions, method, banker)``: several sessions of a group as one
- ``house_rules(session, lang)``: the options that differ from the ruleset's defaults
- ``session_export_json(session)``, ``session_document(session)``: the session@1 file
- ``session_csv(summary, lang)``: the hands as CSV for spreadsheets (``session_xlsx``: as a
  workbook; ``payments_csv``, ``transfers_csv``: what was paid, who pays whom;
  ``expense_csv``: what remains owed, as ihatemoney's and Cospend's import reads it)
- ``import_session(raw)``: create a session from a session@1 file's text, or raise; the
  new session is marked as an imported copy (``imported_from(ids)``)
- ``remembered_evenings(ids)``: a browser's evenings for the landing page, copies marked

The table agrees (``agreement``: seats on the players' own phones, their verdicts):

- ``claim_seat(session, player, pin="", old_pin="") -> token``, ``seat_by_token(token)``,
  ``is_seat_token``, ``claimed_seats``, ``free_seat(session, player)``
- ``give_verdict(session, seat, number, "confirm"|"dispute", version=, reason=, proposal=)``,
  ``answer_dispute(session, id, "kept"|"accepted", text)``, ``dispute_of``;
  ``accept_proposal(session, id, text)``: the hand becomes the seat's proposal and the
  dispute is answered, in one transaction
- ``marks(session) -> {hand version: Mark}`` (open, confirmed, disputed), ``answering``
  (a hand's other side, by its game's roles), ``verdict_history(session, number)``
- ``set_agreement_rules(session, mode, settle_agreed)``; ``effective_mode`` (``off`` while
  no seat is claimed); errors: ``AgreementError`` with ``code``
- ``amend_dispute(session, seat, id, reason=, proposal=)``, ``withdraw_dispute`` (the
  seat's own open dispute, ``own_dispute``), ``dispute_answers(session)`` (``disputes``)

Stored summaries (``summaries``: what a group reads of each evening instead of its hands):

- ``read_summaries(rows)``: each evening's result per player (units, hands played), pair
  debts and the parts others keep (``register_part``: the statistics' tallies), stamped
  with its version and kept in step by every write's transaction; ``refresh_summaries``,
  ``rebuild_summaries`` sum them again; ``note_changed(id)`` for a door that raises an
  evening's version in SQL outside ``lock``; ``ruleset_by_digest`` names an evening's rules

Settling up (``payments``: money handed over, exact in the currency's minor unit, never
touching the hands' settlement):

- ``record_payment(session, summary, data, today)``, ``record_group_payment(group,
  read_standings, data, today)``: ``{"from", "to", "amount", "paid_on"}``, checked against
  what is still owed (``PaymentError`` with ``code``), read under the locks of the
  groups and of every evening they count (``payment_locks``); ``delete_payment(owner, id)``;
  a group's payment holds its members' rows by id, which renames move (``group_members``)
- ``record_payment(..., holders)``: ``Holder``s, the groups that count the evening, with
  their standings: a payment is checked against them too (``shared_payments``);
  ``evening_shares(session, holders)``: what their own payments paid of the evening
- ``session_payments(session)``; ``evening_settle_up(session, summary, transfers, shares)`` and
  ``group_settle_up(group, standings)``: each transfer's paid and remaining, the totals
  (``owed == paid + remaining``) and the balances after the payments; ``settle_up`` pure

Who and what a write is given, not read from the request: each write takes ``actor``
(an ``Actor``: the door and the link's fingerprint; ``CLI`` when None), which the web
layer reads (``audit.current_actor``) and passes in, and the writes that add hands or
settle evenings together take ``limits`` (``Limits.from_config(app.config)``; the shipped
``DEFAULT_LIMITS`` when None). Nothing in the ledger reads Flask's request or config.

For the families around the ledger (groups, stats, PDF, CLI, backup): the transaction
(``transaction``; ``retried`` runs a write again that met another one), the kitty a
group carries (``group_kitty``, ``refresh_group``...), the engine a session is pinned to
and the results' cache (``session_engine``, ``result_cache``), the stored facts
(``hand_heads``, ``in_order``, ``stored``), names (``one_name``, ``spelling_key``...),
limits (``Limits``, ``check_group_size``...) and the values every database stores
(``unstorable``). They take them from here: no module outside ``ledger/`` imports
``ledger.<module>`` (tests/test_boundaries.py).

Errors: ``LedgerError`` (the engine's ``HandError``, or ``SessionError`` with ``key`` and
``problem``); ``NotFound`` and ``Conflict`` are ``SessionError`` subclasses.

A hand posted to a session may carry one key beyond the hand format: ``dealer`` (a
seated player); without it the rotation (``ulti_ledger.rotation``) picks the dealer.
A session body may carry the ``settings`` of earlier revisions, ``{"last_declarer_deals":
true}``: read as the seating option ``last_declarer_deals`` (``checks.with_settings``).
"""

from ..settlement import HandError, LedgerError
from ..settlement.session import SESSION_FORMAT

# The families around the ledger (groups, stats, PDF, CLI, backup) reach these parts
# through this face too, never ``ledger.<module>``: tests/test_boundaries.py.
from .accounts import payee_accounts, remove_payee_account, set_payee_account
from .agreement import (
    MODES,
    AgreementError,
    Mark,
    agreement_counts,
    answer_dispute,
    answering,
    dispute_of,
    effective_mode,
    give_verdict,
    hand_number,
    marks,
    numbered_marks,
    verdict_history,
    with_marks,
)
from .carry import group_kitty, keeps_kitty, leave_group, lock_group, refresh_group
from .catalogue import (
    catalogue,
    form_game,
    game_rules_table,
    hand_form,
    ruleset_choices,
    session_game_name,
    session_ruleset_choice,
)
from .changes import rules_preview, update_session
from .checks import check_session, check_version_value
from .disputes import (
    accept_proposal,
    amend_dispute,
    dispute_answers,
    own_dispute,
    withdraw_dispute,
)
from .errors import Conflict, NotFound, SessionError
from .evenings import imported_from, remembered_evenings
from .exchange import (
    csv_style,
    import_session,
    parse_session_file,
    payments_csv,
    session_csv,
    session_document,
    session_export_json,
    session_xlsx,
    transfers_csv,
)
from .expense_csv import expense_csv
from .facts import hand_heads, in_order, stored
from .game_form import GameForm, game_form
from .group_members import link_named_group_payments
from .history import deleted_hands, hand_history, session_history
from .journal import CLI, Actor, settings_state
from .kitty import kitty_start_of, session_kitty
from .limits import DEFAULT_LIMITS, Limits, check_group_size
from .live import scoreboard_state
from .names import (
    character_name,
    check_new_name,
    hidden_character,
    name_key,
    one_name,
    refuse_hidden,
    spelling_key,
)
from .payments import (
    PaymentError,
    check_payment_body,
    delete_payment,
    evening_settle_up,
    group_settle_up,
    record_group_payment,
    rename_in_group_payments,
    session_payments,
    settle_up,
)
from .pinning import ResultCache, builtin_engine, only_ruleset, result_cache, session_engine
from .players import apply_players_change, change_players, players_state
from .proposal import proposed_values
from .reads import (
    TOKEN_SHAPE,
    get_session,
    hand_count,
    known_players,
    seat_names,
    session_by_token,
    session_stamp,
    token_grants,
)
from .registry import delete_session, list_sessions, restore_session
from .seating import current_seating, seating_of_hand
from .settling import (
    METHODS,
    converted_settlement,
    group_settlement,
    group_settlement_of,
    house_rules,
    session_settlement,
)
from .shared_payments import Holder, evening_shares, groups_with_own_payments, record_payment
from .storable import unstorable
from .summaries import (
    HandLine,
    Summary,
    note_changed,
    read_summaries,
    rebuild_summaries,
    refresh_summaries,
    register_part,
    ruleset_by_digest,
)
from .summary import (
    deal_by,
    dealers_after,
    hand_entry,
    hand_view,
    next_hand,
    preview_hand,
    session_json,
    session_summary,
)
from .table_seats import (
    claim_seat,
    claimed_seats,
    free_seat,
    is_seat_token,
    seat_by_token,
    seat_stamp,
    set_agreement_rules,
)
from .twins import twin_of
from .txn import Retry, read_again_while, retried, transaction
from .undo import restore_hand, undo_change, undoable
from .writes import (
    add_hand,
    create_session,
    delete_hand,
    replace_hand,
    save_hand,
    undo_last,
    undo_last_hand,
)

__all__ = [
    "MODES",
    "AgreementError",
    "Mark",
    "agreement_counts",
    "accept_proposal",
    "amend_dispute",
    "answer_dispute",
    "answering",
    "claim_seat",
    "claimed_seats",
    "dispute_answers",
    "dispute_of",
    "effective_mode",
    "free_seat",
    "give_verdict",
    "hand_number",
    "is_seat_token",
    "marks",
    "numbered_marks",
    "seat_by_token",
    "seat_stamp",
    "set_agreement_rules",
    "verdict_history",
    "withdraw_dispute",
    "own_dispute",
    "with_marks",
    "payee_accounts",
    "remove_payee_account",
    "set_payee_account",
    "twin_of",
    "group_kitty",
    "keeps_kitty",
    "leave_group",
    "lock_group",
    "refresh_group",
    "check_session",
    "check_version_value",
    "hand_heads",
    "in_order",
    "stored",
    "kitty_start_of",
    "session_kitty",
    "check_group_size",
    "DEFAULT_LIMITS",
    "Limits",
    "character_name",
    "check_new_name",
    "hidden_character",
    "one_name",
    "refuse_hidden",
    "spelling_key",
    "Holder",
    "ResultCache",
    "builtin_engine",
    "only_ruleset",
    "result_cache",
    "apply_players_change",
    "TOKEN_SHAPE",
    "group_settlement_of",
    "converted_settlement",
    "transaction",
    "read_again_while",
    "retried",
    "Retry",
    "CLI",
    "METHODS",
    "SESSION_FORMAT",
    "Actor",
    "Conflict",
    "HandError",
    "LedgerError",
    "NotFound",
    "PaymentError",
    "SessionError",
    "add_hand",
    "change_players",
    "current_seating",
    "deal_by",
    "dealers_after",
    "create_session",
    "delete_hand",
    "delete_payment",
    "delete_session",
    "evening_settle_up",
    "evening_shares",
    "check_payment_body",
    "groups_with_own_payments",
    "group_settle_up",
    "record_group_payment",
    "record_payment",
    "rename_in_group_payments",
    "link_named_group_payments",
    "session_payments",
    "settle_up",
    "deleted_hands",
    "get_session",
    "group_settlement",
    "hand_count",
    "hand_entry",
    "catalogue",
    "form_game",
    "GameForm",
    "game_rules_table",
    "game_form",
    "hand_form",
    "hand_history",
    "hand_view",
    "house_rules",
    "import_session",
    "known_players",
    "list_sessions",
    "name_key",
    "next_hand",
    "proposed_values",
    "parse_session_file",
    "players_state",
    "preview_hand",
    "replace_hand",
    "save_hand",
    "restore_hand",
    "restore_session",
    "ruleset_choices",
    "rules_preview",
    "scoreboard_state",
    "seat_names",
    "seating_of_hand",
    "session_by_token",
    "csv_style",
    "payments_csv",
    "expense_csv",
    "session_csv",
    "session_xlsx",
    "transfers_csv",
    "session_document",
    "session_engine",
    "session_export_json",
    "session_history",
    "session_json",
    "session_game_name",
    "session_ruleset_choice",
    "session_settlement",
    "session_stamp",
    "session_summary",
    "HandLine",
    "Summary",
    "note_changed",
    "read_summaries",
    "rebuild_summaries",
    "refresh_summaries",
    "register_part",
    "ruleset_by_digest",
    "settings_state",
    "token_grants",
    "undo_change",
    "undo_last",
    "undo_last_hand",
    "imported_from",
    "remembered_evenings",
    "undoable",
    "unstorable",
    "update_session",
]

"""The JSON API's history: what changed, by which link, and bringing deleted hands back.

::

    GET  /api/v1/sessions/<id>/history                      every change, oldest first
    GET  /api/v1/sessions/<id>/hands/<n>/history            the changes of hand n
    GET  /api/v1/sessions/<id>/deleted-hands                deleted hands, newest first
    POST /api/v1/sessions/<id>/deleted-hands/<hand>/restore 200 the hand, at its number
    POST /api/v1/sessions/<id>/history/<entry>/restore      the same, by a history entry

Reading takes the view token too (the table may see who changed what); restoring needs
the edit token. A history entry names the link by a fingerprint (``token_id``), never by
the token itself.
"""

from __future__ import annotations

from flask import Blueprint, url_for

from .. import ledger
from ..audit import current_actor
from ..ledger import LedgerError
from .api_common import ID, authorized
from .api_errors import ledger_error
from .common import app_limits

bp = Blueprint("api_history", __name__, url_prefix="/api/v1")
bp.register_error_handler(LedgerError, ledger_error)


@bp.get(f"/sessions/<{ID}:session_id>/history")
def session_history(session_id: int):
    session = authorized(session_id, "view")
    return {"history": ledger.session_history(session)}


@bp.get(f"/sessions/<{ID}:session_id>/hands/<{ID}:number>/history")
def hand_history(session_id: int, number: int):
    session = authorized(session_id, "view")
    return {"number": number, "history": ledger.hand_history(session, number)}


@bp.get(f"/sessions/<{ID}:session_id>/deleted-hands")
def deleted_hands(session_id: int):
    session = authorized(session_id, "view")
    return {"deleted_hands": ledger.deleted_hands(session)}


@bp.post(f"/sessions/<{ID}:session_id>/deleted-hands/<{ID}:hand_id>/restore")
def restore_hand(session_id: int, hand_id: int):
    session = authorized(session_id, "edit")
    number = ledger.restore_hand(session, hand_id, actor=current_actor(), limits=app_limits())
    return _restored(session, number)


@bp.post(f"/sessions/<{ID}:session_id>/history/<{ID}:entry_id>/restore")
def restore_from_history(session_id: int, entry_id: int):
    session = authorized(session_id, "edit")
    number = ledger.restore_hand(
        session, audit_id=entry_id, actor=current_actor(), limits=app_limits()
    )
    return _restored(session, number)


def _restored(session, number: int):
    entry = ledger.hand_entry(session, number)
    location = url_for("api.get_hand", session_id=session.id, number=number)
    return entry, 200, {"Location": location, "ETag": f'"v{entry["version"]}"'}

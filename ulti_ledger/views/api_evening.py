"""The JSON API for changing the evening itself: its players, and undoing such changes.

::

    PATCH /api/v1/sessions/<id>/players                  rename, add or remove a player
    POST  /api/v1/sessions/<id>/options/preview          what new house rules would change
    POST  /api/v1/sessions/<id>/history/<entry>/undo     undo a change of the evening

(``PATCH /api/v1/sessions/<id>`` changes the settings and house rules: ``api``.) Writes
need the edit token and take ``If-Match`` or ``version`` as every write does; a refusal
is a 4xx naming the problem, and nothing is written.
"""

from __future__ import annotations

from flask import Blueprint

from .. import ledger
from ..audit import current_actor
from ..ledger import LedgerError
from .api_common import ID, api_lang, authorized, if_match, tagged
from .api_errors import json_body, ledger_error

bp = Blueprint("api_evening", __name__, url_prefix="/api/v1")
bp.register_error_handler(LedgerError, ledger_error)


@bp.patch(f"/sessions/<{ID}:session_id>/players")
def change_players(session_id: int):
    session = authorized(session_id, "edit")
    state = ledger.change_players(session, json_body(), if_match(), actor=current_actor())
    return tagged({"version": session.version, **state}, session.version)


@bp.post(f"/sessions/<{ID}:session_id>/options/preview")
def preview_options(session_id: int):
    session = authorized(session_id, "edit")
    body = json_body()
    if not isinstance(body, dict) or set(body) != {"options"}:
        raise ledger.SessionError("", 'send {"options": {...}}: the house rules to compare')
    return ledger.rules_preview(session, body["options"], api_lang())


@bp.post(f"/sessions/<{ID}:session_id>/history/<{ID}:entry_id>/undo")
def undo_change(session_id: int, entry_id: int):
    session = authorized(session_id, "edit")
    state = ledger.undo_change(session, entry_id, actor=current_actor())
    return tagged({"version": session.version, **state}, session.version)

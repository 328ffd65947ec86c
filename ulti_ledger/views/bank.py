"""Bank details for the payment QR codes, given by consent on an edit link.

::

    GET  /e/<t>/bank            the evening's players and the accounts they gave
    POST /e/<t>/bank            give (or replace) one: player, holder, iban
    POST /e/<t>/bank/remove     remove one: player
    GET  /g/<t>/bank            the same for a group's members, on the group's edit link
    POST /g/<t>/bank
    POST /g/<t>/bank/remove

Only an edit link reaches these pages; a view link shows the codes the accounts make
beside its transfers and nothing else of them (docs/capabilities.md). A wrong IBAN comes
back with the reason in the page's words, HTTP 422, nothing saved.
"""

from __future__ import annotations

from flask import Blueprint, flash, redirect, render_template, request, url_for

from .. import groups, ledger
from ..models import GameSession, Group
from ..payqr import InvalidIban
from ..words.i18n import t
from .bank_words import INVALID_IBAN
from .common import get_group_or_404, get_session_or_404

bp = Blueprint("bank", __name__)


@bp.get("/e/<token>/bank")
def evening_page(token: str):
    return _page(get_session_or_404(token, "edit"), token)


@bp.post("/e/<token>/bank")
def evening_save(token: str):
    return _save(get_session_or_404(token, "edit"), token)


@bp.post("/e/<token>/bank/remove")
def evening_remove(token: str):
    return _remove(get_session_or_404(token, "edit"), token)


@bp.get("/g/<token>/bank")
def group_page(token: str):
    return _page(get_group_or_404(token, "edit"), token)


@bp.post("/g/<token>/bank")
def group_save(token: str):
    return _save(get_group_or_404(token, "edit"), token)


@bp.post("/g/<token>/bank/remove")
def group_remove(token: str):
    return _remove(get_group_or_404(token, "edit"), token)


def _players(owner: GameSession | Group) -> list[str]:
    if isinstance(owner, GameSession):
        return list(ledger.seat_names(owner))
    return groups.members(owner)


def _here(owner: GameSession | Group, token: str) -> str:
    kind = "evening_page" if isinstance(owner, GameSession) else "group_page"
    return url_for(f"bank.{kind}", token=token)


def _back(owner: GameSession | Group, token: str) -> str:
    if isinstance(owner, GameSession):
        return url_for("sessions.edit", token=token)
    return url_for("groups.page", token=token)


def _page(owner: GameSession | Group, token: str, error: str | None = None, form=None):
    evening = isinstance(owner, GameSession)
    return render_template(
        "bank/page.html",
        owner_name=owner.name or t("untitled_session"),
        evening=evening,
        players=_players(owner),
        accounts=ledger.payee_accounts(owner),
        action=_here(owner, token),
        remove=_here(owner, token) + "/remove",
        back=_back(owner, token),
        error=error,
        form=form or {},
    )


def _save(owner: GameSession | Group, token: str):
    form = {k: request.form.get(k, "") for k in ("player", "holder", "iban")}
    try:
        ledger.set_payee_account(
            owner, _players(owner), form["player"], form["holder"], form["iban"]
        )
    except InvalidIban as exc:
        return _page(owner, token, t(INVALID_IBAN[exc.code]), form), 422
    except ledger.NotFound:
        return _page(owner, token, t("bank_player_unknown"), form), 422
    flash(t("bank_saved", name=form["player"]))
    return redirect(_here(owner, token), 303)


def _remove(owner: GameSession | Group, token: str):
    player = request.form.get("player", "")
    if ledger.remove_payee_account(owner, player):
        flash(t("bank_removed", name=player))
    return redirect(_here(owner, token), 303)

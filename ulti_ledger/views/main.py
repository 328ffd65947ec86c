"""The landing page and the health check."""

from flask import Blueprint, flash, make_response, redirect, render_template, url_for

from .. import ledger
from ..web.security import make_private
from ..words.i18n import t
from . import remembered
from .common import form_number

bp = Blueprint("main", __name__)


@bp.route("/")
def index():
    """The landing page; it lists the evenings this browser scored (``remembered``), each
    with its edit and its view link, an imported copy marked with its original."""
    evenings = ledger.remembered_evenings(remembered.evening_ids())
    response = make_response(render_template("index.html", evenings=evenings))
    if evenings:  # capability links, for this browser only: never kept by a cache
        make_private(response)
    response.vary.add("Cookie")
    return response


@bp.post("/forget")
def forget():
    """Forget an evening on this phone: off the browser's list (its signed cookie). The
    offline script clears what the phone kept of it (pages, queue, links) before posting;
    taking an id off one's own list needs no link."""
    evening = form_number("evening")
    if evening is not None:
        remembered.forget(evening)
    flash(t("forgotten"))
    return redirect(url_for("main.index"), 303)


@bp.get("/offline")
def offline():
    """What the installed app shows when the network is gone and the page asked for was
    never kept: no link and no name, only the evenings this phone kept (offline.js)."""
    return render_template("offline.html")


@bp.route("/healthz")
def healthz():
    return {"status": "ok"}

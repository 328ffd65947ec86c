"""The landing page and the health check."""

from flask import Blueprint, make_response, render_template

from .. import ledger
from ..web.security import make_private
from . import remembered

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


@bp.route("/healthz")
def healthz():
    return {"status": "ok"}

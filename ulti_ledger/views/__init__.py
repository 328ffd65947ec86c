"""Blueprints, one module per noun, each with one ``bp``, registered from one list.

``BLUEPRINTS`` names the modules in the order the app registers them; ``register`` is the
one place that does it (``create_app`` calls it). The API's modules answer by bearer
token, never by cookie, so CSRF does not apply to them (``API``). Helpers the pages share
are one floor down, in ``common`` and ``api_common``: no page module imports another.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

from flask import Flask

BLUEPRINTS = (
    "main",
    "sessions",
    "hands",
    "exports",
    "evening",  # the evening's settings and players (scorer's link)
    "bank",  # bank details for the payment QR codes (edit links)
    "seats",  # a player's own phone: claim a seat, confirm or dispute hands
    "table",  # the scorer's view of the seats and the disputes
    "groups",  # groups (társaság): standings, season report
    "cards",  # the result card for the group chat (a PNG of the evening's or group's result)
    "group_stats",  # a group's statistics and the hands behind them
    "stats",  # the evening's statistics and the hands behind them
    "rules",  # a ruleset's page: the game's values, house rules
    "api",
    "api_history",
    "api_evening",
    "api_groups",
    "api_payments",  # settling up: an evening's or a group's payments
    "api_seats",  # the table agrees: seats, verdicts, the scorer's answers
    "offline",  # the manifest and the service worker
    "offline_edit",  # the scorer's offline queue
    "live",
    "admin",
)
API = ("api", "api_history", "api_evening", "api_groups", "api_payments", "api_seats")
"""The JSON API's modules: CSRF-exempt (no cookies), JSON error handlers."""


def register(app: Flask, csrf: Any) -> None:
    """Register every blueprint of ``BLUEPRINTS``, and what the app needs beside them."""
    from ..words import i18n
    from ..words.kitty_words import evening_label
    from . import admin, api_errors, offline

    for name in BLUEPRINTS:
        blueprint = import_module(f"{__name__}.{name}").bp
        app.register_blueprint(blueprint)
        if name in API:
            csrf.exempt(blueprint)
    api_errors.register_error_handlers(app)
    # the evening a kitty came from, as the page's language names it (the ledger gives facts)
    app.jinja_env.filters["evening_label"] = lambda source: evening_label(source, i18n.current())
    offline.init_app(app)  # the offline script's words on every page
    admin.init_app(app)  # the admin pages' limit on wrong passwords

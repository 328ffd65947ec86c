"""Card ledger: a Flask app that keeps score and settles up for the card games at a table."""

from .config import INSTANCE, MIGRATIONS, PROJECT_ROOT, STATIC, TEMPLATES, defaults

__all__ = ["MIGRATIONS", "PROJECT_ROOT", "create_app"]


def create_app(test_config=None):
    """Create and configure the application.

    Flask is imported here, not at module level, so that importing the pure
    ``ulti_ledger.settlement`` package never pulls in the web layer. The settings and
    their reasons are in ``config.py``; the wiring around the views in ``web/extensions.py``.
    """
    from flask import Flask

    from . import views
    from .web import extensions, idempotency, language, security, static_files
    from .words import i18n
    from .words.name_labels import labels

    app = Flask(
        __name__,
        instance_path=str(INSTANCE),
        instance_relative_config=True,
        template_folder=str(TEMPLATES),
        static_folder=str(STATIC),
    )
    app.config.from_mapping(defaults(app.instance_path))
    if test_config is None:
        app.config.from_pyfile("config.py", silent=True)
    else:
        app.config.from_mapping(test_config)

    extensions.wrap_wsgi(app)
    extensions.keep_instance_private(app)
    csrf = extensions.init_extensions(app)
    static_files.init_app(app)  # hashed names, compressed once, immutable (web/static_files.py)

    i18n.init_app(app)
    language.init_app(app)  # which of them each request reads
    # Each player's short label (the PDF's initials, "KSzA"): a page shows it where the
    # whole name does not fit (templates/macros.html ``player_name``, static/js/app.js).
    app.jinja_env.filters["short_names"] = lambda players: labels(list(players), 0)
    security.init_app(app)
    idempotency.init_app(app)  # Idempotency-Key on every write (the offline queue's retries)
    views.register(app, csrf)  # every blueprint, from views.BLUEPRINTS
    return app

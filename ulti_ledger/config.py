"""Where the app's files are, read by the factory and by the modules that load files.

The app runs from a checkout: ``templates/``, ``static/``, ``translations/``,
``migrations/`` and ``instance/`` sit next to ``app.py``, one level above this package.
Kept apart from ``create_app`` so that a module reading a file (the catalogues, the PDF's
fonts) need not import the factory that imports it back.
"""

from pathlib import Path

PROJECT_ROOT = Path(__file__).resolve().parent.parent
MIGRATIONS = PROJECT_ROOT / "migrations"

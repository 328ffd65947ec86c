"""The suite's fixtures for the games' own tests (``<game>/tests/``), which pytest collects
beside ``tests/`` (``pyproject.toml``): an app on an empty database, its client, a session
body. A game's tests use them as the suite's do; nothing of the app imports this module."""

from tests.conftest import (  # noqa: F401  (fixtures)
    app,
    bare_app,
    client,
    ctx,
    hand,
    runner,
    scorer,
    session_body,
)

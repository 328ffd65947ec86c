import os

import pytest
from sqlalchemy import MetaData

from testkit import samples
from tests.redis_server import redis_store, redis_url  # noqa: F401  (fixtures)
from tests.ui_helpers import Scorer
from ulti_ledger import create_app
from ulti_ledger.config import database_uri
from ulti_ledger.db import db


def database_url_for_tests(tmp_path):
    """PostgreSQL when TEST_DATABASE_URL is set (the whole suite can run on it), else SQLite."""
    url = os.environ.get("TEST_DATABASE_URL")
    return database_uri(url, None) if url else f"sqlite:///{tmp_path / 'ulti_ledger.sqlite3'}"


def drop_everything():
    """Drop every table, the migrations' own included: a shared database starts empty."""
    metadata = MetaData()
    metadata.reflect(bind=db.engine)
    metadata.drop_all(bind=db.engine)


def make_app(tmp_path, schema=True, **config):
    app = create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "test",
            "SQLALCHEMY_DATABASE_URI": database_url_for_tests(tmp_path),
            # Hermetic links: not this machine's interfaces, nor a PUBLIC_URL from the
            # environment; links carry the request's host (tests/web/test_addresses.py sets them).
            "PUBLIC_URL": None,
            "LAN_ADDRESSES": "",
            # Each test's PDFs in its own folder; none drawn ahead unless the test asks.
            "PDF_CACHE_DIR": str(tmp_path / "pdf-cache"),
            "PDF_PREPARE": False,
            # A report's request waits the whole budget, as a scoresheet's: a loaded test
            # host must not turn a small report into a 503 (tests that want one set it).
            "PDF_REPORT_WAIT_SECONDS": None,
            **config,
        }
    )
    with app.app_context():
        if os.environ.get("TEST_DATABASE_URL"):
            drop_everything()
        if schema:
            db.create_all()
    return app


def close_app(app):
    with app.app_context():
        db.session.remove()
        if os.environ.get("TEST_DATABASE_URL"):
            drop_everything()
        db.engine.dispose()


@pytest.fixture
def app(tmp_path):
    """An app on an empty database with the models' schema."""
    app = make_app(tmp_path)
    yield app
    close_app(app)


@pytest.fixture
def bare_app(tmp_path):
    """An app on an empty database without any table (for the migrations)."""
    app = make_app(tmp_path, schema=False)
    yield app
    close_app(app)


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def runner(app):
    return app.test_cli_runner()


@pytest.fixture
def ctx(app):
    """An app context, for tests that call the ledger directly."""
    with app.app_context():
        yield app


@pytest.fixture
def session_body():
    """A fresh session@1 body for four players, without hands."""
    return samples.session_body()


def parti(declarer="Anna", won=True, players=("Anna", "Béla", "Csaba"), out=("Dóra",), **extra):
    """A passz (parti) hand; ``extra`` adds or overrides keys."""
    hand = {
        "players": list(players),
        "sitting_out": list(out),
        "declarer": declarer,
        "colour": "piros",
        "components": [{"name": "parti", "won": won}],
    }
    hand.update(extra)
    return hand


@pytest.fixture
def hand():
    """A factory of simple valid hands (piros passz)."""
    return parti


# One hand of every kind the ledger stores; each is valid for ``session_body`` (Dóra sits out).
P3 = ["Anna", "Béla", "Csaba"]
OUT = ["Dóra"]
HAND_KINDS = {
    "piros passz": {
        "players": P3,
        "sitting_out": OUT,
        "declarer": "Anna",
        "colour": "piros",
        "components": [{"name": "parti", "won": True}],
    },
    "betli, individual kontra": {
        "players": P3,
        "sitting_out": OUT,
        "declarer": "Béla",
        "components": [{"name": "betli", "won": False, "kontra": {"Csaba": 1}}],
    },
    "ulti rekontra, silent 100": {
        "players": P3,
        "sitting_out": OUT,
        "declarer": "Anna",
        "colour": "zold",
        "components": [{"name": "ulti", "won": True, "kontra": 2}, {"name": "parti", "won": False}],
        "silent": [{"name": "100", "side": "defenders", "won": True}],
    },
    "terített betli": {
        "players": P3,
        "sitting_out": OUT,
        "declarer": "Csaba",
        "components": [{"name": "betli", "open": True, "won": True}],
    },
    "rebetli": {
        "players": P3,
        "sitting_out": OUT,
        "declarer": "Csaba",
        "colour": "piros",
        "components": [{"name": "betli", "won": True}],
    },
    # Béla sits out: the first bidder is Csaba both when Béla deals (the sixth hand of a
    # session of these) and when Anna does (a session of this hand alone)
    "all pass": {
        "players": ["Csaba", "Dóra", "Anna"],
        "sitting_out": ["Béla"],
        "declarer": "Csaba",
        "outcome": "all_pass",
    },
    "redeal": {"players": P3, "sitting_out": OUT, "declarer": "Béla", "outcome": "redeal"},
    "bedobás": {
        "players": P3,
        "sitting_out": OUT,
        "declarer": "Anna",
        "outcome": "conceded",
        "colour": "tok",
        "components": [{"name": "ulti", "kontra": 1}, {"name": "parti"}],
    },
    "renonsz": {
        "players": P3,
        "sitting_out": OUT,
        "declarer": "Anna",
        "colour": "makk",
        "components": [{"name": "40-100"}],
        "renonsz": {"player": "Béla"},
    },
    "silent ulti failed": {
        "players": P3,
        "sitting_out": OUT,
        "declarer": "Anna",
        "colour": "makk",
        "components": [{"name": "parti", "won": True}],
        "silent": [{"name": "ulti", "side": "declarer", "won": False}],
    },
    "dealer pays": {
        "options": {"four_player_dealer": "pays_as_defender"},
        "players": P3,
        "sitting_out": OUT,
        "declarer": "Anna",
        "colour": "piros",
        "components": [{"name": "40-100", "won": True}],
    },
    "silent ulti by one defender": {
        "options": {"defender_silent_ulti": "everyone"},
        "players": P3,
        "sitting_out": OUT,
        "declarer": "Anna",
        "colour": "tok",
        "components": [{"name": "parti", "won": True}],
        "silent": [{"name": "ulti", "side": "defenders", "won": True, "player": "Csaba"}],
    },
}


@pytest.fixture
def hand_kinds():
    """Valid hands of every shape: kontras common and individual, open, silent, renonsz..."""
    return HAND_KINDS


def canonical_hand(hand):
    """What the engine makes of a hand, as a session shows it (no ruleset; own options only)."""
    from ulti_ledger.ledger.pinning import builtin_engine

    parsed, _ = builtin_engine().parse(hand, {"ruleset": "ulti"})
    out = parsed.to_dict()
    del out["ruleset"]
    out.pop("options", None)
    if "options" in hand:
        out = {"options": hand["options"], **out}
    return out


@pytest.fixture
def canonical():
    """``canonical(hand)``: the hand as the ledger stores and shows it."""
    return canonical_hand


DB_FIXTURES = {"app", "bare_app", "client", "runner", "ctx"}


def pytest_collection_modifyitems(config, items):
    """Mark every test that touches the database ``db``: `make test` runs those again on
    PostgreSQL (``pytest -m db`` under scripts/with-postgres.sh)."""
    for item in items:
        if DB_FIXTURES & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.db)


@pytest.fixture
def scorer(client):
    """A scorer on the web pages (``ui_helpers.Scorer``) whose evening has begun."""
    scorer = Scorer(client)
    scorer.start()
    return scorer


def pytest_sessionstart(session):
    """The catalogues' .mo files are built, not committed: compile any missing or stale one
    (as `make test` does first), for a suite run with pytest alone."""
    from ulti_ledger.words.messages import ensure_compiled

    ensure_compiled()

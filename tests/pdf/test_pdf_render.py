"""The scoresheet PDF: rendered once per state, never stale, within its budget (issue 11).

Real renders (WeasyPrint) of real sessions; the renderer only counts how many it started.
"""

import io
import threading
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from pypdf import PdfReader

from testkit.samples import PLAYERS, random_session
from tests.conftest import close_app, make_app
from ulti_ledger import ledger
from ulti_ledger.pdf import pool as pdf_render

pytestmark = pytest.mark.db  # run again on PostgreSQL by `make test`


@pytest.fixture
def pdf_app(request, tmp_path):
    app = make_app(tmp_path, **getattr(request, "param", {}))
    yield app
    with app.app_context():
        assert pdf_render.renderer().idle(120)
    close_app(app)


def evening(app, hands=3):
    """An evening of ``hands`` random legal hands; its view token and edit token."""
    with app.app_context():
        session = ledger.create_session(random_session(PLAYERS, hands, seed=7, name="Péntek"))
        return session.view_token, session.edit_token


def renders(app):
    with app.app_context():
        return pdf_render.renderer().renders


@contextmanager
def pool_held(app) -> Iterator[None]:
    """The renderer's one worker kept busy until the block ends: a render asked for inside
    waits in the pool, past any budget, whatever the host's speed (no wall-clock bound)."""
    gate = threading.Event()
    with app.app_context():
        held = pdf_render.renderer().pool.submit(gate.wait, 120)
    try:
        yield
    finally:
        gate.set()
        held.result(timeout=120)


def under_way(app):
    with app.app_context():
        return pdf_render.renderer().under_way


def hands_in(pdf):
    text = "".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages)
    return text


def test_the_same_scoresheet_is_rendered_once_and_a_write_renders_it_again(pdf_app):
    view, edit = evening(pdf_app)
    client = pdf_app.test_client()
    first = client.get(f"/s/{view}/scoresheet.pdf")
    again = client.get(f"/s/{edit}/scoresheet.pdf")  # the edit link: the same scoresheet
    assert first.status_code == again.status_code == 200
    assert first.data == again.data and renders(pdf_app) == 1
    with pdf_app.app_context():
        session = ledger.session_by_token(edit, "edit")
        ledger.update_session(session, {"name": "Szombat"})  # a write: the version moves
    after = client.get(f"/s/{view}/scoresheet.pdf")
    assert renders(pdf_app) == 2
    assert "Szombat" in hands_in(after.data) and "Szombat" not in hands_in(first.data)


def test_method_banker_and_language_are_part_of_the_key(pdf_app):
    view, _ = evening(pdf_app)
    client = pdf_app.test_client()
    asks = [  # the language explicit: ?lang= is remembered in a cookie
        "?lang=hu",
        "?lang=hu&method=pairwise",
        "?lang=hu&method=banker&banker=Anna",
        "?lang=hu&method=banker&banker=Béla",
        "?lang=en",
    ]
    bodies = {ask: client.get(f"/s/{view}/scoresheet.pdf{ask}").data for ask in asks}
    assert renders(pdf_app) == len(asks) and len(set(bodies.values())) == len(asks)
    for ask in asks:  # each again: from the cache
        assert client.get(f"/s/{view}/scoresheet.pdf{ask}").data == bodies[ask]
    assert renders(pdf_app) == len(asks)
    bad = client.get(f"/s/{view}/scoresheet.pdf?method=banker&banker=Zoltán")
    assert bad.status_code == 400


@pytest.mark.parametrize("pdf_app", [{"PDF_CACHE_SIZE": 2, "PDF_CACHE_FILES": 2}], indirect=True)
def test_the_cache_is_bounded(pdf_app, tmp_path):
    view, _ = evening(pdf_app)
    client = pdf_app.test_client()
    for ask in ("?lang=hu", "?lang=en", "?lang=hu&method=pairwise"):
        assert client.get(f"/s/{view}/scoresheet.pdf{ask}").status_code == 200
    with pdf_app.app_context():
        assert len(pdf_render.renderer().cache) == 2
    assert len(list((tmp_path / "pdf-cache").glob("*.bin"))) == 2  # the shared files too
    client.get(f"/s/{view}/scoresheet.pdf?lang=hu")  # the oldest went: rendered again
    assert renders(pdf_app) == 4


@pytest.mark.parametrize("pdf_app", [{"PDF_BUDGET_SECONDS": 0.05}], indirect=True)
def test_a_render_past_its_budget_answers_503_and_the_retry_comes_from_the_cache(pdf_app):
    view, _ = evening(pdf_app, hands=60)
    client = pdf_app.test_client()
    with pool_held(pdf_app):
        busy = client.get(f"/s/{view}/scoresheet.pdf")
        assert busy.status_code == 503
        assert int(busy.headers["Retry-After"]) >= 1
        assert "A PDF még készül" in busy.get_data(as_text=True)
        # The request was let go while its render still waits in the pool.
        assert under_way(pdf_app) == 1 and renders(pdf_app) == 1
    with pdf_app.app_context():
        assert pdf_render.renderer().idle(120)
    assert under_way(pdf_app) == 0
    done = client.get(f"/s/{view}/scoresheet.pdf")
    assert done.status_code == 200 and done.data.startswith(b"%PDF")
    assert renders(pdf_app) == 1  # the retry was served from the cache


@pytest.mark.parametrize("pdf_app", [{"PDF_BUDGET_SECONDS": 0.05, "PDF_QUEUE": 1}], indirect=True)
def test_a_full_queue_answers_503_without_starting_another_render(pdf_app):
    view, _ = evening(pdf_app, hands=60)
    client = pdf_app.test_client()
    with pool_held(pdf_app):
        assert client.get(f"/s/{view}/scoresheet.pdf").status_code == 503
        other = pdf_app.test_client().get(f"/s/{view}/scoresheet.pdf?lang=en")
        assert other.status_code == 503 and "Retry-After" in other.headers
        assert renders(pdf_app) == 1 and under_way(pdf_app) == 1
    same = client.get(f"/s/{view}/scoresheet.pdf")  # the one under way: waited for again
    assert same.status_code in (200, 503) and renders(pdf_app) == 1

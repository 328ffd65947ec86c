"""PDFs shared between workers, drawn without a request, and drawn ahead (issues 34, 37, 40).

Two apps on one database and one cache folder stand for two gunicorn workers: a PDF one
of them drew is served by the other, and a retry that lands on the other while the first
still draws waits for it instead of drawing it again. Real renders (WeasyPrint).
"""

import os
import threading
import time

import pytest
import redis as redis_lib

from tests.api_evening import begin_evening
from tests.conftest import close_app, make_app, parti
from tests.pdf.test_pdf_render import evening, pool_held, renders
from ulti_ledger import create_app, ledger
from ulti_ledger.cache import FileStore, shared_store, store_key
from ulti_ledger.pdf import pool as pdf_render
from ulti_ledger.pdf.render import Reader, draw_scoresheet, reading

pytestmark = pytest.mark.db


def worker(app):
    """Another worker of ``app``: its own process state, the same database and folder."""
    keep = ("SQLALCHEMY_DATABASE_URI", "PDF_CACHE_DIR", "PDF_CACHE_URI", "PDF_PREPARE")
    keep += ("PDF_BUDGET_SECONDS",)
    other = create_app(
        {"TESTING": True, "SECRET_KEY": "test", "PUBLIC_URL": None, "LAN_ADDRESSES": ""}
        | {k: app.config[k] for k in keep}
    )
    return other


@pytest.fixture
def two(request, tmp_path):
    first = make_app(tmp_path, **getattr(request, "param", {}))
    second = worker(first)
    yield first, second
    for app in (first, second):
        with app.app_context():
            assert pdf_render.renderer().idle(120)
    with second.app_context():
        from ulti_ledger.db import db

        db.engine.dispose()
    close_app(first)


def test_a_pdf_one_worker_drew_is_served_by_the_other(two):
    first, second = two
    view, _ = evening(first)
    drawn = first.test_client().get(f"/s/{view}/scoresheet.pdf")
    served = second.test_client().get(f"/s/{view}/scoresheet.pdf")
    assert drawn.status_code == served.status_code == 200
    assert served.data == drawn.data
    assert renders(first) == 1 and renders(second) == 0


@pytest.mark.parametrize("two", [{"PDF_BUDGET_SECONDS": 0.05}], indirect=True)
def test_a_retry_on_the_other_worker_waits_for_the_first_render(two):
    first, second = two
    view, _ = evening(first, hands=20)
    with pool_held(first):
        assert first.test_client().get(f"/s/{view}/scoresheet.pdf").status_code == 503
        retry = second.test_client().get(f"/s/{view}/scoresheet.pdf")
        assert retry.status_code == 503 and "Retry-After" in retry.headers
    with first.app_context():
        assert pdf_render.renderer().idle(120)
    done = second.test_client().get(f"/s/{view}/scoresheet.pdf")
    assert done.status_code == 200 and done.data.startswith(b"%PDF")
    assert renders(first) == 1 and renders(second) == 0  # drawn once, by the first


def test_a_claim_left_by_a_dead_worker_expires(tmp_path):
    store = FileStore(tmp_path)
    key = store_key(("scoresheet", "token", 1))
    assert store.claim(key, 60) and not store.claim(key, 60)
    old = time.time() - 120
    os.utime(tmp_path / f"{key}.claim", (old, old))  # its worker died two minutes ago
    assert store.claim(key, 60)
    store.release(key)
    assert store.claim(key, 60)


def test_the_store_is_files_unless_redis_is_configured(tmp_path):
    files = shared_store({"PDF_CACHE_DIR": str(tmp_path)}, tmp_path)
    assert isinstance(files, FileStore) and files.root == tmp_path
    files.put("k", b"%PDF-1")
    assert files.get("k") == b"%PDF-1" and files.get("other") is None
    assert not list(tmp_path.glob("*.tmp"))  # written whole, then renamed
    redis = shared_store({"RATELIMIT_STORAGE_URI": "redis://127.0.0.1:1/0"}, tmp_path)
    assert type(redis).__name__ == "RedisStore"
    # A Redis nobody answers on is an empty store that lets this worker draw.
    assert redis.get("k") is None and redis.claim("k", 5)


def test_a_pdf_draws_without_a_request_in_the_readers_words(app):
    view, _ = evening(app)
    with app.app_context():
        session_id = ledger.session_by_token(view, "view").id
    reader = Reader("en", "Europe/Budapest", "https://ulti.example/club/")
    with reading(app, reader):
        from flask import has_request_context, url_for

        assert not has_request_context()
        assert url_for("main.index").startswith("https://ulti.example/club/")
    pdf = draw_scoresheet(app, session_id, "minimal", None, reader)
    assert pdf.startswith(b"%PDF")


@pytest.fixture
def prepared(tmp_path):
    app = make_app(tmp_path, PDF_PREPARE=True)
    yield app
    with app.app_context():
        assert pdf_render.renderer().idle(120)
    close_app(app)


def test_after_a_hand_the_scoresheet_is_drawn_ahead_once_per_evening(prepared):
    app = prepared
    client = app.test_client()
    sid, auth, view = begin_evening(client, "ulti", ["Anna", "Béla", "Csaba", "Dóra"], "10")
    for _ in range(5):  # a burst of writes: one job at a time, the newest drawn last
        saved = client.post(f"/api/v1/sessions/{sid}/hands", json=parti(), headers=auth)
        assert saved.status_code == 201
    with app.app_context():
        assert pdf_render.renderer().idle(120)
    drawn = renders(app)
    assert 1 <= drawn <= 2
    token = view.rstrip("/").rsplit("/", 1)[-1]
    pdf = client.get(f"/s/{token}/scoresheet.pdf")
    assert pdf.status_code == 200 and renders(app) == drawn  # waiting for nobody: ready


@pytest.mark.parametrize("two", [{"PDF_BUDGET_SECONDS": 30.0}], indirect=True)
def test_a_render_that_failed_on_the_other_worker_is_drawn_here(two):
    """The other worker's claim goes without a file (its render raised): this one draws."""
    first, second = two
    view, _ = evening(first)
    with second.app_context():
        session = ledger.session_by_token(view, "view")
        key = store_key(pdf_render.scoresheet_key(session, "minimal", None, Reader("hu")))
        store = pdf_render.renderer().shared
        assert store.claim(key, 60)
    threading.Timer(0.3, store.release, (key,)).start()  # the other worker gave up
    start = time.monotonic()
    answer = second.test_client().get(f"/s/{view}/scoresheet.pdf")
    assert time.monotonic() - start >= 0.3  # it waited for the claim first
    assert answer.status_code == 200 and renders(second) == 1


def test_two_workers_on_one_redis_share_the_pdf(tmp_path, redis_store):
    """With a Redis configured, the PDFs are kept there (no folder), for every instance."""
    first = make_app(tmp_path, PDF_CACHE_URI=redis_store)
    second = worker(first)
    try:
        with first.app_context():
            assert type(pdf_render.renderer().shared).__name__ == "RedisStore"
        view, _ = evening(first)
        drawn = first.test_client().get(f"/s/{view}/scoresheet.pdf")
        served = second.test_client().get(f"/s/{view}/scoresheet.pdf")
        assert drawn.status_code == served.status_code == 200 and served.data == drawn.data
        assert renders(first) == 1 and renders(second) == 0
        assert not (tmp_path / "pdf-cache").exists()
        keys = redis_lib.Redis.from_url(redis_store).keys("ulti_ledger:pdf:*")
        assert len(keys) == 1 and b"claim" not in keys[0]  # the PDF, its claim released
    finally:
        for app in (first, second):
            with app.app_context():
                assert pdf_render.renderer().idle(120)
        with second.app_context():
            from ulti_ledger.db import db

            db.engine.dispose()
        close_app(first)


def test_a_folder_that_cannot_be_written_costs_sharing_not_the_pdf(tmp_path):
    blocked = tmp_path / "a-file"
    blocked.write_text("not a folder")
    app = make_app(tmp_path, PDF_CACHE_DIR=str(blocked / "pdf-cache"))
    try:
        view, _ = evening(app)
        answer = app.test_client().get(f"/s/{view}/scoresheet.pdf")
        assert answer.status_code == 200 and answer.data.startswith(b"%PDF")
    finally:
        with app.app_context():
            assert pdf_render.renderer().idle(120)
        close_app(app)


def test_a_worker_warms_weasyprint_without_counting_a_render(app):
    warmed = pdf_render.warm(app).result(timeout=120)
    assert warmed.startswith(b"%PDF") and renders(app) == 0

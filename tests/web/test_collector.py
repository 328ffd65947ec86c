"""A served worker, once loaded, keeps its objects out of the cycle collector's full runs
(ulti_ledger/web/collector.py), as ``make run``'s settings file sets it up."""

from __future__ import annotations

import gc
import runpy
from pathlib import Path
from types import SimpleNamespace

from ulti_ledger.pdf.pool import renderer
from ulti_ledger.web import collector

CONF = Path(__file__).resolve().parents[2] / "scripts" / "gunicorn_conf.py"


def test_a_worker_freezes_what_it_loaded_after_the_pdf_warm_up(app, monkeypatch):
    monkeypatch.setenv("LAN_ADDRESSES", "")  # the settings file leaves it as it is
    settings = runpy.run_path(str(CONF))
    before = gc.get_threshold()
    gc.unfreeze()
    try:
        settings["post_worker_init"](SimpleNamespace(wsgi=app))
        with app.app_context():  # the pool's one thread: the warm-up, its callback, then this
            renderer().pool.submit(lambda: None).result(timeout=60)
        assert gc.get_threshold() == collector.THRESHOLDS != before
        assert gc.get_freeze_count() > 10_000  # the app, its libraries, WeasyPrint
        # a full collection no longer walks the frozen objects, and still finds cycles
        cycle: list = []
        cycle.append(cycle)
        del cycle
        assert gc.collect() >= 1
    finally:
        gc.unfreeze()
        gc.set_threshold(*before)


def test_a_worker_whose_app_failed_to_load_is_left_alone(monkeypatch):
    monkeypatch.setenv("LAN_ADDRESSES", "")
    settings = runpy.run_path(str(CONF))
    before = gc.get_threshold()
    settings["post_worker_init"](SimpleNamespace(wsgi=object()))  # gunicorn's stand-in
    assert gc.get_threshold() == before

"""Python's cycle collector tuned for a served worker: no full collection mid-request.

A worker holds some hundreds of thousands of long-lived objects (the app, SQLAlchemy's
mappers, Jinja's templates, WeasyPrint and its fonts), and the collector's default
thresholds (700, 10, 10) run a full collection over all of them every few hundred
thousand allocations. Laying out a season report allocates millions: at the defaults
0.1 to 0.4 s of its render was the collector walking those same objects again
(bench/README.md, "The largest group"). So, once a worker has loaded everything
(``scripts/gunicorn_conf.py``, after the PDF pool's warm-up), the objects alive then are
moved out of the collector's reach (``gc.freeze``, as Instagram and CPython's docs
describe for forked servers) and the youngest generation is collected less often.
Cycles are still collected, only later; a render's peak RSS stays the same
(``bench/largest_group.py``).
"""

from __future__ import annotations

import gc

THRESHOLDS = (50_000, 20, 20)
"""Allocations before a young collection, and young (then middle) collections before an
older one: a report's layout triggers a few young collections, no full one."""


def settle() -> None:
    """Freeze what is alive now (the loaded worker) and raise the collector's thresholds."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*THRESHOLDS)

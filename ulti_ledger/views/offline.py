"""The installable app and the scorer's offline queue.

::

    GET  /manifest.webmanifest     the web app manifest (start_url "/": never a link's token)
    GET  /sw.js                    the service worker, at the root so that it may serve /e/ and /s/
    GET  /e/<t>/offline.json       what the phone needs to keep scoring offline: the next hand's
                                   number and dealer, the rotation after each possible hand, words
    POST /e/<t>/hands/queued       a new hand from the form, meant as hand ``queued_number``;
                                   answers JSON (201, or 4xx with the reason in the page's words)

The scorer's two routes under ``/e/<t>/`` are ``offline_edit``'s. The scripted hand form
saves new hands there, whether the phone is online or sends its
queue later: one path, so a retry of a request whose answer was lost carries the same
method, path, body and ``Idempotency-Key`` and is answered from what was kept
(``idempotency.py``) instead of recording the hand twice. A queued hand names the number
it was meant to be; if another phone recorded that number meanwhile the answer is 409 and
the phone's queue stops there, for the scorer to look at. The server's engine stays the
one source of payments: the phone shows a queued hand as waiting, without payments.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from flask import Blueprint, Response, current_app, jsonify, url_for

from ..words import i18n
from ..words.i18n import t

bp = Blueprint("offline", __name__)

WORDS = (
    "offline_as_of",
    "offline_waiting",
    "offline_waiting_hand",
    "offline_send_now",
    "offline_sending",
    "offline_refused",
    "offline_saved_later",
    "offline_no_payments",
    "offline_dealer",
    "offline_declarer",
    "offline_totals_as_of",
    "offline_moved",
    "offline_landed_hand",
    "offline_moved_at_end",
    "offline_moved_cannot",
    "offline_moved_twin",
    "offline_add_at_end",
    "offline_open_in_form",
    "offline_drop",
    "offline_drop_twin",
    "offline_drop_confirm",
    "offline_http_note",
    "offline_kept_on_page",
    "offline_retrying",
    "offline_page_title",
)


@bp.get("/manifest.webmanifest")
def manifest() -> Response:
    """The manifest: the landing page starts the app; no link's token is ever in it."""
    body = {
        "name": t("app_name"),
        "short_name": t("app_name"),
        "start_url": "/",
        "scope": "/",
        "display": "standalone",
        "background_color": "#ffffff",
        "theme_color": "#1f6f43",
        "lang": i18n.current(),
        "icons": [
            {
                "src": url_for("static", filename=f"icons/icon-{size}.png"),
                "sizes": f"{size}x{size}",
                "type": "image/png",
                "purpose": "any maskable",
            }
            for size in (192, 512)
        ],
    }
    response = jsonify(body)
    response.content_type = "application/manifest+json"
    return response


@bp.get("/sw.js")
def service_worker() -> Response:
    """The worker's script from the root path (its scope is the folder it is served from);
    never cached by the browser's HTTP cache, so a new version is found at once.

    Its ``/static/...`` names are written hashed (web/static_files.py), and its VERSION gets
    a digest of them: a deploy that changes a file changes the worker, whose shell cache
    then takes the new files and drops the old ones."""
    script = (Path(current_app.static_folder or "") / "js" / "sw.js").read_text(encoding="utf-8")
    body = worker_script(script, lambda name: url_for("static", filename=name))
    response = Response(body, mimetype="text/javascript")
    response.headers["Cache-Control"] = "no-cache"
    response.headers["Service-Worker-Allowed"] = "/"
    return response


STATIC_URL = re.compile(r'"/static/([^"]+)"')
VERSION_LINE = re.compile(r'^const VERSION = "([^"]+)";$', re.M)


def worker_script(script: str, static_url: Callable[[str], str]) -> str:
    """``sw.js`` with each quoted ``"/static/<name>"`` as ``static_url(name)`` gives it, and
    its VERSION followed by a digest of those URLs."""
    urls: list[str] = []

    def hashed(match: re.Match[str]) -> str:
        urls.append(static_url(match[1]))
        return json.dumps(urls[-1])

    script = STATIC_URL.sub(hashed, script)
    digest = hashlib.sha256("\n".join(urls).encode()).hexdigest()[:12]
    return VERSION_LINE.sub(lambda m: f'const VERSION = "{m[1]}-{digest}";', script, count=1)


def offline_words() -> dict[str, str]:
    """The offline script's words in the page's language (its ``data-words``)."""
    return {key: t(key) for key in WORDS}


def init_app(app: Any) -> None:
    """Every page's template gets the offline script's words."""
    app.context_processor(lambda: {"offline_words": offline_words})

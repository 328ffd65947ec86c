"""No capability token in a log: the access logs and error logs mask them.

A link's token is the whole of its authority (``/e/<token>`` edits an evening), so a log
line that kept it would hand the evening to whoever reads the log. The filter rewrites
each record's message before any handler formats it: the path segment after ``/e/`` and
``/s/``, and the values of ``token=`` and ``s=`` (the several-evenings page's links) in a
query, become ``***``. It sits on gunicorn's access and error loggers, werkzeug's (the
development server's access log) and the app's own.
"""

from __future__ import annotations

import logging
import re

MASK = "***"
TOKEN_IN_PATH = re.compile(r"(/[es]/)[^/?#\s\"']+")
TOKEN_IN_QUERY = re.compile(r"([?&](?:token|s)=)[^&#\s\"']+")
LOGGERS = ("gunicorn.access", "gunicorn.error", "werkzeug")


def mask_tokens(text: str) -> str:
    """``GET /e/abc?token=xyz`` -> ``GET /e/***?token=***``."""
    return TOKEN_IN_QUERY.sub(rf"\g<1>{MASK}", TOKEN_IN_PATH.sub(rf"\g<1>{MASK}", text))


class TokenFilter(logging.Filter):
    """Masks the tokens in a record's message (its arguments merged in first)."""

    def filter(self, record: logging.LogRecord) -> bool:
        try:
            message = record.getMessage()
        except (TypeError, ValueError, KeyError):
            return True  # a record that cannot be formatted is left to logging's own report
        masked = mask_tokens(message)
        if masked != message:
            record.msg, record.args = masked, None
        return True


def install(*names: str) -> None:
    """Put the filter on each named logger (``LOGGERS`` and ``names``), once."""
    for name in (*LOGGERS, *names):
        logger = logging.getLogger(name)
        if not any(isinstance(f, TokenFilter) for f in logger.filters):
            logger.addFilter(TokenFilter())

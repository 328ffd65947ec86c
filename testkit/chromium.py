"""Debian's chromium as the browser tests and ``scripts/screenshots.py`` launch it.

In the package because both need it and scripts/ is not importable from tests/. Playwright
drives this browser; ``playwright install`` is never run.
"""

from __future__ import annotations

from pathlib import Path

CHROMIUM = Path("/usr/bin/chromium")
# No sandbox and no GPU, which containers and CI machines lack; nothing fetched in the
# background (updates, sync) and no first-run page, so only the app under test is loaded.
LAUNCH_ARGS = (
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
)

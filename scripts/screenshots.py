"""Take the README's screenshots: the hand form (with a live preview) and the scoreboard.

Drives Debian's /usr/bin/chromium through Playwright (never ``playwright install``)
against a running app whose session was made by ``scripts/demo_session.py``:

    .venv/bin/python scripts/demo_session.py            # prints the edit link
    .venv/bin/python scripts/screenshots.py EDIT_URL [--out docs/screenshots]

Each page is taken at phone width (390 px) and laptop width (1280 px).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ulti_ledger.chromium import CHROMIUM, LAUNCH_ARGS  # noqa: E402

WIDTHS = {"phone": (390, 844), "desktop": (1280, 900)}


def fill_hand(page: Page) -> None:
    """A 40-100 ulti in zöld, kontra on the ulti, the ulti lost: a hand worth previewing."""
    declarer = page.locator("[data-testid^=declarer-]:visible").first
    declarer.click()
    page.get_by_test_id("contract-select").select_option("40-100-ulti")
    page.get_by_test_id("colour-zold").click()
    page.get_by_test_id("won-ulti-lost").click()
    page.get_by_test_id("kontra-ulti-1").click()
    page.wait_for_selector("[data-testid=preview-title]")
    page.wait_for_timeout(300)


def whole_page(page: Page, path: Path) -> None:
    """The whole page in one viewport, so bars fixed to the bottom sit at its end."""
    width = page.viewport_size["width"]
    page.evaluate("window.scrollTo(0, 0)")
    height = page.evaluate("document.documentElement.scrollHeight")
    page.set_viewport_size({"width": width, "height": height})
    page.wait_for_timeout(200)
    page.screenshot(path=path)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("edit_url")
    parser.add_argument("--out", type=Path, default=Path("docs/screenshots"))
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=LAUNCH_ARGS)
        for name, (width, height) in WIDTHS.items():
            page = browser.new_page(viewport={"width": width, "height": height})
            page.goto(args.edit_url)
            page.locator("details.hand").nth(3).locator("summary").click()
            whole_page(page, args.out / f"scoreboard-{name}.png")
            page.set_viewport_size({"width": width, "height": height})
            page.goto(args.edit_url.rstrip("/") + "/hands/new")
            fill_hand(page)
            whole_page(page, args.out / f"hand-form-{name}.png")
            page.close()
        browser.close()


if __name__ == "__main__":
    main()

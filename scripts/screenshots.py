"""Take the README's screenshots: the hand form (with a live preview) and the scoreboard,
and every registered game's new-hand form on a phone.

Drives Debian's /usr/bin/chromium through Playwright (never ``playwright install``)
against a running app whose session was made by ``scripts/demo_session.py``:

    .venv/bin/python scripts/demo_session.py            # prints the edit link
    .venv/bin/python scripts/screenshots.py EDIT_URL [--out docs/screenshots]
    .venv/bin/python scripts/screenshots.py --games http://127.0.0.1:5000

Each page is taken at phone width (390 px) and laptop width (1280 px). With ``--games``
the script starts an evening of every game in the registry (on its own ruleset,
through the new-evening page) and takes its new-hand form at 390 px with a common hand
entered and its preview: ``form-<game>-phone.png``, each at most two phone screens tall
and reduced to 256 colours, so the README stays light.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Browser, Page, sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from testkit.chromium import CHROMIUM, LAUNCH_ARGS  # noqa: E402
from ulti_ledger.games import REGISTRY  # noqa: E402

WIDTHS = {"phone": (390, 844), "desktop": (1280, 900)}
PLAYERS = ["Anna", "Béla", "Csaba", "Dóra"]
MOST_HEIGHT = 2 * 844
"""A game's form is cut at two phone screens: the top of the form and its preview."""


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


FILL: dict[str, Callable[[Page], None]] = {"ulti": fill_hand}
"""What a game's picture shows, where its first preset is not enough (the proposed declarer
is Béla): a function of the page. Every other game has its first preset tapped, so a new
game is pictured without a line here."""


def game_form(browser: Browser, base_url: str, game: str, path: Path) -> None:
    """``game``'s new-hand form on a phone: an evening of four on the game's own ruleset
    (the one named like the game), a common hand entered, the preview drawn."""
    width, height = WIDTHS["phone"]
    page = browser.new_page(viewport={"width": width, "height": height})
    page.goto(base_url.rstrip("/") + "/sessions/new")
    page.fill("#name", "Kedd este")
    for i, player in enumerate(PLAYERS):
        page.get_by_test_id(f"player-{i}").fill(player)
    page.get_by_test_id(f"ruleset-{game}").click()
    with page.expect_navigation():
        page.get_by_test_id("create-session").click()
    page.goto(page.url.split("#")[0] + "/hands/new")
    fill = FILL.get(game)
    if fill:
        fill(page)
    elif page.locator("[data-preset]:visible").count():
        page.locator("[data-preset]:visible").first.click()
    page.wait_for_selector("[data-testid=preview-title]")
    page.wait_for_timeout(300)
    # two phone screens at most, the preview bar at their foot as a phone shows it
    page.evaluate("window.scrollTo(0, 0)")
    tall = page.evaluate("document.documentElement.scrollHeight")
    page.set_viewport_size({"width": width, "height": min(tall, MOST_HEIGHT)})
    page.wait_for_timeout(200)
    page.screenshot(path=path)
    page.close()
    small_png(path)


def small_png(path: Path) -> None:
    """In 256 colours: a phone form is flat colour and text, a quarter of the bytes."""
    from PIL import Image

    with Image.open(path) as image:
        shot = image.convert("RGB")
    shot.quantize(colors=256, method=Image.Quantize.MEDIANCUT).save(path, optimize=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("edit_url", nargs="?", help="the demo evening (scoreboard, Ulti's form)")
    parser.add_argument("--out", type=Path, default=Path("docs/screenshots"))
    parser.add_argument("--games", metavar="BASE_URL", help="every game's new-hand form on a phone")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=LAUNCH_ARGS)
        for game in REGISTRY if args.games else ():
            game_form(browser, args.games, game, args.out / f"form-{game}-phone.png")
        for name, (width, height) in WIDTHS.items() if args.edit_url else ():
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

"""A live app on a free port and Debian's chromium, driven by Playwright.

Never ``playwright install``: the browser is /usr/bin/chromium, which ``make test``
installs. Without it these tests are skipped with the reason.
"""

import pytest

from testkit.chromium import CHROMIUM, LAUNCH_ARGS
from testkit.live_server import serve
from ulti_ledger import ledger


@pytest.fixture
def live_url(app):
    """The app served on 127.0.0.1 in a thread, for as long as the test runs."""
    with serve(app) as port:
        yield f"http://127.0.0.1:{port}"


@pytest.fixture(scope="session")
def playwright_driver():
    """Playwright, once for the run (a second sync driver cannot start inside the first)."""
    if not CHROMIUM.exists():
        pytest.skip(f"{CHROMIUM} is not installed (make test installs Debian's chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        yield playwright


@pytest.fixture(scope="session")
def browser(playwright_driver):
    """Chromium whose every context is a Hungarian table's phone unless a test names its
    own ``locale``: the pages follow ``Accept-Language``, and chromium's own is en-US."""
    browser = playwright_driver.chromium.launch(executable_path=str(CHROMIUM), args=LAUNCH_ARGS)
    new_context = browser.new_context

    def hungarian_context(**options):
        return new_context(**{"locale": "hu-HU", **options})

    browser.new_context = hungarian_context
    yield browser
    browser.close()


@pytest.fixture
def phone(browser):
    """A page the size of a phone held at the table."""
    # The service worker is tested by test_offline.py in its own context; here it would
    # serve pages past the tests' own routes.
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, has_touch=True, service_workers="block"
    )
    page = context.new_page()
    page.set_default_timeout(10_000)
    yield page
    context.close()


@pytest.fixture
def table(app, client, live_url, session_body):
    """A four-player evening begun through the API (Anna deals first and sits out): its
    edit page's URL on the live app, and its hands as the ledger has them."""
    created = client.post("/api/v1/sessions", json=session_body).get_json()
    token = created["edit_token"]

    class Table:
        url = f"{live_url}/e/{token}"

        @staticmethod
        def hand(number):
            with app.app_context():
                return ledger.hand_entry(ledger.session_by_token(token, "edit"), number)

        @staticmethod
        def hands():
            with app.app_context():
                session = ledger.session_by_token(token, "edit")
                count = ledger.hand_count(session)
                return [ledger.hand_entry(session, n) for n in range(1, count + 1)]

    return Table

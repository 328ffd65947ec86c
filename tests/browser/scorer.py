"""The scorer's side of the browser evening tests: the counted thumb, a new evening begun
through the new-evening form, the next hand's form, and the hands as stored.

Each game's evening test asks these, so that a tap is counted the same way in all of
them: from the scoreboard's "+ new hand" to Save, both included.
"""

from __future__ import annotations

import re

from ulti_ledger import ledger


class Taps:
    """The scorer's thumb: clicks (and typed numbers) by ``data-testid``, counted."""

    def __init__(self, page):
        self.page = page
        self.count = 0

    def tap(self, testid: str) -> None:
        self.page.get_by_test_id(testid).click()
        self.count += 1

    def type(self, testid: str, text: str) -> None:
        """Typing a number into one field counts as one tap."""
        self.page.get_by_test_id(testid).fill(text)
        self.count += 1

    def choose(self, testid: str, value: str) -> None:
        """Choosing from a list counts two: open it, pick."""
        self.page.get_by_test_id(testid).select_option(value)
        self.count += 2

    def save(self) -> None:
        """Save, and land on the scoreboard at the saved hand."""
        with self.page.expect_navigation():
            self.tap("save")
        assert "#h" in self.page.url, self.page.content()


def begin(page, live_url: str, name: str, players, ruleset: str, lang: str | None = None):
    """A new evening of ``players`` on ``ruleset``: its edit token and its scoreboard."""
    page.goto(live_url + "/sessions/new" + (f"?lang={lang}" if lang else ""))
    page.fill("#name", name)
    for i, player in enumerate(players):
        page.get_by_test_id(f"player-{i}").fill(player)
    page.get_by_test_id(f"ruleset-{ruleset}").click()
    with page.expect_navigation():
        page.get_by_test_id("create-session").click()
    match = re.search(r"/e/([^/#?]+)", page.url)
    assert match, page.url
    return match.group(1), page.url.split("#")[0]


def open_new_hand(page, board: str, button: str | None = None) -> Taps:
    """The next hand's form, opened from the scoreboard by a counted tap (on a button
    that says ``button``, where given: the page's language)."""
    page.goto(board)
    if button is not None:
        assert page.get_by_test_id("new-hand").inner_text().strip() == button
    taps = Taps(page)
    with page.expect_navigation():
        taps.tap("new-hand")
    return taps


def entries(app, token: str) -> list[dict]:
    """Every hand of the evening as the ledger stores it, in order."""
    with app.app_context():
        session = ledger.session_by_token(token, "edit")
        count = ledger.hand_count(session)
        return [ledger.hand_entry(session, n) for n in range(1, count + 1)]

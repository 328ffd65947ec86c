"""The evening's statistics on a phone (390 px): reached from the scoreboard, nothing wider
than the screen, and one number followed to its hands and on to a hand's row."""

from __future__ import annotations

from testkit import samples
from ulti_ledger import ledger

SEATS = ("Kovácsné Szűcs Erzsébet", "Béla", "Árvíztűrő Tükörfúrógépű Ödön", "Dóra")


def test_a_number_leads_to_its_hands_and_a_hand_to_its_row(app, live_url, phone, tmp_path):
    with app.app_context():
        body = samples.random_session(SEATS, 14, seed=11, name="Péntek este")
        session = ledger.create_session(body)
        view = session.view_token
    phone.goto(f"{live_url}/s/{view}")
    phone.get_by_test_id("stats-link").click()
    phone.wait_for_url(f"{live_url}/s/{view}/stats")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    phone.screenshot(path=str(tmp_path / "stats.png"), full_page=True)
    name = SEATS[2]
    number = phone.get_by_test_id(f"stat-{name}-hands")
    figures = int(number.inner_text())
    number.click()
    listed = phone.get_by_test_id("behind-hands").locator("li")
    assert listed.count() == figures
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    first = listed.first.locator("a")
    target = first.get_attribute("href")
    first.click()
    phone.wait_for_url(f"{live_url}{target}")
    hand = target.rsplit("#", 1)[1]
    assert phone.locator(f"details#{hand}").count() == 1

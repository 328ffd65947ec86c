"""An unknown address on a phone: the app's own 404 page, in Hungarian, with a way back."""

from ulti_ledger.words.texts import TEXTS


def test_an_unknown_address_shows_the_hungarian_404_page(phone, live_url):
    response = phone.goto(f"{live_url}/s/ez-a-link-nem-letezik/valami")
    assert response.status == 404
    assert phone.locator("html").get_attribute("lang") == "hu"
    assert phone.locator("h1").inner_text() == TEXTS["error_404_title"][0]
    assert TEXTS["error_404_text"][0] in phone.locator("[data-testid=error]").inner_text()
    assert "Not Found" not in phone.content()
    # It fits the phone: nothing wider than the screen.
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    back = phone.get_by_test_id("error-home")
    assert back.inner_text() == TEXTS["error_home"][0]
    back.click()
    phone.wait_for_url(f"{live_url}/")
    assert phone.get_by_text(TEXTS["new_session"][0]).first.is_visible()

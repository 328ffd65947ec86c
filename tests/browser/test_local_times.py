"""Audit times are stored and sent in UTC; the page shows them in the reader's clock."""

import datetime as dt


def test_a_history_time_reads_in_the_browsers_time_zone(browser, client, live_url, session_body):
    hand = {"players": ["Anna", "Béla", "Csaba"], "declarer": "Anna", "colour": "piros"}
    hand["components"] = [{"name": "parti", "won": True}]
    created = client.post("/api/v1/sessions", json={**session_body, "hands": [hand]}).get_json()
    context = browser.new_context(locale="hu-HU", timezone_id="Europe/Budapest")
    try:
        page = context.new_page()
        page.goto(f"{live_url}/e/{created['edit_token']}/hands/1/history")
        shown = page.locator("time[data-local]").first
        stored = dt.datetime.fromisoformat(shown.get_attribute("datetime"))
        budapest = stored.astimezone(dt.timezone(dt.timedelta(hours=1)))  # CET in November
        text = shown.inner_text()
        assert "UTC" not in text and f"{budapest:%H:%M}" in text, text
        assert "UTC" in shown.get_attribute("title")  # the server's own words stay at hand
    finally:
        context.close()

"""Audit times are stored and sent in UTC; the page shows them in the reader's clock, with
the zone's name (issue 35: "02:42 UTC", and a German "2:51" with no zone at all).

Nothing here reads the machine's clock or time zone: the stored time is fixed, and the
browser's time zone is pinned (Playwright's ``timezone_id``), so the test reads the same
in any season, at any hour and under any ``TZ``.
"""

import datetime as dt

import pytest

from ulti_ledger import ledger
from ulti_ledger.db import db
from ulti_ledger.models import AuditEntry

UTC = dt.UTC


@pytest.mark.parametrize(
    ("lang", "timezone", "stored", "shown"),
    [
        # Before 10 in the morning: the hour has one digit, as Hungarian writes it.
        (
            "hu",
            "Europe/Budapest",
            dt.datetime(2026, 11, 27, 7, 5, tzinfo=UTC),
            "2026. 11. 27. 8:05 CET",
        ),
        # Summer time: two hours ahead of UTC, and named so.
        (
            "hu",
            "Europe/Budapest",
            dt.datetime(2026, 7, 3, 21, 40, tzinfo=UTC),
            "2026. 07. 03. 23:40 CEST",
        ),
        # Across midnight, the other way: still the day before in New York.
        (
            "hu",
            "America/New_York",
            dt.datetime(2026, 3, 1, 2, 30, tzinfo=UTC),
            "2026. 02. 28. 21:30 GMT-5",
        ),
        # German and English name the zone too (German wrote "2:51" with none).
        (
            "de",
            "Europe/Berlin",
            dt.datetime(2026, 11, 27, 1, 51, tzinfo=UTC),
            "27.11.2026, 02:51 MEZ",
        ),
        (
            "en",
            "Europe/London",
            dt.datetime(2026, 11, 27, 2, 42, tzinfo=UTC),
            "27 Nov 2026, 02:42 GMT",
        ),
    ],
)
def test_a_history_time_reads_in_the_browsers_time_zone_with_its_name(
    app, browser, client, live_url, session_body, lang, timezone, stored, shown
):
    hand = {"players": ["Anna", "Béla", "Csaba"], "declarer": "Anna", "colour": "piros"}
    hand["components"] = [{"name": "parti", "won": True}]
    created = client.post("/api/v1/sessions", json={**session_body, "hands": [hand]}).get_json()
    with app.app_context():
        session = ledger.session_by_token(created["edit_token"], "edit")
        db.session.execute(
            db.update(AuditEntry).where(AuditEntry.session_id == session.id).values(at=stored)
        )
        db.session.commit()
    context = browser.new_context(locale="hu-HU", timezone_id=timezone)
    try:
        page = context.new_page()
        page.goto(f"{live_url}/e/{created['edit_token']}/hands/1/history?lang={lang}")
        time = page.locator("time[data-local]").first
        assert dt.datetime.fromisoformat(time.get_attribute("datetime")) == stored
        assert time.inner_text() == shown
        assert f"{stored:%H:%M} UTC" in time.get_attribute("title")  # the server's own words
    finally:
        context.close()

"""A group on a phone (390 px): created, three evenings of two games (one started from
the group's own "new evening" button), a player renamed across the group, the standings
of a period, one statistic followed to its hands and to one hand's row, and no page wider
than the phone."""

from __future__ import annotations

import re

from testkit import samples
from ulti_ledger import ledger

SEATS = ("Anna", "Béla", "Csaba", "Dóra")


def evening_with_hands(app, name, day, ruleset, seed):
    with app.app_context():
        body = samples.random_session(SEATS, 6, seed=seed, name=name, ruleset=ruleset)
        body["date"] = day
        session = ledger.create_session(body)
        return session.edit_token


def page_width(page) -> int:
    return page.evaluate("document.documentElement.scrollWidth")


def test_a_group_on_a_phone(app, phone, live_url):
    page = phone
    page.goto(f"{live_url}/groups/new")
    page.get_by_test_id("group-name").fill("Keddi kör")
    page.get_by_test_id("season-start").fill("2026-10-01")
    page.get_by_test_id("season-end").fill("2026-12-31")
    page.get_by_test_id("group-create").click()
    page.wait_for_url(re.compile(r"/g/"))
    assert page.get_by_test_id("group-title").inner_text() == "Keddi kör"
    group_url = page.url

    # two evenings recorded elsewhere join by their pasted links (one ulti, one snapszer)
    for name, day, ruleset, seed in [
        ("Októberi ulti", "2026-10-06", "ulti", 1),
        ("Novemberi snapszer", "2026-11-10", "snapszer", 2),
    ]:
        token = evening_with_hands(app, name, day, ruleset, seed)
        page.get_by_test_id("group-add").fill(f"{live_url}/e/{token}")
        page.get_by_test_id("group-add-button").click()
        page.wait_for_load_state()
        assert f"{name} bekerült a társaságba." in page.content()

    # the third starts from the group's page: the new-evening form has the group chosen
    page.get_by_test_id("group-new-evening").click()
    assert page.get_by_test_id("group-choice").input_value() != ""
    page.fill("#name", "Decemberi ulti")
    page.fill("#date", "2026-12-01")
    for i, name in enumerate(SEATS[:3]):
        page.get_by_test_id(f"player-{i}").fill(name)
    page.get_by_test_id("create-session").click()
    page.wait_for_url(re.compile(r"/e/"))
    page.goto(group_url)
    evenings = page.get_by_test_id("group-evenings").inner_text()
    assert "Októberi ulti" in evenings and "Novemberi snapszer" in evenings
    assert "Decemberi ulti" in evenings
    assert page_width(page) <= 390

    # Béla is Béluska from now on, in every evening of the group
    page.get_by_test_id("rename-old").select_option("Béla")
    page.get_by_test_id("rename-new").fill("Béluska")
    page.get_by_test_id("rename-button").click()
    page.wait_for_load_state()
    assert "Béla mostantól Béluska, 3 estén." in page.content()
    standings = page.get_by_test_id("group-standings").inner_text()
    assert "Béluska" in standings and not re.search(r"\bBéla\b", standings)

    # the standings of a period: October and November only
    page.get_by_test_id("period-from").fill("2026-10-01")
    page.get_by_test_id("period-to").fill("2026-11-30")
    page.get_by_test_id("period-apply").click()
    page.wait_for_load_state()
    evenings = page.get_by_test_id("group-evenings").inner_text()
    assert "Novemberi snapszer" in evenings and "Decemberi ulti" not in evenings
    card = page.get_by_test_id("standing-HUF-Anna").inner_text()
    assert "2 este" in card  # two evenings in the period
    assert page_width(page) <= 390

    # one statistic of the period, followed to the hands behind it and on to one of them
    page.get_by_test_id("group-stats").click()
    page.wait_for_url(re.compile(r"/stats"))
    declared = page.get_by_test_id("stat-Anna-declared")
    count = int(declared.inner_text())
    assert count > 0
    declared.click()
    page.wait_for_url(re.compile(r"/stats/hands"))
    hands = page.get_by_test_id("behind-hands").locator("a")
    assert hands.count() == count
    assert page_width(page) <= 390
    first = hands.first
    target = first.get_attribute("href")
    first.click()
    page.wait_for_url(re.compile(r"/s/.*#h\d+"))
    assert page.url.endswith(target)
    number = target.rsplit("#h", 1)[1]
    assert page.locator(f"#h{number}").count() == 1  # the row of that hand

    # the evening's scorer sees the group on the evening's edit page, and takes it out there
    token = evening_with_hands(app, "Januári ulti", "2027-01-05", "ulti", 3)
    page.goto(group_url)
    page.get_by_test_id("group-add").fill(f"{live_url}/e/{token}")
    page.get_by_test_id("group-add-button").click()
    page.wait_for_load_state()
    page.goto(f"{live_url}/e/{token}")
    listed = page.get_by_test_id("evening-groups")
    assert "Keddi kör" in listed.inner_text() and "módosíthatja" in listed.inner_text()
    assert page_width(page) <= 390
    listed.get_by_role("button").click()
    page.wait_for_url(re.compile(rf"/e/{token}$"))
    assert "Az este kikerült ebből a társaságból: Keddi kör." in page.content()
    assert page.get_by_test_id("evening-groups").count() == 0

"""WCAG 2.1 A and AA on every page of every game, in every UI language: axe-core finds nothing.

axe-core is the npm registry's package at a pinned version, its one built file vendored in
``vendor/`` with its licence (``vendor/README.md``): the tests need no network. The pages
come from the registry and the shipped rulesets, so a new game or ruleset is checked
without anyone writing its test: one evening per shipped ruleset (its hands random but
legal, one of them edited and one deleted, so history and restore show, and a transfer
partly paid, so the payments and their forms show), its pages, the
rules page, a group of all of them, and the pages that belong to no evening. Every page is
checked with each ``<details>`` opened, at 390 px in hu, en and de, and once more at a
desktop width.
"""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

import pytest

from testkit import samples
from testkit.live_server import serve
from tests.conftest import close_app, make_app
from ulti_ledger import groups, ledger
from ulti_ledger.games import REGISTRY, builtin_engine

AXE = (Path(__file__).parent / "vendor" / "axe.min.js").read_text(encoding="utf-8")
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
SEATS = ("Anna", "Béla", "Csaba", "Dóra")
LANGUAGES = ("hu", "en", "de")
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}

RUN_AXE = """async (tags) => {
    document.querySelectorAll('details').forEach(d => { d.open = true; });
    const result = await axe.run(document, {
        runOnly: {type: 'tag', values: tags}, resultTypes: ['violations'],
    });
    return result.violations.map(v => ({
        id: v.id, impact: v.impact,
        nodes: v.nodes.slice(0, 3).map(n => n.target.join(' ') + ' | ' + n.failureSummary),
    }));
}"""


def violations(page) -> list[dict]:
    """axe-core's WCAG 2.1 A and AA violations of the page as it stands, details opened."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.add_script_tag(content=AXE)
    return page.evaluate(RUN_AXE, TAGS)


def evening_pages(app, day: str) -> tuple[list[str], list[str]]:
    """One evening of each shipped ruleset: the paths of its pages, and its view tokens.

    Every page of the first evening of each game; of a game's other rulesets (Ulti's
    színlicit, magas tarokk with its kitty) the pages that show what the rules change:
    the scoreboard, the form and the rules page.
    """
    paths, views, games = [], [], set()
    with app.app_context():
        for index, (ruleset, shipped) in enumerate(builtin_engine().rulesets.items()):
            body = samples.random_session(SEATS, 8, seed=index, name=ruleset, ruleset=ruleset)
            body["date"] = day
            session = ledger.create_session(body)
            ledger.replace_hand(session, 2, body["hands"][1])  # the same again: a history
            ledger.delete_hand(session, 8)
            summary = ledger.session_summary(session)
            for t in summary["totals"]["transfers"][:1]:  # a partial payment: its list shows
                pay = {"from": t["from"], "to": t["to"], "amount": "5", "paid_on": day}
                ledger.record_payment(session, summary, pay, dt.date.fromisoformat(day))
            edit, view = session.edit_token, session.view_token
            views.append(view)
            paths += [f"/e/{edit}", f"/e/{edit}/hands/new", f"/s/{view}", f"/rules/{ruleset}"]
            if shipped.rules.scorer in games:
                continue
            games.add(shipped.rules.scorer)
            paths += [
                f"/e/{edit}/evening",
                f"/e/{edit}/hands/2/edit",
                f"/e/{edit}/hands/2/delete",
                f"/e/{edit}/hands/2/history",
                f"/s/{view}/hands/2/history",
                f"/s/{view}/stats",
                f"/s/{view}/stats/hands?player=Anna",
            ]
    assert games == set(REGISTRY)  # every registered game has a shipped ruleset here
    return paths, views


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """Every page to check, on an app of its own for the module (the four sweeps read
    the same evenings): each evening's, a group of them all, and the common ones.

    Not the ``app`` fixture: the pages are the same on any database, so the sweep runs
    once, not again on PostgreSQL.
    """
    app = make_app(
        tmp_path_factory.mktemp("axe"),
        ADMIN_PASSWORD="correct horse battery staple",
        GROUP_TODAY="2026-12-15",
    )
    with serve(app) as port:
        yield pages(app, f"http://127.0.0.1:{port}")
    close_app(app)


def pages(app, live_url: str) -> list[str]:
    """The URLs of every evening's pages, of a group of them all, and of the common ones."""
    paths, views = evening_pages(app, "2026-12-01")
    with app.app_context():
        group = groups.create_group("Keddi kör", "2026-09-01", "2027-06-30")
        for view in views:
            groups.add_evening(group, ledger.session_by_token(view, "view"))
        session_id = ledger.session_by_token(views[0], "view").id
        edit, view = group.edit_token, group.view_token
    paths += [
        "/",
        "/sessions/new",
        "/groups/new",
        "/import",
        "/group?" + "&".join(f"s={v}" for v in views),
        f"/g/{edit}",
        f"/g/{view}",
        f"/g/{view}/stats",
        f"/g/{view}/stats/hands?player=Anna",
        "/admin/",
        f"/admin/sessions/{session_id}/delete",
        "/no-such-page",
    ]
    return [f"{live_url}{path}" for path in paths]


def sweep(browser, urls, viewport, lang) -> dict[str, list]:
    """Each URL's violations in ``lang`` at ``viewport``; one browser context for them all."""
    context = browser.new_context(
        viewport=viewport,
        bypass_csp=True,  # the app's policy forbids inline scripts: axe is added as one
        http_credentials={"username": "admin", "password": "correct horse battery staple"},
    )
    page = context.new_page()
    page.set_default_timeout(20_000)
    found = {}
    for url in urls:
        separator = "&" if "?" in url else "?"
        page.goto(f"{url}{separator}lang={lang}")
        if problems := violations(page):
            found[url] = problems
    context.close()
    return found


@pytest.mark.parametrize(
    ("lang", "viewport"), [(lang, PHONE) for lang in LANGUAGES] + [("hu", DESKTOP)]
)
def test_no_page_of_any_game_has_an_axe_violation(browser, site, lang, viewport):
    found = sweep(browser, site, viewport, lang)
    assert found == {}, json.dumps(found, indent=1, ensure_ascii=False)

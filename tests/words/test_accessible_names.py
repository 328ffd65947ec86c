"""What a screen reader or voice control is told, from the pages' markup (issue 27).

The group page's repeated take-out buttons each name their evening; the standings and the
evenings are tables whose headers say their scope; every statistic says whose and what it
is; the scoreboard's column of names is no longer hidden; the language links are named by
what they show.
"""

from __future__ import annotations

import re

from testkit import samples
from ulti_ledger import groups, ledger

SEATS = ("Anna", "Béla", "Csaba", "Dóra")


def evenings(app, names: tuple[str, ...]) -> tuple[str, str, list[str]]:
    """A group of evenings named ``names``: its edit and view tokens, the evenings' views."""
    with app.app_context():
        group = groups.create_group("Keddi kör")
        views = []
        for seed, name in enumerate(names):
            body = samples.random_session(SEATS, 4, seed=seed, name=name)
            body["date"] = "2026-11-0" + str(seed + 1)
            session = ledger.create_session(body)
            groups.add_evening(group, session)
            views.append(session.view_token)
        return group.edit_token, group.view_token, views


def test_each_take_out_button_names_its_evening(app, client):
    names = ("Tarokk kedd", "Ulti csütörtök", "Péntek")
    edit, _, _ = evenings(app, names)
    for lang, verb in (("hu", "Kivesz"), ("en", "Take out"), ("de", "Herausnehmen")):
        page = client.get(f"/g/{edit}?period=all&lang={lang}").get_data(as_text=True)
        buttons = re.findall(r'<button[^>]*aria-label="([^"]*)"[^>]*>([^<]*)</button>', page)
        removes = [(label, text) for label, text in buttons if text == verb]
        assert sorted(label for label, _ in removes) == sorted(f"{verb}: {n}" for n in names)
        assert "Kivétel" not in page  # read as "exception"


def test_the_group_tables_tie_each_amount_to_its_player(app, client):
    _, view, _ = evenings(app, ("Kedd", "Szerda"))
    page = client.get(f"/g/{view}?period=all").get_data(as_text=True)
    # the standings are a card per member: his name, then his money, in one list item
    standings = re.search(r'data-testid="group-standings">(.*?)</ol>', page, re.S).group(1)
    for name in SEATS:
        card = re.search(rf'data-testid="standing-HUF-{name}">(.*?)</li>', standings, re.S)
        assert card, name
        assert re.search(
            rf'<span class="member-name">{name}</span>\s*<span class="member-money[^"]*" '
            rf'data-testid="money-HUF-{name}">[^<]+HUF</span>',
            card.group(1),
        ), name
    # the evenings are a card each: a line per player, his name, then his money and units
    cards = re.search(r'data-testid="group-evenings"[^>]*>(.*?)</ol>', page, re.S).group(1)
    for name in SEATS:  # the whole name, also where its initials show (a button opens it)
        line = re.search(rf'data-testid="evening-\d+-{name}">(.*?)</li>', cards, re.S)
        assert line, name
        assert re.search(
            rf'<button [^>]*><bdi class="pn-full">{name}</bdi>.*?'
            r'<span class="evening-money[^"]*">[^<]+HUF</span>\s*'
            r'<span class="hint nowrap">\([^<]*egység\)</span>',
            line.group(1),
            re.S,
        ), name
    assert 'class="table-scroll"' not in page  # no table that scrolls sideways


def test_every_statistic_says_whose_and_what_it_is(app, client):
    _, view, views = evenings(app, ("Kedd",))
    for url in (f"/s/{views[0]}/stats", f"/g/{view}/stats?period=all"):
        page = client.get(url).get_data(as_text=True)
        cards = re.findall(
            r'<section class="card stats-card" data-testid="stats-([^"]+)" '
            r'aria-labelledby="([^"]+)">\s*<h2 id="([^"]+)"><a [^>]*>([^<]+)</a></h2>'
            r"(.*?)</section>",
            page,
            re.S,
        )
        assert sorted(card[0] for card in cards) == sorted(SEATS), url
        for player, labelled_by, heading_id, heading, body in cards:
            assert labelled_by == heading_id and heading == player  # the region is his
            rows = re.findall(r"<dt>([^<]+)</dt>\s*<dd><a [^>]*>([^<]+)</a></dd>", body)
            assert rows and all(kind and value for kind, value in rows)  # each number's kind


def test_the_scoreboard_shows_its_names_to_every_reader(app, client):
    with app.app_context():
        session = ledger.create_session(samples.random_session(SEATS, 3, seed=1, name="Kedd"))
    page = client.get(f"/s/{session.view_token}").get_data(as_text=True)
    head = re.search(r'<div class="sheet-head row"[^>]*>', page).group(0)
    assert "aria-hidden" not in head
    cells = re.findall(r'<span class="sr-only">; ([^,<]+), ebben a leosztásban: </span>', page)
    assert cells == list(SEATS) * 3  # each hand's change says whose it is
    assert page.count('<span class="sr-only">, összesen: </span>') == 3 * len(SEATS)


def test_the_landing_page_reads_correct_hungarian(client):
    page = client.get("/").get_data(as_text=True)
    assert "és ami eltért" in page and "amit eltért" not in page


def test_each_restore_button_names_the_deleted_hand(app, client):
    with app.app_context():
        session = ledger.create_session(samples.random_session(SEATS, 3, seed=2, name="Kedd"))
        ledger.delete_hand(session, 3)
        ledger.delete_hand(session, 2)
    page = client.get(f"/e/{session.edit_token}").get_data(as_text=True)
    buttons = re.findall(r'<button[^>]*id="(restore-\d+)" aria-labelledby="([^"]+)"', page)
    assert len(buttons) == 2
    for own, labelled_by in buttons:
        first, what = labelled_by.split()
        assert first == own  # its own word ("Visszaállítás") first, then which hand
        assert re.search(rf'<span class="deleted-what" id="{what}">.*?</span>', page, re.S)

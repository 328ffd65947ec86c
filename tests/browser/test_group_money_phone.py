"""Every money figure in view on a 390 px phone (issue 35): the group page, its statistics,
"several evenings together" and every board, with "Kovács-Szabó Anna" and "Kovács-Szabó
Árpád" at every table, and the evenings in two currencies at two stakes each.

Before, the group's standings were an 844 px table in a 324 px scroll box (the names in
view, the money off to the right) and "several evenings together" was 517 px wide, or a
400 for an EUR evening beside a HUF one. Here each money figure (a number with its code,
or a figure the pages mark as money) is measured: every line of it lies inside the screen
and inside every box around it that clips or scrolls sideways, and the page itself is no
wider than the screen. The twins' labels differ in their letters and none is clipped.
The group's evenings were a table with a units column per player, scrolling sideways in
its box; they are a card each, every player's money and units in view, in the evening's
own currency beside its stake.

The evenings are every shipped ruleset of every game in the registry, at its smallest
and its largest table.
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest

from testkit import samples
from testkit.live_server import serve
from tests.browser.test_name_tips import LABELS, TWINS
from tests.conftest import close_app, make_app
from ulti_ledger import groups, ledger
from ulti_ledger.games import REGISTRY, builtin_engine
from ulti_ledger.words.name_labels import plain

OTHERS = ("Béla", "Cili", "Dóra", "Ede")
STAKES = (("HUF", "10"), ("EUR", "0.10"), ("HUF", "25"), ("EUR", "0.25"))
EVENINGS = [
    (game, ruleset_id, size)
    for game in REGISTRY
    for ruleset_id, ruleset in sorted(builtin_engine().rulesets.items())
    if ruleset.scorer == game
    for size in sorted({ruleset.seating().smallest, ruleset.seating().largest})
]
MONEY = """() => {
  // Each money figure: the elements the pages mark as money, and every text with an amount
  // and its code ("1 240 HUF", "−3,40 EUR"). Each of its lines must lie inside the screen
  // and inside every box around it that clips or scrolls sideways.
  const marked = '.balance .money, .transfers .amount, .member-money, .member-after, '
    + '.paid-part, [data-testid="pay-totals"], .stats-list dd, .evening-money, '
    + '.evening-players .hint';
  const found = new Set(document.querySelectorAll(marked));
  const amount = /\\d\\u00a0(HUF|EUR)/;
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walk.nextNode()) {
    const node = walk.currentNode;
    const parent = node.parentElement;
    if (amount.test(node.textContent) && parent && !parent.closest('svg, script, option, template'))
      found.add(node);
  }
  const width = document.documentElement.clientWidth;
  const out = [];
  for (const node of found) {
    const range = document.createRange();
    range.selectNodeContents(node);
    const lines = [...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0);
    if (!lines.length) continue;  // not shown (a closed popover or details)
    const element = node.nodeType === 1 ? node : node.parentElement;
    const bad = new Set();
    for (const r of lines) {
      if (r.left < -0.5 || r.right > width + 0.5) bad.add('past the screen');
      for (let box = element; box && box !== document.body; box = box.parentElement) {
        if (getComputedStyle(box).overflowX === 'visible') continue;
        const b = box.getBoundingClientRect();
        if (r.left < b.left - 0.5 || r.right > b.right + 0.5)
          bad.add(`out of ${box.className || box.tagName}`);
      }
    }
    out.push({text: node.textContent.replace(/\\s+/g, ' ').trim().slice(0, 80), bad: [...bad]});
  }
  return out;
}"""


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """Every board, its group (two currencies, an EUR payment made) on one live app."""
    app = make_app(tmp_path_factory.mktemp("group-money"))
    try:
        boards = {}
        views = []
        with app.app_context():
            group = groups.create_group("Kovács-Szabók pénzben")
            for index, (game, ruleset_id, size) in enumerate(EVENINGS):
                code, stake = STAKES[index % len(STAKES)]
                seats = (*TWINS, *OTHERS)[:size]
                body = samples.random_session(
                    seats, 12, seed=index, name=f"{game} {size}", ruleset=ruleset_id
                )
                body["unit_value"] = {"amount": stake, "currency": code}
                body["date"] = f"2026-11-{index + 1:02d}"
                session = ledger.create_session(body)
                groups.add_evening(group, session)
                boards[game, ruleset_id, size] = f"/e/{session.edit_token}"
                views.append(session.view_token)
            whole = groups.group_standings(group, groups.Period("all", None, None))
            eur = next(s for s in whole["settlements"] if s["currency"] == "EUR")
            move = eur["transfers"][0]
            half = (Decimal(move["amount"]) / 2).quantize(Decimal("0.01"))
            paid = {"from": move["from"], "to": move["to"], "amount": str(half), "currency": "EUR"}
            ledger.record_group_payment(group, lambda: whole, paid, dt.date(2026, 11, 30))
            pages = {
                "group": f"/g/{group.view_token}",
                "group-edit": f"/g/{group.edit_token}?into=HUF&rate.EUR=400",
                "group-stats": f"/g/{group.view_token}/stats",
                # a typed link to a units record: in money, per currency, as the stats say
                "group-stats-hands": f"/g/{group.view_token}/stats/hands"
                f"?player={TWINS[0]}&stat=biggest_win",
                "together": "/group?" + "&".join(f"s={v}" for v in views),
            }
        with serve(app) as port:
            yield f"http://127.0.0.1:{port}", boards, pages
    finally:
        close_app(app)


def money_in_view(page) -> list[dict]:
    assert page.evaluate("document.documentElement.scrollWidth") <= 390  # no sideways scroll
    figures = page.evaluate(MONEY)
    assert figures, "no money figure found"
    assert [f for f in figures if f["bad"]] == []
    return figures


def twins_apart(page) -> None:
    """Where the twins' labels are shown, they differ in their letters and none is cut."""
    labels = page.evaluate(LABELS)
    assert [(x["full"], x["cut"]) for x in labels if x["cut"]] == []
    for where in {x["where"] for x in labels}:
        shown = {x["full"]: x["shown"] for x in labels if x["where"] == where}
        if set(TWINS) <= set(shown):
            assert plain(shown[TWINS[0]]) != plain(shown[TWINS[1]]), (where, shown)


@pytest.mark.parametrize(("game", "ruleset_id", "size"), EVENINGS)
def test_every_board_shows_its_money_on_a_phone(site, phone, game, ruleset_id, size):
    base, boards, _ = site
    phone.goto(base + boards[game, ruleset_id, size])
    figures = money_in_view(phone)
    codes = {code for code in ("HUF", "EUR") for f in figures if code in f["text"]}
    assert len(codes) == 1  # its own currency, and only that
    twins_apart(phone)


@pytest.mark.parametrize("lang", ["hu", "en", "de"])
@pytest.mark.parametrize(
    "which", ["group", "group-edit", "group-stats", "group-stats-hands", "together"]
)
def test_the_group_pages_show_every_members_money_on_a_phone(site, phone, which, lang):
    base, _, pages = site
    url = pages[which]
    phone.goto(f"{base}{url}{'&' if '?' in url else '?'}lang={lang}")
    figures = money_in_view(phone)
    text = " ".join(f["text"] for f in figures)
    if which == "group-stats-hands":  # one heading, a record per currency (past 80 letters)
        text = phone.locator("h1").inner_text()
    assert "HUF" in text and "EUR" in text  # both currencies, each on its own
    twins_apart(phone)
    if which in ("group", "together"):
        # each twin's money in each currency: a card each, in view
        for code in ("HUF", "EUR"):
            for name in TWINS:
                card = phone.get_by_test_id(f"money-{code}-{name}")
                box = card.bounding_box()
                assert box and box["x"] >= 0 and box["x"] + box["width"] <= 390, (code, name)
    if which == "group":
        for name in TWINS:  # both balances after the EUR payment, not only the EUR one
            for code in ("HUF", "EUR"):
                assert phone.get_by_test_id(f"after-payments-{code}-{name}").is_visible()
    if which == "group-edit":
        assert phone.get_by_test_id("converted-transfers").is_visible()


EVENING_CARDS = """() => [...document.querySelectorAll('[data-testid="group-evenings"] > li')].map(
  (card) => ({
    stake: card.querySelector('[data-testid^="stake-"]').textContent.trim(),
    lines: [...card.querySelectorAll('.evening-players > li')].map((li) => ({
      name: (li.querySelector('.pn-full') || li.querySelector('.pname')).textContent.trim(),
      money: li.querySelector('.evening-money').textContent.trim(),
      units: li.querySelector('.hint').textContent.trim(),
      left: li.getBoundingClientRect().left,
      right: li.getBoundingClientRect().right,
    })),
  }))"""


@pytest.mark.parametrize("lang", ["hu", "en", "de"])
@pytest.mark.parametrize("which", ["group", "group-edit"])
def test_every_evening_of_the_group_is_a_card_with_its_money_on_a_phone(site, phone, which, lang):
    """No evening's figure off to the right: each player's money in the evening's own
    currency (the one its stake is in), his units beside it, his name before both."""
    base, _, pages = site
    url = pages[which]
    phone.goto(f"{base}{url}{'&' if '?' in url else '?'}lang={lang}")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    assert phone.locator(".table-scroll").count() == 0
    figures = {f["text"] for f in money_in_view(phone)}
    cards = phone.evaluate(EVENING_CARDS)
    assert len(cards) == len(EVENINGS)  # every evening of the group on the page
    word = {"hu": "egység", "en": "unit", "de": "Einheit"}[lang]
    for card in cards:
        code = card["stake"].rsplit("\u00a0", 1)[-1]
        assert code in ("HUF", "EUR") and word in card["stake"], card
        assert {line["name"] for line in card["lines"]} >= {TWINS[0]}
        for line in card["lines"]:
            assert line["money"].endswith("\u00a0" + code), (card["stake"], line)
            assert " ".join(line["money"].split()) in figures  # measured in view above
            assert word in line["units"] and any(c.isdigit() for c in line["units"]), line
            assert 0 <= line["left"] and line["right"] <= 390, line

"""The scoreboard's "who pays whom" card settles by the method the URL names.

Every list the pages show is compared with ``ledger.session_settlement`` for the same
method and banker, on the view page and on the edit page.
"""

import html as htmlmod
import re
from decimal import Decimal
from urllib.parse import quote

import pytest

from tests.ui_helpers import SETTLE_HANDS as HANDS
from ulti_ledger import ledger
from ulti_ledger.views.live import LIVE_JS
from ulti_ledger.words.texts import TEXTS

CARD = re.compile(r'<details class="card settle"[^>]*>.*?</details>', re.S)
TRANSFER = re.compile(
    # a transfer's line; what was paid of it and the form that marks it paid may follow
    r"<li[^>]*><b>([^<]*)</b> .*?<b>([^<]*)</b> <span class=\"amount\">([^<]*?)\xa0HUF</span>",
    re.S,
)


@pytest.fixture
def evening(client, session_body):
    """A session of ``HANDS``: its edit and view paths, and the ledger's settlement."""
    created = client.post("/api/v1/sessions", json={**session_body, "hands": HANDS}).get_json()
    edit = created["edit_token"]

    class Evening:
        pages = {"edit": f"/e/{edit}", "view": created["view_url"].split("localhost", 1)[1]}

        @staticmethod
        def settled(method="minimal", banker=None):
            with client.application.app_context():
                session = ledger.session_by_token(edit, "edit")
                return ledger.session_settlement(session, method, banker)

        @staticmethod
        def summary():
            with client.application.app_context():
                return ledger.session_summary(ledger.session_by_token(edit, "edit"))

    return Evening


def card(html):
    """The "who pays whom" card's markup, or None."""
    match = CARD.search(html)
    return match.group(0) if match else None


def shown(html):
    """The card's transfers as (from, to, amount) with the amount a Decimal (Hungarian)."""
    out = []
    for payer, payee, amount in TRANSFER.findall(card(html)):
        number = htmlmod.unescape(amount).replace("\u202f", "").replace(",", ".")
        out.append((htmlmod.unescape(payer), htmlmod.unescape(payee), Decimal(number)))
    return out


def expected(transfers):
    return [(t["from"], t["to"], Decimal(t["amount"])) for t in transfers]


def hu(key, **values):
    return htmlmod.escape(TEXTS[key][0].format(**values), quote=False)


def test_the_three_methods_settle_this_evening_differently(evening):
    lists = [expected(evening.settled(m)["transfers"]) for m in ledger.METHODS]
    assert all(lists) and len({tuple(x) for x in lists}) == 3


@pytest.mark.parametrize("kind", ["view", "edit"])
@pytest.mark.parametrize(
    ("query", "method", "banker"),
    [
        ("method=minimal", "minimal", None),
        ("method=banker", "banker", None),
        ("method=banker&banker=D%C3%B3ra", "banker", "Dóra"),
        ("method=pairwise", "pairwise", None),
        ("method=pairwise&banker=Anna", "pairwise", None),  # a banker counts for banker only
    ],
)
def test_each_method_shows_the_ledgers_transfers(client, evening, kind, query, method, banker):
    response = client.get(f"{evening.pages[kind]}?{query}")
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    settlement = evening.settled(method, banker)
    assert shown(html) == expected(settlement["transfers"])
    box = card(html)
    assert " open" in box.split(">", 1)[0]  # a chosen method opens the card
    assert f'<strong aria-current="true" data-testid="method-{method}">' in box
    for other in ledger.METHODS:
        if other != method:
            assert f'href="{evening.pages[kind]}?method={other}"' in box
    hints = {
        "minimal": hu("transfers_hint"),
        "banker": hu("transfers_hint_banker", banker=settlement["banker"]),
        "pairwise": hu("transfers_hint_pairwise"),
    }
    assert f'<p class="hint">{hints[method]}</p>' in box
    assert ('data-testid="banker-' in box) == (method == "banker")


def test_the_banker_is_the_biggest_winner_unless_another_is_tapped(client, evening):
    page = evening.pages["view"]
    default = evening.settled("banker")["banker"]
    box = card(client.get(f"{page}?method=banker").get_data(as_text=True))
    assert f'<strong aria-current="true" data-testid="banker-{default}">{default}</strong>' in box
    for name in evening.summary()["players"]:
        if name != default:
            href = f"{page}?method=banker&amp;banker={quote(name)}"
            assert f'<a href="{href}" data-testid="banker-{name}">' in box
    chosen = next(n for n in evening.summary()["players"] if n != default)
    box = card(client.get(f"{page}?method=banker&banker={quote(chosen)}").get_data(as_text=True))
    assert f'data-testid="banker-{chosen}">{chosen}</strong>' in box
    assert f"({chosen})" in box


@pytest.mark.parametrize("kind", ["view", "edit"])
def test_the_default_page_shows_the_fewest_transfers_as_before(client, evening, kind):
    html = client.get(evening.pages[kind]).get_data(as_text=True)
    summary = evening.summary()
    assert shown(html) == expected(summary["totals"]["transfers"])
    assert shown(html) == expected(evening.settled("minimal")["transfers"])
    assert shown(html) == shown(client.get(evening.pages[kind] + "?method=minimal").data.decode())
    box = card(html)
    opening = box.split(">", 1)[0]
    assert (" open" in opening) == (kind == "view")  # as before: open for the table only
    assert '<strong aria-current="true" data-testid="method-minimal">' in box
    assert f'<p class="hint">{hu("transfers_hint")}</p>' in box
    assert 'data-testid="banker-' not in box


@pytest.mark.parametrize("kind", ["view", "edit"])
@pytest.mark.parametrize(
    ("query", "says"),
    [
        ("method=greedy", "Ilyen elszámolási mód nincs: „greedy”."),
        ("method=", "Ilyen elszámolási mód nincs: „”."),
        ("method=banker&banker=Zoli", "A bank csak az este egyik játékosa lehet"),
        ("method=greedy&lang=en", "method must be one of minimal, banker, pairwise"),
        ("method=banker&banker=Zoli&lang=en", "&#39;Zoli&#39; is not one of the players"),
    ],
)
def test_a_bad_method_or_banker_is_a_400_that_says_why(client, evening, kind, query, says):
    """In the page's language: no English detail under a Hungarian error page."""
    response = client.get(f"{evening.pages[kind]}?{query}")
    assert response.status_code == 400
    assert says in response.get_data(as_text=True)
    if "lang=en" not in query:
        assert "is not one of" not in response.get_data(as_text=True)


def test_english_labels_and_the_language_switch_keeps_the_method(client, evening):
    html = client.get(evening.pages["view"] + "?method=pairwise&lang=en").get_data(as_text=True)
    box = card(html)
    assert ">pair by pair</strong>" in box and ">fewest transfers</a>" in box
    assert TEXTS["transfers_hint_pairwise"][1].replace("'", "&#39;") in box
    assert "method=pairwise&amp;lang=hu" in html  # the header's HU keeps the method


def test_the_live_refresh_keeps_the_method_in_the_url(client, evening, hand):
    """The poller fetches the page's own URL (query string and all) for the fresh region."""
    assert "fetch(window.location.href" in LIVE_JS
    page = evening.pages["view"] + "?method=pairwise"
    html = client.get(page).get_data(as_text=True)
    assert "data-live-region" in html and "/live.js" in html
    region = html.split("data-live-region", 1)[1]
    assert card(region) is not None  # the card is inside what the refresh replaces
    view_token = evening.pages["view"].rsplit("/", 1)[1]
    edit_token = evening.pages["edit"].rsplit("/", 1)[1]
    with client.application.app_context():
        sid = ledger.session_by_token(view_token).id
    fourth = {**HANDS[0], "players": ["Anna", "Béla", "Csaba"], "sitting_out": ["Dóra"]}
    fourth["declarer"] = "Anna"
    posted = client.post(
        f"/api/v1/sessions/{sid}/hands",
        json=fourth,
        headers={"Authorization": f"Bearer {edit_token}"},
    )
    assert posted.status_code == 201, posted.get_json()
    again = client.get(page).get_data(as_text=True)
    assert shown(again) == expected(evening.settled("pairwise")["transfers"])
    assert shown(again) != shown(html)


def test_a_chosen_method_keeps_the_card_when_nobody_owes_anything(client, session_body):
    created = client.post("/api/v1/sessions", json=session_body).get_json()
    view = created["view_url"].split("localhost", 1)[1]
    assert card(client.get(view).get_data(as_text=True)) is None  # as before
    for method in ledger.METHODS:
        box = card(client.get(f"{view}?method={method}").get_data(as_text=True))
        assert hu("nobody_pays") in box and "<li>" not in box
    assert client.get(f"{view}?method=banker&banker=Zoli").status_code == 400

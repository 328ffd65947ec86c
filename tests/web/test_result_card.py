"""The result card for the group chat: a PNG of the totals and who pays whom, and its text.

Real database, engine and routes. The picture is read back from its source, word by word:
the card's HTML laid out by the same code as the PNG (``pdf.card``), its PDF read by
pdfplumber. The PNG itself is checked as an image (Pillow): 1080 px wide, cut where the
card ends. Every game of the registry, at its largest table, gets one.
"""

from __future__ import annotations

import datetime as dt
import html
import io
import json
import random
import re
from decimal import Decimal

import pdfplumber
import pytest
from flask import g, render_template
from PIL import Image

from testkit import samples
from testkit.samples import session_body
from tests.conftest import close_app, make_app
from ulti_ledger import groups, ledger
from ulti_ledger.config import STATIC
from ulti_ledger.games import REGISTRY, builtin_engine
from ulti_ledger.pdf.card import WIDTH, _one_page_pdf
from ulti_ledger.pdf.pool import renderer
from ulti_ledger.views.group_page import group_context
from ulti_ledger.views.result_card import evening_values, group_card, shown
from ulti_ledger.words.money_format import money_text

pytestmark = pytest.mark.db
LONG = (
    "Friedrich-Wilhelm Szentgyörgyi-Annamária",
    "Hódmezővásárhelyi Nagy-Ördögh Árpád Előd",
    "Anne-Kathrin Müller-Lüdenscheidt von Bärenfels",
    "Kovács-Szabó Annamária Erzsébet",
    "Özvegy Kisfaludy-Szőcs Gáborné Lőrincz Emőke",
)
WORDS = {
    "hu": ("Végeredmény", "Ki kinek fizet", "leosztás"),
    "en": ("Totals", "Who pays whom", "hands"),
    "de": ("Endstand", "Wer zahlt wem", "Spiele"),
}
GROUP_DAY = dt.date(2026, 11, 20)
PRIVATE = {"Cache-Control": "no-store", "X-Robots-Tag": "noindex", "Referrer-Policy": "no-referrer"}


@pytest.fixture
def app(tmp_path):
    app = make_app(tmp_path, GROUP_TODAY="2026-11-20")
    yield app
    close_app(app)


def evening(app, ruleset_id, seats=None, hands=12, seed=3, currency="HUF", unit="10"):
    """An evening of ``hands`` random legal hands of ``ruleset_id`` at its largest table."""
    shipped = builtin_engine().rulesets[ruleset_id]
    seating = shipped.seating({})
    seats = tuple(seats or LONG[: seating.largest])
    rng = random.Random(seed)
    body = []
    for number in range(hands):
        deal = seating.deal(seats, seats[number % len(seats)])
        hand = REGISTRY[shipped.scorer].random_hand(
            rng, shipped.resolve({}), (*deal.players, *deal.sitting_out)
        )
        hand.pop("ruleset")
        body.append({"dealer": deal.dealer, **hand})
    made = session_body(
        name="Hosszú nevek estéje",
        ruleset=ruleset_id,
        players=list(seats),
        hands=body,
        date="2026-11-10",
        unit_value={"amount": unit, "currency": currency},
    )
    with app.app_context():
        session = ledger.create_session(made)
        return session.edit_token, session.view_token


def card_source(app, view, lang):
    """The card's HTML and the words of the PDF page the PNG is rasterised from; none of
    them past the page's right edge (the PNG is cut there)."""
    with app.test_request_context(f"/s/{view}/card.png?lang={lang}"):
        g.lang = lang
        session = ledger.session_by_token(view, "view")
        card = evening_values(session, "minimal", None)
        source = render_template("pdf/card.html", card=shown(card), lang=lang)
        summary = ledger.session_summary(session, lang)
    pdf = _one_page_pdf(source, STATIC.resolve())
    with pdfplumber.open(io.BytesIO(pdf)) as document:
        (page,) = document.pages
        found = page.extract_words()
        assert all(w["x1"] <= float(page.width) + 0.5 for w in found), "a word leaves the card"
        words = [w["text"] for w in found]
    return source, words, summary


def png_of(answer):
    assert answer.status_code == 200, answer.get_data(as_text=True)[:300]
    assert answer.mimetype == "image/png"
    image = Image.open(io.BytesIO(answer.data))
    image.verify()
    return Image.open(io.BytesIO(answer.data))


@pytest.mark.parametrize("lang", ["hu", "en", "de"])
def test_a_five_player_tarokk_card_with_long_names_says_it_all_in_the_pages_language(
    app, client, lang
):
    edit, view = evening(app, "tarokk")
    source, words, summary = card_source(app, view, lang)
    said = " ".join(words)
    pieces = {p for w in words for p in re.split(r"(?<=-)", w)}  # a name may wrap after "-"
    for name in LONG:  # every name whole, as the board writes it (wrapped, never cut)
        assert all(p in pieces for part in name.split() for p in re.split(r"(?<=-)", part)), name
    for heading in WORDS[lang][:2]:
        assert heading in said
    assert "Tarokk" in said and WORDS[lang][2] in said
    totals = summary["totals"]
    for name in LONG:  # each player's money, in the page's language
        amount = money_text(totals["settled"][name], "HUF", lang)
        written = ("+" if Decimal(totals["settled"][name]) > 0 else "") + amount
        assert written.replace("\u00a0", " ") in html.unescape(source).replace("\u00a0", " ")
        assert re.sub(r"[\u00a0\u202f]", " ", written) in said  # pdfplumber: spaces
    assert said.count("→") == len(totals["transfers"])
    # the PNG: 1080 px wide, taller than its header, cut at the card's own background
    image = png_of(client.get(f"/s/{view}/card.png?lang={lang}"))
    assert image.size[0] == WIDTH and 900 < image.size[1] <= 2.2 * WIDTH
    corner = image.convert("RGB").getpixel((WIDTH - 2, image.size[1] - 2))
    assert all(abs(a - b) <= 8 for a, b in zip(corner, (0xFF, 0xFD, 0xF7), strict=True))
    assert len(image.convert("L").getcolors(256) or []) > 20  # drawn text, not a blank page
    # the page's share button carries the same card as text
    page = client.get(f"/s/{view}?lang={lang}").get_data(as_text=True)
    text = html.unescape(re.search(r'data-testid="card-text">(.*?)</textarea>', page, re.S)[1])
    assert all(name in text for name in LONG) and WORDS[lang][0] in text
    for t in totals["transfers"]:
        assert f"{t['from']} → {t['to']}: " in text


def test_every_game_gets_a_card_at_its_largest_table(app, client):
    for ruleset_id in sorted(builtin_engine().rulesets):
        _, view = evening(app, ruleset_id, hands=6, currency="EUR", unit="0.5")
        image = png_of(client.get(f"/s/{view}/card.png?lang=en"))
        assert image.size[0] == WIDTH, ruleset_id
        game = REGISTRY[builtin_engine().rulesets[ruleset_id].scorer].TITLE
        _, words, _ = card_source(app, view, "en")
        assert game.lower() in " ".join(words).lower(), ruleset_id


def test_both_links_open_the_card_privately_and_a_second_ask_is_served_from_the_cache(app, client):
    edit, view = evening(app, "tarokk", hands=4)
    for token in (edit, view):
        answer = client.get(f"/s/{token}/card.png")
        png_of(answer)
        assert {k: answer.headers.get(k) for k in PRIVATE} == PRIVATE
    assert client.get("/s/not-a-real-token-at-all/card.png").status_code == 404
    with app.app_context():
        renders = renderer().renders
    client.get(f"/s/{view}/card.png")
    client.get(f"/s/{edit}/card.png")
    with app.app_context():
        assert renderer().renders == renders  # the same state: no new picture drawn
    client.get(f"/s/{view}/card.png?lang=de")
    with app.app_context():
        assert renderer().renders == renders + 1  # another language is another picture
    assert client.get(f"/s/{view}/card.png?method=banker&banker=Nobody").status_code == 400


def test_a_groups_card_shows_its_season_on_both_group_links(app, client):
    first, _ = evening(app, "tarokk", seats=LONG[:4], seed=1)
    second, _ = evening(app, "ulti", seats=LONG[1:5], seed=2, currency="EUR", unit="0.5")
    with app.app_context():
        group = groups.create_group("Keddi kör", None, None)
        for token in (first, second):
            groups.add_evening(group, ledger.session_by_token(token, "edit"))
        gedit, gview = group.edit_token, group.view_token
    for token in (gedit, gview):
        answer = client.get(f"/g/{token}/card.png?lang=en")
        image = png_of(answer)
        assert image.size[0] == WIDTH
        assert {k: answer.headers.get(k) for k in PRIVATE} == PRIVATE
    page = html.unescape(client.get(f"/g/{gview}?lang=en").get_data(as_text=True))
    text = re.search(r'data-testid="card-text">(.*?)</textarea>', page, re.S)[1]
    assert text.startswith("Keddi kör\nTarokk, Ulti") or text.startswith("Keddi kör\nUlti, Tarokk")
    assert "In HUF" in text and "In EUR" in text  # money per currency, never added up
    assert all(name in text for name in LONG)
    assert f"/g/{gview}/card.png" in page and gedit not in page.split("card-text")[0][-2000:]
    assert client.get(f"/g/{gview}/card.png?period=nonsense").status_code == 400


def test_a_season_of_sixty_long_named_members_in_three_currencies_fits_one_picture(app, client):
    """The group limit's members (ledger.limits: 60), each with a long name, at evenings
    played for three currencies: the card lists 8 players and 2 transfers a currency, counts
    the rest, and stays at most about twice as tall as wide (a chat shrinks a picture to
    ~1600 px on its longer side); the text form lists them all."""
    bodies = samples.group_sessions(15, 60, 2)
    names = {f"Tag {n:02d}": f"{LONG[n % len(LONG)]} {n:02d}" for n in range(60)}
    with app.app_context():
        group = groups.create_group("Hosszú idény", None, None)
        for number, body in enumerate(bodies):
            text = json.dumps(body, ensure_ascii=False)
            for short, long in names.items():
                text = text.replace(f'"{short}"', json.dumps(long, ensure_ascii=False))
            body = json.loads(text)
            body["unit_value"] = {"amount": "10", "currency": ("HUF", "EUR", "CHF")[number % 3]}
            groups.add_evening(group, ledger.create_session(body))
        gview = group.view_token
    image = png_of(client.get(f"/g/{gview}/card.png?lang=de"))
    assert image.size[0] == WIDTH and image.size[1] <= 3 * WIDTH
    page = html.unescape(client.get(f"/g/{gview}?lang=de").get_data(as_text=True))
    text = re.search(r'data-testid="card-text">(.*?)</textarea>', page, re.S)[1]
    assert all(long in text for long in names.values())  # the text lists every member
    with app.test_request_context(f"/g/{gview}?lang=de"):
        g.lang = "de"
        context = group_context(groups.group_by_token(gview, "view"), gview, {}, GROUP_DAY)
        card = shown(group_card(context))
    assert len(card["rows"]) == 8 and card["more"] == "… und 52 weitere"
    assert [len(part["lines"]) for part in card["pays"]] == [2, 2, 2]  # each currency shown
    assert all(part["more"] for part in card["pays"])


def test_names_without_a_space_at_their_longest_wrap_inside_the_card(app, client):
    seats = tuple(ch * 80 for ch in "ABCD")  # ledger: a name has at most 80 characters
    _, view = evening(app, "ulti", seats=seats, hands=6)
    _, words, _ = card_source(app, view, "en")  # no word past the right edge
    for seat in seats:  # each name's pieces, wrapped line by line, add up to whole names
        pieces = "".join(w.replace("\u200b", "") for w in words)
        pieces = "".join(c for c in pieces if c == seat[0])
        assert len(pieces) >= 80 and len(pieces) % 80 == 0, seat[0]
    image = png_of(client.get(f"/s/{view}/card.png?lang=en"))
    assert image.size[0] == WIDTH and image.size[1] <= 4 * WIDTH

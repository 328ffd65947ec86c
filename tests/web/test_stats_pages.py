"""The statistics page of one evening, in Hungarian and English: every number is the
count made from the stored hands (``tests/ledger/test_stats.py``'s direct count), and its link
lists exactly the hands behind it, each a link to its row on the evening's view page."""

from __future__ import annotations

import re
from collections import Counter
from decimal import ROUND_HALF_UP, Decimal
from html import unescape

import pytest

from testkit import samples
from tests.ledger.test_stats import MARKS, direct_common, stored_hands
from ulti_ledger import ledger

pytestmark = pytest.mark.db
COUNTED = ("hands", "sat_out", "declared", "declared_won")


def _evening(app, ruleset, seats, seed):
    with app.app_context():
        body = samples.random_session(seats, 16, seed=seed, name="Péntek este", ruleset=ruleset)
        session = ledger.create_session(body)
        ledger.delete_hand(session, 2)
        return session.id, session.view_token, session.edit_token


def _numbers(html, name):
    """stat -> (value text, link) of one player's card."""
    card = html.split(f'data-testid="stats-{name}"')[1].split("</section>")[0]
    found = re.findall(
        r'<a href="([^"]+)"\s+data-testid="stat-' + re.escape(name) + r'-([^"]+)">([^<]*)</a>',
        card,
    )
    return {stat: (unescape(value), unescape(href)) for href, stat, value in found}


@pytest.mark.parametrize(
    ("ruleset", "seats"),
    [
        ("ulti", ("Anna", "Béla", "Csaba", "Dóra")),
        ("snapszer", ("Anna", "Béla", "Csaba")),
        ("skat", ("Anna", "Béla", "Csaba", "Dóra")),
        ("tarokk", ("Anna", "Béla", "Csaba", "Dóra", "Ede")),
        ("magas-tarokk", ("Anna", "Béla", "Csaba", "Dóra")),
    ],
)
def test_every_number_of_the_evening_and_the_hands_behind_it(app, client, ruleset, seats):
    session_id, view, _ = _evening(app, ruleset, seats, 7)
    with app.app_context():
        hands = stored_hands([session_id])
    page = client.get(f"/s/{view}/stats")
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    assert "Lejátszott leosztás" in html and "Vissza a jegyzőkönyvhöz" in html
    for name in seats:
        want = direct_common(hands, name)
        shown = _numbers(html, name)
        for stat in COUNTED:
            assert shown[stat][0] == str(want[stat]), (name, stat)
        assert shown["units"][0].replace("\u2212", "-").lstrip("+") == str(want["units"])
        for stat in (*COUNTED, "biggest_win", "best_evening"):
            listed = client.get(shown[stat][1])
            assert listed.status_code == 200
            body = listed.get_data(as_text=True)
            links = re.findall(r'href="(/s/[^"#]+)#h(\d+)" data-testid="behind-\d+"', body)
            numbers = [int(n) for _, n in links]
            assert all(link == f"/s/{view}" for link, _ in links)
            if stat in COUNTED:
                assert len(numbers) == want[stat], (name, stat)
                mine = [h for h in hands if name in h[4]]
                if stat == "hands":
                    assert numbers == [h[1] for h in mine if h[4][name] != "sitting_out"]
                if stat == "declared":
                    assert numbers == [h[1] for h in mine if h[4][name] == "declarer"]


def test_the_page_speaks_english_and_the_player_filter_keeps_one(app, client):
    _, view, edit = _evening(app, "ulti", ("Anna", "Béla", "Csaba", "Dóra"), 8)
    html = client.get(f"/s/{edit}/stats?lang=en&player=Béla").get_data(as_text=True)
    assert "Hands played" in html and "Won as declarer" in html and "Back to the scoresheet" in html
    assert 'data-testid="stats-Béla"' in html and 'data-testid="stats-Anna"' not in html
    assert "kontras · said" in html or "bids · " in html
    scoreboard = client.get(f"/s/{view}").get_data(as_text=True)
    assert f'href="/s/{view}/stats" data-testid="stats-link"' in scoreboard


def test_an_unknown_player_or_statistic_is_a_404_that_says_which(app, client):
    _, view, _ = _evening(app, "ulti", ("Anna", "Béla", "Csaba"), 9)
    nobody = client.get(f"/s/{view}/stats?player=Zoltán&lang=en")
    assert nobody.status_code == 404 and "Zoltán did not play this evening." in nobody.text
    odd = client.get(f"/s/{view}/stats/hands?player=Anna&stat=nonsense&lang=hu")
    assert odd.status_code == 404 and "Nincs ilyen statisztika." in odd.text
    assert client.get("/s/not-a-token-at-all-xyz/stats").status_code == 404


SKAT_WORDS = {  # a few labels of Skat's own numbers, as each language says them
    "hu": ("játékok · ", "átlagos játékérték", "Grand-arány"),
    "en": ("games · ", "average game value", "Grand rate"),
    "de": ("Spiele · ", "durchschnittlicher Spielwert", "Grand-Quote"),
}
TAROKK_WORDS = {
    "hu": ("parti · megnyert", "figurák · "),
    "en": ("parti · won", "figures · "),
    "de": ("parti · gewonnen", "Figuren · "),
}
DERIVED = {"types.grand": "grand", "types.null": "null", "types": None}
"""Skat's rates (of Grand, of Null) and its average game value, by the stat they link."""


def _written(top, bottom, rate, lang):
    """A rate or an average as the page should write it, worked out here."""
    if rate:
        whole = (Decimal(100 * top) / bottom).quantize(Decimal(1), ROUND_HALF_UP)
        return f"{whole}\u00a0%" if lang == "de" else f"{whole}%"
    average = str((Decimal(top) / bottom).quantize(Decimal("0.1"), ROUND_HALF_UP))
    return average if lang == "en" else average.replace(".", ",")


@pytest.mark.parametrize("lang", ["hu", "en", "de"])
@pytest.mark.parametrize(
    ("ruleset", "seats", "words"),
    [
        ("skat", ("Anna", "Béla", "Csaba"), SKAT_WORDS),
        ("tarokk", ("Anna", "Béla", "Csaba", "Dóra"), TAROKK_WORDS),
        ("magas-tarokk", ("Anna", "Béla", "Csaba", "Dóra", "Ede"), TAROKK_WORDS),
    ],
)
def test_each_games_own_numbers_are_the_direct_count_in_every_language(
    app, client, ruleset, seats, words, lang
):
    session_id, view, _ = _evening(app, ruleset, seats, 11)
    with app.app_context():
        hands = stored_hands([session_id])
    game = hands[0][2]
    html = client.get(f"/s/{view}/stats?lang={lang}").get_data(as_text=True)
    for word in words[lang]:
        assert word in html, (lang, word)
    prefix = f"games.{game}."
    for name in seats:
        want = sum((MARKS[game](h, name) for h in hands), Counter())
        shown = {
            stat.removeprefix(prefix): value
            for stat, value in _numbers(html, name).items()
            if stat.startswith(prefix)
        }
        counted = {k: v[0] for k, v in shown.items() if game != "skat" or k not in DERIVED}
        assert counted == {k: str(v) for k, v in want.items() if v}, name
        if game != "skat":
            continue
        declared = sum(v for k, v in want.items() if k.startswith("types."))
        assert ("types" in shown) == bool(declared), name
        if not declared:
            continue
        for stat, kind in DERIVED.items():
            if kind is None:
                expected = _written(want["value.total"], declared, False, lang)
            else:
                made = sum(v for k, v in want.items() if k.startswith(f"types.{kind}."))
                expected = _written(made, declared, True, lang)
            value, link = shown[stat]
            assert value == expected, (name, stat)
            listed = client.get(link).get_data(as_text=True)
            numbers = [int(n) for n in re.findall(r'data-testid="behind-(\d+)"', listed)]
            of_kind = [
                h[1]
                for h in hands
                if h[3].get("declarer") == name
                and h[3].get("outcome") != "all_pass"
                and (kind is None or h[3]["game"] == kind)
            ]
            assert numbers == of_kind, (name, stat)

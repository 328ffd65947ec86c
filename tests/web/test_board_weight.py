"""A long evening's board and every hand form stay light on a phone (issue 40).

Every shipped ruleset of every registered game, at its largest table with long names: an
evening of 160 hands draws its newest hands and folds the earlier ones by ten (their rows
asked by the page's script, ``?folds=json``, and in a ``<template>`` in the copy kept for
offline use, views/sheet.py), so the page holds under 2,500 elements outside templates;
and a new-hand form holds under 1,500 (a field that does not apply yet waits in its
template too, templates/hands/game_form.html). The counts are of the server's markup, the
elements a phone's DOM gets; bench/pages.py measures the DOM.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest

from testkit import samples
from ulti_ledger import ledger
from ulti_ledger.games import builtin_engine
from ulti_ledger.views.sheet import DRAWN, FOLD

NAMES = (
    "Kovács-Szabó Anna",
    "Kovács-Szabó Árpád",
    "Szentgyörgyi Annamária",
    "Friedrich-Wilhelm Hohenzollern",
    "Őrszentmiklósi Ünőkő Zsófia",
)
HANDS = 160
VOID = {"area", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "wbr"}


class _Count(HTMLParser):
    """Elements in the page, and apart those inside ``<template>`` (not in the DOM)."""

    def __init__(self) -> None:
        super().__init__()
        self.drawn = self.waiting = 0
        self.depth = 0

    def handle_starttag(self, tag: str, attrs) -> None:
        if self.depth:
            self.waiting += 1
        else:
            self.drawn += 1
        if tag == "template":
            self.depth += 1

    def handle_startendtag(self, tag: str, attrs) -> None:
        if self.depth:
            self.waiting += 1
        else:
            self.drawn += 1

    def handle_endtag(self, tag: str) -> None:
        if tag == "template":
            self.depth -= 1


def count(html: str) -> _Count:
    counter = _Count()
    counter.feed(html)
    return counter


def largest(ruleset: str) -> tuple[str, ...]:
    seating = builtin_engine().rulesets[ruleset].seating({})
    return NAMES[: seating.largest]


@pytest.fixture(scope="module", params=sorted(builtin_engine().rulesets))
def evening(request, tmp_path_factory):
    """An evening of ``HANDS`` hands of one ruleset: (client, edit token, view token)."""
    from ulti_ledger import create_app
    from ulti_ledger.db import db

    folder = tmp_path_factory.mktemp("board")
    app = create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "t",
            "SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder}/b.db",
            "WTF_CSRF_ENABLED": False,
        }
    )
    with app.app_context():
        db.create_all()
        body = samples.random_session(
            largest(request.param), HANDS, seed=7, name="Hosszú este", ruleset=request.param
        )
        session = ledger.create_session(body)
        tokens = session.edit_token, session.view_token
    return app.test_client(), *tokens


def test_a_long_evenings_board_folds_its_earlier_hands(evening):
    client, edit, view = evening
    folds = (HANDS - DRAWN) // FOLD
    for url in (f"/e/{edit}", f"/s/{view}"):
        # the page from the network: the newest hands drawn, the earlier ones' folds empty
        html = client.get(url + "?lang=hu").get_data(as_text=True)
        assert count(html).drawn < 2_500, url
        assert "<template>" not in html
        found = re.findall(r'data-fold="(\d+)-(\d+)" data-folds="([^"]+)"', html)
        assert found[0][:2] == ("1", "10") and len(found) == folds
        assert {asked for *_, asked in found} == {f"{url}?folds=json"}
        drawn = set(map(int, re.findall(r'<details class="hand[^"]*" id="h(\d+)"', html)))
        assert drawn == set(range(folds * FOLD + 1, HANDS + 1))
        assert "1–10. leosztás" in html
        # what the script asks: each fold's rows, every earlier hand once
        answer = client.get(url + "?folds=json")
        assert answer.headers["Cache-Control"] == "no-store" and answer.headers["X-Robots-Tag"]
        rows = answer.get_json()
        assert set(rows) == {f"{f * FOLD + 1}-{f * FOLD + FOLD}" for f in range(folds)}
        for fold, markup in rows.items():
            first, last = map(int, fold.split("-"))
            numbers = re.findall(r'<details class="hand[^"]*" id="h(\d+)"', markup)
            assert numbers == [str(n) for n in range(first, last + 1)], fold
        # the copy a phone keeps for offline use: every fold's rows in its <template>
        kept = client.get(url, headers={"X-Offline-Copy": "1"}).get_data(as_text=True)
        assert count(kept).drawn < 2_500 and kept.count("<template>") == folds
        for n in range(1, HANDS + 1):
            assert len(re.findall(rf'<details class="hand[^"]*" id="h{n}"', kept)) == 1, n
        assert 'id="h160"' in kept.split("</template>")[-1]  # the newest, drawn
        # the whole sheet, for a page without its script
        whole = client.get(url + "?hands=all").get_data(as_text=True)
        assert "data-fold=" not in whole and whole.count('<details class="hand') == HANDS


def test_a_hand_form_is_light_at_every_table(evening):
    client, edit, _ = evening
    html = client.get(f"/e/{edit}/hands/new").get_data(as_text=True)
    assert count(html).drawn < 1_500


@pytest.mark.parametrize("name", ["hands", "folds"])
def test_the_board_refuses_a_hands_or_folds_parameter_it_does_not_know(evening, name):
    client, edit, view = evening
    for url in (f"/e/{edit}", f"/s/{view}"):
        for lang, words in (("hu", f"„{name}”"), ("en", f"“{name}”"), ("de", f"„{name}“")):
            answer = client.get(f"{url}?{name}=some&lang={lang}")
            assert answer.status_code == 400
            assert words in answer.get_data(as_text=True)

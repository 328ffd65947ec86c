"""Tarokk in German: the explanation lines, the engine's refusals, the hand form, the
rules table and the scoresheet page speak German, while the game's terms (parti, dupla,
volát, pagát ultimó, kontra, renonsz, skart ...) stay Hungarian."""

from __future__ import annotations

from html import unescape

import pytest
from click.testing import CliRunner

from tests.engine_helpers import ENGINE
from tests.games.tarokk.test_tarokk_ledger import HANDS, _evening
from ulti_ledger.cli.main import main
from ulti_ledger.games import REGISTRY
from ulti_ledger.settlement import LedgerError

SKART = {
    "ruleset": "tarokk",
    "players": ["C", "D", "A", "B"],
    "sitting_out": ["X"],
    "declarer": "C",
    "skart": True,
    "contract": "ketto",
    "game": {"won": True, "kontra": 2},
    "figures": [
        {"name": "dupla", "side": "declarer", "announced": True, "won": False, "kontra": 1},
        {"name": "tuletroa", "side": "declarer", "announced": True, "won": True},
    ],
}
PAIRS = {
    "ruleset": "tarokk",
    "players": ["S", "E", "N", "W"],
    "declarer": "S",
    "partner": "N",
    "contract": "harom",
    "game": {"won": True},
    "figures": [{"name": "pagat-ultimo", "side": "opponents", "announced": False, "won": False}],
    "tarokkszam": [{"player": "E", "count": 9}],
}


def test_a_lone_declarers_hand_is_explained_in_german():
    lines = ENGINE.result_json(SKART, lang="de")["lines"]
    assert lines == [
        "die gerufene Karte lag im skart: C spielt allein gegen drei, und auf dem Spiel liegt "
        "von selbst ein kontra",
        "dupla: von der Spielerseite angesagt und verloren, mit kontra (×2): 8 × 2 = 16; "
        "C zahlt jedem der drei anderen 16, insgesamt 48",
        "parti (kettő, g = 2), von der Spielerseite gewonnen, mit rekontra (×4): 2 × 4 = 8; "
        "C erhält von jedem der drei anderen 8, insgesamt 24",
        "tulétroá: von der Spielerseite angesagt und erfüllt: 2; "
        "C erhält von jedem der drei anderen 2, insgesamt 6",
        "X setzt in diesem Spiel aus: 0",
    ]


def test_two_against_two_and_the_tarokkszam_in_german():
    lines = ENGINE.result_json(PAIRS, lang="de")["lines"]
    assert lines[1] == (
        "pagát ultimó: von den Gegenspielern still verloren: 5; "
        "E und W zahlen je 5, S und N erhalten je 5"
    )
    assert lines[2] == (
        "E hat 9 tarokks vorgezeigt, das ist unabhängig vom Ergebnis 2 wert: "
        "E erhält von jedem der drei anderen, auch vom Partner, 2, insgesamt 6"
    )


@pytest.mark.parametrize(
    ("change", "german"),
    [
        (
            {"game": {"won": True, "kontra": 9}},
            "game.kontra: Kontrastufe 9 liegt über der Obergrenze dieses Tisches, hirskontra (4)",
        ),
        (
            {"figures": [{**PAIRS["figures"][0], "kontra": 1}]},
            "figures[0].kontra: auf eine stille Figur gibt es kein kontra: "
            "kontra bei pagat-ultimo weglassen",
        ),
        ({"game": {"won": True, "k": 1}}, "game.k: ist kein Schlüssel der parti; erlaubt:"),
        ({"bogus": 1}, "bogus: ist kein Schlüssel eines tarokk-Spiels; erlaubt:"),
        (
            {"players": ["S", "E", "N"]},
            "players: tarokk spielen vier, nicht 3; sitzen fünf am Tisch, setzt der Geber aus",
        ),
    ],
)
def test_the_engine_refuses_a_tarokk_hand_in_german(change, german):
    with pytest.raises(LedgerError) as refused:
        ENGINE.settle({**PAIRS, **change})
    assert refused.value.text("de").startswith(german)


def test_the_hand_form_speaks_german_and_names_the_figures_in_hungarian():
    form = REGISTRY["tarokk"].hand_form(ENGINE.rulesets["tarokk"].rules, "de")
    labels = {field["name"]: field.get("label") for field in form["fields"]}
    assert labels["declarer"] == "Spieler"
    assert labels["partner"] == "Partner (hält die gerufene Karte)"
    figure = next(f for f in form["fields"] if f["name"] == "fig1_name")
    assert figure["label"] == "Figur 1"
    assert {"value": "pagat-ultimo", "label": "pagát ultimó"} in figure["options"]
    assert [p["label"] for p in form["presets"]][:2] == [
        "három, parti gewonnen",
        "három, parti verloren",
    ]


def test_the_rules_table_speaks_german():
    shown = CliRunner().invoke(main, ["rules", "show", "magas-tarokk", "--lang", "de"])
    assert shown.exit_code == 0, shown.output
    assert "Figuren: angesagt / still:\n  dupla              4 × g / 2 × g\n" in shown.output
    assert "höchstes kontra: hirskontra (×16)\n* magas-Figuren: nur kontra\n" in shown.output
    assert "Das höchste kontra: hirskontra (×16), wie es die ITVB-Regeln vorsehen." in (
        shown.output
    )


@pytest.mark.db
def test_the_scoresheet_of_a_tarokk_evening_speaks_german(client):
    sid, auth, view = _evening(client)
    saved = client.post(f"/api/v1/sessions/{sid}/hands", json=HANDS[0], headers=auth)
    assert saved.status_code == 201, saved.get_json()
    page = unescape(client.get(f"{view}?lang=de").get_data(as_text=True))
    assert "kettő, parti gewonnen" in page
    assert "pagát ultimó: von der Spielerseite angesagt und verloren" in page
    assert "parti megvan" not in page and "announced and failed" not in page

"""The hand form described as data: the game's part ``hand_form``, evaluated by the server
(``handform.conditions``) from the same cases the browser's script runs
(``tests/data/form_conditions.json``, see tests/browser/test_form_conditions.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.ui_helpers import counts
from ulti_ledger import games, ledger
from ulti_ledger.handform import conditions, generic

CASES = json.loads((Path(__file__).parents[1] / "data/form_conditions.json").read_text("utf-8"))
PIROS_PASSZ = {"declarer": "Béla", "contract": "passz", "colour": "piros"}
SEATS = ("Anna", "Béla", "Csaba", "Dóra")


def form_of(case):
    """The case's form: a hand-written one, or the built-in Ulti ruleset's own."""
    if case["form"] == "ulti":
        rules = games.builtin_engine().ruleset("ulti").resolve({})
        return games.REGISTRY["ulti"].hand_form(rules, "hu")
    return CASES["forms"][case["form"]]


@pytest.mark.parametrize("case", CASES["cases"], ids=[c["name"] for c in CASES["cases"]])
def test_the_shared_cases_hold_on_the_server(case):
    form = form_of(case)
    values, notes = conditions.forced(form, case["values"])
    on = conditions.applies(form, values)
    if "applies" in case:
        assert on == case["applies"]
    assert set(case.get("shows", [])) <= set(on)
    assert not set(case.get("hides", [])) & set(on)
    assert {k: values[k] for k in case.get("forced", {})} == case.get("forced", {})
    assert sorted(notes) == sorted(case.get("forced", {}))
    for name, expected in case.get("options", {}).items():
        field = next(f for f in form["fields"] if f["name"] == name)
        assert conditions.options(field, values) == expected


def test_every_registered_game_describes_its_form():
    engine = games.builtin_engine()
    for ruleset in engine.rulesets.values():
        rules = ruleset.resolve({})
        for lang in ("hu", "en"):
            form = engine.game(rules.scorer).hand_form(rules, lang)
            names = [f["name"] for f in form["fields"]]
            assert len(names) == len(set(names)), names
            assert form["presets"], ruleset.id
            for field in form["fields"]:
                assert field["kind"] in {"player", "choice", "toggle", "level", "side", "number"}
                assert field["label"]


def test_the_description_speaks_the_ui_language():
    rules = games.builtin_engine().ruleset("ulti").resolve({})
    ulti = games.REGISTRY["ulti"]
    hu, en = ulti.hand_form(rules, "hu"), ulti.hand_form(rules, "en")
    label = {f["name"]: f["label"] for f in hu["fields"]}
    assert label["declarer"] == "Felvevő" and label["won-parti"] == "parti"
    assert {f["name"]: f["label"] for f in en["fields"]}["declarer"] == "Declarer"
    assert hu["forces"][0]["note"].startswith("A védőké a csendes 100, így a parti bukott")
    assert en["forces"][0]["note"].startswith("The defenders' silent 100 means the parti was lost")


def test_the_server_shows_what_the_description_says(app, session_body):
    """What the page draws is the description's rules, value by value."""
    with app.app_context():
        session = ledger.create_session(session_body)
        game, rules = ledger.form_game(session)
    form = game.hand_form(rules, "hu")
    values = {"dealer": "Anna", "sitting_out": ["Anna"], "players": ["Béla", "Csaba", "Dóra"]}

    def shown(**chosen):
        fields = generic.draw(form, {**values, **chosen}, SEATS, "senki")
        on = {f["name"]: f for f in fields if f["shown"]}
        colours = (
            {o["value"] for o in on["colour"]["options"] if o["shown"]} if "colour" in on else set()
        )
        kontras = {n.removeprefix("kontra-") for n in on if n.startswith("kontra-")}
        silent = {n.removeprefix("silent-") for n in on if n.startswith("silent-")}
        return {"components": kontras, "colours": colours, "silent": silent, "on": set(on)}

    assert shown()["components"] == set()
    betli = shown(contract="betli", declarer="Béla")
    assert betli["components"] == {"betli"} and betli["colours"] == {"", "piros"}
    assert betli["silent"] == set() and "renonsz" in betli["on"]
    assert "100" in shown(contract="passz")["silent"]
    assert shown(contract="passz", renonsz="Csaba")["silent"] == set()
    assert shown(contract="passz", outcome="all_pass")["components"] == set()


def test_a_defenders_csendes_100_loses_the_parti_and_the_form_says_so(scorer, app, client):
    """Without the script: the post saves the parti as lost (the facts force it)."""
    before = counts(app)["hands"]
    fields = scorer.form()
    fields.update({k: [v] for k, v in PIROS_PASSZ.items()})
    fields.update({"silent-100": ["defenders"], "won-parti": ["1"], "action": ["preview"]})
    preview = client.post(scorer.edit_url + "/hands", data=fields)
    html = preview.get_data(as_text=True)
    assert 'data-testid="forced-won-parti"' in html
    note = html.split('data-testid="forced-won-parti"')[1].split("</p>")[0]
    assert " hidden" not in note.split(">")[0] and "a parti bukott" in note
    response = scorer.post_hand({**PIROS_PASSZ, "silent-100": "defenders", "won-parti": "1"})
    assert response.status_code == 303
    assert counts(app)["hands"] == before + 1
    edit = scorer.form("/hands/1/edit")
    assert edit["won-parti"] == ["0"] and edit["silent-100"] == ["defenders"]


@pytest.mark.parametrize(
    ("lang", "label"), [("hu", "Béla kontrája"), ("en", "Béla's kontra"), ("de", "Kontra von Béla")]
)
def test_a_row_per_defender_is_labelled_by_the_game_in_the_reader_s_language(lang, label):
    """The generic form names no game's word: Ulti's betli asks each defender's kontra."""
    rules = games.builtin_engine().rulesets["ulti"].rules
    form = games.REGISTRY["ulti"].hand_form(rules, lang)
    betli = next(f for f in form["fields"] if f.get("per") == "defender")
    values = {"players": list(SEATS[1:]), "declarer": "Dóra", "contract": "betli"}
    drawn = next(f for f in generic.draw(form, values, SEATS, "-") if f["name"] == betli["name"])
    assert [row["label"] for row in drawn["rows"] if row["shown"]] == [
        label,
        label.replace("Béla", "Csaba"),
    ]

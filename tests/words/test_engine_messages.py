"""The engine's refusals in Hungarian: under the CLI's --lang hu and the API's ?lang=hu."""

from __future__ import annotations

import ast
import json
import string
from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.engine_helpers import ENGINE, REPO, hand
from ulti_ledger.cli.main import main
from ulti_ledger.settlement import LedgerError
from ulti_ledger.settlement.errors import Msg
from ulti_ledger.settlement.messages import HU

RAISERS = {"HandError", "OptionError", "Msg"}
SOURCES = [
    *(REPO / "ulti_ledger" / "settlement").rglob("*.py"),
    *(REPO / "ulti_ledger" / "games").rglob("*.py"),
    REPO / "ulti_ledger/ledger/checks.py",
]


def templates() -> set[str]:
    """Every English template the engine can raise: the constant string of each raise."""
    found = set()
    for path in SOURCES:
        for node in ast.walk(ast.parse(Path(path).read_text("utf-8"))):
            if not (isinstance(node, ast.Call) and getattr(node.func, "id", None) in RAISERS):
                continue
            index = 0 if node.func.id == "Msg" else 1
            if len(node.args) > index:
                arg = node.args[index]
                candidates = [arg.body, arg.orelse] if isinstance(arg, ast.IfExp) else [arg]
                for c in candidates:
                    if isinstance(c, ast.Constant) and isinstance(c.value, str):
                        found.add(c.value)
                    elif isinstance(c, ast.JoinedStr):
                        found.add(f"<f-string at {path.name}:{node.lineno}>")
    return found


def fields(template: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(template) if f}


def test_every_engine_refusal_has_its_hungarian():
    missing = sorted(t for t in templates() if t not in HU)
    assert missing == []


def test_no_refusal_is_an_f_string_any_more():
    assert not [t for t in templates() if t.startswith("<f-string")]


@pytest.mark.parametrize("template", sorted(HU))
def test_the_hungarian_has_the_same_fields(template):
    assert fields(HU[template]) == fields(template)


def refusal(data) -> LedgerError:
    with pytest.raises(LedgerError) as caught:
        ENGINE.settle(data)
    return caught.value


def test_a_kontra_above_the_ceiling_in_both_languages():
    exc = refusal(hand(components=[{"name": "parti", "won": True, "kontra": 6}]))
    assert (
        exc.text("en")
        == str(exc)
        == ("components[0].kontra: kontra level 6 is above this table's ceiling, mordkontra (4)")
    )
    assert exc.text("hu") == (
        "components[0].kontra: ez a kontrafok (6) több, mint amennyit ez az asztal enged: "
        "mordkontra (4)"
    )


def test_a_nested_word_is_translated_too():
    exc = refusal(hand(silent="csendes"))
    assert exc.text("en") == "silent: must be a list, not a string"
    assert exc.text("hu") == "silent: lista legyen, nem szöveg"


def test_a_suggestion_is_said_in_hungarian():
    exc = refusal(hand(outcome="playd"))
    assert 'did you mean "played"' in exc.text("en")
    assert "(talán „played”?)" in exc.text("hu")


def test_a_session_hand_keeps_its_message_under_its_new_key():
    from testkit.samples import session_body
    from ulti_ledger.settlement.session import settle_session

    body = session_body(hands=[{**hand(ruleset=None), "declarer": "Zoé"}])
    with pytest.raises(LedgerError) as caught:
        settle_session(ENGINE, body)
    assert caught.value.text("hu").startswith("hands[0].declarer: Zoé nem játszik ebben")


def test_a_kontra_ladder_refusal_in_hungarian():
    exc = refusal(
        hand(
            colour=None,
            components=[{"name": "betli", "won": False, "kontra": {"Béla": 2, "Csaba": 1}}],
        )
    )
    assert "cannot happen" in exc.text("en")
    assert exc.text("hu") == (
        "components[0].kontra: Csaba: kontra, Béla: rekontra; ez nem lehet, a felvevő rekontra "
        "mondása minden védőnek szól, aki ezt mondta: kontra, sosem csak az egyiküknek"
    )


def test_the_rulesets_reason_is_said_in_hungarian_too():
    exc = refusal(
        hand(components=[{"name": "ulti", "won": False}, {"name": "durchmars", "won": True}])
    )
    assert exc.text("hu").startswith(
        "components[0].won: a megnyert durchmars (mind a tíz ütés) mellett nem bukhat el: "
        "ulti – minden ütést a felvevő hív"
    )
    assert "renonsz" in exc.text("hu") and "leads every trick" not in exc.text("hu")


def test_a_msg_renders_alone():
    assert Msg("a list").text("hu") == "lista"
    assert str(Msg("{n} is named twice", {"n": "x"})) == "{n} is named twice".format(n="x")


def test_the_cli_says_the_refusal_in_hungarian():
    bad = json.dumps(hand(components=[{"name": "parti", "won": True, "kontra": 6}]))
    hu = CliRunner().invoke(main, ["settle", "-", "--lang", "hu"], input=bad)
    assert hu.exit_code == 1
    assert "ez a kontrafok (6) több" in json.loads(hu.output)["error"]
    en = CliRunner().invoke(main, ["settle", "-"], input=bad)
    assert "is above this table's ceiling" in json.loads(en.output)["error"]
    text = CliRunner().invoke(main, ["settle", "-", "--format", "text", "--lang", "hu"], input=bad)
    assert text.exit_code == 1 and text.output.startswith("hiba: components[0].kontra: ez a")


def test_the_api_says_the_refusal_in_hungarian_under_lang_hu(client, session_body):
    created = client.post("/api/v1/sessions", json=session_body).get_json()
    url = f"/api/v1/sessions/{created['id']}/hands"
    auth = {"Authorization": f"Bearer {created['edit_token']}"}
    bad = {
        "players": ["Anna", "Béla", "Csaba"],
        "declarer": "Anna",
        "colour": "makk",
        "components": [{"name": "parti", "won": True, "kontra": 6}],
    }
    hu = client.post(url + "?lang=hu", json=bad, headers=auth)
    assert hu.status_code == 422
    assert hu.get_json()["key"] == "components[0].kontra"
    assert "ez a kontrafok (6) több" in hu.get_json()["error"]
    en = client.post(url, json=bad, headers=auth)
    assert "is above this table's ceiling" in en.get_json()["error"]

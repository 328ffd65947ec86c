"""The ulti-ledger command: settle files and lists, show and check rulesets."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys

import pytest
from click.testing import CliRunner

from testkit.samples import session_body
from tests.engine_helpers import REPO, betli_lost, hand, session_hand
from ulti_ledger.cli.main import main

SESSION = session_body(
    hands=[
        session_hand(
            colour="piros",
            components=[{"name": "ulti", "won": True}, {"name": "parti", "won": True}],
        ),
        betli_lost(),
    ],
)


def run(*args, stdin=None):
    return CliRunner().invoke(main, list(args), input=stdin)


def test_settle_one_hand_from_stdin():
    result = run("settle", "-", stdin=json.dumps(hand()))
    assert result.exit_code == 0, result.output
    out = json.loads(result.output)
    assert out["payments"] == {"Anna": 2, "Béla": -1, "Csaba": -1}
    assert out["lines"] == ["parti made: each defender pays 1"]


def test_settle_hungarian_lines():
    out = json.loads(run("settle", "-", "--lang", "hu", stdin=json.dumps(hand())).output)
    assert out["lines"] == ["parti megvan: mindkét védő 1-et fizet"]


def test_settle_a_list_reports_each_bad_hand_in_place_and_exits_1():
    hands = [hand(), hand(colour="red"), "not a hand", hand(declarer="Béla")]
    result = run("settle", "-", stdin=json.dumps(hands))
    assert result.exit_code == 1
    out = json.loads(result.output)
    assert len(out) == 4
    assert out[0]["payments"]["Anna"] == 2
    assert out[1] == {"error": 'colour: "red" is not allowed; allowed: makk, zold, tok, piros'}
    assert out[2] == {"error": "a hand must be a JSON object"}
    assert out[3]["payments"]["Béla"] == 2
    assert "Traceback" not in result.output


def test_settle_the_shared_vectors_file_as_a_list():
    vectors = json.loads((REPO / "ulti_ledger/games/ulti/vectors/public.json").read_text("utf-8"))
    result = run("settle", "-", stdin=json.dumps([v["hand"] for v in vectors]))
    assert result.exit_code == 0
    assert [r["payments"] for r in json.loads(result.output)] == [v["expected"] for v in vectors]


def test_settle_a_session_gives_totals_money_and_transfers(tmp_path):
    path = tmp_path / "evening.json"
    path.write_text(json.dumps(SESSION), encoding="utf-8")
    result = run("settle", str(path))
    assert result.exit_code == 0, result.output
    out = json.loads(result.output)
    assert len(out["hands"]) == 2
    assert out["totals"] == {"Anna": 20, "Béla": 0, "Csaba": -5, "Dóra": -15}
    assert out["money"] == {"Anna": "200", "Béla": "0", "Csaba": "-50", "Dóra": "-150"}
    assert out["transfers"] == [
        {"from": "Csaba", "to": "Anna", "amount": "50"},
        {"from": "Dóra", "to": "Anna", "amount": "150"},
    ]


def test_a_bad_hand_in_a_session_names_the_hand():
    bad = {
        **SESSION,
        "hands": [*SESSION["hands"], {"players": ["Anna", "Béla", "Zoli"], "declarer": "Anna"}],
    }
    result = run("settle", "-", stdin=json.dumps(bad))
    assert result.exit_code == 1
    assert json.loads(result.output) == {
        "error": "hands[2].players: Zoli is not a player of this session"
    }


def test_invalid_json_is_a_message_not_a_traceback():
    result = run("settle", "-", stdin="{not json")
    assert result.exit_code == 1
    assert "is not valid JSON" in result.output
    assert "Traceback" not in result.output


def test_rules_list_and_show():
    listed = run("rules", "list").output
    assert "ulti " in listed and "ulti-szinlicites" in listed
    shown = run("rules", "show", "ulti").output
    assert "20-100 ulti terített durchmars" in shown
    assert "failed_bid_doubling = ulti_only" in shown
    table = json.loads(run("rules", "show", "ulti-szinlicites", "--json").output)
    parti = next(c for c in table["contracts"] if c["id"] == "parti")
    assert parti["values"] == {"makk": 1, "zold": 2, "tok": 3, "piros": 4}
    unknown = run("rules", "show", "ultimate")
    assert unknown.exit_code == 1 and "unknown ruleset 'ultimate'" in unknown.output


def test_rules_check_accepts_a_good_file_and_names_the_fault_in_a_bad_one(tmp_path):
    good = REPO / "ulti_ledger" / "games" / "ulti" / "rulesets" / "ulti.toml"
    ok = run("rules", "check", str(good))
    assert ok.exit_code == 0 and ok.output.startswith("ok: ulti")
    bad = tmp_path / "mine.toml"
    bad.write_text(good.read_text("utf-8").replace("value = 8\n", "value = -8\n", 1), "utf-8")
    result = run("rules", "check", str(bad))
    assert result.exit_code == 1
    assert (
        'mine.toml: components."20-100"' in result.output
        or "mine.toml: components.20-100" in result.output
    )


@pytest.mark.skipif(
    shutil.which("ulti-ledger") is None and not (REPO / ".venv" / "bin" / "ulti-ledger").exists(),
    reason="console script not installed",
)
def test_the_installed_console_script_runs():
    exe = shutil.which("ulti-ledger") or str(REPO / ".venv" / "bin" / "ulti-ledger")
    done = subprocess.run(
        [exe, "settle", "-"], input=json.dumps(hand()), capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["payments"]["Anna"] == 2
    assert sys.executable

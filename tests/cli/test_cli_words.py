"""The command line for people: settle --format text, rules show --lang, failed values."""

from __future__ import annotations

import json
import shutil
import subprocess

from click.testing import CliRunner

from tests.cli.test_cli import SESSION
from tests.engine_helpers import ENGINE, REPO, hand
from ulti_ledger.cli.main import main

EVENING = {
    **SESSION,
    "name": "Péntek",
    "date": "2026-12-01",
    "hands": [{**SESSION["hands"][0], "dealer": "Dóra"}, SESSION["hands"][1]],
}


def run(*args, stdin=None):
    return CliRunner().invoke(main, list(args), input=stdin)


def test_settle_text_in_hungarian_hand_by_hand_then_the_totals():
    result = run("settle", "-", "--format", "text", "--lang", "hu", stdin=json.dumps(EVENING))
    assert result.exit_code == 0, result.output
    text = result.output.replace("\u00a0", " ")
    assert text.startswith("Péntek · 2026. 12. 01.\nRablóulti · 1 egység = 10 HUF\n")
    assert "Az 1. leosztás · osztó: Dóra · felvevő: Anna · piros ulti\n" in text
    assert "   Anna +20, Béla −10, Csaba −10, Dóra 0\n" in text
    assert "   ulti megvan: 8 = 4 × 2 (piros); mindkét védő 8-at fizet\n" in text
    assert "A 2. leosztás · felvevő: Dóra · betli\n" in text
    assert "   betli bukott: Béla (kontra) 10-et kap (2¹ × 5), Csaba 5-öt kap\n" in text
    assert "Összesen, egységben:\n   Anna +20, Béla 0, Csaba −5, Dóra −15\n" in text
    assert "   Anna 200 HUF, Béla 0 HUF, Csaba −50 HUF, Dóra −150 HUF\n" in text
    assert "Ki kinek fizet:\n   Csaba → Anna: 50 HUF\n   Dóra → Anna: 150 HUF" in text


def test_settle_text_in_english():
    result = run("settle", "-", "--format", "text", stdin=json.dumps(EVENING))
    assert result.exit_code == 0, result.output
    text = result.output.replace("\u00a0", " ")
    assert "Péntek · 1 Dec 2026" in text
    assert "Hand 1 · dealer: Dóra · declarer: Anna · piros ulti" in text
    assert "Who pays whom:\n   Csaba → Anna: 50 HUF" in text


def test_settle_text_of_one_hand_and_of_a_list_with_a_bad_hand():
    one = run("settle", "-", "--format", "text", stdin=json.dumps(hand()))
    assert one.exit_code == 0
    assert one.output == (
        "declarer: Anna · makk passz\n   Anna +2, Béla −1, Csaba −1\n"
        "   parti made: each defender pays 1\n"
    )
    bad = {**hand(), "declarer": "Zoé"}
    listed = run("settle", "-", "--format", "text", stdin=json.dumps([hand(), bad]))
    assert listed.exit_code == 1
    assert "Hand 1 · declarer: Anna · makk passz" in listed.output
    assert "2. error: declarer: Zoé is not playing this hand" in listed.output


def test_json_stays_the_default():
    result = run("settle", "-", stdin=json.dumps(EVENING))
    assert json.loads(result.output)["totals"]["Anna"] == 20


def test_the_installed_script_prints_text():
    exe = shutil.which("ulti-ledger") or str(REPO / ".venv" / "bin" / "ulti-ledger")
    done = subprocess.run(
        [exe, "settle", "-", "--format", "text", "--lang", "hu"],
        input=json.dumps(EVENING),
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "Az 1. leosztás" in done.stdout and "Ki kinek fizet:" in done.stdout


def test_rules_show_in_both_languages_with_failed_values_and_kontra_multipliers():
    en = run("rules", "show", "ulti").output
    hu = run("rules", "show", "ulti", "--lang", "hu").output
    assert "Values per defender, in units: made / lost (no kontra)" in en
    assert "Értékek védőnként, egységben: megvan / bukott (kontra nélkül)" in hu
    ulti_row = next(line for line in en.splitlines() if line.startswith("ulti  "))
    # ulti + parti: made 4 + 1; lost (1 + 1) × 4 + 1; piros twice that
    assert ulti_row.split()[1:] == ["-"] + ["5", "/", "9"] * 3 + ["10", "/", "18"]
    assert "kontra ×2, rekontra ×4, szubkontra ×8, mordkontra ×16" in en
    assert "kontra ×2, rekontra ×4" in hu
    assert "ulti +1" in en
    assert "House rules (default first):" in en and "Házszabályok" in hu
    assert "Csak a bukott ulti fizet duplán" in hu  # the options' help in Hungarian


def test_rules_show_json_has_failed_values_and_multipliers():
    table = json.loads(run("rules", "show", "ulti", "--json").output)
    ulti = next(c for c in table["contracts"] if c["id"] == "ulti")
    assert ulti["values"]["piros"] == 10 and ulti["failed_values"]["piros"] == 18
    assert ulti["failed_extra"] == {"ulti": 1}
    assert [m["multiplier"] for m in table["kontra_multipliers"]] == [1, 2, 4, 8, 16]


def test_szinlicites_silent_durchmars_is_told_as_the_engine_pays_it():
    shown = run("rules", "show", "ulti-szinlicites").output
    assert "piros 6" not in shown and "piros 12" in shown
    settled = ENGINE.settle(
        hand(
            ruleset="ulti-szinlicites",
            colour="piros",
            silent=[{"name": "durchmars", "side": "declarer", "won": True}],
        )
    )
    # parti 1 × 4 and the silent durchmars 3 × 4 from each defender
    assert settled.payments["Béla"] == -(4 + 12)


def test_rules_show_names_the_kontra_ladders_first_step_in_words():
    """The ladder starts "kontra nélkül ×1" (not "- ×1"), and the Hungarian heading says
    "a teljesített bemondás": "megvan" is a predicate, "a megvan bemondás" is not Hungarian."""
    en = run("rules", "show", "ulti").output
    hu = run("rules", "show", "ulti", "--lang", "hu").output
    assert "  no kontra ×1, kontra ×2" in en
    assert "  kontra nélkül ×1, kontra ×2" in hu
    assert "- ×1" not in en and "- ×1" not in hu
    assert "a teljesített bemondás értéke × ennyi" in hu and "megvan bemondás" not in hu

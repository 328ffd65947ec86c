"""``ulti-ledger stats``: on evenings imported from JSON files, each player's hands,
declared, declared-won, units and as-declarer equal a count made here from the files'
hands (each settled by the engine), and the text speaks the chosen language.
"""

from __future__ import annotations

import json
from collections import defaultdict
from decimal import ROUND_HALF_UP, Decimal

import pytest
from click.testing import CliRunner

from testkit import samples
from ulti_ledger.cli.main import main
from ulti_ledger.games import builtin_engine

pytestmark = pytest.mark.db


@pytest.fixture
def run(bare_app):
    url = bare_app.config["SQLALCHEMY_DATABASE_URI"]

    def run(*args):
        return CliRunner().invoke(main, [*args, "--database", url])

    return run


def evening_file(tmp_path, ruleset, seats, seed):
    body = samples.random_session(seats, 30, seed=seed, name=f"{ruleset} este", ruleset=ruleset)
    path = tmp_path / f"{ruleset}-{seed}.json"
    path.write_text(json.dumps(body, ensure_ascii=False), "utf-8")
    return path, body


def imported(run, path):
    result = run("import", str(path))
    assert result.exit_code == 0, result.output
    return result.stdout.split()[-1]


def direct_count(bodies):
    """The five numbers per player, counted from the files' hands."""
    engine = builtin_engine()
    out = defaultdict(lambda: dict.fromkeys(("hands", "declared", "declared_won"), 0))
    units = defaultdict(lambda: {"units": 0, "as_declarer": 0})
    for body in bodies:
        for raw in body["hands"]:
            hand = {k: v for k, v in raw.items() if k != "dealer"}
            paid = engine.result_json(
                {"ruleset": body["ruleset"], "options": body["options"], **hand}
            )["payments"]
            for name in hand["players"]:
                out[name]["hands"] += 1
            for name in hand.get("sitting_out", []):
                out[name]  # noqa: B018  (a player who only sat out is listed too)
            declarer = hand.get("declarer")
            if declarer is None:  # a Skat hand passed in: nobody declared
                for name, n in paid.items():
                    units[name]["units"] += n
                continue
            out[declarer]["declared"] += 1
            out[declarer]["declared_won"] += paid.get(declarer, 0) > 0
            units[declarer]["as_declarer"] += paid.get(declarer, 0)
            for name, n in paid.items():
                units[name]["units"] += n
    return {name: {**out[name], **units[name]} for name in out}


def test_stats_json_of_imported_evenings_equals_a_direct_count(run, tmp_path):
    files = [
        evening_file(tmp_path, "ulti", ("Anna", "Béla", "Csaba", "Dóra"), 1),
        evening_file(tmp_path, "snapszer", ("Anna", "Béla", "Ede"), 2),
        evening_file(tmp_path, "ulti-szinlicites", ("Béla", "Csaba", "Dóra"), 3),
        evening_file(tmp_path, "skat", ("Anna", "Csaba", "Dóra", "Ede"), 6),
        evening_file(tmp_path, "tarokk", ("Anna", "Béla", "Csaba", "Dóra", "Ede"), 7),
        evening_file(tmp_path, "magas-tarokk", ("Béla", "Csaba", "Dóra", "Ede"), 8),
    ]
    ids = [imported(run, path) for path, _ in files]
    for chosen in (ids[:1], ids[3:], ids):
        result = run("stats", *chosen, "--json")
        assert result.exit_code == 0, result.output
        got = json.loads(result.stdout)["players"]
        want = direct_count([body for (_, body), i in zip(files, ids, strict=True) if i in chosen])
        assert set(got) == set(want)
        for name, numbers in want.items():
            assert {k: got[name][k] for k in numbers} == numbers, name


def test_stats_text_in_hungarian_and_english(run, tmp_path):
    path, body = evening_file(tmp_path, "ulti", ("Anna", "Béla", "Csaba", "Dóra"), 4)
    session_id = imported(run, path)
    numbers = json.loads(run("stats", session_id, "--json").stdout)["players"]["Anna"]
    hu = run("stats", session_id).stdout
    en = run("stats", session_id, "--lang", "en").stdout
    assert f"  Lejátszott leosztás: {numbers['hands']}\n" in hu
    assert f"  Felvevőként nyert: {numbers['declared_won']}\n" in hu
    assert f"  Hands played: {numbers['hands']}\n" in en
    assert f"  Won as declarer: {numbers['declared_won']}\n" in en
    assert "kontrák · mondott" in hu and "kontras · said" in en
    assert hu.splitlines()[0] in body["players"]


def test_stats_refuses_no_session_an_unknown_one_and_one_twice(run, tmp_path):
    path, _ = evening_file(tmp_path, "ulti", ("Anna", "Béla", "Csaba"), 5)
    session_id = imported(run, path)
    nothing = run("stats")
    assert nothing.exit_code == 2 and "name at least one session" in nothing.output
    unknown = run("stats", "999")
    assert unknown.exit_code == 1 and "there is no session 999" in unknown.output
    twice = run("stats", session_id, session_id)
    assert twice.exit_code == 1 and f"session {session_id} is named twice" in twice.output


def test_stats_text_of_skat_and_tarokk_in_german(run, tmp_path):
    """The games' own numbers in the text, Skat's average worked out from its counts."""
    skat, _ = evening_file(tmp_path, "skat", ("Anna", "Béla", "Csaba"), 9)
    tarokk, _ = evening_file(tmp_path, "tarokk", ("Anna", "Béla", "Csaba", "Dóra"), 10)
    ids = [imported(run, skat), imported(run, tarokk)]
    numbers = json.loads(run("stats", *ids, "--json").stdout)["players"]["Anna"]["games"]
    de = run("stats", *ids, "--lang", "de").stdout
    anna = de.split("\n\n")[[b.split("\n")[0] for b in de.split("\n\n")].index("Anna")]
    own = numbers["skat"]
    declared = sum(n for kind in own["types"].values() for n in kind.values())
    exact = Decimal(own["value"]["total"]) / declared
    average = str(exact.quantize(Decimal("0.1"), ROUND_HALF_UP)).replace(".", ",")
    assert f"  durchschnittlicher Spielwert: {average}\n" in anna + "\n"
    assert f"  Spielwert · insgesamt: {own['value']['total']}\n" in anna + "\n"
    parti = numbers["tarokk"]["parti"]
    assert f"  parti · gewonnen: {parti['won']}" in anna
    assert "average_value" not in json.dumps(numbers) and "rate" not in json.dumps(numbers)


def test_stats_of_two_currencies_speak_money_per_currency(run, tmp_path):
    """Evenings at 10 HUF and at 0.10 EUR a unit: each player's money per currency equals
    his units there times the stake, and the text gives money, never units summed across."""
    seats = ("Anna", "Béla", "Csaba", "Dóra")
    stakes = (("HUF", "10"), ("EUR", "0.10"))
    bodies, ids = [], []
    for seed, (code, stake) in enumerate(stakes, 11):
        path, body = evening_file(tmp_path, "ulti", seats, seed)
        body["unit_value"] = {"amount": stake, "currency": code}
        path.write_text(json.dumps(body, ensure_ascii=False), "utf-8")
        bodies.append(body)
        ids.append(imported(run, path))
    money = json.loads(run("stats", *ids, "--json").stdout)["money"]
    for body, (code, stake) in zip(bodies, stakes, strict=True):
        for name, numbers in direct_count([body]).items():
            assert Decimal(money[name][code]["units"]) == numbers["units"] * Decimal(stake)
    hu = run("stats", *ids).stdout
    assert "  Pénz (HUF): " in hu and "  Pénz (EUR): " in hu
    assert "  Egység: " not in hu and "Legnagyobb nyereség egy leosztásban (EUR)" in hu

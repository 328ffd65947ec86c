"""``ulti-ledger export``, ``import`` and ``settle-group`` against a database.

The commands open the database the way the app does and migrate it when needed; the tests
give them the ``bare_app`` fixture's empty database (SQLite, or TEST_DATABASE_URL).
"""

from __future__ import annotations

import io
import json
from decimal import Decimal

import pytest
from click.testing import CliRunner
from pypdf import PdfReader
from sqlalchemy import func, inspect, select

from testkit.samples import session_body
from tests.engine_helpers import betli_lost, session_hand
from ulti_ledger import ledger
from ulti_ledger.cli.main import main
from ulti_ledger.db import db

BODY = session_body(name="Szombati ulti", hands=[session_hand(colour="piros"), betli_lost()])


@pytest.fixture
def database(bare_app):
    """The URL of an empty database, and a function that runs the CLI on it."""
    url = bare_app.config["SQLALCHEMY_DATABASE_URI"]

    def run(*args, stdin=None):
        return CliRunner().invoke(main, [*args, "--database", url], input=stdin)

    return url, run


def counts(app) -> dict[str, int]:
    with app.app_context():
        return {
            t.name: db.session.scalar(select(func.count()).select_from(t))
            for t in db.metadata.sorted_tables
        }


def imported_id(result) -> int:
    assert result.exit_code == 0, result.output
    return int(result.output.split()[-1])


def test_import_migrates_a_new_database_and_prints_the_id_last(bare_app, database, tmp_path):
    _, run = database
    path = tmp_path / "este.json"
    path.write_text(json.dumps(BODY, ensure_ascii=False), "utf-8")
    result = run("import", str(path))
    session_id = imported_id(result)
    assert "imported 2 hands as session" in result.output
    assert "edit link: /e/" in result.output
    with bare_app.app_context():
        assert "alembic_version" in inspect(db.engine).get_table_names()
        assert ledger.get_session(session_id).name == "Szombati ulti"
    assert imported_id(run("import", "-", stdin=json.dumps(BODY))) == session_id + 1


def test_export_import_export_gives_the_same_file(database, tmp_path):
    _, run = database
    first_id = imported_id(run("import", "-", stdin=json.dumps(BODY)))
    first, second = tmp_path / "first.json", tmp_path / "second.json"
    assert run("export", str(first_id), "--format", "json", "-o", str(first)).exit_code == 0
    second_id = imported_id(run("import", str(first)))
    assert run("export", str(second_id), "-o", str(second)).exit_code == 0
    assert first.read_bytes() == second.read_bytes()
    assert json.loads(first.read_text("utf-8"))["name"] == "Szombati ulti"


def test_export_csv_and_pdf_by_token(bare_app, database, tmp_path):
    _, run = database
    session_id = imported_id(run("import", "-", stdin=json.dumps(BODY)))
    with bare_app.app_context():
        view_token = ledger.get_session(session_id).view_token
    sheet = tmp_path / "este.csv"
    assert run("export", view_token, "--format", "csv", "-o", str(sheet)).exit_code == 0
    assert sheet.read_bytes().startswith("\ufeffLeosztás;Osztó;".encode())
    pdf = tmp_path / "este.pdf"
    result = run("export", view_token, "--format", "pdf", "--method", "banker", "-o", str(pdf))
    assert result.exit_code == 0, result.output
    text = PdfReader(io.BytesIO(pdf.read_bytes())).pages[0].extract_text()
    assert "Szombati ulti" in text and "Mindenki a bankkal számol el" in text
    stdout = run("export", str(session_id), "--format", "json")
    assert json.loads(stdout.output)["players"] == BODY["players"]


def test_an_unknown_session_is_a_message(database):
    _, run = database
    for ref in ("99", "no-such-token"):
        result = run("export", ref)
        assert result.exit_code == 1 and "Traceback" not in result.output
    assert "there is no session 99" in run("export", "99").output


def test_a_bad_file_is_rejected_naming_the_hand_and_nothing_is_written(bare_app, database):
    _, run = database
    imported_id(run("import", "-", stdin=json.dumps(BODY)))
    before = counts(bare_app)
    bad = json.loads(json.dumps(BODY))
    bad["hands"][1]["components"][0]["kontra"] = {"Béla": 7}
    result = run("import", "-", stdin=json.dumps(bad))
    assert result.exit_code == 1
    assert "hands[1].components[0].kontra" in result.output
    assert "above this table's ceiling, mordkontra (4)" in result.output
    broken = run("import", "-", stdin="{")
    assert broken.exit_code == 1 and "not valid JSON" in broken.output
    assert counts(bare_app) == before


def test_settle_group_adds_evenings_up(database):
    _, run = database
    one = imported_id(run("import", "-", stdin=json.dumps(BODY)))
    two = imported_id(run("import", "-", stdin=json.dumps(BODY)))
    for method in ("minimal", "banker", "pairwise"):
        result = run("settle-group", str(one), str(two), "--method", method)
        assert result.exit_code == 0, result.output
        out = json.loads(result.output)
        assert out["method"] == method and [s["id"] for s in out["sessions"]] == [one, two]
    units = {b["player"]: b["units"] for b in out["balances"]}
    assert units == {"Anna": 8, "Béla": 16, "Csaba": 6, "Dóra": -30}  # twice the evening
    same = run("settle-group", str(one), str(one))
    assert same.exit_code == 1 and "named twice" in same.output


def test_settle_group_keeps_two_currencies_apart(database):
    """An EUR evening beside a HUF one: each currency settled on its own (before: refused)."""
    _, run = database
    one = imported_id(run("import", "-", stdin=json.dumps(BODY)))
    euro = {**BODY, "unit_value": {"amount": "0.10", "currency": "EUR"}}
    two = imported_id(run("import", "-", stdin=json.dumps(euro)))
    result = run("settle-group", str(one), str(two))
    assert result.exit_code == 0, result.output
    out = json.loads(result.output)
    assert out["currencies"] == [BODY["unit_value"]["currency"], "EUR"]
    for settlement, session_id in zip(out["settlements"], (one, two), strict=True):
        assert [s["id"] for s in settlement["sessions"]] == [session_id]
        assert sum(Decimal(b["money"]) for b in settlement["balances"]) == 0


def test_database_url_from_the_environment(bare_app, monkeypatch):
    monkeypatch.setenv("DATABASE_URL", bare_app.config["SQLALCHEMY_DATABASE_URI"])
    result = CliRunner().invoke(main, ["import", "-"], input=json.dumps(BODY))
    session_id = imported_id(result)
    with bare_app.app_context():
        assert ledger.get_session(session_id).name == "Szombati ulti"


def test_tokens_never_begin_with_a_dash(monkeypatch):
    """A command line takes "-Ab3..." for an option; one token in 64 would begin so."""
    from ulti_ledger.ledger import writes

    drawn = iter(["-first", "_second"])
    monkeypatch.setattr(writes.secrets, "token_urlsafe", lambda size: next(drawn))
    assert writes.new_token() == "_second"


def test_an_older_token_that_begins_with_a_dash_goes_after_two_dashes(bare_app, database):
    url, run = database
    session_id = imported_id(run("import", "-", stdin=json.dumps(BODY)))
    with bare_app.app_context():
        session = ledger.get_session(session_id)
        session.view_token = "-" + session.view_token[1:]  # as an older version could draw
        db.session.commit()
        token = session.view_token
    result = CliRunner().invoke(main, ["export", "--database", url, "--", token])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["name"] == "Szombati ulti"

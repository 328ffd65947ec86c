"""``ulti-ledger stats --group ID``: the statistics of every evening of a group, each
player's declared hands equal to a count made here from the imported files' hands."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from testkit import samples
from ulti_ledger import groups, ledger
from ulti_ledger.cli.main import main
from ulti_ledger.games import REGISTRY

pytestmark = pytest.mark.db
SEATS = ("Anna", "Béla", "Csaba", "Dóra")


def test_the_group_s_statistics_on_the_command_line(bare_app, tmp_path):
    url = bare_app.config["SQLALCHEMY_DATABASE_URI"]

    def run(*args):
        return CliRunner().invoke(main, [*args, "--database", url])

    bodies = []
    for seed, ruleset in enumerate(list(REGISTRY)[:2]):  # two games, each its own ruleset
        body = samples.random_session(SEATS, 20, seed=seed, name=f"{ruleset} este", ruleset=ruleset)
        path = tmp_path / f"{seed}.json"
        path.write_text(json.dumps(body, ensure_ascii=False), "utf-8")
        assert run("import", str(path)).exit_code == 0  # migrates the database first
        bodies.append(body)
    with bare_app.app_context():
        group = groups.create_group("Keddi kör")
        for session_id in (1, 2):
            groups.add_evening(group, ledger.get_session(session_id))
        group_id = group.id
    result = run("stats", "--group", str(group_id), "--json")
    assert result.exit_code == 0, result.output
    players = json.loads(result.output)["players"]
    for name in SEATS:
        declared = sum(h["declarer"] == name for body in bodies for h in body["hands"])
        assert players[name]["declared"] == declared
    text = run("stats", "--group", str(group_id), "--lang", "en")
    assert text.exit_code == 0 and "Anna" in text.output
    unknown = run("stats", "--group", "999")
    assert unknown.exit_code != 0 and "there is no group 999" in unknown.output
    both = run("stats", "1", "--group", str(group_id))
    assert both.exit_code != 0 and "not both" in both.output

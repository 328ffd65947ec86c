"""The hand form of a game with many rows stays light: magas tarokk's 29 figure rows once
weighed some 640 KB a page; the script's description now carries no label (the markup
has them) and each condition's schema once, and a chip no white space."""

from __future__ import annotations

import gzip
import json
import re

import pytest

from testkit import samples
from ulti_ledger import ledger
from ulti_ledger.games import builtin_engine
from ulti_ledger.handform import generic

pytestmark = pytest.mark.db
DATA = re.compile(r'<script type="application/json" id="game-form-data">(.*?)</script>', re.S)


def _unpacked(script):
    """The script's description with each schema put back, as game-form.js does."""

    def unpack(condition):
        if "conditions" in condition:
            return {**condition, "conditions": [unpack(c) for c in condition["conditions"]]}
        return {**condition, "schema": script["schemas"][condition["schema"]]}

    fields = []
    for field in script["fields"]:
        field = dict(field)
        if "rule" in field:
            field["rule"] = {**field["rule"], "condition": unpack(field["rule"]["condition"])}
        if "options" in field:
            field["options"] = [
                {**o, "rule": {**o["rule"], "condition": unpack(o["rule"]["condition"])}}
                if "rule" in o
                else o
                for o in field["options"]
            ]
        fields.append(field)
    return fields


@pytest.mark.parametrize("ruleset", sorted(builtin_engine().rulesets))
def test_the_scripts_description_keeps_every_rule_of_the_games(ruleset):
    rules = builtin_engine().rulesets[ruleset].rules
    form = builtin_engine().game(rules.scorer).hand_form(rules, "hu")
    script = generic.script_form(json.loads(json.dumps(form)))
    for lean, field in zip(_unpacked(script), form["fields"], strict=True):
        assert lean["name"] == field["name"]
        assert lean.get("rule") == field.get("rule")
        for key in ("optional", "per"):
            assert lean.get(key) == field.get(key)
        options = field.get("options")
        if options is not None:
            assert [o["value"] for o in lean["options"]] == [o["value"] for o in options]
            assert [o.get("rule") for o in lean["options"]] == [o.get("rule") for o in options]
    assert script["forces"] == form.get("forces", [])
    assert [p["set"] for p in script["presets"]] == [p["set"] for p in form["presets"]]


def test_a_magas_tarokk_evenings_hand_form_is_light_and_complete(app, client):
    seats = ("Anna", "Béla", "Csaba", "Dóra", "Ede")
    with app.app_context():
        body = samples.random_session(seats, 60, seed=3, name="Magas", ruleset="magas-tarokk")
        session = ledger.create_session(body)
        token = session.edit_token
        rules = builtin_engine().rulesets["magas-tarokk"].rules
        form = builtin_engine().game(rules.scorer).hand_form(rules, "hu")
    for url in (f"/e/{token}/hands/new", f"/e/{token}/hands/60/edit"):
        page = client.get(url)
        assert page.status_code == 200
        # was 640 KB; the fields that do not apply yet wait in <template>s (about 12 KB of
        # wrappers, and about 5,000 elements fewer in the DOM: tests/web/test_board_weight.py)
        assert len(page.data) < 535_000, (url, len(page.data))
        assert len(gzip.compress(page.data)) < 30_000  # what the phone receives (25 KB)
        html = page.data.decode()
        script = json.loads(DATA.search(html).group(1))
        assert len(DATA.search(html).group(1).encode()) < 130_000  # was 223 KB
        rows = [f for f in form["fields"] if f["name"].endswith("_name")]
        assert len(rows) >= 20  # a row per figure a hand can list
        for field in form["fields"]:  # every choice and its words are drawn
            for option in field.get("options", ()):
                if field.get("per") or field["kind"] not in ("choice", "toggle", "level"):
                    continue
                testid = f"{field['name']}-{option.get('key') or option['value'] or 'none'}"
                chip = re.search(rf'data-testid="{re.escape(testid)}"[^>]*>(.*?)</label>', html)
                assert chip and f"<span>{option['label']}</span>" in chip.group(1), testid
        assert len(script["form"]["fields"]) == len(form["fields"])

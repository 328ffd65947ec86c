""" "The last declarer deals" is a seating option now: migrated, imported, changed, undone."""

import hashlib
import json
from html import unescape
from pathlib import Path

import pytest
from flask_migrate import downgrade, upgrade
from sqlalchemy import text

from tests.backup.test_backup import FIRST_SCHEMA, OLD_HANDS, first_schema_evening
from ulti_ledger import ledger
from ulti_ledger.db import db
from ulti_ledger.games import REGISTRY

BEFORE = "5d2e8f1b9c34"
"""The head before the option moved: the column ``game_sessions.last_declarer_deals``."""
OLD_RULESET = Path(__file__).parents[1] / "data" / "ulti-before-issue-12.toml"


def test_the_migration_moves_the_column_into_the_options_and_back(bare_app):
    """A session pinned to the ruleset of the last revision (no such option in it) had the
    column on: after the upgrade its options say so, and the next hand is dealt by the
    last declarer; the downgrade puts the column back."""
    old = OLD_RULESET.read_text(encoding="utf-8")
    with bare_app.app_context():
        upgrade(revision=FIRST_SCHEMA)
        with db.engine.begin() as connection:
            first_schema_evening(connection)
        upgrade(revision=BEFORE)
        with db.engine.begin() as connection:
            connection.execute(
                text("UPDATE rulesets SET text = :text, digest = :digest"),
                {"text": old, "digest": hashlib.sha256(old.encode()).hexdigest()},
            )
            connection.execute(
                text("UPDATE game_sessions SET last_declarer_deals = :on"), {"on": True}
            )
        upgrade()
        db.session.expire_all()
        session = ledger.get_session(1)
        assert session.options == {"last_declarer_deals": "on"}
        info = ledger.session_json(session)
        assert info["settings"] == {"last_declarer_deals": True}
        last = OLD_HANDS[-1][1]
        assert ledger.next_hand(session)["dealer"] == last["declarer"]
        db.session.remove()
        downgrade(revision=BEFORE)
        rows = db.session.execute(text("SELECT last_declarer_deals, options FROM game_sessions"))
        ((on, options),) = rows.all()
        assert on in (True, 1)
        assert (json.loads(options) if isinstance(options, str) else options) == {}


def test_a_file_of_an_earlier_revision_with_the_setting_imports_into_the_option(
    ctx, session_body, hand
):
    body = {**session_body, "settings": {"last_declarer_deals": True}, "hands": [hand("Béla")]}
    session = ledger.import_session(json.dumps(body).encode("utf-8"))
    assert session.options == {"last_declarer_deals": "on"}
    assert ledger.next_hand(session)["dealer"] == "Béla"  # he declared the last hand
    off = ledger.import_session(
        json.dumps({**body, "settings": {"last_declarer_deals": False}}).encode("utf-8")
    )
    assert off.options == {}  # the default is nothing to store


def test_the_option_may_be_given_as_an_option_and_must_agree_with_the_setting(ctx, session_body):
    session = ledger.create_session({**session_body, "options": {"last_declarer_deals": "on"}})
    assert ledger.session_json(session)["settings"] == {"last_declarer_deals": True}
    body = {
        **session_body,
        "options": {"last_declarer_deals": "off"},
        "settings": {"last_declarer_deals": True},
    }
    with pytest.raises(ledger.SessionError) as caught:
        ledger.create_session(body)
    assert caught.value.key == "settings.last_declarer_deals"


def test_turning_it_on_after_hands_asks_nothing_and_moves_no_result(ctx, session_body, hand):
    """A seating option never changes a recorded hand: no keep-or-resettle question, no
    hand's own options, no hand version raised; the undo takes it back."""
    session = ledger.create_session({**session_body, "hands": [hand("Csaba"), hand("Béla")]})
    hands_before = ledger.session_json(session)["hands"]
    state = ledger.update_session(session, {"options": {"last_declarer_deals": "on"}})
    assert state["settings"] == {"last_declarer_deals": True}
    summary = ledger.session_json(session)
    assert [h["version"] for h in summary["hands"]] == [h["version"] for h in hands_before]
    assert all("options" not in h["hand"] for h in summary["hands"])
    assert ledger.next_hand(session)["dealer"] == "Béla"  # he declared the last hand
    ledger.update_session(session, {"settings": {"last_declarer_deals": False}})
    assert session.options == {}
    assert ledger.next_hand(session)["dealer"] == "Anna"  # Dóra sat out: she dealt hand 2
    undo = ledger.undoable(session)[-1]  # the latest change: turning it off
    ledger.undo_change(session, undo)
    assert session.options == {"last_declarer_deals": "on"}


def test_the_option_is_one_checkbox_on_the_new_evening_form_not_in_the_house_rules(client):
    html = client.get("/sessions/new").get_data(as_text=True)
    assert 'name="last_declarer_deals"' in html
    assert 'data-testid="option-last_declarer_deals"' not in html
    assert 'data-testid="option-max_kontra_level"' in html


def test_the_evening_page_turns_it_on_and_off_in_one_step_after_hands(scorer):
    from tests.web.test_ui_evening import read_form, record_hands, settings_page, summary

    record_hands(scorer)
    fields = {k: v[0] for k, v in read_form(settings_page(scorer), "evening-form").items()}
    assert "last_declarer_deals" not in fields  # unticked
    on = scorer.client.post(
        scorer.edit_url + "/evening", data={**fields, "last_declarer_deals": "y"}
    )
    assert on.status_code == 303  # no second step: no recorded hand changes
    assert summary(scorer)["options"] == {"last_declarer_deals": "on"}
    fields = {k: v[0] for k, v in read_form(settings_page(scorer), "evening-form").items()}
    assert fields["last_declarer_deals"] == ["y"][0]
    del fields["last_declarer_deals"]
    off = scorer.client.post(scorer.edit_url + "/evening", data=fields)
    assert off.status_code == 303
    assert summary(scorer)["options"] == {}


def test_the_change_list_says_it_once(scorer):
    from tests.web.test_ui_evening import read_form, settings_page

    fields = {k: v[0] for k, v in read_form(settings_page(scorer), "evening-form").items()}
    scorer.client.post(scorer.edit_url + "/evening", data={**fields, "last_declarer_deals": "y"})
    page = unescape(settings_page(scorer))
    assert page.count("Az utolsó felvevő oszt") == 1 + 1  # the checkbox, and the change
    said = REGISTRY.rule_words("ulti")["hu"]["last_declarer_deals.on"]
    assert said.split(" (")[0] not in page  # not twice

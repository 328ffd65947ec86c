"""The pagát kitty a group carries from evening to evening: each magas tarokk evening of a
group opens with what the group's previous one left, a change to an earlier evening moves
the later ones (their openings, summaries and versions), and files keep the opening."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pdfplumber
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from testkit import samples
from tests.games.tarokk.test_tarokk_ledger import HANDS, SEATS
from ulti_ledger import groups, ledger
from ulti_ledger.cli.main import main
from ulti_ledger.db import db
from ulti_ledger.games import parse_ruleset
from ulti_ledger.ledger import writes
from ulti_ledger.ledger.exchange import import_session, session_export_json
from ulti_ledger.models import GameSession
from ulti_ledger.settlement import Engine
from ulti_ledger.settlement.kitty import share_out
from ulti_ledger.words.kitty_words import evening_label

pytestmark = pytest.mark.db

FAIL, RENONSZ, TAKE = HANDS  # 1 step (10) in; 30 in; the whole kitty taken
DATA = Path(__file__).parents[1] / "data"
OLD_MAGAS = parse_ruleset(
    (DATA / "magas-tarokk-before-issue-25.toml").read_text("utf-8"), "magas-tarokk.toml"
)
"""Magas tarokk as shipped before issue 25: its kitty cap bounds the balance."""


def evening(name, day, hands, seats=SEATS, options=None):
    body = {
        "options": options or {},
        "format": "ulti-ledger/session@1",
        "ruleset": "magas-tarokk",
        "name": name,
        "date": day,
        "players": list(seats),
        "unit_value": {"amount": "5", "currency": "HUF"},
        "hands": hands,
    }
    return ledger.create_session(body)


def kitty(session, lang="hu"):
    db.session.expire_all()
    return ledger.session_summary(db.session.get(GameSession, session.id), lang)["kitty"]


@pytest.fixture
def chain(ctx):
    """Three evenings of one group, the second played first in the database's order."""
    group = groups.create_group("Tarokk kör")
    third = evening("Harmadik", "2026-10-20", [FAIL])
    first = evening("Első", "2026-10-06", [FAIL, RENONSZ])  # 10, then 40
    second = evening("Második", "2026-10-13", [FAIL])  # 40 again (within the cap of 50): 80
    for session in (third, first, second):
        groups.add_evening(group, session)
    return group, first, second, third


def test_the_scoreboard_names_the_evening_the_kitty_came_from(chain, client):
    """The ledger gives the source evening's facts; the page words them in its language."""
    _, _, second, _ = chain
    for lang, said in (("hu", "Első, 2026. 10. 06."), ("en", "Első, 6 Oct 2026")):
        page = client.get(f"/s/{second.view_token}?lang={lang}").get_data(as_text=True)
        opening = page.split('data-testid="kitty-opening">', 1)[1].split("</p>", 1)[0]
        assert evening_label({"name": "Első", "date": "2026-10-06"}, lang) == said
        assert said in opening


def test_each_evening_opens_with_the_previous_ones_closing(chain):
    group, first, second, third = chain
    one, two, three = kitty(first), kitty(second), kitty(third)
    assert (one["opening"], one["balance"], one["source"]) == (0, 40, None)
    assert (two["opening"], two["balance"]) == (40, 80)
    assert two["source"]["id"] == first.id and two["source"]["name"] == "Első"
    assert [h["balance"] for h in two["hands"]] == [80]  # 40 in, 40 more (the cap: 5 x 10)
    # 80 carried whole (the cap bounds a pay-in, never the kitty), then 80 again cut to 50
    assert (three["opening"], three["balance"], three["source"]["id"]) == (80, 130, second.id)
    assert evening_label(two["source"], "hu") == "Első, 2026. 10. 06."
    held = groups_kitty(group)
    assert [(k["units"], k["session"]) for k in held] == [(130, third.id)]


def groups_kitty(group):
    from ulti_ledger.ledger.carry import group_kitty

    db.session.expire_all()
    return group_kitty(db.session.get(type(group), group.id))


def test_an_edit_of_the_first_evening_moves_the_later_ones(chain, client):
    group, first, second, third = chain
    versions = {s.id: s.version for s in (first, second, third)}
    token = third.view_token
    before = client.get(f"/s/{token}/state")
    etag = before.headers["ETag"]
    assert client.get(f"/s/{token}/state", headers={"If-None-Match": etag}).status_code == 304
    ledger.replace_hand(db.session.get(GameSession, first.id), 2, TAKE)  # 10 taken: 0 left
    assert kitty(first)["balance"] == 0
    two, three = kitty(second), kitty(third)
    assert (two["opening"], two["balance"]) == (0, 10)
    assert (three["opening"], three["balance"]) == (10, 20)
    db.session.expire_all()
    for session in (second, third):  # a later evening's readers learn of it
        assert db.session.get(GameSession, session.id).version > versions[session.id]
    after = client.get(f"/s/{token}/state", headers={"If-None-Match": etag})
    assert after.status_code == 200 and after.headers["ETag"] != etag
    page = client.get(f"/s/{token}").get_data(as_text=True)
    assert "Nyitó egyenleg: 10 (50" in page and "a társaság előző estéjéről (Második" in page
    # the hand deleted, then the second evening played first
    ledger.delete_hand(db.session.get(GameSession, first.id), 2)
    assert kitty(second)["opening"] == 10 and kitty(third)["opening"] == 20
    (gone,) = ledger.deleted_hands(db.session.get(GameSession, first.id))
    ledger.restore_hand(db.session.get(GameSession, first.id), gone["hand_id"])
    assert kitty(second)["opening"] == 0 and kitty(third)["opening"] == 10  # back as it was
    ledger.delete_hand(db.session.get(GameSession, first.id), 2)
    ledger.update_session(db.session.get(GameSession, second.id), {"date": "2026-10-01"})
    assert kitty(second)["opening"] == 0 and kitty(first)["opening"] == 10
    assert kitty(first)["source"]["id"] == second.id and kitty(first)["balance"] == 20
    assert (kitty(third)["opening"], kitty(third)["balance"]) == (20, 40)  # doubled


def test_out_of_the_group_an_evening_opens_empty(chain):
    group, first, second, third = chain
    groups.remove_evening(
        db.session.get(type(group), group.id), db.session.get(GameSession, second.id)
    )
    assert kitty(second)["opening"] == 0 and kitty(second)["source"] is None
    assert kitty(third)["opening"] == 40 and kitty(third)["source"]["id"] == first.id
    ledger.delete_session(first.id)
    assert kitty(third)["opening"] == 0 and kitty(third)["balance"] == 10


def test_a_balance_above_the_cap_waits_with_the_group(ctx, monkeypatch):
    """Evenings pinned to the magas tarokk text before issue 25, whose cap bounds the kitty:
    they keep those rules, so a balance above a smaller table's cap waits with the group."""
    monkeypatch.setattr(writes, "builtin_engine", lambda: Engine({"magas-tarokk": OLD_MAGAS}))
    group = groups.create_group("Kis asztal")
    big = evening("Öten", "2026-10-06", [FAIL, RENONSZ, FAIL])  # 10, 40, 50 (the cap of 5)
    four = ("Béla", "Csaba", "Dóra", "Ede")
    small = evening("Négyen", "2026-10-13", [{**FAIL, "sitting_out": []}], seats=four)
    after = evening("Megint öten", "2026-10-20", [])
    monkeypatch.undo()
    for session in (big, small, after):
        groups.add_evening(group, session)
    four_kitty = kitty(small)
    assert kitty(big)["balance"] == 50
    assert (four_kitty["opening"], four_kitty["held"]) == (40, 10)  # the cap of 4 is 40
    assert four_kitty["balance"] == 40  # no pay-in above the cap
    assert four_kitty["group"] == 50 and kitty(after)["opening"] == 50
    words = kitty(small, "en")
    assert words["held"] == 10
    assert (
        ledger.session_summary(db.session.get(GameSession, small.id), "en")["kitty"]["group"] == 50
    )


def test_a_balance_above_the_cap_carries_whole_by_todays_rules(ctx):
    """Seed 002 section 15 caps one pay-in, never the kitty: an evening whose kitty grew
    past the cap keeps it, and a smaller table's evening opens with all of it."""
    group = groups.create_group("Kis asztal ma")
    big = evening("Öten", "2026-10-06", [FAIL, RENONSZ, FAIL])  # 10, 40, 80 (40 again)
    four = ("Béla", "Csaba", "Dóra", "Ede")
    small = evening("Négyen", "2026-10-13", [{**FAIL, "sitting_out": []}], seats=four)
    for session in (big, small):
        groups.add_evening(group, session)
    four_kitty = kitty(small)
    assert kitty(big)["balance"] == 80
    assert (four_kitty["opening"], four_kitty["held"]) == (80, 0)
    assert four_kitty["balance"] == 120  # 80 again, cut to this table's cap of 40
    assert four_kitty["group"] == 120


def test_export_import_export_gives_the_same_bytes(chain, runner):
    group, first, second, third = chain
    exported = session_export_json(db.session.get(GameSession, second.id))
    assert json.loads(exported)["kitty"] == {"opening": 40, "balance": 80, "rule": "stays"}
    copy = import_session(exported)
    assert copy.group_id is None and kitty(copy)["opening"] == 40
    assert session_export_json(db.session.get(GameSession, copy.id)) == exported
    settled = runner.invoke(main, ["settle", "-"], input=exported)
    assert settled.exit_code == 0, settled.output
    result = json.loads(settled.output)
    assert result["kitty"]["opening"] == 40 and result["kitty"]["balance"] == 80
    text = runner.invoke(main, ["settle", "-", "--format", "text", "--lang", "hu"], input=exported)
    assert "Nyitó egyenleg: 40 (200" in text.output


def test_a_bad_opening_in_a_file_is_refused(ctx):
    body = json.loads(session_export_json(evening("X", "2026-10-06", [FAIL])))
    body["kitty"]["opening"] = -5
    with pytest.raises(ledger.SessionError) as refused:
        import_session(json.dumps(body))
    assert refused.value.key == "kitty.opening"
    assert db.session.query(GameSession).count() == 1


@settings(
    max_examples=8, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    tables=st.lists(st.sampled_from([4, 5]), min_size=2, max_size=4),
    seed=st.integers(0, 10_000),
)
def test_the_carried_kitty_stays_within_its_caps_and_keeps_every_unit(ctx, tables, seed):
    """Generated evenings of four or five, chained in a group: each opens with all that the
    group held after the one before (the cap bounds a pay-in, not the kitty), its kitty is
    never negative, and what the group holds is every unit put in minus every unit taken."""
    group = groups.create_group(f"Kör {seed}")
    made = []
    for index, table in enumerate(tables):
        seats = SEATS[:table]
        body = samples.random_session(
            tuple(seats), 8, seed=seed + index, name=f"E{index}", ruleset="magas-tarokk"
        )
        body.update(date=f"2026-10-{index + 10:02d}", unit_value={"amount": "5", "currency": "HUF"})
        made.append(ledger.create_session(body))
        groups.add_evening(group, made[-1])
    held, put_in = 0, 0
    for session in made:
        got = kitty(session)
        if got is None:
            assert held == 0
            continue
        assert got["opening"] == held and got["held"] == 0 and got["balance"] >= 0
        assert all(h["balance"] >= 0 for h in got["hands"])
        put_in += sum(sum(h["put_in"].values()) - sum(h["took"].values()) for h in got["hands"])
        held = got["group"]
        assert held == put_in  # nothing lost, nothing made up
    assert [k["units"] for k in groups_kitty(group)] == [held]  # the group page's number


def test_the_sheets_and_the_group_page_say_the_opening(chain, client):
    group, first, second, third = chain
    view = f"/s/{second.view_token}"
    rows = client.get(f"{view}/hands.csv").get_data(as_text=True).lstrip("\ufeff").splitlines()
    head = rows[0].split(";")
    cells = rows[1].split(";")[-len(head) :]
    # put in, took, the balance after (from 40, not from 0); then each player's own move,
    # then each player's money
    start = len(head) - 3 - 5 - 5
    assert cells[start : start + 3] == ["Béla 20, Dóra 20", "", "80"]
    pdf = client.get(f"{view}/scoresheet.pdf")
    with pdfplumber.open(io.BytesIO(pdf.data)) as doc:
        words = " ".join((page.extract_text() or "") for page in doc.pages).replace("\n", " ")
    assert "Nyitó egyenleg: 40" in words and "a társaság előző estéjéről (Első" in words
    english = client.get(f"{view}?lang=en").get_data(as_text=True)
    assert "carried from the group&#39;s previous evening (Első" in english
    page = client.get(f"/g/{group.view_token}?lang=hu").get_data(as_text=True)
    assert 'data-testid="group-kitty"' in page
    assert "A társaság kasszájában most 130 (650" in page and "(Harmadik" in page
    german = client.get(f"/g/{group.view_token}?lang=de").get_data(as_text=True)
    assert "In der Kasse der Runde liegen jetzt 130 (650" in german


def test_the_house_rule_shares_the_balance_out_instead(ctx, runner):
    """kitty_end = shared: the evening's players share what is left, in seating order
    (the units that do not divide one each to the first), and the next evening opens empty."""
    assert share_out(50, ("A", "B", "C", "D")) == {"A": 13, "B": 13, "C": 12, "D": 12}
    group = groups.create_group("Osztozó kör")
    first = evening("Első", "2026-10-06", [FAIL, RENONSZ, FAIL], options={"kitty_end": "shared"})
    later = evening("Második", "2026-10-13", [FAIL])
    for session in (first, later):
        groups.add_evening(group, session)
    got = kitty(first)
    assert got["rule"] == "shared" and got["balance"] == 80 and got["group"] == 0
    assert got["shared"] == {name: 16 for name in SEATS}
    assert kitty(later)["opening"] == 0 and kitty(later)["balance"] == 10
    words = ledger.session_summary(db.session.get(GameSession, first.id), "hu")
    assert words["kitty"]["shared_text"] == "Anna 16, Béla 16, Csaba 16, Dóra 16, Ede 16"
    exported = session_export_json(db.session.get(GameSession, first.id))
    assert json.loads(exported)["kitty"]["rule"] == "shared"
    text = runner.invoke(main, ["settle", "-", "--format", "text", "--lang", "hu"], input=exported)
    assert "egyenlő részben az este játékosaié: Anna 16, Béla 16" in text.output


def test_the_group_api_says_what_its_kitty_holds(chain, client):
    group, first, second, third = chain
    auth = {"Authorization": f"Bearer {group.view_token}"}
    got = client.get(f"/api/v1/groups/{group.id}", headers=auth).get_json()
    assert got["kitty"] == [
        {
            "units": 130,
            "money": "650",
            "currency": "HUF",
            "session": third.id,
            "name": "Harmadik",
            "date": "2026-10-20",
        }
    ]


def test_an_evening_pinned_before_keeps_its_kitty_and_its_copy_takes_todays_rules(ctx, monkeypatch):
    """Issue 25: an evening recorded under the magas tarokk text before it keeps its capped
    kitty (its pinned text); its scorer who wants today's reading exports it and imports
    the file, and the copy is settled by today's rules, the kitty growing past the cap."""
    monkeypatch.setattr(writes, "builtin_engine", lambda: Engine({"magas-tarokk": OLD_MAGAS}))
    old = evening("Régi", "2026-10-06", [FAIL, RENONSZ, FAIL, FAIL])  # 10, 40, 50, 50
    monkeypatch.undo()
    assert kitty(old)["balance"] == 50
    assert db.session.get(GameSession, old.id).ruleset.digest == OLD_MAGAS.digest
    copy = import_session(session_export_json(db.session.get(GameSession, old.id)))
    assert kitty(copy)["balance"] == 10 + 30 + 40 + 50  # 80 again, cut to one pay-in of 50
    assert kitty(old)["balance"] == 50  # the original is left as it was

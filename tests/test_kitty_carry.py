"""The pagát kitty a group carries from evening to evening: each magas tarokk evening of a
group opens with what the group's previous one left, a change to an earlier evening moves
the later ones (their openings, summaries and versions), and files keep the opening."""

from __future__ import annotations

import io
import json

import pdfplumber
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ulti_ledger import groups, ledger, samples
from ulti_ledger.cli import main
from ulti_ledger.db import db
from ulti_ledger.ledger.exchange import import_session, session_export_json
from ulti_ledger.models import GameSession
from ulti_ledger.settlement.kitty import share_out

from .test_tarokk_ledger import HANDS, SEATS

pytestmark = pytest.mark.db

FAIL, RENONSZ, TAKE = HANDS  # 1 step (10) in; 30 in; the whole kitty taken


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
    second = evening("Második", "2026-10-13", [FAIL])  # 40 doubled, cut at the cap: 50
    for session in (third, first, second):
        groups.add_evening(group, session)
    return group, first, second, third


def test_each_evening_opens_with_the_previous_ones_closing(chain):
    group, first, second, third = chain
    one, two, three = kitty(first), kitty(second), kitty(third)
    assert (one["opening"], one["balance"], one["source"]) == (0, 40, None)
    assert (two["opening"], two["balance"]) == (40, 50)
    assert two["source"]["id"] == first.id and two["source"]["name"] == "Első"
    assert [h["balance"] for h in two["hands"]] == [50]  # 40 in, 10 more (the cap: 5 x 10)
    assert (three["opening"], three["balance"], three["source"]["id"]) == (50, 50, second.id)
    assert two["source"]["label"] == "Első, 2026. 10. 06."
    held = groups_kitty(group)
    assert [(k["units"], k["session"]) for k in held] == [(50, third.id)]


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


def test_a_balance_above_the_cap_waits_with_the_group(ctx):
    group = groups.create_group("Kis asztal")
    big = evening("Öten", "2026-10-06", [FAIL, RENONSZ, FAIL])  # 10, 40, 50 (the cap of 5)
    four = ("Béla", "Csaba", "Dóra", "Ede")
    small = evening("Négyen", "2026-10-13", [{**FAIL, "sitting_out": []}], seats=four)
    after = evening("Megint öten", "2026-10-20", [])
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


def test_export_import_export_gives_the_same_bytes(chain, runner):
    group, first, second, third = chain
    exported = session_export_json(db.session.get(GameSession, second.id))
    assert json.loads(exported)["kitty"] == {"opening": 40, "balance": 50, "rule": "stays"}
    copy = import_session(exported)
    assert copy.group_id is None and kitty(copy)["opening"] == 40
    assert session_export_json(db.session.get(GameSession, copy.id)) == exported
    settled = runner.invoke(main, ["settle", "-"], input=exported)
    assert settled.exit_code == 0, settled.output
    result = json.loads(settled.output)
    assert result["kitty"]["opening"] == 40 and result["kitty"]["balance"] == 50
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
    """Generated evenings of four or five, chained in a group: each opens with what the
    group held after the one before, its kitty is never negative nor above its cap, and
    what the group holds is every unit put in minus every unit taken."""
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
    for session, table in zip(made, tables, strict=True):
        got = kitty(session)
        if got is None:
            assert held == 0
            continue
        cap = 10 * table
        assert got["opening"] + got["held"] == held and 0 <= got["opening"] <= cap
        assert all(0 <= h["balance"] <= cap for h in got["hands"]) and 0 <= got["balance"] <= cap
        put_in += sum(sum(h["put_in"].values()) - sum(h["took"].values()) for h in got["hands"])
        held = got["group"]
        assert held == put_in  # nothing lost, nothing made up
    assert [k["units"] for k in groups_kitty(group)] == [held]  # the group page's number


def test_the_sheets_and_the_group_page_say_the_opening(chain, client):
    group, first, second, third = chain
    view = f"/s/{second.view_token}"
    rows = client.get(f"{view}/hands.csv").get_data(as_text=True).lstrip("\ufeff").splitlines()
    assert rows[1].split(";")[-3:] == ["Béla 5, Dóra 5", "", "50"]  # from 40, not from 0
    pdf = client.get(f"{view}/scoresheet.pdf")
    with pdfplumber.open(io.BytesIO(pdf.data)) as doc:
        words = " ".join((page.extract_text() or "") for page in doc.pages).replace("\n", " ")
    assert "Nyitó egyenleg: 40" in words and "a társaság előző estéjéről (Első" in words
    english = client.get(f"{view}?lang=en").get_data(as_text=True)
    assert "carried from the group&#39;s previous evening (Első" in english
    page = client.get(f"/g/{group.view_token}?lang=hu").get_data(as_text=True)
    assert 'data-testid="group-kitty"' in page
    assert "A társaság kasszájában most 50 (250" in page and "(Harmadik" in page
    german = client.get(f"/g/{group.view_token}?lang=de").get_data(as_text=True)
    assert "In der Kasse der Runde liegen jetzt 50 (250" in german


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
    assert got["rule"] == "shared" and got["balance"] == 50 and got["group"] == 0
    assert got["shared"] == {name: 10 for name in SEATS}
    assert kitty(later)["opening"] == 0 and kitty(later)["balance"] == 10
    words = ledger.session_summary(db.session.get(GameSession, first.id), "hu")
    assert words["kitty"]["shared_text"] == "Anna 10, Béla 10, Csaba 10, Dóra 10, Ede 10"
    exported = session_export_json(db.session.get(GameSession, first.id))
    assert json.loads(exported)["kitty"]["rule"] == "shared"
    text = runner.invoke(main, ["settle", "-", "--format", "text", "--lang", "hu"], input=exported)
    assert "egyenlő részben az este játékosaié: Anna 10, Béla 10" in text.output


def test_the_group_api_says_what_its_kitty_holds(chain, client):
    group, first, second, third = chain
    auth = {"Authorization": f"Bearer {group.view_token}"}
    got = client.get(f"/api/v1/groups/{group.id}", headers=auth).get_json()
    assert got["kitty"] == [
        {
            "units": 50,
            "money": "250",
            "currency": "HUF",
            "session": third.id,
            "name": "Harmadik",
            "date": "2026-10-20",
        }
    ]

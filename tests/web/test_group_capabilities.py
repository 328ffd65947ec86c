"""A view link only reads, directly or through a group (issue 23; docs/capabilities.md).

A stranger who has an evening's view link (every phone at the table scans it) and makes
a group of his own can show that evening in his group, and nothing more: not its
players, its version, its kitty nor which group may change it, through any route of the
app. The evening's scorer sees every group that holds the evening on its edit page and
takes it out of any of them there.
"""

from __future__ import annotations

import json
import re

import pytest

from tests.conftest import close_app, make_app
from tests.ledger.test_kitty_carry import FAIL, RENONSZ, evening, kitty
from ulti_ledger import groups, ledger
from ulti_ledger.db import db
from ulti_ledger.ledger.carry import group_kitty
from ulti_ledger.ledger.exchange import session_export_json
from ulti_ledger.models import GameSession, Group, GroupViewEvening

pytestmark = pytest.mark.db  # run again on PostgreSQL by `make test`

WRITES = {"POST", "PUT", "PATCH", "DELETE"}


@pytest.fixture
def app(tmp_path):
    # CSRF off: every form route then reads its fields, so only the capability refuses
    made = make_app(tmp_path, GROUP_TODAY="2026-11-20", WTF_CSRF_ENABLED=False)
    yield made
    close_app(made)


@pytest.fixture
def table(app):
    """The scorer's magas tarokk evening in the scorer's group (added by its edit link, so
    in the group's kitty chain after an earlier evening), and a stranger's group that holds
    it by its view link, with the stranger's own evenings: an imported one that opens with
    a large kitty, dated before, and one after."""
    with app.app_context():
        own = groups.create_group("Keddi tarokk")
        before = evening("Előző", "2026-10-06", [FAIL, RENONSZ])  # leaves 40 in the kitty
        victim = evening("Keddi", "2026-10-13", [FAIL])
        groups.add_evening(own, before)
        groups.add_evening(own, victim)
        stranger = groups.create_group("Idegen")
        body = json.loads(session_export_json(evening("Import", "2026-10-01", [])))
        body["kitty"] = {"opening": 1_000_000}
        imported = ledger.create_session(body)
        after = evening("Utána", "2026-10-20", [FAIL])
        groups.add_evening(stranger, imported)  # his own: by its edit link
        groups.add_evening(stranger, after)
        groups.add_evening(stranger, victim, writable=False)  # only its view link
        return {
            "victim": victim.id,
            "view": victim.view_token,
            "edit": victim.edit_token,
            "own": own.id,
            "own_edit": own.edit_token,
            "stranger": stranger.id,
            "stranger_edit": stranger.edit_token,
            "stranger_view": stranger.view_token,
            "imported": imported.id,
            "after": after.id,
        }


def evening_state(app, session_id):
    """Everything of the evening a write could change: its file, version, kitty, group."""
    with app.app_context():
        db.session.expire_all()
        session = db.session.get(GameSession, session_id)
        return {
            "file": session_export_json(session),
            "players": ledger.seat_names(session),
            "version": session.version,
            "kitty": (session.kitty_opening, session.kitty_from_id, session.kitty_closing),
            "group": session.group_id,
            "deleted": session.deleted_at,
        }


def group_version(app, group_id):
    with app.app_context():
        return db.session.get(Group, group_id).version


def test_the_view_link_shows_and_counts_but_never_writes(app, table):
    state = evening_state(app, table["victim"])
    assert state["group"] == table["own"] and state["kitty"][0] == 40  # the scorer's chain
    client = app.test_client()
    page = client.get(f"/g/{table['stranger_edit']}").get_data(as_text=True)
    assert "Keddi" in page and f'data-testid="read-only-{table["victim"]}"' in page
    api = client.get(f"/api/v1/groups/{table['stranger']}?token={table['stranger_view']}")
    shown = {e["id"]: e for e in api.get_json()["evenings"]}
    assert shown[table["victim"]]["writable"] is False and shown[table["after"]]["writable"]
    assert "Anna" in api.get_json()["standings"]  # counted in the stranger's standings
    # the group's rename (and merge) reaches only the evenings it may change
    rename = f"/g/{table['stranger_edit']}/rename"
    answer = client.post(rename, data={"old": "Anna", "new": "Pwned"})
    flashed = client.get(answer.headers["Location"]).get_data(as_text=True)
    assert "a régi név maradt" in flashed
    client.post(rename, data={"old": "Béla", "new": "Anna"})  # a merge
    assert evening_state(app, table["victim"]) == state
    with app.app_context():
        assert ledger.seat_names(db.session.get(GameSession, table["after"]))[0] == "Pwned"


def test_a_name_only_in_read_only_evenings_is_not_renamed(app, table):
    client = app.test_client()
    with app.app_context():
        stranger = groups.get_group(table["stranger"])
        groups.remove_evening(stranger, db.session.get(GameSession, table["after"]))
        groups.remove_evening(stranger, db.session.get(GameSession, table["imported"]))
    answer = client.post(
        f"/g/{table['stranger_edit']}/rename?lang=en", data={"old": "Anna", "new": "Pwned"}
    )
    assert answer.status_code == 422
    page = answer.get_data(as_text=True)
    assert "Anna played only in evenings this group holds by their view link" in page


def test_no_route_lets_the_stranger_change_the_evening(app, table):
    """Every write route of the app, with every link the stranger has, and bodies that ask
    for a rename, a kitty, a group: the evening stays as it was, and nothing is a 5xx."""
    before = evening_state(app, table["victim"])
    own_version = group_version(app, table["own"])
    tokens = [table["view"], table["stranger_edit"], table["stranger_view"]]
    values = {
        "session_id": [table["victim"]],
        "group_id": [table["own"], table["stranger"]],
        "hand_id": [1],
        "number": [1],
        "entry_id": [1],
        "payment_id": [1],
    }
    pay = {"from": "Anna", "to": "Béla", "amount": "5"}  # a payment, either way round
    form = {
        **pay,
        "old": "Anna",
        "new": "Pwned",
        "name": "Pwned",
        "link": f"http://localhost/s/{table['view']}",
        "s": table["view"],
        "group": str(table["own"]),
        "date": "2026-10-01",
    }
    body = {
        **pay,
        "rename": {"Anna": "Pwned"},
        "name": "Pwned",
        "date": "2026-10-01",
        "kitty": {"opening": 1_000_000},
        "evening": table["view"],
        "group": table["own"],
    }
    client = app.test_client()
    answers = []
    for rule in app.url_map.iter_rules():
        for method in sorted(rule.methods & WRITES):
            for url in _urls(rule.rule, tokens, values):
                for bearer in tokens if url.startswith("/api/") else [None]:
                    _held_by_view(app, table)  # a route before may have taken it out
                    headers = {"Authorization": f"Bearer {bearer}"} if bearer else {}
                    if url.startswith("/api/"):
                        got = client.open(url, method=method, json=body, headers=headers)
                    else:
                        got = client.open(url, method=method, data=form)
                    answers.append((method, url, got.status_code))
    assert len(answers) > 60
    assert not [a for a in answers if a[2] >= 500]
    assert evening_state(app, table["victim"]) == before
    assert group_version(app, table["own"]) == own_version
    with app.app_context():  # the scorer's group still holds it, and may change it
        assert groups.store.holds(groups.get_group(table["own"]), _victim(table)) == "edit"


def _held_by_view(app, table):
    """The stranger's group holds the evening by its view link (again)."""
    with app.app_context():
        groups.add_evening(groups.get_group(table["stranger"]), _victim(table), writable=False)


def _victim(table):
    return db.session.get(GameSession, table["victim"])


def _urls(rule, tokens, values):
    """``rule`` with each of its parameters filled in every way given."""
    urls = [rule]
    for name in re.findall(r"<(?:[^:>]+:)?([^>]+)>", rule):
        options = tokens if name == "token" else values.get(name, [1])
        pattern = re.compile(r"<(?:[^:>]+:)?" + name + ">")
        urls = [pattern.sub(str(v), url) for url in urls for v in options]
    return urls


def test_the_kitty_chain_is_the_scorer_s_groups_alone(app, table):
    """The evening held by view is not in the stranger's chain, and the imported evening's
    opening (a million units) neither starts it nor reaches the next evening."""
    with app.app_context():
        assert kitty(_victim(table))["opening"] == 40  # from the scorer's earlier evening
        after = db.session.get(GameSession, table["after"])
        imported = db.session.get(GameSession, table["imported"])
        assert (after.kitty_opening, after.kitty_from_id) == (0, None)
        assert imported.kitty_opening == 1_000_000 and imported.kitty_closing is None
        own = kitty(imported)  # its own sheet keeps what it brought (opened at the cap)
        assert own["opening"] + own["held"] == 1_000_000 and own["source"] is None
        held = group_kitty(groups.get_group(table["stranger"]))
        assert [k["session"] for k in held] == [after.id]


def test_an_imported_opening_never_starts_a_chain_even_by_the_edit_link(app):
    with app.app_context():
        group = groups.create_group("Import kör")
        body = json.loads(session_export_json(evening("Hozott", "2026-10-01", [FAIL])))
        body["kitty"] = {"opening": 30}  # under the cap of 50
        imported = ledger.create_session(body)
        later = evening("Saját", "2026-10-08", [FAIL])
        groups.add_evening(group, imported)
        groups.add_evening(group, later)
        assert kitty(imported)["opening"] == 30  # its own
        assert kitty(later)["opening"] == 0 and kitty(later)["source"] is None


def test_the_scorer_s_own_group_is_never_blocked_by_a_view_holder(app):
    with app.app_context():
        stranger = groups.create_group("Idegen")
        victim = evening("Keddi", "2026-10-13", [FAIL])
        first = groups.evening_by_link(victim.view_token)
        assert first == (victim, False)
        groups.add_evening(stranger, victim, writable=first[1])
        mine = groups.create_group("Saját")
        session, writable = groups.evening_by_link(victim.edit_token)
        assert writable
        groups.add_evening(mine, session, writable=writable)
        assert victim.group_id == mine.id
        assert groups.store.holds(stranger, victim) == "view"
        # the edit link of an evening another group may change is refused, naming it
        third = groups.create_group("Harmadik")
        with pytest.raises(groups.GroupError) as refused:
            groups.add_evening(third, victim, writable=True)
        assert refused.value.code == "other_group" and refused.value.params["group"] == "Saját"


def test_the_edit_link_upgrades_a_view_held_evening(app):
    client = app.test_client()
    with app.app_context():
        group = groups.create_group("Kör")
        session = evening("Este", "2026-10-13", [FAIL])
        ids = (group.id, session.id)
        links = (group.edit_token, session.view_token, session.edit_token)
    group_edit, view, edit = links
    added = client.post(f"/g/{group_edit}/evenings", data={"link": f"http://x/s/{view}"})
    page = client.get(added.headers["Location"]).get_data(as_text=True)
    assert "csak olvasásra" in page
    client.post(f"/g/{group_edit}/evenings", data={"link": f"http://x/e/{edit}"})
    with app.app_context():
        assert db.session.get(GameSession, ids[1]).group_id == ids[0]
        assert db.session.query(GroupViewEvening).count() == 0


def test_the_scorer_takes_the_evening_out_of_a_group_from_its_edit_page(app, table):
    client = app.test_client()
    page = client.get(f"/e/{table['edit']}?lang=en").get_data(as_text=True)
    assert 'data-testid="evening-groups"' in page
    assert "Keddi tarokk" in page and "Idegen" in page
    assert "may change it" in page and "reads it only" in page
    action = re.search(rf'action="([^"]+/groups/{table["stranger"]}/remove)"', page).group(1)
    assert action == f"/e/{table['edit']}/groups/{table['stranger']}/remove"
    left = client.post(action)
    assert left.status_code == 303 and left.headers["Location"].endswith(f"/e/{table['edit']}")
    page = client.get(left.headers["Location"]).get_data(as_text=True)
    assert "The evening was taken out of the group Idegen." in page
    with app.app_context():
        stranger = groups.get_group(table["stranger"])
        assert groups.store.holds(stranger, _victim(table)) is None
        assert table["victim"] not in [s.id for s in groups.group_evenings(stranger)]
    # out of its own group too: it leaves the kitty chain and opens empty again
    client.post(f"/e/{table['edit']}/groups/{table['own']}/remove")
    state = evening_state(app, table["victim"])
    assert state["group"] is None and state["kitty"] == (0, None, None)
    # the view page lists no group, and the view link cannot take it out of one
    view = client.get(f"/s/{table['view']}").get_data(as_text=True)
    assert 'data-testid="evening-groups"' not in view
    assert client.post(f"/e/{table['view']}/groups/{table['own']}/remove").status_code == 404


def test_the_api_adds_by_either_link_and_says_which(app, table):
    client = app.test_client()
    url = f"/api/v1/groups/{table['own']}/evenings"
    with app.app_context():
        other = evening("Másik", "2026-10-27", [FAIL])
        tokens = (other.view_token, other.edit_token)
    edit = {"Authorization": f"Bearer {table['own_edit']}"}
    added = client.post(url, json={"evening": tokens[0]}, headers=edit)
    assert added.status_code == 201 and added.get_json()["writable"] is False
    again = client.post(url, json={"evening": tokens[0]}, headers=edit)
    assert again.status_code == 200
    upgraded = client.post(url, json={"evening": f"http://x/e/{tokens[1]}"}, headers=edit)
    assert upgraded.status_code == 201 and upgraded.get_json()["writable"] is True
    taken = client.post(
        f"/api/v1/groups/{table['stranger']}/evenings",
        json={"evening": table["edit"]},
        headers={"Authorization": f"Bearer {table['stranger_edit']}"},
    )
    assert taken.status_code == 409 and taken.get_json()["code"] == "other_group"
    viewer = {"Authorization": f"Bearer {table['stranger_view']}"}
    refused = client.post(
        f"/api/v1/groups/{table['stranger']}/evenings", json={"evening": tokens[0]}, headers=viewer
    )
    assert refused.status_code == 403
    assert client.post(url, json={"evening": tokens[0]}).status_code == 401
    assert client.post(url, json={"evening": "x" * 43}, headers=edit).status_code == 404
    assert client.post(url, json={"nothing": 1}, headers=edit).status_code == 400

"""A group's work is bounded (issue 23): at most 500 evenings and 60 members, refused past
either in the page's language (and 409 by the API); its season report goes through the PDF
pool, budget and cache; its page and statistics stay under 1 MB at the maximum."""

from __future__ import annotations

import pytest

from testkit import samples
from tests.conftest import close_app, make_app
from tests.pdf.test_pdf_render import pool_held, renders, under_way
from tests.ui_helpers import csrf_token
from ulti_ledger import groups, ledger
from ulti_ledger.db import db
from ulti_ledger.ledger.limits import Limits
from ulti_ledger.models import GameSession
from ulti_ledger.pdf import pool as pdf_render

pytestmark = pytest.mark.db  # run again on PostgreSQL by `make test`

SEATS = ("Anna", "Béla", "Csaba", "Dóra")
REFUSED = {
    "hu": "Egy társaságban legfeljebb 2 este lehet, és ez már tele van.",
    "en": "A group holds at most 2 evenings, and this one is full.",
    "de": "Eine Runde umfasst höchstens 2 Abende, und diese ist voll.",
}


@pytest.fixture
def app(tmp_path, request):
    config = {"MAX_GROUP_SIZE_EVENINGS": 2, "MAX_GROUP_SIZE_MEMBERS": 6}
    made = make_app(tmp_path, GROUP_TODAY="2026-11-20", **config, **getattr(request, "param", {}))
    yield made
    with made.app_context():
        assert pdf_render.renderer().idle(300)
    close_app(made)


def evening(name, day, seats=SEATS, hands=1):
    body = samples.random_session(seats, hands, seed=len(name), name=name)
    body["date"] = day
    return ledger.create_session(body)


@pytest.fixture
def full(app):
    """A group at its maximum of two evenings (four members), and a third evening."""
    with app.app_context():
        group = groups.create_group("Teli kör")
        groups.add_evening(group, evening("Első", "2026-10-06"))
        groups.add_evening(group, evening("Második", "2026-10-13"))
        third = evening("Harmadik", "2026-10-20")
        return {
            "id": group.id,
            "edit": group.edit_token,
            "third": third.id,
            "third_view": third.view_token,
            "third_edit": third.edit_token,
        }


def held(app, group_id):
    with app.app_context():
        return len(groups.group_evenings(groups.get_group(group_id)))


@pytest.mark.parametrize("lang", ["hu", "en", "de"])
def test_a_full_group_refuses_the_next_evening_in_the_page_s_language(app, full, lang):
    client = app.test_client()
    token = full["edit"]
    form = client.get(f"/g/{token}?lang={lang}").get_data(as_text=True)
    csrf = csrf_token(form)
    for link in (full["third_view"], full["third_edit"]):  # either link: the group is full
        answer = client.post(
            f"/g/{token}/evenings", data={"csrf_token": csrf, "link": f"http://x/s/{link}"}
        )
        assert answer.status_code == 303
        page = client.get(answer.headers["Location"]).get_data(as_text=True)
        assert REFUSED[lang] in page
    assert held(app, full["id"]) == 2
    with app.app_context():
        assert db.session.get(GameSession, full["third"]).group_id is None


def test_the_api_answers_409_past_the_maximum(app, full):
    client = app.test_client()
    answer = client.post(
        f"/api/v1/groups/{full['id']}/evenings",
        json={"evening": full["third_edit"]},
        headers={"Authorization": f"Bearer {full['edit']}"},
    )
    assert answer.status_code == 409
    body = answer.get_json()
    assert body["code"] == "too_many_evenings" and body["params"] == {"limit": 2}
    assert "at most 2 evenings" in body["error"]
    assert held(app, full["id"]) == 2


def test_an_evening_that_would_bring_too_many_members_is_refused(app):
    client = app.test_client()
    with app.app_context():
        group = groups.create_group("Kis kör")
        groups.add_evening(group, evening("Első", "2026-10-06"))
        newcomers = evening("Vendégek", "2026-10-13", ("Anna", "Ede", "Feri", "Gizi"))
        token, ids = group.edit_token, (group.id, newcomers.id)
        link = newcomers.edit_token
    answer = client.post(
        f"/api/v1/groups/{ids[0]}/evenings",
        json={"evening": link},
        headers={"Authorization": f"Bearer {token}"},
    )
    assert answer.status_code == 409 and answer.get_json()["code"] == "too_many_members"
    assert answer.get_json()["params"] == {"limit": 6, "count": 7}
    with app.test_request_context("/?lang=de"):
        from ulti_ledger.views.refusal_words import group_error_text

        group = groups.get_group(ids[0])
        with pytest.raises(groups.GroupError) as refused:
            groups.add_evening(group, db.session.get(GameSession, ids[1]))
        db.session.rollback()
        from flask import g

        g.lang = "de"
        assert group_error_text(refused.value) == (
            "Eine Runde hat höchstens 6 Mitglieder; mit diesem Abend wären es 7."
        )
    assert held(app, ids[0]) == 1


def test_a_new_evening_in_a_full_group_is_refused_before_it_is_made(app, full):
    client = app.test_client()
    form = client.get(f"/sessions/new?group={full['edit']}").get_data(as_text=True)
    csrf = csrf_token(form)
    with app.app_context():
        before = db.session.query(GameSession).count()
    data = {
        "csrf_token": csrf,
        "group": str(full["id"]),
        "ruleset": samples.RULESET,
        "unit_amount": "10",
        "currency": "HUF",
        **{f"players-{i}": name for i, name in enumerate(SEATS)},
    }
    answer = client.post("/sessions", data=data)
    assert answer.status_code == 422, answer.text[:500]
    assert REFUSED["hu"] in answer.text
    with app.app_context():
        assert db.session.query(GameSession).count() == before


def test_a_new_group_of_too_many_evenings_is_refused_whole(app, full):
    client = app.test_client()
    with app.app_context():
        links = [evening(f"E{i}", f"2026-10-0{i}").view_token for i in range(1, 4)]
    form = client.get("/groups/new").get_data(as_text=True)
    csrf = csrf_token(form)
    answer = client.post("/groups", data={"csrf_token": csrf, "name": "Sok", "s": links})
    assert answer.status_code == 422 and REFUSED["hu"] in answer.text


@pytest.mark.parametrize("app", [{"PDF_BUDGET_SECONDS": 0.05}], indirect=True)
def test_a_season_report_past_its_budget_answers_503_and_frees_the_request(app, full):
    client = app.test_client()
    url = f"/g/{full['edit']}/report.pdf"
    with pool_held(app):  # the one worker busy: the report waits in the pool past its budget
        busy = client.get(url)
        assert busy.status_code == 503 and int(busy.headers["Retry-After"]) >= 1
        assert "PDF" in busy.text and under_way(app) == 1
    with app.app_context():
        assert pdf_render.renderer().idle(300)
    ready = client.get(url)
    assert ready.status_code == 200 and ready.mimetype == "application/pdf"
    assert renders(app) == 1  # the render the 503 started, served from the cache
    assert client.get(f"{url}?period=nonsense").status_code == 400  # refused at once


# -- the largest group allowed, at the app's own limits ------------------------------------


@pytest.fixture(scope="module")
def largest(tmp_path_factory):
    """A group at the default maximum: 500 evenings (one hand each) of 60 members."""
    made = make_app(tmp_path_factory.mktemp("largest"), GROUP_TODAY="2026-12-04")
    with made.app_context():
        most = Limits.from_config(made.config).group_size
        assert (most.evenings, most.members) == (500, 60)  # the documented maximum
        group = groups.create_group("Legnagyobb")
        for body in samples.group_sessions(most.evenings, most.members, 1):
            groups.add_evening(group, ledger.create_session(body), commit=False)
        db.session.commit()
        token, group_id = group.edit_token, group.id
    yield made, token, group_id
    with made.app_context():
        assert pdf_render.renderer().idle(600)
    close_app(made)


def test_the_largest_group_refuses_one_more_evening_and_one_more_member(largest):
    app, token, group_id = largest
    client = app.test_client()
    with app.app_context():
        extra = evening("Egy több", "2026-12-01", ("Tag 00", "Tag 01", "Tag 02", "Tag 03"))
        link = extra.view_token
    answer = client.post(
        f"/api/v1/groups/{group_id}/evenings",
        json={"evening": link},
        headers={"Authorization": f"Bearer {token}"},
    )
    assert answer.status_code == 409 and answer.get_json()["params"] == {"limit": 500}
    with app.app_context():
        group = groups.get_group(group_id)
        assert len(groups.members(group)) == 60
        with pytest.raises(groups.GroupError) as refused:
            groups.store.check_group_limits(group, ["Tag 00"])
        assert refused.value.code == "too_many_evenings"


def test_the_largest_group_s_pages_stay_under_a_megabyte(largest):
    app, token, _ = largest
    client = app.test_client()
    page = client.get(f"/g/{token}")
    assert page.status_code == 200 and len(page.data) < 1_000_000
    text = page.get_data(as_text=True)
    assert "Este 500" in text and "Este 450" not in text  # the latest 50 evenings
    assert 'data-testid="evenings-earlier"' in text
    earliest = client.get(f"/g/{token}?page=10").get_data(as_text=True)
    assert "Este 1<" in earliest and "Este 51<" not in earliest
    stats = client.get(f"/g/{token}/stats")
    assert stats.status_code == 200 and len(stats.data) < 1_000_000
    text = stats.get_data(as_text=True)
    assert 'data-testid="stats-Tag 00"' in text and 'data-testid="stats-Tag 20"' not in text
    assert 'data-testid="stats-player-Tag 59"' in text  # every member is a link away
    last = client.get(f"/g/{token}/stats?page=3").get_data(as_text=True)
    assert 'data-testid="stats-Tag 59"' in last and 'data-testid="stats-Tag 00"' not in last


def test_the_largest_season_report_answers_within_budget_or_503_and_then_from_the_cache(largest):
    app, token, _ = largest
    client = app.test_client()
    url = f"/g/{token}/report.pdf"
    first = client.get(url)
    if first.status_code == 503:  # past its budget: the worker is free, the render goes on
        assert int(first.headers["Retry-After"]) >= 1
        with app.app_context():
            assert pdf_render.renderer().idle(600)
        first = client.get(url)
    assert first.status_code == 200 and first.data.startswith(b"%PDF")
    again = client.get(url)
    assert again.data == first.data and renders(app) == 1  # the same version: the cache

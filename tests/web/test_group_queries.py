"""A bad query on a group's pages is refused before any evening is read, and a group's
figures are worked out once per state of the group (issue 34)."""

from __future__ import annotations

import pytest
from sqlalchemy import event

from tests.web.test_groups_web import add_evening, app, group  # noqa: F401  (fixtures)
from ulti_ledger import groups, ledger
from ulti_ledger.db import db

BAD = ["game=magas-tarokk", "game=ulti%00", "method=zigzag", "method=pairwise&game=chess"]


def evening_reads(flask_app, request):
    """The statements that read an evening's rows or summaries while ``request()`` runs."""
    seen: list[str] = []
    with flask_app.app_context():
        engine = db.engine

    def note(conn, cursor, statement, *args):
        if any(t in statement for t in ("game_sessions", "evening_summaries", "hands")):
            seen.append(statement)

    event.listen(engine, "before_cursor_execute", note)
    try:
        answer = request()
    finally:
        event.remove(engine, "before_cursor_execute", note)
    return answer, seen


@pytest.mark.parametrize("query", BAD)
@pytest.mark.parametrize("page", ["/g/{view}", "/g/{view}/stats", "/g/{view}/report.pdf"])
def test_a_bad_game_or_method_is_400_before_any_evening_is_read(app, client, group, page, query):  # noqa: F811
    url = page.format(**group) + "?" + query
    answer, seen = evening_reads(app, lambda: client.get(url))
    assert answer.status_code == 400
    assert seen == []


@pytest.mark.parametrize("query", BAD)
def test_the_api_refuses_a_bad_game_or_method_before_any_evening_is_read(app, client, group, query):  # noqa: F811
    auth = {"Authorization": f"Bearer {group['view']}"}
    for path in (f"/api/v1/groups/{group['id']}", f"/api/v1/groups/{group['id']}/stats"):
        answer, seen = evening_reads(app, lambda p=path: client.get(f"{p}?{query}", headers=auth))
        assert answer.status_code == 400 and answer.get_json()["key"] in ("game", "method")
        assert seen == []


def test_the_figures_are_kept_until_an_evening_of_the_group_changes(app, group):  # noqa: F811
    whole = groups.Period("all", None, None)
    with app.app_context():
        found = groups.get_group(group["id"])
        first = groups.group_standings(found, whole, None, "pairwise")
        assert groups.group_standings(found, whole, None, "pairwise") is first  # kept
        evening = groups.group_evenings(found)[0]
        ledger.delete_hand(evening, 1)
        after = groups.group_standings(found, whole, None, "pairwise")
        assert after is not first
        ledger.result_cache().clear()
        assert groups.group_standings(found, whole, None, "pairwise") == after  # as if cold

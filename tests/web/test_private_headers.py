"""One privacy policy for every page reached by a token (``security.PRIVATE``): the test
walks the app's url_map, so a new route with a ``<token>`` in its address is requested
with a real token and must send the headers, whichever blueprint it is on."""

from __future__ import annotations

import pytest

from tests.ui_helpers import csrf_token
from tests.web.test_api import Api
from ulti_ledger import groups, ledger
from ulti_ledger.web.security import PRIVATE

QUERY = {name: "?player=Anna&stat=hands" for name in ("stats.hands", "group_stats.stats_hands")}
"""What a page needs besides its address to answer 200."""


def token_rules(app):
    for rule in app.url_map.iter_rules():
        if "token" in rule.arguments:
            for method in sorted(rule.methods - {"HEAD", "OPTIONS"}):
                yield rule, method


@pytest.fixture
def links(app, client, session_body, hand):
    """An evening with a hand (edit and view tokens) in a group (edit and view tokens)."""
    api = Api(client, session_body)
    api.start(hands=[hand()])
    with app.app_context():
        group = groups.create_group("Kör")
        group_links = {"edit": group.edit_token, "view": group.view_token, "id": group.id}
    added = client.post(
        f"/api/v1/groups/{group_links['id']}/evenings",
        json={"evening": api.edit},
        headers={"Authorization": f"Bearer {group_links['edit']}"},
    )
    assert added.status_code == 201
    with app.app_context():  # a player's seat (its own link, /t/)
        seat = ledger.claim_seat(ledger.session_by_token(api.edit, "edit"), "Béla")
    return {"/e/": api.edit, "/s/": api.view, "/g/": group_links["edit"], "id": api.id} | {
        "/t/": seat,
        "group_id": group_links["id"],
        "group_view": group_links["view"],
    }


def address(rule, links, token):
    """The rule's address with real values (a hand, an evening, a group that exist)."""
    values = {"token": token, "number": 1, "hand_id": 1, "entry_id": 1, "payment_id": 1}
    values |= {"dispute_id": 1}
    values |= {"ruleset_id": "ulti", "filename": "app.css", "lang": "hu"}
    values |= {"session_id": links["id"], "group_id": links["group_id"]}
    unknown = rule.arguments - set(values)
    assert not unknown, f"{rule.rule}: say in this test what {unknown} should be"
    path = rule.rule
    for name in rule.arguments:
        path = path.replace(f"<int:{name}>", str(values[name]))
        path = path.replace(f"<{name}>", str(values[name]))
    return path + QUERY.get(rule.endpoint, "")


def GROUP_EDIT_ONLY(links):
    """Group pages that the group's view link does not open (a 404, private all the same)."""
    return {("bank.group_page", links["group_view"])}


def test_every_token_route_sends_the_privacy_headers(app, client, links):
    walked = 0
    for rule, method in token_rules(app):
        prefix = rule.rule[:3]
        assert prefix in ("/e/", "/s/", "/g/", "/t/"), f"{rule.rule}: whose token is it?"
        tokens = [links[prefix]] + ([links["group_view"]] if prefix == "/g/" else [])
        for token in tokens:
            path = address(rule, links, token)
            answer = client.open(path, method=method)
            if method == "GET":  # a real token opens it (a busy PDF pool may say 503)
                refused = (404,) if (rule.endpoint, token) in GROUP_EDIT_ONLY(links) else ()
                assert answer.status_code in (200, 303, 503, *refused), (path, answer.status_code)
            elif answer.status_code in (404, 405):
                continue
            for name, value in PRIVATE.items():
                assert answer.headers.get(name) == value, (method, path, name)
            walked += 1
    assert walked > 30  # every link route of the app, not a few


def test_a_wrong_token_and_tokens_in_the_query_are_private_too(client, links):
    for path in ("/s/not-a-token/stats", "/e/not-a-token", "/g/not-a-token"):
        answer = client.get(path)
        assert answer.status_code == 404
        assert answer.headers["Cache-Control"] == "no-store", path
    several = client.get(f"/group?s={links['/s/']}")
    assert several.headers["X-Robots-Tag"] == "noindex"


def test_the_evening_stats_page_is_private(client, links):
    answer = client.get(f"/s/{links['/s/']}/stats")
    assert answer.status_code == 200
    assert answer.headers["Cache-Control"] == "no-store"
    assert answer.headers["X-Robots-Tag"] == "noindex"
    assert answer.headers["Referrer-Policy"] == "no-referrer"


def test_a_refused_form_that_shows_posted_links_again_is_private(client, links):
    """A new group with no name is refused, and the page shows the evening's view link
    again (a hidden field): it must not be cached, indexed nor sent on as a Referer."""
    form = client.get(f"/groups/new?s={links['/s/']}").get_data(as_text=True)
    answer = client.post(
        "/groups", data={"csrf_token": csrf_token(form), "name": " ", "s": links["/s/"]}
    )
    assert answer.status_code == 422
    assert links["/s/"] in answer.get_data(as_text=True)
    for name, value in PRIVATE.items():
        assert answer.headers.get(name) == value, name


def test_every_route_answering_a_token_in_its_query_or_authorization_is_private(app, client, links):
    """Every GET route of the app, asked with an edit token in the query (each key that
    carries one) or as a bearer token: whatever it answers, it is neither cached, indexed
    nor sent on as a Referer (``/sessions/new?group=``, ``/api/v1/groups/<id>``)."""
    walked = 0
    for rule in app.url_map.iter_rules():
        if "GET" not in rule.methods or "token" in rule.arguments or rule.endpoint == "static":
            continue
        path = address(rule, links, "")
        asked = [
            client.get(path, headers={"Authorization": f"Bearer {links['/g/']}"}),
            client.get(path, headers={"Authorization": f"Bearer {links['/e/']}"}),
        ]
        for key, token in (("group", links["/g/"]), ("token", links["/e/"]), ("s", links["/s/"])):
            asked.append(client.get(f"{path}{'&' if '?' in path else '?'}{key}={token}"))
        for answer in asked:
            answer.close()  # a file's answer (the service worker) holds the file open
            for name, value in PRIVATE.items():
                assert answer.headers.get(name) == value, (path, answer.status_code, name)
            walked += 1
    assert walked > 100


def test_a_new_evening_for_a_group_and_the_apis_group_are_private(client, links):
    page = client.get(f"/sessions/new?group={links['/g/']}")
    assert page.status_code == 200
    api = client.get(
        f"/api/v1/groups/{links['group_id']}",
        headers={"Authorization": f"Bearer {links['group_view']}"},
    )
    assert api.status_code == 200
    for answer in (page, api):
        for name, value in PRIVATE.items():
            assert answer.headers.get(name) == value, name

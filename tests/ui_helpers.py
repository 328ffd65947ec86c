"""Helpers for the HTML pages' tests: read a rendered form, act as the scorer at the table."""

from __future__ import annotations

import re
from html.parser import HTMLParser

from sqlalchemy import func, select

from ulti_ledger import models
from ulti_ledger.db import db

PLAYERS = ["Anna", "Béla", "Csaba", "Dóra"]

# Three hands as the rotation deals them (Anna, Béla, Csaba deal and sit out), after which
# the three settling methods all give different transfers (tests of the scoreboard's card).
SETTLE_HANDS = [
    {
        "players": ["Béla", "Csaba", "Dóra"],
        "sitting_out": ["Anna"],
        "declarer": "Béla",
        "colour": "piros",
        "components": [{"name": "parti", "won": True}],
    },
    {
        "players": ["Csaba", "Dóra", "Anna"],
        "sitting_out": ["Béla"],
        "declarer": "Csaba",
        "colour": "zold",
        "components": [{"name": "ulti", "won": False, "kontra": 1}, {"name": "parti", "won": True}],
    },
    {
        "players": ["Dóra", "Anna", "Béla"],
        "sitting_out": ["Csaba"],
        "declarer": "Dóra",
        "colour": "tok",
        "components": [{"name": "parti", "won": False}],
    },
]


class FormReader(HTMLParser):
    """What a browser would submit from a page's form: hidden fields, checked boxes, selects.

    Buttons are left out (the test says which one it presses), as are text inputs without
    a value. ``form_id`` picks one form of the page; by default the first.
    """

    def __init__(self, form_id: str | None = None) -> None:
        super().__init__()
        self.form_id = form_id
        self.fields: list[tuple[str, str]] = []
        self.action: str | None = None
        self._in_form = False
        self._done = False
        self._select: str | None = None
        self._select_first: str | None = None
        self._select_chosen = False

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if self._done:
            return
        if tag == "form" and not self._in_form:
            if self.form_id is None or a.get("id") == self.form_id:
                self._in_form = True
                self.action = a.get("action")
            return
        if not self._in_form:
            return
        name = a.get("name")
        if tag == "input" and name:
            kind = a.get("type", "text")
            if kind in ("radio", "checkbox"):
                if "checked" in a:
                    self.fields.append((name, a.get("value", "on")))
            elif kind not in ("submit", "button"):
                self.fields.append((name, a.get("value", "")))
        elif tag == "select" and name:
            self._select, self._select_first, self._select_chosen = name, None, False
        elif tag == "option" and self._select:
            value = a.get("value", "")
            if self._select_first is None:
                self._select_first = value
            if "selected" in a:
                self.fields.append((self._select, value))
                self._select_chosen = True

    def handle_endtag(self, tag):
        if tag == "select" and self._select:
            if not self._select_chosen and self._select_first is not None:
                self.fields.append((self._select, self._select_first))
            self._select = None
        elif tag == "form" and self._in_form:
            self._in_form = False
            self._done = True


def read_form(html: str, form_id: str | None = None) -> dict[str, list[str]]:
    """The form's fields as ``{name: [values]}`` (a browser's submission, no button)."""
    reader = FormReader(form_id)
    reader.feed(html)
    out: dict[str, list[str]] = {}
    for name, value in reader.fields:
        out.setdefault(name, []).append(value)
    return out


def csrf_token(html: str) -> str:
    match = re.search(r'name="csrf_token"[^>]*value="([^"]+)"', html) or re.search(
        r'value="([^"]+)"[^>]*name="csrf_token"', html
    )
    assert match, "no CSRF token in the page"
    return match.group(1)


def counts(app) -> dict[str, int]:
    """Rows of every fact table: a rejected request must leave these as they were."""
    tables = (models.GameSession, models.Hand, models.HandSeat)
    with app.app_context():
        count = select(func.count())
        return {m.__tablename__: db.session.scalar(count.select_from(m)) for m in tables}


class Scorer:
    """The scorer's actions through the pages (flaskr's ``AuthActions``)."""

    def __init__(self, client) -> None:
        self.client = client
        self.edit_url = ""
        self.view_url = ""

    def start(self, players=PLAYERS, **fields) -> str:
        """Create a session through the new-session form; returns the edit page's path."""
        page = self.client.get("/sessions/new").get_data(as_text=True)
        data = {k: v[0] for k, v in read_form(page, "session-form").items()}
        for index in range(5):
            data[f"players-{index}"] = players[index] if index < len(players) else ""
        data.update(fields)
        response = self.client.post("/sessions", data=data)
        assert response.status_code == 303, response.get_data(as_text=True)
        self.edit_url = response.headers["Location"]
        token = self.edit_url.rsplit("/", 1)[1]
        with self.client.application.app_context():
            from ulti_ledger import ledger

            session = ledger.session_by_token(token, "edit")
            self.view_url = f"/s/{session.view_token}"
        return self.edit_url

    def form(self, path: str = "/hands/new") -> dict[str, list[str]]:
        """The hand form's current fields, as the page renders them."""
        response = self.client.get(self.edit_url + path)
        assert response.status_code == 200
        return read_form(response.get_data(as_text=True), "hand-form")

    def post_hand(self, changes: dict, number: int | None = None, js: bool = True, **kw):
        """Fill the form for a new hand (or hand ``number``) and press a button.

        ``changes`` replaces fields by name (a list value for several); ``js`` says
        whether the script ran (it marks the form, and skips the no-JS review step).
        """
        path = f"/hands/{number}/edit" if number else "/hands/new"
        fields = self.form(path)
        for name, value in changes.items():
            if value is None:
                fields.pop(name, None)
            else:
                fields[name] = value if isinstance(value, list) else [str(value)]
        if js:
            fields["js"] = ["1"]
        fields.setdefault("action", ["save"])
        target = self.edit_url + (f"/hands/{number}" if number else "/hands")
        return self.client.post(target, data=fields, **kw)

    def token(self) -> str:
        return self.edit_url.rsplit("/", 1)[1]

"""The downloads' links: the scorer's page links them under the view token, the PDF link
carries the settle method the page shows, and no file or page a viewer gets carries the
edit token. Real sessions through the API and the pages; nothing mocked."""

from __future__ import annotations

import html
import io
import re
from urllib.parse import parse_qs, urlsplit

import pdfplumber
import pytest
from pypdf import PdfReader

from tests.pdf.test_pdf import normal
from tests.ui_helpers import SETTLE_HANDS
from ulti_ledger import ledger
from ulti_ledger.words.money_format import money_text

HREF = re.compile(r'href="([^"]*)"')


@pytest.fixture
def evening(client, session_body):
    """(edit token, view token) of an evening whose three methods settle differently."""
    body = {**session_body, "name": "Szerda", "hands": SETTLE_HANDS}
    created = client.post("/api/v1/sessions", json=body).get_json()
    return created["edit_token"], created["view_url"].rsplit("/", 1)[1]


def links(page_html: str) -> list[str]:
    return [html.unescape(h) for h in HREF.findall(page_html)]


def pdf_link(page_html: str) -> str:
    found = re.search(r'<a class="button" href="([^"]*)" data-testid="pdf-link"', page_html)
    assert found, "no PDF link on the page"
    return html.unescape(found.group(1))


def test_the_scorers_page_downloads_by_the_view_link(client, evening):
    edit, view = evening
    page = client.get(f"/e/{edit}").get_data(as_text=True)
    downloads = [h for h in links(page) if re.search(r"\.(pdf|csv|xlsx|json)(\?|$)", h)]
    assert sorted(urlsplit(h).path for h in downloads) == [
        f"/s/{view}/hands.csv",
        f"/s/{view}/hands.xlsx",
        f"/s/{view}/ihatemoney.csv",
        f"/s/{view}/payments.csv",
        f"/s/{view}/scoresheet.pdf",
        f"/s/{view}/session.json",
        f"/s/{view}/transfers.csv",
    ]
    for href in downloads:
        assert edit not in href
        assert client.get(href).status_code == 200


@pytest.mark.parametrize(
    "query",
    ["", "?method=minimal", "?method=pairwise", "?method=banker", "?method=banker&banker=Csaba"],
)
@pytest.mark.parametrize("kind", ["edit", "view"])
def test_the_pdf_link_settles_as_the_page_does(client, evening, kind, query):
    edit, view = evening
    page = client.get(f"/e/{edit}{query}" if kind == "edit" else f"/s/{view}{query}")
    href = pdf_link(page.get_data(as_text=True))
    chosen = parse_qs(urlsplit(href).query)
    asked = parse_qs(query.lstrip("?"))
    method = asked.get("method", ["minimal"])[0]
    with client.application.app_context():
        settled = ledger.session_settlement(
            ledger.session_by_token(view), method, asked.get("banker", [None])[0]
        )
    assert chosen.get("method", ["minimal"]) == [method]
    if method == "banker":
        assert chosen["banker"] == [settled["banker"]]  # the page's banker, named or default
    text = normal(PdfReader(io.BytesIO(client.get(href).data)).pages[0].extract_text())
    for t in settled["transfers"]:
        assert f"{t['from']} → {t['to']} {normal(money_text(t['amount'], 'HUF'))}" in text


def test_the_pdf_follows_the_page_not_the_default(client, evening):
    """The three methods move different money here: a link without the method would not."""
    _, view = evening
    with client.application.app_context():
        session = ledger.session_by_token(view)
        plans = {m: ledger.session_settlement(session, m)["transfers"] for m in ledger.METHODS}
    assert plans["pairwise"] != plans["minimal"] and plans["banker"] != plans["minimal"]
    href = pdf_link(client.get(f"/s/{view}?method=pairwise").get_data(as_text=True))
    text = normal(PdfReader(io.BytesIO(client.get(href).data)).pages[0].extract_text())
    assert "Páronként" in text and "A lehető legkevesebb átutalással." not in text


def pdf_strings(pdf: bytes, raw: bool = True) -> str:
    """Everything a PDF could show or hand on: its text, link targets, metadata and (with
    ``raw``) the decompressed content of every page and the file's own bytes."""
    parts = []
    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        parts.append(repr(doc.metadata))
        parts += [str(link.get("uri")) for link in doc.hyperlinks]
        parts += [page.extract_text() or "" for page in doc.pages]
        parts += [repr(a) for page in doc.pages for a in page.annots]
    if raw:
        for page in PdfReader(io.BytesIO(pdf)).pages:
            parts.append(page.get_contents().get_data().decode("latin-1"))
        parts.append(pdf.decode("latin-1"))
    return "\n".join(parts)


def test_no_page_or_file_a_viewer_gets_carries_the_edit_token(client, evening):
    edit, view = evening
    for path in (f"/s/{view}", f"/s/{view}?method=banker", f"/s/{view}?lang=en"):
        assert edit not in client.get(path).get_data(as_text=True)
    for token in (view, edit):  # the files are the same by either link
        for name in ("hands.csv", "session.json"):
            data = client.get(f"/s/{token}/{name}").data.decode("utf-8")
            assert edit not in data and view not in data
        pdf = client.get(f"/s/{token}/scoresheet.pdf?method=banker").data
        assert pdf.startswith(b"%PDF")
        everything = pdf_strings(pdf)
        assert edit not in everything and view not in everything
    shown = pdf_strings(client.get(f"/s/{edit}/scoresheet.pdf").data, raw=False)
    assert "/e/" not in shown and "/s/" not in shown  # no link of the evening at all

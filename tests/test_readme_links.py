"""Every link in the README (and docs/) points inside the repository, at a file (and heading) there.

A fresh clone has nothing beside it, so a link such as ``../shared/...`` would lead
nowhere; links to the app itself (``http://127.0.0.1:5000``) are the only others.
"""

import re
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)\)")
AUTOLINK = re.compile(r"<(https?://[^>]+)>")


def anchors(markdown: str) -> set[str]:
    """GitHub's anchors of a Markdown file's headings."""
    found = set()
    for heading in re.findall(r"^#+\s+(.+)$", markdown, re.M):
        slug = re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")
        found.add(slug)
    return found


DOCS = [
    "README.md",
    "CHANGES.md",
    "bench/README.md",
    *sorted(str(p.relative_to(REPO)) for p in (REPO / "docs").glob("*.md")),
]


def test_readme_is_for_players_and_hosts():
    """At most 300 lines; the rest lives in docs/ and bench/."""
    lines = (REPO / "README.md").read_text(encoding="utf-8").splitlines()
    assert len(lines) <= 300


@pytest.mark.parametrize("doc", DOCS)
def test_doc_links_stay_inside_the_repository(doc):
    text = (REPO / doc).read_text(encoding="utf-8")
    links = LINK.findall(text)
    if doc == "README.md":
        assert len(links) >= 8  # the screenshots, the scoresheet, the hand format...
    for target in links:
        assert not target.startswith(("http://", "https://", "//")), target
        path, _, anchor = target.partition("#")
        here = (REPO / doc).parent
        file = (here / path).resolve() if path else REPO / doc
        assert file.is_relative_to(REPO), f"{target} leaves the repository"
        assert file.exists(), f"{target}: no such file in the repository"
        if anchor:
            assert anchor in anchors(file.read_text(encoding="utf-8")), target
    for url in AUTOLINK.findall(text) if doc == "README.md" else ():
        assert url.startswith("http://127.0.0.1:"), url  # the app itself, on this machine


def test_the_readme_s_way_to_a_new_group_is_on_the_home_page(client):
    """Issue 35: the README sent a new user to "Új társaság", which the home page lacked."""
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    said = re.search(r"\*\*(Új\s+társaság)\*\* on the home page", readme)
    assert said, "the README names the home page's way to a new group"
    home = client.get("/?lang=hu").get_data(as_text=True)
    link = re.search(r'<a href="([^"]+)" data-testid="new-group">([^<]+)</a>', home)
    assert link and link.group(2) == " ".join(said.group(1).split())
    assert client.get(link.group(1)).status_code == 200

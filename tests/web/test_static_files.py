"""Static files travel compressed under content-hashed names that the browser keeps for a
year (web/static_files.py); a plain or stale name still answers, but is asked again."""

from __future__ import annotations

import gzip
import re
from pathlib import Path

import brotli
import pytest

from ulti_ledger.views.offline import worker_script
from ulti_ledger.web.static_files import IMMUTABLE, Manifest

STATIC = Path(__file__).resolve().parents[2] / "static"
HASHED_URL = re.compile(r"/static/[\w/.-]+\.[0-9a-f]{12}\.\w+")
DECODE = {"gzip": gzip.decompress, "br": brotli.decompress}


def static_urls(html: str) -> list[str]:
    return re.findall(r'(?:href|src)="(/static/[^"]+)"', html)


@pytest.mark.db
def test_every_page_names_its_static_files_hashed_and_they_are_kept_a_year(client, scorer):
    pages = ["/", scorer.edit_url, f"{scorer.edit_url}/hands/new"]
    urls = {url for page in pages for url in static_urls(client.get(page).get_data(as_text=True))}
    assert any(url.endswith(".css") for url in urls) and any(".js" in url for url in urls)
    for url in urls:
        assert HASHED_URL.fullmatch(url), url
        with client.get(url) as answer:
            assert answer.status_code == 200, url
            assert answer.headers["Cache-Control"] == IMMUTABLE, url


@pytest.mark.db
def test_every_page_announces_its_stylesheet_and_scripts_in_its_headers(client, scorer):
    """The Link header names the files every page's <head> loads (base.html's), so a phone
    fetches them as the answer starts; a JSON answer announces nothing."""
    pages = ["/", scorer.edit_url, f"{scorer.edit_url}/hands/new", scorer.view_url]
    loaded, announced = [], set()
    for page in pages:
        answer = client.get(page)
        head = answer.get_data(as_text=True).split("</head>")[0]
        loaded.append(
            set(re.findall(r'<(?:link rel="stylesheet"|script) (?:href|src)="([^"]+)"', head))
        )
        links = re.findall(r"<([^>]+)>; rel=preload; as=(style|script)", answer.headers["Link"])
        for url, kind in links:
            assert url.endswith(".css" if kind == "style" else ".js") and HASHED_URL.fullmatch(url)
        announced |= {url for url, _ in links}
    assert announced == set.intersection(*loaded) and len(announced) == 3
    assert "Link" not in client.get(f"{scorer.edit_url}/offline.json").headers


@pytest.mark.parametrize("encoding", ["gzip", "br"])
@pytest.mark.parametrize("name", ["css/app.css", "js/game-form.js", "js/offline.js"])
def test_a_hashed_text_file_is_compressed_immutable_and_reads_back_whole(app, name, encoding):
    hashed = app.extensions["static_manifest"].url_name(name)
    client = app.test_client()
    answer = client.get(f"/static/{hashed}", headers={"Accept-Encoding": encoding})
    assert answer.status_code == 200
    assert answer.headers["Content-Encoding"] == encoding
    assert "Accept-Encoding" in answer.headers["Vary"]
    assert answer.headers["Cache-Control"] == "public, max-age=31536000, immutable"
    original = (STATIC / name).read_bytes()
    assert DECODE[encoding](answer.data) == original
    assert len(answer.data) * 3 < len(original)
    plain = client.get(f"/static/{hashed}")  # a client that asks for no encoding
    assert "Content-Encoding" not in plain.headers and plain.data == original


@pytest.mark.parametrize("wrong", ["css/app.css", "css/app.0123456789ab.css"])
def test_a_plain_or_stale_name_still_answers_but_is_asked_again(client, wrong):
    answer = client.get(f"/static/{wrong}", headers={"Accept-Encoding": "br"})
    assert answer.status_code == 200
    assert answer.headers["Cache-Control"] == "no-cache"
    assert brotli.decompress(answer.data) == (STATIC / "css" / "app.css").read_bytes()
    asked = {"Accept-Encoding": "br", "If-None-Match": answer.headers["ETag"]}
    again = client.get(f"/static/{wrong}", headers=asked)
    assert again.status_code == 304


def test_a_file_that_is_not_there_is_a_404(client):
    assert client.get("/static/css/nothing.0123456789ab.css").status_code == 404
    assert client.get("/static/css/nothing.css").status_code == 404


def test_a_hashed_image_is_immutable_too(app):
    hashed = app.extensions["static_manifest"].url_name("icons/icon-192.png")
    assert HASHED_URL.fullmatch(f"/static/{hashed}")
    with app.test_client().get(f"/static/{hashed}") as answer:
        assert answer.status_code == 200 and answer.mimetype == "image/png"
        assert answer.headers["Cache-Control"] == IMMUTABLE
        assert "Expires" not in answer.headers


def test_a_changed_file_gets_another_name_and_another_worker(tmp_path):
    (tmp_path / "js").mkdir()
    script = 'const VERSION = "v3";\nconst SHELL_FILES = ["/offline", "/static/js/a.js"];\n'
    (tmp_path / "js" / "a.js").write_text("one", encoding="utf-8")
    before = Manifest(tmp_path)
    (tmp_path / "js" / "a.js").write_text("two!", encoding="utf-8")
    after = Manifest(tmp_path)
    assert before.url_name("js/a.js") != after.url_name("js/a.js")
    assert before.find(after.url_name("js/a.js"))[1] is False  # not this content's name

    def worker(manifest: Manifest) -> str:
        return worker_script(script, lambda name: f"/static/{manifest.url_name(name)}")

    old, new = worker(before), worker(after)
    assert f'"/static/{after.url_name("js/a.js")}"' in new and '"/static/js/a.js"' not in new
    version = re.compile(r'const VERSION = "(v3-[0-9a-f]{12})";')
    assert version.search(old)[1] != version.search(new)[1]

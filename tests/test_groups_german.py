"""A group's page and its season report in German: the balance chart's words and each
game's label (its ruleset's name) are German, as the rest of the page is."""

from __future__ import annotations

import io

import pdfplumber
import pytest

from ulti_ledger.messages import text

from . import test_groups_web as web

pytestmark = pytest.mark.db
app, group = web.app, web.group  # the group pages' fixtures: an Ulti and a snapszer evening


@pytest.mark.parametrize("lang", ["hu", "en", "de"])
def test_the_group_page_chart_and_game_labels_speak_the_pages_language(client, group, lang):
    html = client.get(f"/g/{group['view']}?lang={lang}").get_data(as_text=True)
    assert f"<title>{text('title', lang, 'chart')}</title>" in html
    ulti = {"hu": "Rablóulti", "en": "Rablóulti (standard)", "de": "Rablóulti (Standard)"}
    assert f">{ulti[lang]}<" in html


def test_the_season_report_in_german_says_its_chart_in_german(client, group):
    answer = client.get(f"/g/{group['view']}/report.pdf?period=season&lang=de")
    assert answer.status_code == 200 and answer.data.startswith(b"%PDF")
    with pdfplumber.open(io.BytesIO(answer.data)) as pdf:
        shown = "\n".join(page.extract_text() for page in pdf.pages)
    assert text("y", "de", "chart") in shown  # the chart's axis
    assert text("y", "hu", "chart") not in shown

"""The season report: a group's period as an A4 PDF (WeasyPrint, through ``html_to_pdf``).

It lives with the renderers, not in ``groups/``: the domain hands out plain values and
never imports a template or the PDF code. The standings and the chart of each currency
(money never mixed), who pays whom, each member's statistics and every evening with its
result. Like the scoresheet, the template gets plain values
(``views.group_page.group_context``, built in ``pdf.render.reading``), and WeasyPrint
reads nothing but ``static/``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask import render_template

from ..drawings.chart import money_chart
from ..models import Group
from ..words.i18n import t
from .document import CHART, html_to_pdf


def season_report_html(group: Group, context: Mapping[str, Any], lang: str) -> str:
    charts = [
        money_chart(part, lang=lang, x_label=t("grp_chart_x"), **CHART)
        for part in context["standings"]["by_currency"]
    ]
    return render_template(
        "pdf/season_report.html",
        lang=lang,
        report_charts=charts,
        **context,
    )


def season_report_pdf(group: Group, context: Mapping[str, Any], lang: str) -> bytes:
    """The PDF of the period ``context`` shows (in a ``render.reading`` context of ``lang``)."""
    return html_to_pdf(season_report_html(group, context, lang))

"""Reads QR codes back the way a phone does: from pixels, never from our own payload.

A page's inline SVG is drawn by WeasyPrint onto a PDF page and rasterised by pypdfium2,
as the PDF's are; zxing-cpp decodes what it sees.
"""

from __future__ import annotations

import re

import pypdfium2
import zxingcpp
from weasyprint import HTML

SVG = re.compile(r"<svg\b.*?</svg>", re.S)


def pdf_codes(pdf: bytes, scale: float = 3) -> list[str]:
    """Every QR code's text on every page of ``pdf``."""
    document = pypdfium2.PdfDocument(pdf)
    found = []
    try:
        for page in document:
            image = page.render(scale=scale).to_pil()
            found += [r.text for r in zxingcpp.read_barcodes(image)]
    finally:
        document.close()
    return found


def svg_codes(svg: str) -> list[str]:
    """The text of a QR code drawn as an inline ``<svg>`` (sized 60 mm)."""
    sized = svg.replace("<svg ", '<svg style="width:60mm;height:60mm" ', 1)
    pdf = HTML(string=f"<!doctype html><html><body>{sized}</body></html>").write_pdf()
    return pdf_codes(pdf)


def svgs_in(html: str, marker: str) -> list[str]:
    """The inline SVGs of ``html`` that follow ``marker`` (a data-testid) directly."""
    out = []
    for match in re.finditer(re.escape(marker), html):
        svg = SVG.search(html, match.end())
        if svg:
            out.append(svg.group(0))
    return out

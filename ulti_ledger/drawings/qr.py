"""QR codes as inline SVG: a session's link for the phones around the table, and a bank
transfer for a payer's bank app (``payqr``).

Inline SVG needs no image route and no asset from the internet, and scales crisply on
any screen and on paper (WeasyPrint draws it); the page's CSS sets its size (the ``qr``
class). One library draws every code, segno: it never picks a Micro QR when asked for
``make_qr`` (a phone's camera app does not read those), and it has the EPC helper the
euro transfers use.
"""

from __future__ import annotations

import io

import segno
from markupsafe import Markup, escape


def qr_code(data: str) -> segno.QRCode:
    """A (never Micro) QR code of ``data`` in UTF-8, error correction M or better."""
    return segno.make_qr(data, error="m", encoding="utf-8")


def qr_svg(data: str | segno.QRCode, label: str = "QR code", css: str = "qr") -> Markup:
    """An ``<svg>`` element encoding ``data`` (a text, or a code already made), safe to
    put into a template as is; no width or height (the CSS sizes it), a viewBox."""
    code = data if isinstance(data, segno.QRCode) else qr_code(data)
    out = io.BytesIO()
    code.save(
        out,
        kind="svg",
        xmldecl=False,
        nl=False,
        svgns=True,
        omitsize=True,
        border=2,
        svgclass=None,
        lineclass=None,
    )  # xmlns kept: WeasyPrint draws it in the PDF
    svg = out.getvalue().decode()
    head, rest = svg.split(">", 1)
    attributes = f' class="{escape(css)}" role="img" aria-label="{escape(label)}"'
    return Markup(f"{head}{attributes}>{rest}")

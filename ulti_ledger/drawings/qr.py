"""QR codes as inline SVG, so the phones around the table can open a session's link.

Inline SVG needs no image route and no asset from the internet, and scales crisply on
any screen; the page's CSS sets its size (the ``qr`` class).
"""

from __future__ import annotations

import re

import qrcode
import qrcode.image.svg
from markupsafe import Markup, escape

_SIZE = re.compile(r'\s(width|height)="[^"]*"')


def qr_svg(url: str, label: str = "QR code") -> Markup:
    """An ``<svg>`` element encoding ``url``, safe to put into a template as is."""
    image = qrcode.make(
        url,
        image_factory=qrcode.image.svg.SvgPathImage,
        error_correction=qrcode.constants.ERROR_CORRECT_M,
        border=2,
    )
    svg = image.to_string(encoding="unicode")
    head, rest = svg.split(">", 1)
    head = _SIZE.sub("", head)
    attributes = f' class="qr" role="img" aria-label="{escape(label)}"'
    return Markup(f"{head}{attributes}>{rest}")

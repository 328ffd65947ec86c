"""The result card as a PNG: its HTML drawn by WeasyPrint, the page rasterised by pypdfium2.

No second renderer: the card is a page like the scoresheet's, with the same fonts and the
same static-only URL fetcher (``document.static_fetcher``). The page is ``WIDTH`` CSS
pixels wide and taller than the card; its background is left empty, so the picture is cut
where the card's own background ends (the alpha channel's bounding box). The page's height
is guessed from the card's rows; a card longer than that is laid out again on a page twice
as tall, up to ``MOST_HEIGHT``.
"""

from __future__ import annotations

import io
from pathlib import Path

from PIL import Image

from ..config import STATIC
from .document import static_fetcher

WIDTH = 1080
"""Pixels: a phone's chat shows a picture this wide whole, and its preview stays legible."""
BASE_HEIGHT = 700
LINE_HEIGHT = 160
"""The first page's height: the heading, then this much per row of the card's tables (a
long name wraps to two or three lines); a card longer than that is laid out again."""
MOST_HEIGHT = 9600
SCALE = 96 / 72
"""A CSS pixel is 0.75 pt in the PDF; rendered at this scale, one pixel again."""
COLOURS = 256
"""The PNG's palette: the card's few colours and their anti-aliased edges fit it, and the
file is a quarter of a true-colour one (it travels over the phones' mobile data)."""


class CardTooLong(ValueError):
    """The card did not fit ``MOST_HEIGHT`` pixels (``result_card.MOST_ROWS`` prevents it)."""


def card_png(html: str, rows: int, static_folder: Path = STATIC) -> bytes:
    """The card of ``html`` (``templates/pdf/card.html``, ``rows`` rows in its tables) as a
    PNG ``WIDTH`` pixels wide."""
    import pypdfium2

    height = min(MOST_HEIGHT, BASE_HEIGHT + LINE_HEIGHT * rows)
    pdf = _one_page_pdf(html, Path(static_folder).resolve(), height)
    document = pypdfium2.PdfDocument(pdf)
    try:
        bitmap = document[0].render(scale=SCALE, fill_color=(255, 255, 255, 0))
        image = bitmap.to_pil()
    finally:
        document.close()
    box = image.getchannel("A").getbbox()
    bottom = box[3] if box else 1
    picture = image.crop((0, 0, WIDTH, bottom)).convert("RGB")
    out = io.BytesIO()
    picture.quantize(COLOURS, method=Image.Quantize.FASTOCTREE).save(out, "PNG")
    return out.getvalue()


def _one_page_pdf(html: str, root: Path, height: int = BASE_HEIGHT) -> bytes:
    """The card laid out on one page ``WIDTH`` wide and ``height`` tall, or taller (twice,
    and again) where it does not fit, up to the limit."""
    from weasyprint import CSS, HTML

    while True:
        page = CSS(string=f"@page {{ size: {WIDTH}px {height}px; margin: 0 }}")
        document = HTML(string=html, base_url=root.as_uri() + "/", url_fetcher=static_fetcher(root))
        laid = document.render(stylesheets=[page])
        if len(laid.pages) == 1:
            return laid.write_pdf()
        if height >= MOST_HEIGHT:
            raise CardTooLong(f"the card needs more than {MOST_HEIGHT} px")
        height = min(MOST_HEIGHT, height * 2)
